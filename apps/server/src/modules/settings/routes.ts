import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  PROCESS_AVAILABILITY,
  PROCESS_TOKEN_HEADER,
  bookingSettingsOrganizationQuery,
  bookingSettingsOrganizationResponse,
  initSessionQuery,
  moduleSettingQuery,
  moduleSettingResponse,
  processAvailabilitySchema,
  processBookingSettingsResponse,
  responseSchema,
  servicelaneSettingsSchema,
  siteSettingsResponse,
  type BookingSettingsOrganization,
  type ServicelaneSettings,
} from '@huolto/domain';
import type { Db } from '#src/db/database.ts';
import { callSchema } from '#src/openapi/route-schema.ts';
import {
  moduleSetting,
  organizationBookingSettings,
  processBookingSettings,
  publicSettings,
  servicelaneSettings,
  startSession,
} from './service.ts';

const tag = 'Session and settings';

/** `initSessionRateLimit`: new sessions per client address per minute. */
export function registerSettingsRoutes(app: FastifyInstance, db: Db, deps: { initSessionRateLimit: number }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const config = { session: false };

  // Each session may hold a time: a client address starts only so many a minute.
  r.post(
    '/init-session',
    {
      config: { session: false, rateLimit: { max: deps.initSessionRateLimit, timeWindow: '1 minute' } },
      schema: callSchema({
        tag,
        summary: 'Starts a booking process; the process token comes in the x-process-token response header.',
        description:
          'Every other call of the booking API sends the token back in the x-process-token header. ' +
          'An idle process lives for 4 hours; an expired or unknown token answers 412.',
        query: initSessionQuery,
        responseSchema: responseSchema,
        responseHeaders: { 'x-process-token': 'The token of the new booking process.' },
      }),
    },
    async (request, reply) => {
      reply.header(PROCESS_TOKEN_HEADER, await startSession(db, request.query, request.clientKey));
      return { responseCode: 'SUCCESS' };
    },
  );

  const settings = async () => publicSettings(db);
  r.get(
    '/settings',
    {
      config,
      schema: callSchema({ tag, summary: 'Site settings: locale, currency, time zone, hold minutes, service break notice and site links.', responseSchema: siteSettingsResponse }),
    },
    settings,
  );
  r.get('/get-generic-online-settings', { config, schema: callSchema({ tag, summary: 'The same as GET /settings.', responseSchema: siteSettingsResponse }) }, settings);

  // Constant answers without the database: the bench's baseline call (scripts/bench-scenarios.mjs).
  const processes = JSON.stringify(PROCESS_AVAILABILITY);
  const processList = async (_request: unknown, reply: FastifyReply) => reply.type('application/json; charset=utf-8').send(processes);
  r.get(
    '/active-processes',
    {
      config,
      schema: callSchema({
        tag,
        summary: 'The process types and whether each is enabled and public.',
        responseSchema: z.array(processAvailabilitySchema),
      }),
    },
    processList,
  );
  r.get(
    '/enabled-processes-generic-online',
    {
      config,
      schema: callSchema({ tag, summary: 'The same as GET /active-processes.', responseSchema: z.array(processAvailabilitySchema) }),
    },
    processList,
  );

  /** An office's booking settings for a process type (the loan calculator's office setting among them). */
  r.get(
    '/booking-settings/organization',
    {
      config,
      schema: callSchema({
        tag,
        summary: "An office's booking settings for a process type (loan calculator, lead mode, choosing the mechanic).",
        query: bookingSettingsOrganizationQuery,
        responseSchema: bookingSettingsOrganizationResponse,
      }),
    },
    async (request): Promise<BookingSettingsOrganization> => organizationBookingSettings(db, request.query),
  );

  /** The drive-in reception lane: off unless the `servicelane` setting turns it on. */
  r.get(
    '/servicelane-settings',
    {
      config,
      schema: callSchema({
        tag,
        summary: 'The drive-in reception lane: off unless the servicelane setting turns it on.',
        responseSchema: servicelaneSettingsSchema,
      }),
    },
    async (): Promise<ServicelaneSettings> => servicelaneSettings(db),
  );

  /** Whether a module is on: the `modules` setting, else the default; an unknown module is off. */
  r.get(
    '/module-setting',
    {
      config,
      schema: callSchema({
        tag,
        summary: 'Whether a module is on (the modules setting, else its default; an unknown module is off).',
        query: moduleSettingQuery,
        responseSchema: moduleSettingResponse,
      }),
    },
    async (request) => moduleSetting(db, request.query.module),
  );

  // The floor of every call with a session: the session is read (its one statement, as
  // plugins/session.ts reads it for every such call) and nothing else. A page left open can
  // ask it to learn whether the booking process has expired before the customer goes on;
  // it does not extend the process. The bench measures the session calls against it.
  r.get(
    '/session/v2/alive',
    {
      schema: callSchema({
        tag,
        summary: 'Whether the booking process of the x-process-token header is live: {} when it is, 412 when it has expired or is unknown.',
        description: 'Reads the process only; it does not extend it. An idle process lives for 4 hours.',
        responseSchema: z.object({}),
      }),
    },
    async () => ({}),
  );

  r.get(
    '/booking-settings/v2',
    { schema: callSchema({ tag, summary: "The booking's process type, the office's time selection type and the hold minutes.", responseSchema: processBookingSettingsResponse }) },
    async (request) => processBookingSettings(db, request.session),
  );
}
