import { useParams } from 'react-router';
import { startOfWeek, staffPaths, weekLabel } from '@huolto/domain';
import { useWeek } from '@/features/staff/api/get-week.ts';
import { DateBar } from '@/features/staff/components/date-bar.tsx';
import { StaffPageTitle } from '@/features/staff/components/staff-title.tsx';
import { BadAddress, LoadError, OfficeName } from '@/features/staff/components/view-states.tsx';
import { WeekView } from '@/features/staff/components/week-view.tsx';
import { validDate, validId } from '@/features/staff/format.ts';

/** /hallinta/viikko/:officeId/:date — the week (Monday–Sunday) that holds the date. */
export function WeekPage() {
  const params = useParams();
  const officeId = validId(params.officeId);
  const date = validDate(params.date);
  const week = useWeek(officeId, date);

  if (officeId === null || date === null) return <BadAddress title="Viikkonäkymä" />;
  const monday = startOfWeek(date);

  return (
    <div className="staff-page staff-week">
      <StaffPageTitle documentTitle="Viikkonäkymä">
        {weekLabel(monday)}
        {week.data && <OfficeName name={week.data.office.name} />}
      </StaffPageTitle>
      <DateBar date={date} step="week" to={(d) => staffPaths.week(officeId, d)} label="Viikon valinta" />
      {week.isPending && (
        <p className="staff-loading" role="status">
          Ladataan viikon varauksia…
        </p>
      )}
      {week.isError && <LoadError error={week.error} onRetry={() => void week.refetch()} />}
      {week.data && <WeekView week={week.data} officeId={officeId} />}
    </div>
  );
}
