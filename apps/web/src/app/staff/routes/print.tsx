import './print.css';
import { useParams } from 'react-router';
import { Button } from '@/components/ui/button.tsx';
import { useDay } from '@/features/staff/api/get-day.ts';
import { DateBar } from '@/features/staff/components/date-bar.tsx';
import { PrintTable, printRows } from '@/features/staff/components/print-table.tsx';
import { finnishDate, validDate, validId } from '@/features/staff/format.ts';
import { staffPaths } from '@huolto/domain';
import { StaffPageTitle } from '@/features/staff/components/staff-title.tsx';
import { BadAddress, LoadError, OfficeName } from '@/features/staff/components/view-states.tsx';

/** /hallinta/tulosta/:officeId/:date — the day's bookings as a plain table to print. */
export function PrintPage() {
  const params = useParams();
  const officeId = validId(params.officeId);
  const date = validDate(params.date);
  const day = useDay(officeId, date);

  if (officeId === null || date === null) return <BadAddress title="Tulostettava lista" />;

  return (
    <div className="staff-page staff-print">
      <StaffPageTitle documentTitle="Tulostettava lista">
        Päivän varaukset {finnishDate(date)}
        {day.data && <OfficeName name={day.data.office.name} />}
      </StaffPageTitle>
      <DateBar date={date} step="day" to={(d) => staffPaths.print(officeId, d)} label="Päivän valinta" />
      <div className="staff-print__actions staff-no-print">
        {day.data && <Button onClick={() => window.print()}>Tulosta</Button>}
      </div>
      {day.isPending && (
        <p className="staff-loading" role="status">
          Ladataan päivän varauksia…
        </p>
      )}
      {day.isError && <LoadError error={day.error} onRetry={() => void day.refetch()} />}
      {day.data && <PrintTable day={day.data} rows={printRows(day.data)} />}
    </div>
  );
}
