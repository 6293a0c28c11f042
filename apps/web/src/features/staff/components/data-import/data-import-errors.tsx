import { useId } from 'react';
import type { DataImportError } from '@huolto/domain';
import { StaffTable } from '@/features/staff/components/staff-table.tsx';

/** The rows the import refused, each with its line (1 is the header row), column and Finnish message. Nothing was changed. */
export function DataImportErrors({ errors }: { errors: DataImportError[] }) {
  const heading = useId();
  return (
    <section className="card data-import__errors" aria-labelledby={heading}>
      <div role="alert">
        <h2 id={heading} className="card__title">
          Tiedostossa on virheitä
        </h2>
        <p>Mitään ei tuotu. Korjaa rivit ja tarkista tiedosto uudelleen.</p>
      </div>
      <StaffTable columns={['Rivi', 'Sarake', 'Virhe']} caption="Virheelliset rivit" alignTop className="data-import__table-wrap">
        {errors.map((e, i) => (
          <tr key={`${e.line}-${e.column ?? ''}-${i}`}>
            <td>{e.line}</td>
            <td>{e.column ?? '–'}</td>
            <td>{e.message}</td>
          </tr>
        ))}
      </StaffTable>
    </section>
  );
}
