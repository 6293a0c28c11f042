import type { FastifyInstance } from 'fastify';
import { REDIRECT_MAKES, type RedirectMake, type RedirectSettingsResponse } from '@huolto/domain';
import type { Db } from '../../db/database.ts';
import { vehicleOf } from '../process/repository.ts';
import { findRedirectSetting } from './repository.ts';

/** REDIRECT_URL_<MAKE> key of a make name ('Mini' → MINI), if the make has one. */
function redirectMakeKey(make: string): RedirectMake | undefined {
  const key = make.trim().toUpperCase();
  return (REDIRECT_MAKES as readonly string[]).includes(key) ? (key as RedirectMake) : undefined;
}

export function registerRedirectRoutes(app: FastifyInstance, db: Db, opts: { redirectUrls: Partial<Record<RedirectMake, string>> }) {
  /**
   * Where the booking's make is booked instead (SPEC §4): null when the process has no
   * vehicle, the make books here, or the redirect does not cover the process type.
   */
  app.get('/redirect-settings', async (request): Promise<RedirectSettingsResponse> => {
    const makeId = vehicleOf(request.process)?.make_id ?? null;
    if (makeId === null) return null;
    const row = await findRedirectSetting(db, makeId, request.process.process_type);
    if (!row) return null;
    const key = redirectMakeKey(row.make);
    return {
      redirectUrl: (key && opts.redirectUrls[key]) || row.redirect_url,
      redirectMessage: row.redirect_message,
      redirectDelay: row.redirect_delay,
    };
  });
}
