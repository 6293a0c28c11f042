import { DATA_FILE_LABELS, DATA_IMPORT_COLUMNS, type DataFile } from '@huolto/domain';
import { DATA_EXPORT_FILE_NAMES, dataExportHref } from '@/features/staff/api/export-data.ts';
import { StaffTable } from '@/features/staff/components/staff-table.tsx';

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
        <StaffTable columns={['Sarake', 'Pakollinen', 'Merkitys', 'Esimerkki']} caption={`Sarakkeet: ${label}`} stacked alignTop className="data-import__column-table">
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
        </StaffTable>
      </details>
      <p className="data-import__template">
        <a href={dataExportHref(file)} download={DATA_EXPORT_FILE_NAMES[file]}>
          Lataa pohjaksi nykyiset tiedot: {label} (CSV)
        </a>
      </p>
    </div>
  );
}
