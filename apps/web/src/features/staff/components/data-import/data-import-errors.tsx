import { useId } from 'react';
import type { DataImportError } from '@huolto/domain';

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
      {/* On a phone the table scrolls sideways in its frame: the frame takes the keyboard's focus to scroll it. */}
      <div className="data-import__table-wrap" role="region" aria-label="Virheelliset rivit, vieritettävä" tabIndex={0}>
        <table className="data-import__table">
          <caption className="visually-hidden">Virheelliset rivit</caption>
          <thead>
            <tr>
              <th scope="col">Rivi</th>
              <th scope="col">Sarake</th>
              <th scope="col">Virhe</th>
            </tr>
          </thead>
          <tbody>
            {errors.map((e, i) => (
              <tr key={`${e.line}-${e.column ?? ''}-${i}`}>
                <td>{e.line}</td>
                <td>{e.column ?? '–'}</td>
                <td>{e.message}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
