import { useId } from 'react';
import type { DataImportError } from '@huolto/domain';
import { StaffTable } from '@/features/staff/components/staff-table.tsx';

/**
 * Refused rows, each with its line (1 is the header row), column and Finnish message: a refused
 * file's (nothing was changed, an alert) or, `skipped`, the rows a tire list or a register
 * extract leaves out while the rest is imported (`applied`: already imported).
 */
export function DataImportErrors({ errors, skipped }: { errors: DataImportError[]; skipped?: { applied: boolean } }) {
  const heading = useId();
  const lines = new Set(errors.map((e) => e.line)).size;
  return (
    <section className="card data-import__errors" aria-labelledby={heading}>
      {skipped ? (
        <div>
          <h2 id={heading} className="card__title">
            {skipped.applied ? 'Ohitetut rivit' : 'Hylätyt rivit'}
          </h2>
          <p>
            {skipped.applied
              ? `${lines} riviä jätettiin tuomatta; niiden tiedot pysyivät ennallaan. Korjaa rivit ja tuo ne uudelleen.`
              : `${lines} riviä hylätään. Voit korjata ne ja tarkistaa tiedoston uudelleen, tai tuoda muut rivit ja jättää nämä ennalleen.`}
          </p>
        </div>
      ) : (
        <div role="alert">
          <h2 id={heading} className="card__title">
            Tiedostossa on virheitä
          </h2>
          <p>Mitään ei tuotu. Korjaa rivit ja tarkista tiedosto uudelleen.</p>
        </div>
      )}
      <StaffTable columns={['Rivi', 'Sarake', 'Virhe']} caption={skipped ? 'Hylätyt rivit' : 'Virheelliset rivit'} alignTop className="data-import__table-wrap">
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
