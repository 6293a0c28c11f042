import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import cookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import { API_BASE, LOYALTY_API_BASE, STAFF_API_PATH } from '@huolto/domain';
import type { Config } from './config.ts';
import type { DatabaseHandle } from './db/database.ts';
import { registerErrorHandler } from './plugins/errors.ts';
import { limits, registerRateLimits } from './plugins/rate-limit.ts';
import { registerSession } from './plugins/session.ts';
import { registerXsrf } from './plugins/xsrf.ts';
import { pagePolicies, registerSecurityHeaders } from './plugins/security-headers.ts';
import { registerHealthRoutes } from './plugins/health.ts';
import { AppLogController, genReqId, loggerOptions, registerRequestId } from './plugins/logging.ts';
import { createMetrics, registerMetrics, registerMetricsRoute } from './plugins/metrics.ts';
import { registerSettingsRoutes } from './modules/settings/routes.ts';
import { tagManagerConfigured } from './modules/settings/index.ts';
import { registerVehicleRoutes } from './modules/vehicle/routes.ts';
import { databaseVehicleSource, type VehicleSource } from './modules/vehicle/index.ts';
import { registerOrganizationRoutes } from './modules/organizations/routes.ts';
import { registerOfficeAvailabilityRoutes } from './modules/office-availability/routes.ts';
import { registerCatalogueRoutes } from './modules/catalogue/routes.ts';
import { CatalogueCache } from './modules/catalogue/index.ts';
import { registerTimeRoutes } from './modules/time/routes.ts';
import { AvailabilityCache } from './modules/time/index.ts';
import { registerBookingRoutes } from './modules/booking/routes.ts';
import { registerMediaRoutes } from './modules/media/routes.ts';
import { Mailer } from './modules/mail/index.ts';
import { registerCampaignRoutes, registerLoyaltyRoutes } from './modules/loyalty/routes.ts';
import { registerTireRoutes } from './modules/tires/routes.ts';
import { registerWindshieldRoutes } from './modules/windshield/routes.ts';
import { registerRedirectRoutes } from './modules/redirect/routes.ts';
import { registerFinanceRoutes } from './modules/finance/routes.ts';
import { registerManageRoutes } from './modules/manage/routes.ts';
import { registerBookingCalendarRoutes } from './modules/booking-calendar/routes.ts';
import { registerStatementRoutes } from './modules/statements/routes.ts';
import { registerLoyaltySelfServiceRoutes } from './modules/personal-data/index.ts';
import { registerOpenApi } from './openapi/index.ts';
import { registerStaffScope } from './staff-api.ts';
import { serializerCompiler } from './openapi/route-schema.ts';
import { validatorCompiler } from './lib/parse.ts';
import { startPurgeJob } from './jobs/purge.ts';
import { startReminderJob } from './jobs/reminders.ts';

/** An API scope's answer to an address it has no route for: 404 naming the call. */
function unknownCall(request: FastifyRequest, reply: FastifyReply) {
  return reply.status(404).send({ error: 'NOT_FOUND', message: `Tuntematon kutsu ${request.method} ${request.url.split('?')[0]}` });
}

export interface AppDeps {
  config: Config;
  database: DatabaseHandle;
  mailer?: Mailer;
  logger?: boolean | object;
  /**
   * The vehicle register the booking looks plates up in; the database's vehicle table when
   * absent (docs/data-import.md "Ajoneuvotiedot: VehicleSource").
   */
  vehicleSource?: VehicleSource;
}

/** Request bodies above this are refused with 413; a booking call is a few KB at most. */
export const BODY_LIMIT_BYTES = 64 * 1024;

/**
 * Fastify's and Node's request timeouts: the whole request within `requestTimeoutMs`, its
 * headers too; Node checks them every few seconds, not its default 30 s. An idle
 * keep-alive connection is closed after Fastify's default 72 s.
 */
export function httpTimeouts(requestTimeoutMs: number) {
  return {
    requestTimeout: requestTimeoutMs,
    http: {
      requestTimeout: requestTimeoutMs,
      headersTimeout: requestTimeoutMs,
      connectionsCheckingInterval: Math.min(5_000, Math.max(250, Math.floor(requestTimeoutMs / 10))),
    },
  };
}

/** The whole service as one Fastify app: external plugins, own plugins, then routes. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance & { mailer: Mailer }> {
  const { config, database } = deps;
  const db = database.db;
  /** Free-time calendars kept under the offices' availability versions (modules/time/availability-cache.ts). */
  const availability = new AvailabilityCache({ enabled: config.caches });
  const app = Fastify({
    // JSON lines without personal data, each with the request's id (plugins/logging.ts).
    logger: loggerOptions(deps.logger, config.logLevel),
    logController: new AppLogController(),
    genReqId,
    // genReqId reads x-request-id itself: Fastify would take the header unchecked.
    requestIdHeader: false,
    bodyLimit: BODY_LIMIT_BYTES,
    // A client that sends its request slowly (a byte every few seconds) is answered 408
    // and cut off once REQUEST_TIMEOUT_MS has passed, headers included.
    ...httpTimeouts(config.requestTimeoutMs),
    // Only X-Forwarded-For set by the configured proxies counts (TRUST_PROXY), so a client
    // cannot pick its own address to slip past the rate limits.
    trustProxy:
      typeof config.trustProxy === 'number'
        ? (_address: string, hop: number) => hop < (config.trustProxy as number)
        : config.trustProxy,
    routerOptions: { ignoreTrailingSlash: true },
  });
  // Route schemas are zod: body and query checked as lib/parse.ts parses them (the same
  // 400), each JSON answer written by its response schema compiled with fast-json-stringify
  // (openapi/serialize.ts).
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // First, so that every route registered after it gets its schema and is in the API document.
  await registerOpenApi(app);
  const mailer =
    deps.mailer ??
    new Mailer(db, {
      from: config.mailFrom,
      smtpUrl: config.smtpUrl,
      outboxDir: join(config.dataDir, 'outbox'),
      pollMs: 30_000,
      log: app.log,
    });
  registerRequestId(app);
  const metrics = createMetrics();
  registerMetrics(app, metrics, { db });
  mailer.useMetrics(metrics.mail);

  // CSP, HSTS and the other security headers: worked out once, set on every reply
  // (plugins/security-headers.ts).
  registerSecurityHeaders(app);
  await app.register(cookie);
  // Counted in the database, so that every instance on it sees the same counts; on the
  // embedded database, whose one process is its only client, in that process's memory
  // (decision 025). Only the routes whose config names a limit are limited.
  await registerRateLimits(app, db, { counts: config.rateLimitCounts ?? (database.engine === 'pglite' ? 'memory' : 'database') });
  registerErrorHandler(app);
  registerXsrf(app, { secure: config.publicUrl.startsWith('https:') });

  app.addHook('onSend', async (request, reply) => {
    if (request.url.startsWith(API_BASE) && !reply.hasHeader('cache-control')) {
      reply.header('cache-control', 'no-store');
    }
  });

  registerHealthRoutes(app, db);
  registerMetricsRoute(app, metrics, { token: config.metricsToken, host: config.host });

  // A guessed code is a guess on either call: campaign and service codes share their counts.
  const codeCheckLimits = limits({
    address: { max: config.codeCheckRateLimit, timeWindow: '1 hour' },
    session: { max: config.codeCheckSessionRateLimit, timeWindow: '10 minutes' },
    groupId: 'code-check',
  });
  // A booking key guessed on one call is guessed on all: the calls that look a booking up by
  // its key share one count per address, as many a minute as search-vehicle.
  const bookingKeyLimits = limits({ address: { max: config.vehicleSearchRateLimit, timeWindow: '1 minute' }, groupId: 'booking-key' });
  // The catalogue and the offices, kept in memory under the catalogue version (decision 013).
  const catalogue = new CatalogueCache(config.caches);
  // Where a plate is looked up: the booking and the catalogue's preview ask the same register.
  const vehicles = deps.vehicleSource ?? databaseVehicleSource(db);
  await app.register(
    async (api) => {
      registerSession(api, db, {
        clientKeySecret: config.fairShare.clientKeySecret,
        // The embedded database's sessions and versions from memory between writes.
        writeClock: config.caches ? database.writeClock : undefined,
      });
      registerSettingsRoutes(api, db, { initSessionRateLimit: config.initSessionRateLimit });
      registerVehicleRoutes(api, db, {
        vehicles,
        searchRateLimit: config.vehicleSearchRateLimit,
        sessionRateLimit: config.lookupSessionRateLimit,
      });
      registerOrganizationRoutes(api, db, { offices: catalogue.offices });
      registerOfficeAvailabilityRoutes(api, db, { availability, catalogue });
      registerCatalogueRoutes(api, db, { codeCheckLimits, catalogue });
      registerTimeRoutes(api, db, {
        availability,
        catalogue,
        addressLimits: {
          holdsPerAddress: config.fairShare.holdsPerAddress,
          holdMinutesPerAddress: config.fairShare.holdMinutesPerAddress,
        },
        rateLimits: {
          reserveTime: limits({
            address: { max: config.reserveTimeRateLimit, timeWindow: '1 minute' },
            session: { max: config.reserveTimeSessionRateLimit, timeWindow: '1 minute' },
          }),
          freeTimesOnOrganization: limits({
            address: { max: config.freeTimesOnOrganizationRateLimit, timeWindow: '1 minute' },
            session: { max: config.freeTimesOnOrganizationSessionRateLimit, timeWindow: '1 minute' },
          }),
          resourceForCustomer: limits({
            address: { max: config.vehicleSearchRateLimit, timeWindow: '1 minute' },
            session: { max: config.lookupSessionRateLimit, timeWindow: '1 minute' },
          }),
        },
      });
      registerBookingRoutes(api, db, {
        mailer,
        publicUrl: config.publicUrl,
        saveRateLimit: config.saveBookingRateLimit,
        bookingsSaved: metrics.bookingsSaved,
        catalogue,
      });
      registerMediaRoutes(api, db);
      registerCampaignRoutes(api, db, { codeCheckLimits });
      registerTireRoutes(api, db, { catalogue });
      registerWindshieldRoutes(api, db);
      registerRedirectRoutes(api, db, { redirectUrls: config.redirectUrls });
      registerFinanceRoutes(api, db, { bookingKeyLimits });
      registerManageRoutes(api, db, {
        mailer,
        publicUrl: config.publicUrl,
        bookingKeyLimits,
        feedbackRateLimit: config.vehicleSearchRateLimit,
        bookingMailsPerHour: config.bookingMailsPerHour,
      });
      registerBookingCalendarRoutes(api, db, { bookingKeyLimits });
      // The privacy notice's facts and the accessibility statement's feedback form.
      registerStatementRoutes(api, db, {
        mailer,
        config,
        feedbackLimits: limits({ address: { max: config.feedbackRateLimit, timeWindow: '1 hour' } }),
      });
      api.setNotFoundHandler(unknownCall);
    },
    { prefix: API_BASE },
  );

  // The workshop's back-office (/hallinta): its own sign-in, no booking process.
  await app.register(
    async (staff) => {
      await registerStaffScope(staff, db, { mailer, availability, catalogue, config, vehicles });
      staff.setNotFoundHandler(unknownCall);
    },
    { prefix: `${API_BASE}${STAFF_API_PATH}` },
  );

  await app.register(
    async (loyalty) => {
      loyalty.addHook('onSend', async (_request, reply) => {
        reply.header('cache-control', 'no-store');
      });
      registerLoyaltyRoutes(loyalty, db, {
        mailer,
        rateLimits: { login: config.loginRateLimit, registration: config.registrationRateLimit },
        secureCookies: config.publicUrl.startsWith('https:'),
      });
      registerLoyaltySelfServiceRoutes(loyalty, db, { loginRateLimit: config.loginRateLimit });
      loyalty.setNotFoundHandler(unknownCall);
    },
    { prefix: LOYALTY_API_BASE },
  );

  // The built single-page app: hashed assets cached for good, index.html for every route.
  const dist = config.webDist;
  if (dist && existsSync(join(dist, 'index.html'))) {
    await app.register(fastifyStatic, {
      root: dist,
      wildcard: false,
      index: false,
      // The build writes .br and .gz beside each asset (scripts/compress-dist.mjs).
      preCompressed: true,
      // Source maps are not published, even when a build left some in the directory.
      allowedPath: (pathName) => !pathName.toLowerCase().endsWith('.map'),
      setHeaders: (reply, path) => {
        reply.header('cache-control', path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
    // Pages the build rendered to HTML (scripts/prerender.mjs: each process's first step), by address.
    const prerenderedIndex = join(dist, 'prerendered.json');
    const prerendered = new Map<string, string>(
      existsSync(prerenderedIndex) ? Object.entries(JSON.parse(readFileSync(prerenderedIndex, 'utf8')) as Record<string, string>) : [],
    );
    // A page's Content-Security-Policy follows the company's tag manager setting, read with
    // the page (decision 022): with one, its origin is let in; the web app loads it only
    // after the customer's consent. Every other answer keeps the strict policy.
    const policies = pagePolicies();
    app.setNotFoundHandler(async (request, reply) => {
      if (request.method !== 'GET' && request.method !== 'HEAD') {
        return reply.status(404).send({ error: 'NOT_FOUND', message: 'Ei löytynyt' });
      }
      if (/\.[a-z0-9]+$/i.test(request.url.split('?')[0] ?? '')) {
        return reply.status(404).type('text/plain').send('Ei löytynyt');
      }
      const tagManager = await tagManagerConfigured(db).catch((err: unknown) => {
        request.log.warn({ err }, 'tag manager setting not read: the strict policy');
        return false;
      });
      reply.header('content-security-policy', tagManager ? policies.tagManager : policies.strict);
      reply.header('cache-control', 'no-cache');
      const page = prerendered.get((request.url.split('?')[0] ?? '').replace(/(.)\/+$/, '$1'));
      return reply.type('text/html').sendFile(page ?? 'index.html');
    });
  }

  // Expired holds and sessions are deleted, and personal data past its retention removed, every 10 minutes (jobs/purge.ts).
  const purge = startPurgeJob(db, { log: app.log, retention: config.retention });
  // Reminders of the visits due within 24 hours, at start and every REMINDER_INTERVAL_SECONDS (jobs/reminders.ts).
  const reminders = startReminderJob(db, { log: app.log, everyMs: config.reminderIntervalMs, publicUrl: config.publicUrl, sms: config.smsReminders, mailer });
  app.addHook('onClose', async () => {
    await purge.stop();
    await reminders.stop();
    await mailer.close();
  });
  return Object.assign(app, { mailer }) as unknown as FastifyInstance & { mailer: Mailer };
}
