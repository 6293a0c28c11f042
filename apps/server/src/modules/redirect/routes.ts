import type { FastifyInstance } from 'fastify';
import { redirectSettingsResponse, type RedirectMake, type RedirectSettingsResponse } from '@huolto/domain';
import type { Db } from '#src/db/database.ts';
import { callSchema } from '#src/openapi/route-schema.ts';
import { redirectSettings } from './service.ts';

export function registerRedirectRoutes(app: FastifyInstance, db: Db, opts: { redirectUrls: Partial<Record<RedirectMake, string>> }) {
  /**
   * Where the booking's make is booked instead (requirements §4): null when the process has no
   * vehicle, the make books here, or the redirect does not cover the process type.
   */
  const schema = callSchema({
    tag: 'Session and settings',
    summary: "Where the booking's make is booked instead (BMW, MINI, Kia, Mitsubishi maintenance), or null.",
    responseSchema: redirectSettingsResponse,
  });
  app.get('/redirect-settings', { schema }, async (request): Promise<RedirectSettingsResponse> => redirectSettings(db, request.session, opts.redirectUrls));
}
