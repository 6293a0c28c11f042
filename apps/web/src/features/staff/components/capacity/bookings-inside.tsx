import { Link } from 'react-router';
import { staffPaths, type Absence } from '@huolto/domain';

function bookingsInsideText(n: number): string {
  return n === 1 ? '1 varaus poissaolon aikana' : `${n} varausta poissaolon aikana`;
}

/**
 * The bookings left inside an absence, as a link: one booking opens its page; several open
 * the absence's first day showing its resource, where each is flagged.
 */
export function BookingsInside({ absence, officeId }: { absence: Absence; officeId: number }) {
  const ids = absence.bookingIdsInside;
  const to =
    ids.length === 1 ? staffPaths.booking(ids[0]!) : `${staffPaths.day(officeId, absence.start.slice(0, 10))}?resurssi=${absence.resourceId}`;
  return <Link to={to}>{bookingsInsideText(absence.bookingsInside)}</Link>;
}
