import { useId } from 'react';
import { DATA_FILES, DATA_FILE_LABELS } from '@huolto/domain';
import { DATA_EXPORT_FILE_NAMES, dataExportHref } from '@/features/staff/api/export-data.ts';

/** 'Vie tiedot': each file of the import as a download, in the import's own format (also a template to fill in). */
export function DataExports() {
  const heading = useId();
  return (
    <section className="card data-import__export" aria-labelledby={heading}>
      <h2 id={heading} className="card__title">
        Vie tiedot
      </h2>
      <p>Ladattu tiedosto on samassa muodossa kuin tuonti lukee sen: sitä voi muokata ja tuoda takaisin, ja sen otsikkorivi käy pohjaksi uudelle tiedostolle.</p>
      <ul className="data-import__exports">
        {DATA_FILES.map((file) => (
          <li key={file}>
            <a href={dataExportHref(file)} download={DATA_EXPORT_FILE_NAMES[file]}>
              {DATA_FILE_LABELS[file]} (CSV)
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
