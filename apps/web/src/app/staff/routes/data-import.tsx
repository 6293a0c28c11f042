import { StaffPageTitle } from '@/features/staff/components/staff-title.tsx';
import { DataExports } from '@/features/staff/components/data-import/data-exports.tsx';
import { DataImportForm } from '@/features/staff/components/data-import/data-import-form.tsx';
import { useStaff } from '@/features/staff/hooks/use-staff.tsx';
import { useAnnouncement } from '@/hooks/use-announcement.ts';

/**
 * /hallinta/tuonti — an admin's import and export of the set-up (offices, resources, opening
 * hours) and the catalogue (services, their operations, extra items, campaign codes, tires,
 * the vehicle register) as CSV files: a file checked first, then imported, and each file as a
 * download.
 */
export function DataImportPage() {
  const { me } = useStaff();
  const [announcement, setAnnouncement] = useAnnouncement();
  return (
    <div className="staff-page data-import">
      <p className="visually-hidden" role="status" aria-live="polite">
        {announcement}
      </p>
      <StaffPageTitle documentTitle="Tuonti ja vienti">Tuonti ja vienti</StaffPageTitle>
      {me?.role !== 'ADMIN' ? (
        <p className="notice notice--warning">Vain pääkäyttäjä voi tuoda ja viedä tietoja.</p>
      ) : (
        <>
          <p className="lead">
            Tuo toimipisteet, nostimet ja mekaanikot, aukioloajat, palvelut hinnoineen ja työvaiheineen, lisätuotteet, kampanjakoodit, renkaat
            sekä ajoneuvorekisteri taulukkolaskennan CSV-tiedostoista. Tarkistus näyttää ensin, mitä muuttuisi; mitään ei muuteta ennen kuin
            valitset Tuo muutokset.
          </p>
          <DataImportForm announce={setAnnouncement} />
          <DataExports />
        </>
      )}
    </div>
  );
}
