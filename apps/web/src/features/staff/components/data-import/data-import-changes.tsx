import { useId } from 'react';
import { DATA_FILE_LABELS, type DataImportResult } from '@huolto/domain';
import { StaffTable } from '@/features/staff/components/staff-table.tsx';

type Action = DataImportResult['changes'][number]['action'];

/** How a row's change reads before the import and after it. */
const ACTION_LABELS: Record<'preview' | 'applied', Record<Action, string>> = {
  preview: { CREATE: 'Lisätään', UPDATE: 'Muutetaan', UNCHANGED: 'Ennallaan' },
  applied: { CREATE: 'Lisätty', UPDATE: 'Muutettu', UNCHANGED: 'Ennallaan' },
};

/** Rows of each action in the answer. */
export function countChanges(result: DataImportResult): Record<Action, number> {
  const counts: Record<Action, number> = { CREATE: 0, UPDATE: 0, UNCHANGED: 0 };
  for (const change of result.changes) counts[change.action] += 1;
  return counts;
}

/**
 * What an import would change (a dry run) or changed: the counts, and a table of the rows that
 * are added or changed with the columns that change. Rows that stay as they are are only counted.
 */
export function DataImportChanges({ result }: { result: DataImportResult }) {
  const heading = useId();
  const mode = result.applied ? 'applied' : 'preview';
  const labels = ACTION_LABELS[mode];
  const counts = countChanges(result);
  const changed = result.changes.filter((c) => c.action !== 'UNCHANGED');
  const caption = result.applied ? 'Tuodut muutokset' : 'Tuonnin muutokset';
  return (
    <section className="card data-import__changes" aria-labelledby={heading}>
      <h2 id={heading} className="card__title">
        {result.applied ? `Tuotu: ${DATA_FILE_LABELS[result.file]}` : `Tarkistettu: ${DATA_FILE_LABELS[result.file]}`}
      </h2>
      <ul className="data-import__summary" aria-label="Muutokset yhteensä">
        <li>
          {labels.CREATE}: <strong>{counts.CREATE}</strong>
        </li>
        <li>
          {labels.UPDATE}: <strong>{counts.UPDATE}</strong>
        </li>
        <li>
          {labels.UNCHANGED}: <strong>{counts.UNCHANGED}</strong>
        </li>
      </ul>
      {changed.length === 0 ? (
        <p>{result.applied ? 'Mitään ei muuttunut.' : 'Tiedosto ei muuta mitään: kaikki rivit ovat jo ennallaan.'}</p>
      ) : (
        <StaffTable columns={['Avain', 'Muutos', 'Muuttuvat sarakkeet']} caption={caption} alignTop className="data-import__table-wrap">
          {changed.map((c) => (
            <tr key={c.key}>
              <td>{c.key}</td>
              <td>{labels[c.action]}</td>
              <td>{c.action === 'UPDATE' ? c.fields.join(', ') : c.action === 'CREATE' ? 'uusi rivi' : '–'}</td>
            </tr>
          ))}
        </StaffTable>
      )}
    </section>
  );
}
