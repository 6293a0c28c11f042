import { REDIRECT_MAKES, type RedirectMake, type RedirectSettingsResponse } from '@huolto/domain';
import { vehicleOf, type ProcessRow } from '../process/index.ts';
import type { Executor } from '#src/db/database.ts';
import { findRedirectSetting } from './repository.ts';

/** REDIRECT_URL_<MAKE> key of a make name ('Mini' → MINI), if the make has one. */
function redirectMakeKey(make: string): RedirectMake | undefined {
  const key = make.trim().toUpperCase();
  return (REDIRECT_MAKES as readonly string[]).includes(key) ? (key as RedirectMake) : undefined;
}

/**
 * Where the booking's make is booked instead (requirements §4): null when the process has no
 * vehicle, the make books here, or the redirect does not cover the process type. A URL
 * configured for the make (REDIRECT_URL_<MAKE>) wins over the stored one.
 */
export async function redirectSettings(
  db: Executor,
  session: ProcessRow,
  redirectUrls: Partial<Record<RedirectMake, string>>,
): Promise<RedirectSettingsResponse> {
  const makeId = vehicleOf(session)?.make_id ?? null;
  if (makeId === null) return null;
  const row = await findRedirectSetting(db, makeId, session.process_type);
  if (!row) return null;
  const key = redirectMakeKey(row.make);
  return {
    redirectUrl: (key && redirectUrls[key]) || row.redirect_url,
    redirectMessage: row.redirect_message,
    redirectDelay: row.redirect_delay,
  };
}
