import { resolve } from 'node:path';
import { z } from 'zod';
import {
  DEFAULT_OUTBOX_BODY_RETENTION_DAYS,
  DEFAULT_PERSONAL_DATA_RETENTION_MONTHS,
  REDIRECT_MAKES,
  STAFF_BOOKINGS_PER_HOUR,
  type RedirectMake,
} from '@huolto/domain';
import { parseDemoScale, type DemoScale } from '#seed/scale.ts';

/** Whether DEMO_SCALE's value is one parseDemoScale() takes. */
function isDemoScale(value: string): boolean {
  try {
    parseDemoScale(value);
    return true;
  } catch {
    return false;
  }
}

/** An http(s) address, or unset (an empty value counts as unset). */
const redirectUrl = z
  .string()
  .url()
  .regex(/^https?:\/\//, { message: 'must be an http:// or https:// URL' })
  .optional()
  .or(z.literal('').transform(() => undefined));

/** The environment, parsed once at start. Every bad variable is listed at once. */
const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, { message: 'must be a postgres:// URL' })
    .optional()
    .or(z.literal('').transform(() => undefined)),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, { message: 'must be an smtp:// or smtps:// URL' })
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /**
   * The e-mails' sender. The company's mailSenderName setting, when given, replaces the name;
   * the address stays this one's.
   */
  MAIL_FROM: z.string().default('Ajanvaraus <ajanvaraus@example.invalid>'),
  /** The address links in e-mails point to. */
  PUBLIC_URL: z.string().url().optional(),
  /** search-vehicle calls allowed per client address per minute. */
  VEHICLE_SEARCH_RATE_LIMIT: z.coerce.number().int().positive().default(30),
  /** OmaLaakkonen login calls allowed per client address per minute. */
  LOGIN_RATE_LIMIT: z.coerce.number().int().positive().default(10),
  /** Back-office booking searches allowed per client address per minute. */
  STAFF_SEARCH_RATE_LIMIT: z.coerce.number().int().positive().default(120),
  /** Back-office day and week views (the print list is a day view) allowed per client address per minute, one count. */
  STAFF_VIEW_RATE_LIMIT: z.coerce.number().int().positive().default(240),
  /** The back-office's heavy calls (day, week, print list, search) allowed per staff account per minute, one count. */
  STAFF_ACCOUNT_RATE_LIMIT: z.coerce.number().int().positive().default(60),
  /** Bookings one staff account may make at the front desk per hour (STAFF_BOOKINGS_PER_HOUR by default). */
  STAFF_BOOKING_RATE_LIMIT: z.coerce.number().int().positive().default(STAFF_BOOKINGS_PER_HOUR),
  /** The back-office's heavy calls computed at once per server process; 20 more wait up to 5 s, then 503 BUSY. */
  STAFF_HEAVY_CONCURRENCY: z.coerce.number().int().positive().default(2),
  /** Confirmation resends (send-email) and change requests (send-edit-request) per booking per hour, each kind counted on its own. */
  BOOKING_MAILS_PER_HOUR: z.coerce.number().int().positive().default(3),
  /** OmaLaakkonen registration (and confirmation) calls allowed per client address per minute. */
  REGISTRATION_RATE_LIMIT: z.coerce.number().int().positive().default(5),
  /** save-booking calls allowed per client address per minute. */
  SAVE_BOOKING_RATE_LIMIT: z.coerce.number().int().positive().default(20),
  /**
   * init-session calls allowed per client address per minute: dozens of people behind one
   * mobile-network address each start a booking or two, a script starting hundreds does not.
   */
  INIT_SESSION_RATE_LIMIT: z.coerce.number().int().positive().default(60),
  /** reserve-time calls allowed per client address per minute. */
  RESERVE_TIME_RATE_LIMIT: z.coerce.number().int().positive().default(120),
  /** reserve-time calls allowed per booking session per minute. */
  RESERVE_TIME_SESSION_RATE_LIMIT: z.coerce.number().int().positive().default(20),
  /** Campaign-code and service-code checks allowed per client address per hour. */
  CODE_CHECK_RATE_LIMIT: z.coerce.number().int().positive().default(30),
  /** Campaign-code and service-code checks allowed per booking session per 10 minutes. */
  CODE_CHECK_SESSION_RATE_LIMIT: z.coerce.number().int().positive().default(10),
  /**
   * Look-ups by registration or phone number (search-vehicle, resource-for-customer) allowed
   * per booking session per minute; per client address VEHICLE_SEARCH_RATE_LIMIT applies.
   */
  LOOKUP_SESSION_RATE_LIMIT: z.coerce.number().int().positive().default(10),
  /** free-times-on-organization calls allowed per client address per minute. */
  FREE_TIMES_ON_ORGANIZATION_RATE_LIMIT: z.coerce.number().int().positive().default(60),
  /** free-times-on-organization calls allowed per booking session per minute. */
  FREE_TIMES_ON_ORGANIZATION_SESSION_RATE_LIMIT: z.coerce.number().int().positive().default(20),
  /**
   * Times one client address may have at one office at once: its sessions' live holds
   * plus the bookings saved from it in the last hour (docs/decisions/007).
   */
  HOLDS_PER_ADDRESS: z.coerce.number().int().positive().default(8),
  /** Hours of work those holds and bookings may take together. */
  HOLD_HOURS_PER_ADDRESS: z.coerce.number().positive().default(12),
  /** Key of the one-way hash that stands for a client's address in the database; all instances share it. */
  CLIENT_KEY_SECRET: z
    .string()
    .min(16, { message: 'must be at least 16 characters' })
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /**
   * Longest time a client may take to send a whole request (headers and body); a slower
   * one is answered 408 and its connection closed. Also the limit for the headers alone.
   */
  REQUEST_TIMEOUT_MS: z.coerce.number().int().min(1000).max(600_000).default(30_000),
  /**
   * When set, GET /metrics wants `authorization: Bearer <METRICS_TOKEN>`; unset, /metrics
   * answers only when the server listens on a loopback address (HOST 127.0.0.1, ::1, localhost).
   */
  METRICS_TOKEN: z
    .string()
    .min(16, { message: 'must be at least 16 characters' })
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /** Booking sites of the makes that book elsewhere (requirements §4); override the seeded addresses. */
  REDIRECT_URL_BMW: redirectUrl,
  REDIRECT_URL_MINI: redirectUrl,
  REDIRECT_URL_KIA: redirectUrl,
  REDIRECT_URL_MITSUBISHI: redirectUrl,
  /**
   * Which proxies' X-Forwarded-For to believe for the client's address (rate limits, logs):
   * unset or `false` — none, the connection's own address counts; a number — that many
   * proxy hops; otherwise a comma-separated list of proxy addresses or CIDR ranges.
   */
  TRUST_PROXY: z
    .string()
    .regex(/^(false|true|\d+|[0-9a-fA-F.:/]+(\s*,\s*[0-9a-fA-F.:/]+)*)$/, {
      message: 'must be false, true, a hop count or a comma-separated list of addresses',
    })
    .optional(),
  /**
   * `off`: every answer is computed from the database, nothing kept in memory (the free-time
   * calendars and the catalogue; docs/decisions/013). For comparison runs only.
   */
  CACHES: z.enum(['on', 'off']).default('on'),
  /**
   * Where the rate limits are counted: `database` (rate_limit_counter, shared by every server
   * process on the database) or `memory` (this process's own; the embedded database's one
   * process is its only client). Unset: memory on PGlite, the database on PostgreSQL
   * (docs/decisions/025).
   */
  RATE_LIMIT_COUNTS: z.enum(['database', 'memory'], { error: "must be 'database' or 'memory'" }).optional(),
  /**
   * `on`: a new, empty database gets the demo company (offices, services, staff, bookings).
   * `off`: it starts empty (only the vehicle makes and models) and is marked so, and no later
   * start fills it with the demo; the company sets itself up in the back-office.
   */
  DEMO_DATA: z.enum(['on', 'off'], { error: "must be 'on' or 'off'" }).default('on'),
  /**
   * The size of the demo company a new database gets (with DEMO_DATA=on): `demo` (14 offices,
   * about 32,000 bookings), `medium` (30 offices, about 300,000), `large` (200 offices, about
   * 2,000,000) or `offices=N,years=N[,bookings=N]` (seed/scale.ts).
   */
  DEMO_SCALE: z
    .string()
    .default('demo')
    .refine((v) => isDemoScale(v), { message: 'must be demo, medium, large or offices=N,years=N[,bookings=N]' }),
  /**
   * How often, in seconds, each process queues the reminders of the visits due within 24
   * hours (and once at start); 0 turns it off. Each reminder is queued once whichever process runs.
   */
  REMINDER_INTERVAL_SECONDS: z.coerce.number().int().min(0).max(86_400).default(300),
  /** `on`: a text-message reminder too, to the booking's phone number (written to the log: no SMS service is called). */
  SMS_REMINDERS: z.enum(['on', 'off']).default('off'),
  /** The built web app to serve (default apps/web/dist), e.g. a build made elsewhere with `vite build --outDir`. */
  WEB_DIST: z
    .string()
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /** Months after the visit a booking's personal data is kept, then removed by the purge (docs/decisions/021). */
  PERSONAL_DATA_RETENTION_MONTHS: z.coerce.number().int().min(1).max(240).default(DEFAULT_PERSONAL_DATA_RETENTION_MONTHS),
  /** Days after sending an e-mail's or text message's body (and address) is kept, then cleared. */
  OUTBOX_BODY_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(DEFAULT_OUTBOX_BODY_RETENTION_DAYS),
  /** Accessibility feedback messages allowed per client address per hour. */
  FEEDBACK_RATE_LIMIT: z.coerce.number().int().positive().default(5),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  NODE_ENV: z.string().default('development'),
});

/** How much of an office's calendar one client address may take (docs/decisions/007). */
export interface FairShareConfig {
  holdsPerAddress: number;
  holdMinutesPerAddress: number;
  /** Key of the address hash; a fixed one when unset. */
  clientKeySecret: string | undefined;
}

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  publicUrl: string;
  vehicleSearchRateLimit: number;
  loginRateLimit: number;
  staffSearchRateLimit: number;
  staffViewRateLimit: number;
  staffAccountRateLimit: number;
  /** STAFF_BOOKING_RATE_LIMIT: bookings per staff account per hour at the front desk. */
  staffBookingRateLimit: number;
  staffHeavyConcurrency: number;
  bookingMailsPerHour: number;
  registrationRateLimit: number;
  saveBookingRateLimit: number;
  initSessionRateLimit: number;
  reserveTimeRateLimit: number;
  reserveTimeSessionRateLimit: number;
  codeCheckRateLimit: number;
  codeCheckSessionRateLimit: number;
  lookupSessionRateLimit: number;
  freeTimesOnOrganizationRateLimit: number;
  freeTimesOnOrganizationSessionRateLimit: number;
  /** HOLDS_PER_ADDRESS, HOLD_HOURS_PER_ADDRESS and CLIENT_KEY_SECRET. */
  fairShare: FairShareConfig;
  metricsToken: string | undefined;
  /** REQUEST_TIMEOUT_MS: the whole request (and its headers) must arrive within this. */
  requestTimeoutMs: number;
  /** REDIRECT_URL_<MAKE>: the make's booking site instead of the one in the database. */
  redirectUrls: Partial<Record<RedirectMake, string>>;
  logLevel: string;
  /** Fastify's trustProxy: false, true, a hop count or proxy addresses. */
  trustProxy: boolean | number | string[];
  /** Directory of the built web app; absent when only the API is served. */
  webDist: string | undefined;
  /** CACHES: false keeps nothing in memory (decision 013). */
  caches: boolean;
  /** RATE_LIMIT_COUNTS: where the rate limits are counted; unset, by the engine (decision 025). */
  rateLimitCounts: 'database' | 'memory' | undefined;
  /** DEMO_DATA: true seeds a new database with the demo company; false starts it empty. */
  demoData: boolean;
  /** DEMO_SCALE: the size of the demo company a new database gets. */
  demoScale: DemoScale;
  /** REMINDER_INTERVAL_SECONDS in ms; 0: no reminders are queued. */
  reminderIntervalMs: number;
  /** SMS_REMINDERS: a text-message reminder beside the e-mail. */
  smsReminders: boolean;
  /** PERSONAL_DATA_RETENTION_MONTHS and OUTBOX_BODY_RETENTION_DAYS. */
  retention: { personalDataMonths: number; outboxBodyDays: number };
  /** FEEDBACK_RATE_LIMIT: accessibility feedback per client address per hour. */
  feedbackRateLimit: number;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid environment:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    publicUrl: e.PUBLIC_URL ?? `http://localhost:${e.PORT}`,
    vehicleSearchRateLimit: e.VEHICLE_SEARCH_RATE_LIMIT,
    loginRateLimit: e.LOGIN_RATE_LIMIT,
    staffSearchRateLimit: e.STAFF_SEARCH_RATE_LIMIT,
    staffViewRateLimit: e.STAFF_VIEW_RATE_LIMIT,
    staffAccountRateLimit: e.STAFF_ACCOUNT_RATE_LIMIT,
    staffBookingRateLimit: e.STAFF_BOOKING_RATE_LIMIT,
    staffHeavyConcurrency: e.STAFF_HEAVY_CONCURRENCY,
    bookingMailsPerHour: e.BOOKING_MAILS_PER_HOUR,
    registrationRateLimit: e.REGISTRATION_RATE_LIMIT,
    saveBookingRateLimit: e.SAVE_BOOKING_RATE_LIMIT,
    initSessionRateLimit: e.INIT_SESSION_RATE_LIMIT,
    reserveTimeRateLimit: e.RESERVE_TIME_RATE_LIMIT,
    reserveTimeSessionRateLimit: e.RESERVE_TIME_SESSION_RATE_LIMIT,
    codeCheckRateLimit: e.CODE_CHECK_RATE_LIMIT,
    codeCheckSessionRateLimit: e.CODE_CHECK_SESSION_RATE_LIMIT,
    lookupSessionRateLimit: e.LOOKUP_SESSION_RATE_LIMIT,
    freeTimesOnOrganizationRateLimit: e.FREE_TIMES_ON_ORGANIZATION_RATE_LIMIT,
    freeTimesOnOrganizationSessionRateLimit: e.FREE_TIMES_ON_ORGANIZATION_SESSION_RATE_LIMIT,
    fairShare: {
      holdsPerAddress: e.HOLDS_PER_ADDRESS,
      holdMinutesPerAddress: Math.round(e.HOLD_HOURS_PER_ADDRESS * 60),
      clientKeySecret: e.CLIENT_KEY_SECRET,
    },
    metricsToken: e.METRICS_TOKEN,
    requestTimeoutMs: e.REQUEST_TIMEOUT_MS,
    redirectUrls: Object.fromEntries(
      REDIRECT_MAKES.flatMap((make) => {
        const url = e[`REDIRECT_URL_${make}`];
        return url ? [[make, url]] : [];
      }),
    ),
    logLevel: e.LOG_LEVEL,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    webDist: resolve(e.WEB_DIST ?? new URL('../../web/dist', import.meta.url).pathname),
    caches: e.CACHES === 'on',
    rateLimitCounts: e.RATE_LIMIT_COUNTS,
    demoData: e.DEMO_DATA === 'on',
    demoScale: parseDemoScale(e.DEMO_SCALE),
    reminderIntervalMs: e.REMINDER_INTERVAL_SECONDS * 1000,
    smsReminders: e.SMS_REMINDERS === 'on',
    retention: { personalDataMonths: e.PERSONAL_DATA_RETENTION_MONTHS, outboxBodyDays: e.OUTBOX_BODY_RETENTION_DAYS },
    feedbackRateLimit: e.FEEDBACK_RATE_LIMIT,
  };
}

function parseTrustProxy(text: string | undefined): boolean | number | string[] {
  if (text === undefined || text === '' || text === 'false') return false;
  if (text === 'true') return true;
  if (/^\d+$/.test(text)) return Number(text);
  return text.split(',').map((x) => x.trim());
}
