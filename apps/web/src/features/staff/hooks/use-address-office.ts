import { matchPath, useLocation } from 'react-router';
import { STAFF_ROUTES, staffPaths } from '@huolto/domain';
import { validDate, validId } from '@/features/staff/format.ts';

/** The views whose address carries an office (and a date): the office picker keeps the view. */
const OFFICE_VIEWS = [
  { pattern: STAFF_ROUTES.day, to: staffPaths.day },
  { pattern: STAFF_ROUTES.week, to: staffPaths.week },
  { pattern: STAFF_ROUTES.print, to: staffPaths.print },
  { pattern: STAFF_ROUTES.capacity, to: (officeId: number) => staffPaths.capacity(officeId) },
] as const;

export interface AddressOffice {
  officeId: number | null;
  date: string | null;
  /** The view of the address, when it is one of an office. */
  view: (typeof OFFICE_VIEWS)[number] | null;
}

/** The office and date of the address, when it has them. */
export function useAddressOffice(): AddressOffice {
  const { pathname } = useLocation();
  for (const view of OFFICE_VIEWS) {
    const match = matchPath<string>(view.pattern, pathname);
    if (match) return { officeId: validId(match.params.officeId), date: validDate(match.params['date']), view };
  }
  return { officeId: null, date: null, view: null };
}
