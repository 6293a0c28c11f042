import { Link, useParams, useSearchParams } from 'react-router';
import { staffPaths, todayInHelsinki } from '@huolto/domain';
import { buttonClasses } from '@/components/ui/button.tsx';
import { useDay } from '@/features/staff/api/get-day.ts';
import { DateBar } from '@/features/staff/components/date-bar.tsx';
import { DayView } from '@/features/staff/components/day/day-view.tsx';
import { StaffPageTitle } from '@/features/staff/components/staff-title.tsx';
import { BadAddress, LoadError, OfficeName } from '@/features/staff/components/view-states.tsx';
import { finnishDate, validDate, validId } from '@/features/staff/format.ts';

/** The address's query parameter naming the one resource shown. */
const RESOURCE_PARAM = 'resurssi';

/** /hallinta/paiva/:officeId/:date — an office's day, a column per resource (or one: ?resurssi=id). */
export function DayPage() {
  const params = useParams();
  const officeId = validId(params.officeId);
  const date = validDate(params.date);
  const [search, setSearch] = useSearchParams();
  // One resource's column only (?resurssi=id): a mechanic's own day on a phone.
  const shown = validId(search.get(RESOURCE_PARAM) ?? undefined);
  const show = (resourceId: number | null) =>
    setSearch(resourceId === null ? {} : { [RESOURCE_PARAM]: String(resourceId) }, { replace: true });
  const day = useDay(officeId, date, { refetchInterval: 60_000 });

  if (officeId === null || date === null) return <BadAddress title="Päivänäkymä" />;
  // Another day of the office, the one resource shown kept.
  const dayTo = (d: string) => `${staffPaths.day(officeId, d)}${shown === null ? '' : `?${RESOURCE_PARAM}=${shown}`}`;

  return (
    <div className="staff-page staff-day">
      <StaffPageTitle documentTitle="Päivänäkymä">
        Päivänäkymä: {finnishDate(date)}
        {day.data && <OfficeName name={day.data.office.name} />}
      </StaffPageTitle>
      <div className="staff-day__top">
        <DateBar date={date} step="day" to={dayTo} label="Päivän valinta" />
        {/* A walk-in: today's first free time, whichever day is shown. */}
        <Link
          className={buttonClasses('primary', 'staff-day__counter')}
          to={staffPaths.newBooking(officeId, { date: todayInHelsinki(), channel: 'COUNTER' })}
        >
          Asiakas tiskillä
        </Link>
      </div>
      {day.isPending && (
        <p className="staff-loading" role="status">
          Ladataan päivän varauksia…
        </p>
      )}
      {day.isError && <LoadError error={day.error} onRetry={() => void day.refetch()} />}
      {day.data && <DayView day={day.data} shown={shown} onShow={show} dayTo={dayTo} />}
    </div>
  );
}
