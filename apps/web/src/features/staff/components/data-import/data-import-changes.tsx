import { useId } from 'react';
import { DATA_FILE_LABELS, type DataImportResult } from '@huolto/domain';
import { StaffTable } from '@/features/staff/components/staff-table.tsx';

type Action = DataImportResult['changes'][number]['action'];

/** How a row's change reads before the import and after it. */
const ACTION_LABELS: Record<'preview' | 'applied', Record<Action, string>> = {
  preview: { CREATE: 'Lisätään', UPDATE: 'Muutetaan', UNCHANGED: 'Ennallaan', OUT_OF_STOCK: 'Loppuu varastosta' },
  applied: { CREATE: 'Lisätty', UPDATE: 'Muutettu', UNCHANGED: 'Ennallaan', OUT_OF_STOCK: 'Loppunut varastosta' },
};

/** Whether the answer changes anything (its counts are whole; the list may stop short). */
export const changesSomething = (result: DataImportResult) => result.counts.CREATE + result.counts.UPDATE + result.counts.OUT_OF_STOCK > 0;

/**
 * What an import would change (a dry run) or changed: the counts of every row, and a table of
 * the rows that are added, changed or run out of stock with the columns that change (the
 * server lists a long file's first changes; the rest are counted). Rows that stay as they are
 * are only counted; "Loppuu varastosta" (a supplier's tire its list no longer has) is
 * counted for the tire list, where it happens.
 */
export function DataImportChanges({ result }: { result: DataImportResult }) {
  const heading = useId();
  const mode = result.applied ? 'applied' : 'preview';
  const labels = ACTION_LABELS[mode];
  const { counts } = result;
  const changed = result.changes.filter((c) => c.action !== 'UNCHANGED');
  // moreChanges counts the unchanged rows left out too; the server lists the changes first.
  const unlisted = result.moreChanges > 0 ? counts.CREATE + counts.UPDATE + counts.OUT_OF_STOCK - changed.length : 0;
  const caption = result.applied ? 'Tuodut muutokset' : 'Tuonnin muutokset';
  const shown: Action[] = result.file === 'tires' || counts.OUT_OF_STOCK > 0 ? ['CREATE', 'UPDATE', 'UNCHANGED', 'OUT_OF_STOCK'] : ['CREATE', 'UPDATE', 'UNCHANGED'];
  return (
    <section className="card data-import__changes" aria-labelledby={heading}>
      <h2 id={heading} className="card__title">
        {result.applied ? `Tuotu: ${DATA_FILE_LABELS[result.file]}` : `Tarkistettu: ${DATA_FILE_LABELS[result.file]}`}
      </h2>
      <ul className="data-import__summary" aria-label="Muutokset yhteensä">
        {shown.map((action) => (
          <li key={action}>
            {labels[action]}: <strong>{counts[action]}</strong>
          </li>
        ))}
      </ul>
      {!changesSomething(result) ? (
        <p>{result.applied ? 'Mitään ei muuttunut.' : 'Tiedosto ei muuta mitään: kaikki rivit ovat jo ennallaan.'}</p>
      ) : (
        <>
          <StaffTable columns={['Avain', 'Muutos', 'Muuttuvat sarakkeet']} caption={caption} alignTop className="data-import__table-wrap">
            {changed.map((c) => (
              <tr key={`${c.action}-${c.key}`}>
                <td>{c.key}</td>
                <td>{labels[c.action]}</td>
                <td>{c.action === 'UPDATE' ? c.fields.join(', ') : c.action === 'CREATE' ? 'uusi rivi' : c.action === 'OUT_OF_STOCK' ? 'varasto 0' : '–'}</td>
              </tr>
            ))}
          </StaffTable>
          {unlisted > 0 && <p className="data-import__more">ja {unlisted.toLocaleString('fi-FI')} muuta muutosta</p>}
        </>
      )}
    </section>
  );
}
