import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { API_BASE, PROCESS_TOKEN_HEADER, XSRF_COOKIE, XSRF_HEADER, addDays, todayInHelsinki, type ProcessType } from '@huolto/domain';
import { openDatabase, type DatabaseHandle } from '../src/db/database.ts';
import { buildApp, type AppDeps } from '../src/app.ts';
import { loadConfig, type Config } from '../src/config.ts';
import { Mailer } from '../src/modules/mail/outbox.ts';
import { TemplateBlob } from './template-blob.ts';

export interface TestDatabase {
  handle: DatabaseHandle;
  /** PostgreSQL: the URL of this copy, for other processes to connect to. */
  url?: string;
  drop(): Promise<void>;
}

/** A fresh copy of the seeded template for one test file, on PGlite or PostgreSQL. */
export async function createTestDatabase(): Promise<TestDatabase> {
  const pgUrl = inject('pgUrl');
  if (pgUrl) {
    const name = `huolto_t_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: pgUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE "${name}" TEMPLATE "${inject('pgTemplate')}"`);
    const url = new URL(pgUrl);
    url.pathname = `/${name}`;
    const handle = await openDatabase({ databaseUrl: url.toString(), poolSize: 20 });
    return {
      handle,
      url: url.toString(),
      drop: async () => {
        await handle.close();
        await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
        await admin.end();
      },
    };
  }
  const handle = await openDatabase({ loadDataDir: new TemplateBlob(inject('pgliteTemplate')) });
  return { handle, drop: () => handle.close() };
}

export interface TestApp {
  app: FastifyInstance & { mailer: Mailer };
  db: DatabaseHandle['db'];
  /** Which database engine the app runs on (the tests' DATABASE_URL decides). */
  engine: DatabaseHandle['engine'];
  config: Config;
  outboxDir: string;
  close(): Promise<void>;
}

export interface TestAppOptions {
  /** Logger options for buildApp (e.g. `{ level: 'info', stream }` to read the log); off by default. */
  logger?: boolean | object;
  /** The app's database handle seen through this, e.g. with a Kysely plugin that counts queries. */
  wrapDb?: (db: DatabaseHandle['db']) => DatabaseHandle['db'];
  /** The vehicle register the app's plate look-up asks (AppDeps.vehicleSource); the database's by default. */
  vehicleSource?: AppDeps['vehicleSource'];
}

export async function createTestApp(overrides: Partial<Config> = {}, opts: TestAppOptions = {}): Promise<TestApp> {
  const database = await createTestDatabase();
  const dataDir = mkdtempSync(join(tmpdir(), 'huolto-data-'));
  const config: Config = {
    ...loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', CACHES: process.env.CACHES }),
    webDist: undefined,
    // Tests make many calls from one address; the rate-limit tests set their own limits.
    vehicleSearchRateLimit: 1000,
    loginRateLimit: 1000,
    staffSearchRateLimit: 100_000,
    staffViewRateLimit: 100_000,
    staffAccountRateLimit: 100_000,
    staffBookingRateLimit: 100_000,
    bookingMailsPerHour: 1000,
    registrationRateLimit: 1000,
    saveBookingRateLimit: 1000,
    initSessionRateLimit: 100_000,
    reserveTimeRateLimit: 100_000,
    reserveTimeSessionRateLimit: 1000,
    codeCheckRateLimit: 100_000,
    codeCheckSessionRateLimit: 1000,
    lookupSessionRateLimit: 1000,
    freeTimesOnOrganizationRateLimit: 100_000,
    freeTimesOnOrganizationSessionRateLimit: 1000,
    fairShare: { holdsPerAddress: 100_000, holdMinutesPerAddress: 100_000 * 60, clientKeySecret: undefined },
    // No timers in a test app (as its mailer polls not): the reminder tests run the job themselves.
    reminderIntervalMs: 0,
    ...overrides,
  };
  const outboxDir = join(dataDir, 'outbox');
  const mailer = new Mailer(database.handle.db, { from: config.mailFrom, smtpUrl: config.smtpUrl, outboxDir });
  const handle = opts.wrapDb ? { ...database.handle, db: opts.wrapDb(database.handle.db) } : database.handle;
  const app = await buildApp({ config, database: handle, mailer, logger: opts.logger ?? false, vehicleSource: opts.vehicleSource });
  await app.ready();
  return {
    app,
    db: database.handle.db,
    engine: database.handle.engine,
    config,
    outboxDir,
    close: async () => {
      await app.close();
      await database.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * What a browser does on every call, whatever carries the request: the XSRF cookie echoed in
 * its header and the process token once init-session has answered one.
 */
abstract class BrowserLikeClient<R extends { statusCode: number; body: string }> {
  token: string | undefined;
  protected readonly xsrf = randomBytes(12).toString('hex');

  abstract request(method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown, query?: Record<string, string>): Promise<R>;

  protected headers(): Record<string, string> {
    const headers: Record<string, string> = { cookie: `${XSRF_COOKIE}=${this.xsrf}`, [XSRF_HEADER]: this.xsrf };
    if (this.token) headers[PROCESS_TOKEN_HEADER] = this.token;
    return headers;
  }

  get = (path: string, query?: Record<string, string>) => this.request('GET', path, undefined, query);
  post = (path: string, body?: unknown, query?: Record<string, string>) => this.request('POST', path, body ?? {}, query);
  put = (path: string, body?: unknown) => this.request('PUT', path, body ?? {});
  delete = (path: string) => this.request('DELETE', path);

  async init(processType: ProcessType = 'MAINTENANCE') {
    const res = await this.post('/init-session', undefined, { usedProcessType: processType, installationType: 'LAAKKONEN_PUBLIC' });
    if (res.statusCode !== 200) throw new Error(`init-session ${res.statusCode} ${res.body}`);
    return res;
  }
}

/** A browser-like client of the API: keeps the XSRF cookie and the process token. */
export class ApiClient extends BrowserLikeClient<LightMyRequestResponse> {
  constructor(
    private readonly app: FastifyInstance,
    /** The client's address as the server sees it (rate limits are per address). */
    private readonly opts: { remoteAddress?: string } = {},
  ) {
    super();
  }

  async request(method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown, query?: Record<string, string>) {
    const headers = this.headers();
    const res = await this.app.inject({
      method,
      url: `${API_BASE}${path}`,
      headers,
      ...(this.opts.remoteAddress ? { remoteAddress: this.opts.remoteAddress } : {}),
      ...(query ? { query } : {}),
      ...(body !== undefined ? { payload: body as object } : {}),
    });
    const token = res.headers[PROCESS_TOKEN_HEADER];
    if (typeof token === 'string') this.token = token;
    return res;
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers are read field by field in assertions; a test names T where it needs the type
export const json = <T = any>(res: Pick<LightMyRequestResponse, 'json'>): T => res.json() as T;

/** One JSON line of the server's log (pino), as the tests read it. */
export interface LogLine {
  level: number;
  msg?: string;
  requestId?: string;
  [field: string]: unknown;
}

/** What the helpers below need of an answer: an inject() response or a fetch() one. */
export interface ApiResponse {
  statusCode: number;
  body: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- what inject()'s and fetch's json() give: read field by field in assertions
  json(): any;
  /** HttpApiClient: the response headers (fetch's). */
  httpHeaders?: Headers;
}

/** A client of the API, in-process (ApiClient) or over HTTP (HttpApiClient). */
export interface ApiSession {
  token: string | undefined;
  init(processType?: ProcessType): Promise<ApiResponse>;
  get(path: string, query?: Record<string, string>): Promise<ApiResponse>;
  post(path: string, body?: unknown, query?: Record<string, string>): Promise<ApiResponse>;
}

/**
 * ApiClient over real HTTP, for servers running in other processes: keeps the XSRF cookie
 * and the process token like a browser. With several base URLs (http://host:port) its
 * requests take turns among them, starting from the one at `first`.
 */
export class HttpApiClient extends BrowserLikeClient<ApiResponse> implements ApiSession {
  /** The base URL that answered the latest request. */
  lastBase: string | undefined;
  private turn: number;

  constructor(
    private readonly bases: readonly string[],
    first = 0,
  ) {
    super();
    if (bases.length === 0) throw new Error('HttpApiClient needs a base URL');
    this.turn = first;
  }

  async request(
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    path: string,
    body?: unknown,
    query?: Record<string, string>,
  ): Promise<ApiResponse> {
    const base = this.bases[this.turn++ % this.bases.length]!;
    const headers = this.headers();
    if (body !== undefined) headers['content-type'] = 'application/json';
    const url = `${base}${API_BASE}${path}${query ? `?${new URLSearchParams(query)}` : ''}`;
    const res = await fetch(url, { method, headers, ...(body !== undefined ? { body: JSON.stringify(body) } : {}) });
    const text = await res.text();
    this.lastBase = base;
    const token = res.headers.get(PROCESS_TOKEN_HEADER);
    if (token) this.token = token;
    return { statusCode: res.status, body: text, json: () => JSON.parse(text), httpHeaders: res.headers };
  }
}

/** Monday-to-Sunday date range covering the next few weeks, in Helsinki dates. */
export function upcomingRange(weeks = 4) {
  const start = todayInHelsinki();
  return { start, end: addDays(start, weeks * 7 - 1) };
}

/**
 * Walks a maintenance process up to the time step: ABC-123 at 60,000 km, office 1,
 * the first primary service. Answers the chosen product id.
 */
export async function prepareMaintenance(c: ApiSession, opts: { organizationId?: number; registerNumber?: string } = {}) {
  await c.init('MAINTENANCE');
  const search = await c.post('/search-vehicle', { registerNumber: opts.registerNumber ?? 'abc-123', kilometers: 60000 });
  if (json(search).responseCode !== 'SUCCESS') throw new Error(`search-vehicle ${search.body}`);
  const org = await c.post('/active-organization/v2', { organizationId: opts.organizationId ?? 1 });
  if (org.statusCode !== 200) throw new Error(`active-organization ${org.body}`);
  const groups = json<{ suggestions: { product: { id: string; provider: string } }[] }[]>(await c.get('/services/v2'));
  const product = groups[0]!.suggestions[0]!.product;
  const add = await c.post('/add-products-to-cart', { items: [{ productId: product.id, provider: product.provider, amount: 1 }], stage: 'DEFAULT' });
  if (add.statusCode !== 200) throw new Error(`add-products-to-cart ${add.body}`);
  return product.id;
}

/**
 * The first free exact slot of the coming weeks as a reservation string; with `fromDate`,
 * the first on or after that date (a booking that must be more than hours away whatever
 * the time of the run).
 */
export async function firstFreeSlot(c: ApiSession, fromDate?: string) {
  const days = json<{ date: string; calendarSlots: { startTime: string; endTime: string }[] }[]>(
    await c.post('/free-times', { ...upcomingRange(), resourceTimeSelectionTypes: ['EXACT_TIME'] }),
  );
  const day = days.find((d) => d.calendarSlots.length > 0 && (!fromDate || d.date >= fromDate));
  if (!day) throw new Error('no free slot');
  const slot = day.calendarSlots[0]!;
  return `${day.date}T${slot.startTime}|${day.date}T${slot.endTime}`;
}

export const CUSTOMER = {
  first_name: 'Matti',
  last_name: 'Meikäläinen',
  phone_number: '040 123 4567',
  email: 'matti.meikalainen@example.com',
  address: 'Mannerheimintie 1',
  post_code: '00100',
  post_office: 'Helsinki',
};
