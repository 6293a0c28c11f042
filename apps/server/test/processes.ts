import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { Agent, request as httpRequest } from 'node:http';
import { Socket, connect, createServer, type AddressInfo, type Server as NetServer } from 'node:net';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { SMTPServer } from 'smtp-server';
import { simpleParser } from 'mailparser';
import { API_BASE, PROCESS_TOKEN_HEADER, XSRF_COOKIE, XSRF_HEADER, addDays, todayInHelsinki } from '@huolto/domain';
import type { Db } from '../src/db/database.ts';
import { OFFICE_NOTICE_SUBJECT } from '../src/modules/mail/office-notice.ts';
import { CUSTOMER, HttpApiClient, type ApiResponse } from './helpers.ts';
import { mapLimit } from './race.ts';

/**
 * Server processes, an SMTP server and a database proxy for the load and fault tests:
 * whole maintenance bookings over HTTP through `node --import tsx apps/server/src/server.ts`,
 * with the checks that every booking is whole and no resource is booked twice.
 */

export const ROOT = resolve(fileURLToPath(import.meta.url), '../../../..');

export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

export function freePort(): Promise<number> {
  return new Promise((ok, fail) => {
    const srv = createServer();
    srv.once('error', fail);
    srv.listen(0, '127.0.0.1', () => {
      const port = (srv.address() as AddressInfo).port;
      srv.close(() => ok(port));
    });
  });
}

export interface ServerOptions {
  /** postgres://… ; PGlite in DATA_DIR/pgdata when absent. */
  databaseUrl?: string | undefined;
  dataDir: string;
  /** A fixed port (a restart keeps its address); a free one when absent. */
  port?: number;
  /** Mail over SMTP; .eml files in DATA_DIR/outbox when absent. */
  smtpUrl?: string;
  /** How long start-up may take (PGlite seeding an empty data directory takes a while). */
  startTimeoutMs?: number;
  /** More environment variables, over the defaults (e.g. a rate limit to test). */
  env?: Record<string, string>;
}

export interface ServerProcess {
  child: ChildProcess;
  port: number;
  base: string;
  options: ServerOptions;
  /** stdout and stderr so far. */
  output(): string;
  /** Resolves with the exit code and signal once the process has ended. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/**
 * Limits per client address and per session raised out of the way: every session of a test
 * comes from 127.0.0.1. The tests of the limits themselves pass their own values.
 */
export const UNLIMITED_CLIENT_ENV: NodeJS.ProcessEnv = {
  VEHICLE_SEARCH_RATE_LIMIT: '100000',
  SAVE_BOOKING_RATE_LIMIT: '100000',
  INIT_SESSION_RATE_LIMIT: '100000',
  RESERVE_TIME_RATE_LIMIT: '100000',
  RESERVE_TIME_SESSION_RATE_LIMIT: '100000',
  CODE_CHECK_RATE_LIMIT: '100000',
  CODE_CHECK_SESSION_RATE_LIMIT: '100000',
  LOOKUP_SESSION_RATE_LIMIT: '100000',
  FREE_TIMES_ON_ORGANIZATION_RATE_LIMIT: '100000',
  FREE_TIMES_ON_ORGANIZATION_SESSION_RATE_LIMIT: '100000',
  HOLDS_PER_ADDRESS: '100000',
  HOLD_HOURS_PER_ADDRESS: '100000',
};

/** Starts a server process and waits until GET /health answers 200. */
/**
 * Server env for tests that count the confirmations of their own bookings against what their
 * mail server received: no reminders. The seeded demo company has bookings tomorrow, and a
 * run at the hour they start got their reminders too (faults.pglite.test.ts: 60 confirmations
 * SENT against 67 messages received, from 13 Helsinki time on 29 November).
 */
export const NO_REMINDERS: Record<string, string> = { REMINDER_INTERVAL_SECONDS: '0' };

export async function startServer(options: ServerOptions): Promise<ServerProcess> {
  const port = options.port ?? (await freePort());
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    TZ: process.env.TZ,
    NODE_ENV: 'test',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: options.dataDir,
    LOG_LEVEL: 'warn',
    ...UNLIMITED_CLIENT_ENV,
    ...(options.databaseUrl ? { DATABASE_URL: options.databaseUrl } : {}),
    ...(options.smtpUrl ? { SMTP_URL: options.smtpUrl } : {}),
    ...options.env,
  };
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (b: Buffer) => (out += b));
  child.stderr!.on('data', (b: Buffer) => (out += b));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((r) =>
    child.once('exit', (code, signal) => r({ code, signal })),
  );
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + (options.startTimeoutMs ?? 60_000);
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`server exited with ${child.exitCode ?? child.signalCode}:\n${out}`);
    }
    try {
      const res = await fetch(`${base}/health`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server on ${base} did not become healthy:\n${out}`);
    }
    await sleep(100);
  }
  return { child, port, base, options, output: () => out, exited };
}

const running = (s: ServerProcess) => s.child.exitCode === null && s.child.signalCode === null;

/** The promise; when it fails, the error names how the server ended and what it wrote. */
export async function withOutput<T>(s: ServerProcess, promise: Promise<T>): Promise<T> {
  try {
    return await promise;
  } catch (err) {
    await sleep(300);
    const state = running(s) ? 'running' : `ended (${s.child.exitCode ?? s.child.signalCode})`;
    throw new Error(`${err instanceof Error ? err.message : String(err)}; server ${state}:\n${s.output()}`, { cause: err });
  }
}

/** SIGTERM, SIGKILL after 15 s; answers how it ended. */
export async function stopServer(s: ServerProcess) {
  if (running(s)) {
    s.child.kill('SIGTERM');
    const timer = setTimeout(() => s.child.kill('SIGKILL'), 15_000);
    await s.exited;
    clearTimeout(timer);
  }
  return s.exited;
}

/** SIGKILL: the process ends at once, whatever it was doing. */
export async function killServer(s: ServerProcess) {
  if (running(s)) s.child.kill('SIGKILL');
  return s.exited;
}

/** The same process again: same port, database and DATA_DIR. */
export function restartServer(s: ServerProcess) {
  return startServer({ ...s.options, port: s.port });
}

// --- Sessions --------------------------------------------------------------------------

/** Every answer the tests got, and every request that got none. */
export interface Traffic {
  answers: { path: string; base: string; status: number; ms: number }[];
  /** Requests that failed without an answer (refused, reset). */
  failures: { path: string; error: string }[];
}

export const newTraffic = (): Traffic => ({ answers: [], failures: [] });

/**
 * An HttpApiClient that retries a request that got no answer (a killed process) on the
 * next base URL, and optionally one answered 503 (database away) after a pause. Every
 * answer and failure is recorded in `traffic`.
 */
export class RetryingClient extends HttpApiClient {
  constructor(
    bases: readonly string[],
    first: number,
    private readonly traffic: Traffic,
    private readonly opts: { retries?: number; retry503?: boolean } = {},
  ) {
    super(bases, first);
  }

  override async request(
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    path: string,
    body?: unknown,
    query?: Record<string, string>,
  ): Promise<ApiResponse> {
    const retries = this.opts.retries ?? 20;
    for (let attempt = 0; ; attempt++) {
      const started = Date.now();
      try {
        const res = await super.request(method, path, body, query);
        this.traffic.answers.push({ path, base: this.lastBase!, status: res.statusCode, ms: Date.now() - started });
        if (res.statusCode === 503 && this.opts.retry503 && attempt < retries) {
          await sleep(250);
          continue;
        }
        return res;
      } catch (err) {
        const cause = (err as { cause?: { code?: string; message?: string } }).cause;
        this.traffic.failures.push({ path, error: cause?.code ?? cause?.message ?? String(err) });
        if (attempt >= retries) throw err;
        await sleep(20 + attempt * 20);
      }
    }
  }
}

export interface BookingPlan {
  organizationId: number;
  /** Unique per session: the confirmation is counted per recipient. */
  email: string;
  random: () => number;
  /** First day of the slots to choose from (default tomorrow) and how many days. */
  from?: string;
  days?: number;
  /** Stop with the time held and the customer given, before save-booking. */
  stopBeforeSave?: boolean;
}

export interface BookingResult {
  token: string | undefined;
  email: string;
  organizationId: number;
  /** save-booking's answer; null when the session gave up before it. */
  save: { responseCode: string; bookingKey?: string } | null;
  reservation: string | null;
  /** reserve-time answers NOT_AVAILABLE before the one that won. */
  lostRaces: number;
  error?: string;
}

const MAX_RESERVE_TRIES = 12;

/**
 * A whole maintenance booking, as the web app makes it: init-session → search-vehicle →
 * office → services → cart → free-times → reserve-time (another free slot when one is
 * taken meanwhile) → customer/v2 → save-booking. Never throws: the result says how far it got.
 */
export async function bookMaintenance(c: HttpApiClient, plan: BookingPlan): Promise<BookingResult> {
  const result: BookingResult = { token: undefined, email: plan.email, organizationId: plan.organizationId, save: null, reservation: null, lostRaces: 0 };
  const must = (res: ApiResponse, what: string) => {
    if (res.statusCode !== 200) throw new Error(`${what}: ${res.statusCode} ${res.body}`);
    return res.json();
  };
  try {
    await c.init('MAINTENANCE');
    result.token = c.token;
    const search = must(await c.post('/search-vehicle', { registerNumber: 'abc-123', kilometers: 60000 }), 'search-vehicle');
    if (search.responseCode !== 'SUCCESS') throw new Error(`search-vehicle ${JSON.stringify(search)}`);
    must(await c.post('/active-organization/v2', { organizationId: plan.organizationId }), 'active-organization');
    const groups = must(await c.get('/services/v2'), 'services') as { suggestions: { product: { id: string; provider: string } }[] }[];
    const product = groups[0]!.suggestions[0]!.product;
    must(
      await c.post('/add-products-to-cart', { items: [{ productId: product.id, provider: product.provider, amount: 1 }], stage: 'DEFAULT' }),
      'add-products-to-cart',
    );

    const start = plan.from ?? addDays(todayInHelsinki(), 1);
    let slots: string[] = [];
    for (let attempt = 0; attempt < MAX_RESERVE_TRIES && !result.reservation; attempt++) {
      if (slots.length === 0) {
        const days = must(
          await c.post('/free-times', { start, end: addDays(start, (plan.days ?? 28) - 1), resourceTimeSelectionTypes: ['EXACT_TIME'] }),
          'free-times',
        ) as { date: string; calendarSlots: { startTime: string; endTime: string }[] }[];
        slots = days.flatMap((d) => d.calendarSlots.map((s) => `${d.date}T${s.startTime}|${d.date}T${s.endTime}`));
        if (slots.length === 0) throw new Error('no free slots');
      }
      const [slot] = slots.splice(Math.floor(plan.random() * slots.length), 1);
      const reserve = must(await c.post('/reserve-time', { reservation: slot, timeSelectionType: 'EXACT_TIME', workshiftPosition: null }), 'reserve-time');
      if (reserve.responseCode === 'SUCCESS') result.reservation = slot!;
      else if (reserve.responseCode === 'NOT_AVAILABLE') result.lostRaces++;
      else throw new Error(`reserve-time ${JSON.stringify(reserve)}`);
    }
    if (!result.reservation) throw new Error(`no slot after ${MAX_RESERVE_TRIES} tries`);

    const customer = must(await c.post('/customer/v2', { ...CUSTOMER, email: plan.email }), 'customer');
    if (customer.responseCode !== 'SUCCESS') throw new Error(`customer/v2 ${JSON.stringify(customer)}`);
    if (!plan.stopBeforeSave) result.save = must(await c.post('/save-booking'), 'save-booking');
  } catch (err) {
    result.error = err instanceof Error ? err.message : String(err);
  }
  return result;
}

/** `count` bookings at once, session i on office offices[i % n], its requests taking turns among `bases`. */
export async function runBookings(opts: {
  count: number;
  bases: readonly string[];
  offices: readonly number[];
  traffic: Traffic;
  random: () => number;
  concurrency?: number;
  emailPrefix: string;
  retry503?: boolean;
  retries?: number;
  /** Called after each session's save-booking answer. */
  onSaved?: (r: BookingResult) => void;
}) {
  return mapLimit(
    Array.from({ length: opts.count }, (_, i) => i),
    opts.concurrency ?? opts.count,
    async (i) => {
      const c = new RetryingClient(opts.bases, i, opts.traffic, { retry503: opts.retry503 ?? false, ...(opts.retries ? { retries: opts.retries } : {}) });
      const r = await bookMaintenance(c, {
        organizationId: opts.offices[i % opts.offices.length]!,
        email: `${opts.emailPrefix}-${i}@example.com`,
        random: opts.random,
      });
      opts.onSaved?.(r);
      return r;
    },
  );
}

// --- Checks in the database ------------------------------------------------------------

/**
 * Every booking of these sessions is whole: one booking row per process token, its time
 * booked on exactly one resource with the booking's start and end, the customer and rows
 * stored, the process pointing at it, one confirmation in the outbox. Answers the rows.
 */
export async function wholeBookings(db: Db, tokens: readonly string[]) {
  if (tokens.length === 0) return { bookings: [], problems: [] };
  const bookings = await db
    .selectFrom('booking')
    .select(['id', 'booking_key', 'process_token', 'start_at', 'end_at', 'customer', 'order_items', 'organization_id'])
    .where('process_token', 'in', tokens)
    .execute();
  const ids = bookings.map((b) => String(b.id));
  const times = ids.length
    ? await db.selectFrom('resource_time').select(['booking_id', 'kind', 'resource_id', 'during']).where('booking_id', 'in', ids).execute()
    : [];
  const mails = ids.length
    ? await db
        .selectFrom('email_outbox')
        .select(['booking_id', 'status', 'recipient', 'attempts'])
        .where('booking_id', 'in', ids)
        .where('kind', '=', 'CONFIRMATION')
        .execute()
    : [];
  const processes = await db.selectFrom('process').select(['token', 'booking_id']).where('token', 'in', tokens).execute();
  const processOf = new Map(processes.map((p) => [p.token, p]));

  const problems: string[] = [];
  const perToken = new Map<string, number>();
  for (const b of bookings) perToken.set(b.process_token!, (perToken.get(b.process_token!) ?? 0) + 1);
  for (const [token, n] of perToken) if (n !== 1) problems.push(`${n} bookings for one session ${token.slice(0, 8)}`);
  for (const b of bookings) {
    const mine = times.filter((t) => String(t.booking_id) === String(b.id));
    const customer = typeof b.customer === 'string' ? JSON.parse(b.customer) : b.customer;
    const items = typeof b.order_items === 'string' ? JSON.parse(b.order_items) : b.order_items;
    if (mine.length !== 1 || mine[0]!.kind !== 'BOOKED') problems.push(`${b.booking_key}: ${mine.length} time rows`);
    if (!customer?.email) problems.push(`${b.booking_key}: no customer`);
    if (!Array.isArray(items) || items.length === 0) problems.push(`${b.booking_key}: no rows`);
    if (!b.start_at || !b.end_at) problems.push(`${b.booking_key}: no start/end`);
    if (String(processOf.get(b.process_token!)?.booking_id) !== String(b.id)) problems.push(`${b.booking_key}: process does not point at it`);
    const m = mails.filter((x) => String(x.booking_id) === String(b.id));
    if (m.length !== 1) problems.push(`${b.booking_key}: ${m.length} outbox rows`);
    else if (m[0]!.recipient !== customer?.email) problems.push(`${b.booking_key}: mail to ${m[0]!.recipient}`);
  }
  // The booked time is the booking's own window.
  const mismatched = ids.length
    ? await sql<{ booking_key: string }>`
        SELECT b.booking_key FROM booking b JOIN resource_time rt ON rt.booking_id = b.id
        WHERE b.id IN (${sql.join(ids)}) AND rt.during <> tstzrange(b.start_at, b.end_at, '[)')`.execute(db)
    : { rows: [] };
  for (const r of mismatched.rows) problems.push(`${r.booking_key}: booked time differs from the booking`);
  return { bookings, mails, problems };
}

/** Pairs of rows on one resource whose times overlap, over the whole calendar. */
export async function overlappingRows(db: Db) {
  return (
    await sql<{ resource_id: number; a: string; b: string }>`
      SELECT x.resource_id, x.id AS a, y.id AS b FROM resource_time x
      JOIN resource_time y ON y.resource_id = x.resource_id AND y.id > x.id AND y.during && x.during`.execute(db)
  ).rows;
}

/** The confirmations in the outbox by status for these sessions' bookings (the office's notices not counted). */
export async function outboxByStatus(db: Db, tokens: readonly string[]) {
  if (tokens.length === 0) return {};
  const rows = await db
    .selectFrom('email_outbox')
    .innerJoin('booking', 'booking.id', 'email_outbox.booking_id')
    .select(['email_outbox.status', (eb) => eb.fn.countAll<number>().as('n')])
    .where('booking.process_token', 'in', tokens)
    .where('email_outbox.kind', '=', 'CONFIRMATION')
    .groupBy('email_outbox.status')
    .execute();
  return Object.fromEntries(rows.map((r) => [r.status, Number(r.n)])) as Record<string, number>;
}

// --- SMTP ------------------------------------------------------------------------------

export interface ReceivedMail {
  to: string[];
  bookingKey: string | null;
  /** The name of the SMTP server that took it. */
  server: string;
}

export interface Smtp {
  port: number;
  url: string;
  close(): Promise<void>;
}

/**
 * An SMTP server that keeps what it accepts in `received`. `beforeAccept` runs once the
 * message's data has arrived but before the 250 answer; when it answers false the
 * message is refused (the sender's process is gone by then). The office's notices of new
 * bookings (mail/office-notice.ts) are accepted and not kept: the tests count the customers' messages.
 */
export async function startSmtp(
  name: string,
  received: ReceivedMail[],
  beforeAccept?: (mail: ReceivedMail) => boolean | Promise<boolean>,
): Promise<Smtp> {
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream)
        .then(async (mail) => {
          if (OFFICE_NOTICE_SUBJECT.test(mail.subject ?? '')) return callback();
          const entry: ReceivedMail = {
            to: session.envelope.rcptTo.map((r) => r.address),
            bookingKey: /Varaustunnus: ([A-Z0-9]{12})/.exec(mail.text ?? '')?.[1] ?? null,
            server: name,
          };
          if (beforeAccept && !(await beforeAccept(entry))) return callback(new Error('not accepted'));
          received.push(entry);
          callback();
        })
        .catch(callback);
    },
  });
  smtp.on('error', () => {}); // a client that vanished mid-message
  smtp.listen(0, '127.0.0.1');
  await once(smtp.server, 'listening');
  const port = (smtp.server.address() as AddressInfo).port;
  return {
    port,
    url: `smtp://127.0.0.1:${port}`,
    close: () => new Promise<void>((r) => smtp.close(() => r())),
  };
}

// --- A TCP proxy in front of PostgreSQL ------------------------------------------------

export interface TcpProxy {
  port: number;
  /** Connections taken so far. */
  connections(): number;
  /** The database goes away: open connections are cut, new ones refused. */
  cut(): Promise<void>;
  /** The database hangs: open connections are cut, new ones taken but never answered. */
  hang(): Promise<void>;
  /** The database is back on the same address. */
  restore(): Promise<void>;
  close(): Promise<void>;
}

/** A TCP proxy on 127.0.0.1 in front of `target` that can cut or hang the connections. */
export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const sockets = new Set<Socket>();
  let total = 0;
  let mode: 'forward' | 'hang' = 'forward';
  const server: NetServer = createServer((client) => {
    total++;
    sockets.add(client);
    client.on('error', () => client.destroy()).on('close', () => sockets.delete(client));
    if (mode === 'hang') return;
    const upstream = new Socket();
    sockets.add(upstream);
    const drop = () => {
      client.destroy();
      upstream.destroy();
    };
    client.on('close', drop);
    upstream.on('error', drop).on('close', () => {
      sockets.delete(upstream);
      drop();
    });
    upstream.connect(target.port, target.host, () => {
      client.pipe(upstream);
      upstream.pipe(client);
    });
  });
  const listen = (port: number) =>
    new Promise<void>((ok, fail) => {
      server.once('error', fail);
      server.listen(port, '127.0.0.1', () => {
        server.off('error', fail);
        ok();
      });
    });
  const dropAll = () => {
    for (const s of sockets) s.destroy();
    sockets.clear();
  };
  await listen(0);
  const port = (server.address() as AddressInfo).port;
  const cut = async () => {
    if (!server.listening) return dropAll();
    const closed = new Promise<void>((r) => server.close(() => r()));
    dropAll();
    await closed;
  };
  return {
    port,
    connections: () => total,
    cut,
    hang: async () => {
      mode = 'hang';
      dropAll();
      if (!server.listening) await listen(port);
    },
    restore: async () => {
      mode = 'forward';
      dropAll(); // connections taken while hanging
      if (!server.listening) await listen(port);
    },
    close: cut,
  };
}

/** The first bytes of PGlite's global/pg_control: state 1 is shut down cleanly, 6 in production (not closed). */
export function pgControlState(pgdata: string): number {
  return readFileSync(`${pgdata}/global/pg_control`).readInt32LE(16);
}
export const DB_SHUTDOWNED = 1;
export const DB_IN_PRODUCTION = 6;

// --- Shutdown --------------------------------------------------------------------------

/**
 * A save-booking whose body arrives slowly: the headers and the first byte go now, the
 * rest when `finish` is called. Until then the request is under way in the server. Sent
 * over a keep-alive connection, as a browser does.
 */
export function slowSaveBooking(port: number, token: string) {
  const xsrf = 'slow-request-xsrf-0123456789';
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const req = httpRequest({
    host: '127.0.0.1',
    port,
    method: 'POST',
    path: `${API_BASE}/save-booking`,
    agent,
    headers: {
      'content-type': 'application/json',
      'content-length': '2',
      cookie: `${XSRF_COOKIE}=${xsrf}`,
      [XSRF_HEADER]: xsrf,
      [PROCESS_TOKEN_HEADER]: token,
    },
  });
  const response = new Promise<{ status: number; body: string; connection: string | undefined }>((ok, fail) => {
    req.once('error', fail);
    req.once('response', (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (d: string) => (body += d));
      res.once('end', () => {
        agent.destroy();
        ok({ status: res.statusCode!, body, connection: res.headers.connection });
      });
      res.once('error', fail);
    });
  });
  req.flushHeaders();
  req.write('{');
  return { response, finish: () => req.end('}') };
}

/** Whether a new TCP connection to the port is refused. */
export function connectionRefused(port: number): Promise<boolean> {
  return new Promise((ok) => {
    const s = connect(port, '127.0.0.1');
    s.once('connect', () => {
      s.destroy();
      ok(false);
    });
    s.once('error', (err: NodeJS.ErrnoException) => ok(err.code === 'ECONNREFUSED'));
  });
}

/** Polls until new connections to the port are refused; answers how long that took, or null. */
export async function waitUntilRefused(port: number, timeoutMs: number): Promise<number | null> {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    if (await connectionRefused(port)) return Date.now() - started;
    await sleep(25);
  }
  return null;
}

/** Latency figures of a list of durations in ms. */
export function percentiles(ms: readonly number[]) {
  const s = [...ms].sort((a, b) => a - b);
  const at = (p: number) => s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? 0;
  return { n: s.length, p50: at(50), p95: at(95), p99: at(99), max: s[s.length - 1] ?? 0 };
}
