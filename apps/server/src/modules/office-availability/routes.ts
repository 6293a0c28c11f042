import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { firstFreeTimesBody, firstFreeTimesResponse } from '@huolto/domain';
import type { Db } from '#src/db/database.ts';
import { callSchema } from '#src/openapi/route-schema.ts';
import { concurrencyGate } from '#src/plugins/rate-limit.ts';
import type { AvailabilityCache } from '../time/index.ts';
import type { CatalogueCache } from '../catalogue/index.ts';
import { calendarContextOf } from '../time/index.ts';
import { firstFreeTimes } from './service.ts';

/**
 * first-free-times computes up to a hundred offices' calendars: at most two run at once in
 * this process, the rest wait a moment in line (or are answered 503 BUSY).
 */
const firstFreeTimesGate = concurrencyGate({ concurrency: 2, maxQueue: 20, maxWaitMs: 5_000 });

/** The offices' availability shown beside an office list (the office step, other offices on the time step). */
export function registerOfficeAvailabilityRoutes(
  app: FastifyInstance,
  db: Db,
  deps: { availability: AvailabilityCache; catalogue: CatalogueCache },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/first-free-times',
    {
      schema: callSchema({
        tag: 'Time',
        summary: "Each asked office's first free time for the booking's work within the calendar's weeks, in one answer.",
        description:
          'The same free times as POST /free-times would show at each office, from now to the end of the current week and ' +
          'the calendar\u2019s auto-advance weeks; the length of work is the cart\u2019s, or an hour before anything is chosen. ' +
          'date is null when nothing is free in those weeks, and for a lead-only office (leadOnly). Unknown offices are left out.',
        body: firstFreeTimesBody,
        responseSchema: firstFreeTimesResponse,
      }),
    },
    async (request, reply) => firstFreeTimesGate(reply, async () =>
        firstFreeTimes(db, await calendarContextOf(db, request, deps), request.session, request.body.organizationIds),
      ),
  );
}
