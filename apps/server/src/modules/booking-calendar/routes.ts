import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { BOOKING_CALENDAR_PATH, bookingCalendarQuery } from '@huolto/domain';
import type { Db } from '#src/db/database.ts';
import { callSchema } from '#src/openapi/route-schema.ts';
import type { RouteLimits } from '#src/plugins/rate-limit.ts';
import { bookingCalendarFile } from './service.ts';

/**
 * A saved booking's calendar file, linked from the thanks page ('Lisää kalenteriin'). No
 * booking session: the key and the car's registration number open it, as they open the
 * booking's own page; a key could be guessed, so the call shares the per-address count of
 * the managing calls (`bookingKeyLimits`).
 */
export function registerBookingCalendarRoutes(app: FastifyInstance, db: Db, deps: { bookingKeyLimits: RouteLimits }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    BOOKING_CALENDAR_PATH,
    {
      config: { session: false, ...deps.bookingKeyLimits },
      schema: callSchema({
        tag: 'Managing a saved booking',
        summary: "The booking's calendar event as an .ics file, the same as the confirmation e-mail attaches.",
        description:
          'Opened by the booking key and the registration number. 404 for an unknown pair, a cancelled booking or a lead (no agreed time yet).',
        query: bookingCalendarQuery,
        responseType: 'text/calendar',
        responseHeaders: { 'content-disposition': 'attachment; filename="varaus-<key>.ics"' },
      }),
    },
    async (request, reply) => {
      const file = await bookingCalendarFile(db, request.query);
      return reply
        .type('text/calendar; charset=utf-8')
        .header('content-disposition', `attachment; filename="${file.fileName}"`)
        .header('cache-control', 'no-store')
        .send(file.ics);
    },
  );
}
