import { DATA_FILE_LABELS, DATA_IMPORT_COLUMNS, type DataFile } from '@huolto/domain';
import { DATA_EXPORT_FILE_NAMES, dataExportHref } from '@/features/staff/api/export-data.ts';

/**
 * The chosen file's columns (the domain's list, which the server checks a header against): each
 * column's name, whether the header must have it, what it holds and an example, in a disclosure;
 * and the current export of the file to start from. docs/data-import.md has the long form.
 */
export function DataImportColumns({ file }: { file: DataFile }) {
  const columns = DATA_IMPORT_COLUMNS[file];
  const label = DATA_FILE_LABELS[file];
  return (
    <div className="data-import__columns">
      <details>
        <summary>
          Tiedoston sarakkeet: {label} ({columns.length})
        </summary>
        <p className="field__hint">
          Otsikkorivillä sarakkeiden nimet, missä järjestyksessä tahansa. Kyllä/ei-tiedot kirjoitetaan kyllä tai ei, luettelot |-merkillä
          eroteltuina.
        </p>
        <table className="data-import__column-table">
          <caption className="visually-hidden">Sarakkeet: {label}</caption>
          <thead>
            <tr>
              <th scope="col">Sarake</th>
              <th scope="col">Pakollinen</th>
              <th scope="col">Merkitys</th>
              <th scope="col">Esimerkki</th>
            </tr>
          </thead>
          <tbody>
            {columns.map((c) => (
              <tr key={c.name}>
                <th scope="row">
                  <code>{c.name}</code>
                </th>
                <td data-label="Pakollinen">{c.required ? 'kyllä' : 'ei'}</td>
                <td data-label="Merkitys">{c.description}</td>
                <td data-label="Esimerkki">
                  <code>{c.example}</code>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
      <p className="data-import__template">
        <a href={dataExportHref(file)} download={DATA_EXPORT_FILE_NAMES[file]}>
          Lataa pohjaksi nykyiset tiedot: {label} (CSV)
        </a>
      </p>
    </div>
  );
}
