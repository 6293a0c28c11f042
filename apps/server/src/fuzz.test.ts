/**
 * Property-based fuzzing of every endpoint (issue 9, point 5 "bad input"): malformed and
 * hostile bodies, query strings and headers, with a live booking session and without one.
 * Two properties hold for every request:
 *
 *   1. the answer is never a 5xx;
 *   2. an answer of 4xx left the stored data as it was.
 *
 * The endpoints are read from the built app (printRoutes), so a new call is fuzzed without
 * changes here; SAMPLES gives the calls a valid body or query that the fuzz mutates field by
 * field, so that requests get past the first check and into the handlers. Besides the random
 * requests, a sweep sets every field of every sample to each value known to trip a database
 * or a parser, and after the fuzz of each call that changes things, a few calls that read the
 * stored booking must still answer for every session (a stored value must not break a read).
 *
 * Changes to stored data are seen by row-level triggers (test/fuzz-support.ts) added to every table
 * of its own copy of the database: each inserted, updated or deleted row (and each TRUNCATE)
 * appends a line to fuzz_change, in the same transaction, so a rolled-back change leaves no
 * line. "Nothing changed" is then one indexed max(id) before and after the request, exact for
 * every table (hashing the 30,000 seeded bookings took almost a second per fingerprint).
 *
 * FUZZ_SEED=<n> replays a run (fast-check prints the seed and the failing request);
 * FUZZ_RUNS=<n> sets the requests per endpoint.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { API_BASE, LOYALTY_API_BASE, PROCESS_TOKEN_HEADER, STAFF_SESSION_COOKIE, XSRF_COOKIE, XSRF_HEADER } from '@huolto/domain';
import { createTestApp, type TestApp } from '../test/helpers.ts';
import {
  ALLOWED_ON_4XX,
  changeMark as changeMarkOf,
  changesSince as changesSinceOf,
  fillPath,
  installChangeLog as installChangeLogOf,
  isStaffPath,
  prepareFixtures as prepareFixturesOf,
  prepareStaffFixtures,
  RAW_PICTURE_CALLS,
  STAFF_CALLS_WITHOUT_SESSION,
  type StaffFixtures,
  StatusTally,
  routeKey,
  routesOf,
  tableCounts as tableCountsOf,
  trackMailer,
  type Fixtures,
  type FuzzSession,
  type Route,
  type Sample,
  UNWATCHED_TABLES,
} from '../test/fuzz-support.ts';

const SEED = Number(process.env.FUZZ_SEED ?? 20_261_122);
const RUNS_PER_ROUTE = Number(process.env.FUZZ_RUNS ?? 35);

// ---- The app and its endpoints ---------------------------------------------------------

// The rate limits are the config's; the fuzz's requests come from random client addresses
// so that the handlers run rather than the limiter (a 429 would pass, but test nothing).
// On a loopback address, as a server without METRICS_TOKEN answers /metrics only there.
const t: TestApp = await createTestApp({ vehicleSearchRateLimit: 1_000_000, host: '127.0.0.1' });
const ROUTES = routesOf(t.app.printRoutes({ commonPrefix: false }));

// ---- Watching stored data ---------------------------------------------------------------

const installChangeLog = () => installChangeLogOf(t.db);
const changeMark = () => changeMarkOf(t.db);
const changesSince = (mark: string) => changesSinceOf(t.db, mark);
const tableCounts = () => tableCountsOf(t.db);
const mailIdle = trackMailer(t.app);

// ---- Sessions and valid samples ---------------------------------------------------------

/** Browser-like sessions in different states; a request picks one, or none. */
let sessions: FuzzSession[] = [];
let SAMPLES: Record<string, Sample> = {};
/** Calls that read what the others store (vehicle, cart, customer, codes, time). */
let READERS: Fixtures['readers'] = [];

/** The back-office's calls go with an admin's session cookie (when the request has a session). */
let staff: StaffFixtures;

async function prepareFixtures() {
  ({ sessions, samples: SAMPLES, readers: READERS } = await prepareFixturesOf(t));
  staff = await prepareStaffFixtures(t);
}

// ---- Hostile values ---------------------------------------------------------------------

export const SQL_INJECTION = [
  "' OR '1'='1",
  "ABC-123'; DROP TABLE booking;--",
  "1; DROP TABLE process; --",
  "'; TRUNCATE booking CASCADE; --",
  '" OR ""="',
  "1' AND pg_sleep(5)--",
  "' UNION SELECT token, token FROM process --",
  '$$; DELETE FROM booking; $$',
  "\\'; DROP TABLE booking; --",
  "%' OR 1=1 --",
  "admin'--",
  '1 OR 1=1',
];

export const XSS = [
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  'javascript:alert(1)',
  "<svg/onload=alert('x')>",
  '\'"><iframe src=javascript:alert(1)>',
  "{{constructor.constructor('alert(1)')()}}",
  '${alert(1)}',
  '<a href="javascript:alert(1)">x</a>',
  '</script><script>alert(1)</script>',
  'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
];

const ODD_TEXT = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\ud800',
  'x\udfffy',
  '\ufeff',
  '\u202eabc',
  '\u200b',
  '👨‍👩‍👧‍👦',
  'A\u0308',
  'ÅÄÖåäö',
  '\u2028\u2029',
  '\u0007\u001b[31m',
  '\r\n\r\nX-Injected: 1',
  '𝕳𝖊𝖑𝖑𝖔',
  '\uffff',
  'NULL',
  'null',
  'undefined',
  'true',
  '-1',
  '1e999',
  'NaN',
  '%00',
  '%s%s%n',
  '../../../etc/passwd',
  '\\',
  '"',
  "'",
  '__proto__',
  'constructor',
];

const ODD_DATES = [
  '2026-02-30',
  '2026-13-01',
  '0000-00-00',
  '9999-12-31',
  '2026-1-1',
  '1970-01-01T00:00:00Z',
  '2026-03-29T03:30:00',
  '2026-10-25T03:30:00',
  '2028-02-29',
  '+275760-09-13',
  '-000001-01-01',
  'Invalid Date',
  '2026-06-01T25:61:61',
  '2026-06-01T12:00:00|2026-06-01T11:00:00',
  '2026-06-01T08:00:00|2026-06-01T08:00:00|x',
  '2026-06-01T08:00:00+02:00|2026-06-01T09:00:00+02:00',
  '31.12.2026',
];

// 2 ** 53 is the first integer past Number.MAX_SAFE_INTEGER (2 ** 53 + 1 has no double of its own).
const ODD_NUMBERS = [
  0, -0, -1, 1.5, -1.5, 0.1, 2147483647, 2147483648, -2147483648, -2147483649, 4294967296, 9007199254740991, 2 ** 53,
  -(2 ** 53), 1e21, 1e308, -1e308, 5e-324, 1e-7, 999, 1000, 9999999, 10000000,
];

const hostileString = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...SQL_INJECTION, ...XSS, ...ODD_TEXT, ...ODD_DATES) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 20 }) },
  { weight: 1, arbitrary: fc.constantFrom(1000, 20_000, 60_000).map((n) => 'Å'.repeat(n / 2)) },
  { weight: 1, arbitrary: fc.date({ noInvalidDate: false }).map((d) => (Number.isNaN(d.getTime()) ? 'Invalid Date' : d.toISOString())) },
);

const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 5, arbitrary: hostileString },
  { weight: 2, arbitrary: fc.constantFrom(...ODD_NUMBERS) },
  { weight: 1, arbitrary: fc.oneof(fc.integer(), fc.double(), fc.maxSafeInteger()) },
  { weight: 2, arbitrary: fc.constantFrom<unknown>(null, true, false, [], {}, [[]], { '': '' }) },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
);

const hostileKey = fc.oneof(
  fc.constantFrom('__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty', 'valueOf', '', ' ', 'value', 'token', 'id'),
  fc.string({ maxLength: 12 }),
);

// ---- Bodies: mutated samples, arbitrary JSON, malformed text, wrong content types ------

type Path = (string | number)[];

function pathsOf(value: unknown, base: Path = []): Path[] {
  const out: Path[] = [base];
  if (Array.isArray(value)) value.forEach((v, i) => out.push(...pathsOf(v, [...base, i])));
  else if (value !== null && typeof value === 'object') for (const [k, v] of Object.entries(value)) out.push(...pathsOf(v, [...base, k]));
  return out;
}

/** Sets an own property, also for '__proto__', so that JSON.stringify sends it. */
function put(target: Record<string | number, unknown>, key: string | number, value: unknown) {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

interface Mutation {
  pick: number;
  op: 'replace' | 'remove' | 'addKey' | 'wrap' | 'asString';
  key: string;
  value: unknown;
}

const mutation: fc.Arbitrary<Mutation> = fc.record({
  pick: fc.nat(),
  op: fc.constantFrom('replace', 'replace', 'replace', 'remove', 'addKey', 'wrap', 'asString'),
  key: hostileKey,
  value: hostileValue,
});

function mutate(sample: unknown, mutations: Mutation[]): unknown {
  let root: unknown = structuredClone(sample);
  for (const m of mutations) {
    // A copy: fast-check hands out the same constant objects ([] and {}) again and again,
    // and a later mutation must not change, or make circular, what another run uses.
    const value = structuredClone(m.value);
    const paths = pathsOf(root);
    const path = paths[m.pick % paths.length]!;
    const current = path.reduce<unknown>((v, k) => (v as Record<string | number, unknown>)[k], root);
    const next =
      m.op === 'replace'
        ? value
        : m.op === 'wrap'
          ? [current]
          : m.op === 'asString'
            ? typeof current === 'object'
              ? JSON.stringify(current)
              : String(current)
            : current;
    if (m.op === 'addKey') {
      if (current !== null && typeof current === 'object' && !Array.isArray(current)) put(current as Record<string, unknown>, m.key, value);
      continue;
    }
    if (path.length === 0) {
      root = m.op === 'remove' ? undefined : next;
      continue;
    }
    const parent = path.slice(0, -1).reduce<unknown>((v, k) => (v as Record<string | number, unknown>)[k], root) as Record<
      string | number,
      unknown
    >;
    const key = path[path.length - 1]!;
    if (m.op === 'remove') {
      if (Array.isArray(parent)) parent.splice(Number(key), 1);
      else delete parent[key];
    } else put(parent, key, next);
  }
  return root;
}

const MALFORMED_JSON = [
  '',
  '{',
  '{"value": ',
  '}',
  'null',
  '[]',
  '"text"',
  '123',
  'true',
  '{"a":1,"a":2}',
  '{"__proto__":{"polluted":"yes"}}',
  '{"constructor":{"prototype":{"polluted":"yes"}}}',
  '\ufeff{}',
  '{"value":"\\u0000"}',
  '{"value":"\\ud800"}',
  '{"value":"\\udfff\\ud800"}',
  '1e999',
  '{"kilometers":1e999,"organizationId":1e999,"price":-1e999}',
  '{"value":01}',
  "{'single':'quotes'}",
  '{"registerNumber":"ABC-123"}garbage',
  'NaN',
  '\u0000',
  '['.repeat(5000) + ']'.repeat(5000),
  '{"a":'.repeat(3000) + '1' + '}'.repeat(3000),
  `{"value":"${'x'.repeat(70_000)}"}`,
  '{"items":[' + Array.from({ length: 2000 }, () => '{"productId":"x"}').join(',') + ']}',
];

const CONTENT_TYPES = [
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/xml',
  'application/json; charset=utf-16',
  'application/json; charset=latin1',
  'application/jsonx',
  'APPLICATION/JSON',
  'application/json;;',
  'application/vnd.api+json',
  '*/*',
  'text/html',
  'image/png',
];

interface Body {
  contentType?: string;
  payload: string;
}

function bodyArb(sample: Sample | undefined): fc.Arbitrary<Body | undefined> {
  const asJson = (v: unknown): Body | undefined => (v === undefined ? undefined : { contentType: 'application/json', payload: JSON.stringify(v) });
  const base = sample?.body ?? {};
  return fc.oneof(
    { weight: 6, arbitrary: fc.array(mutation, { minLength: 1, maxLength: 3 }).map((ms) => asJson(mutate(base, ms))) },
    { weight: 1, arbitrary: fc.constant(asJson(base)) },
    { weight: 2, arbitrary: fc.oneof(fc.jsonValue({ maxDepth: 4 }), fc.object({ key: hostileKey, values: [hostileValue] })).map(asJson) },
    { weight: 2, arbitrary: fc.constantFrom(...MALFORMED_JSON).map((payload) => ({ contentType: 'application/json', payload })) },
    {
      weight: 1,
      arbitrary: fc.tuple(fc.constantFrom(...CONTENT_TYPES), fc.oneof(fc.constant(JSON.stringify(base)), hostileString)).map(([contentType, payload]) => ({
        contentType,
        payload,
      })),
    },
    { weight: 1, arbitrary: fc.constant(undefined) },
  );
}

// ---- Query strings -------------------------------------------------------------------------

/** Percent-encodes UTF-8 as a browser would (a lone surrogate becomes U+FFFD). */
function encode(s: string) {
  return [...Buffer.from(s, 'utf8')].map((b) => (/[A-Za-z0-9\-_.~]/.test(String.fromCharCode(b)) ? String.fromCharCode(b) : `%${b.toString(16).toUpperCase().padStart(2, '0')}`)).join('');
}

function queryString(q: Record<string, unknown> | undefined): string {
  if (!q) return '';
  return Object.entries(q)
    .flatMap(([k, v]) => (Array.isArray(v) ? v : [v]).map((x) => `${encode(k)}=${encode(typeof x === 'object' && x !== null ? JSON.stringify(x) : String(x))}`))
    .join('&');
}

const RAW_QUERIES = [
  '%',
  '%zz',
  '%C3%28',
  '%ED%A0%80',
  '%FF%FE',
  'a[b]=1',
  '__proto__[polluted]=yes',
  '__proto__=yes',
  'constructor[prototype][polluted]=yes',
  '=&=&&',
  '&&&',
  'organizationId=1&organizationId=2',
  'site=%00',
  `x=${'a'.repeat(8000)}`,
  'stage=DEFAULT%00',
];

function queryArb(sample: Sample | undefined): fc.Arbitrary<string> {
  const base = sample?.query ?? {};
  const keys = Object.keys(base);
  return fc.oneof(
    { weight: 4, arbitrary: fc.array(mutation, { minLength: 1, maxLength: 3 }).map((ms) => queryString(mutate(base, ms) as Record<string, unknown>)) },
    { weight: 1, arbitrary: fc.constant(queryString(base)) },
    {
      weight: 2,
      arbitrary: fc
        .dictionary(keys.length ? fc.oneof(fc.constantFrom(...keys), hostileKey) : hostileKey, fc.oneof(hostileString, fc.array(hostileString, { maxLength: 3 })), {
          maxKeys: 4,
        })
        .map(queryString),
    },
    { weight: 1, arbitrary: fc.constantFrom(...RAW_QUERIES) },
    { weight: 1, arbitrary: fc.constant('') },
  );
}

// ---- Headers, sessions, methods and paths -------------------------------------------------

/** What an HTTP client can put in a header value: visible ASCII, space and obs-text. */
const headerValue = fc.oneof(
  fc.string({ unit: fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c)), maxLength: 60 }),
  fc.string({ unit: fc.integer({ min: 0x80, max: 0xff }).map((c) => String.fromCharCode(c)), maxLength: 10 }),
  fc.constantFrom('', ' ', "' OR '1'='1", '<script>alert(1)</script>', 'javascript:alert(1)', 'x'.repeat(4000), '../../', 'null'),
);

const oddHeaders = fc.dictionary(
  fc.constantFrom(
    'x-forwarded-for',
    'x-forwarded-host',
    'x-forwarded-proto',
    'forwarded',
    'x-real-ip',
    'accept',
    'accept-language',
    'accept-encoding',
    'user-agent',
    'origin',
    'referer',
    'x-http-method-override',
    'x-requested-with',
    'if-none-match',
    'if-modified-since',
    'range',
    'authorization',
    'content-encoding',
    'content-language',
  ),
  headerValue,
  { maxKeys: 3 },
);

type SessionChoice = { kind: 'session'; index: number } | { kind: 'none' } | { kind: 'bogus'; token: string };

const sessionChoice: fc.Arbitrary<SessionChoice> = fc.oneof(
  { weight: 14, arbitrary: fc.nat({ max: 4 }).map((index): SessionChoice => ({ kind: 'session', index })) },
  { weight: 2, arbitrary: fc.constant<SessionChoice>({ kind: 'none' }) },
  {
    weight: 1,
    arbitrary: fc
      .oneof(headerValue, fc.constantFrom('x'.repeat(43), 'A'.repeat(101), `${'a'.repeat(42)}'`))
      .map((token): SessionChoice => ({ kind: 'bogus', token })),
  },
);

type XsrfChoice = 'ok' | 'missing' | 'mismatch' | 'cookie-only' | 'odd-cookies';
const xsrfChoice = fc.constantFrom<XsrfChoice>(...(Array(16).fill('ok') as 'ok'[]), 'missing', 'mismatch', 'cookie-only', 'odd-cookies');

/** Mostly the route itself; sometimes the same path spelled oddly, or another method. */
function pathVariant(path: string) {
  return fc.oneof(
    { weight: 20, arbitrary: fc.constant(path) },
    { weight: 1, arbitrary: fc.constantFrom(`${path}/`, path.toUpperCase(), path.replace(/\/([^/]*)$/, '//$1'), `${path}%00`, `${path}/..`, `${path};x=1`, `${path}%2F`) },
  );
}

function methodVariant(method: string) {
  return fc.oneof({ weight: 20, arbitrary: fc.constant(method) }, { weight: 1, arbitrary: fc.constantFrom('GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'HEAD') });
}

interface FuzzRequest {
  method: string;
  path: string;
  query: string;
  body: Body | undefined;
  session: SessionChoice;
  xsrf: XsrfChoice;
  address: string;
  headers: Record<string, string>;
}

function requestArb(route: Route): fc.Arbitrary<FuzzRequest> {
  const sample = SAMPLES[routeKey(route)];
  const hasBody = route.method !== 'GET';
  return fc.record({
    method: methodVariant(route.method),
    path: pathVariant(route.path),
    // A call that takes a body gets a plain query now and then, and the other way round.
    query: sample?.query || !hasBody ? queryArb(sample) : fc.oneof({ weight: 5, arbitrary: fc.constant('') }, { weight: 1, arbitrary: queryArb(sample) }),
    body: hasBody ? bodyArb(sample) : fc.oneof({ weight: 6, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: bodyArb(sample) }),
    session: sessionChoice,
    xsrf: xsrfChoice,
    address: fc.ipV4(),
    headers: oddHeaders,
  });
}

/** The route's valid sample as it is, with the prepared session: the first request of each run. */
function plainRequest(route: Route): FuzzRequest {
  const sample = SAMPLES[routeKey(route)];
  return {
    method: route.method,
    path: route.path,
    query: queryString(sample?.query),
    body: sample?.body === undefined ? undefined : { contentType: 'application/json', payload: JSON.stringify(sample.body) },
    session: { kind: 'session', index: 1 },
    xsrf: 'ok',
    address: '192.0.2.1',
    headers: {},
  };
}

function injectOptions(req: FuzzRequest): InjectOptions {
  const xsrf = req.session.kind === 'session' ? sessions[req.session.index]!.xsrf : 'fuzz-xsrf-token';
  const headers: Record<string, string> = {};
  if (req.xsrf === 'ok') Object.assign(headers, { cookie: `${XSRF_COOKIE}=${xsrf}`, [XSRF_HEADER]: xsrf });
  if (req.xsrf === 'mismatch') Object.assign(headers, { cookie: `${XSRF_COOKIE}=${xsrf}`, [XSRF_HEADER]: `${xsrf}x` });
  if (req.xsrf === 'cookie-only') headers.cookie = `${XSRF_COOKIE}=${xsrf}`;
  if (req.xsrf === 'odd-cookies') Object.assign(headers, { cookie: `=; ;;a=%ZZ; __proto__=1; ${XSRF_COOKIE}=${xsrf}; ${XSRF_COOKIE}=other`, [XSRF_HEADER]: xsrf });
  if (req.session.kind === 'session') headers[PROCESS_TOKEN_HEADER] = sessions[req.session.index]!.token;
  if (req.session.kind === 'bogus') headers[PROCESS_TOKEN_HEADER] = req.session.token;
  // A back-office call: the admin's session cookie with a session, a made-up one when bogus.
  const staffCall = isStaffPath(req.path) && !STAFF_CALLS_WITHOUT_SESSION.some((k) => k === `${req.method} ${req.path}`);
  if (staffCall && req.session.kind !== 'none') {
    const value = req.session.kind === 'session' ? staff.session : encodeURIComponent(req.session.token);
    headers.cookie = [headers.cookie, `${STAFF_SESSION_COOKIE}=${value}`].filter(Boolean).join('; ');
  }
  Object.assign(headers, req.headers);
  if (req.body?.contentType !== undefined) headers['content-type'] = req.body.contentType;
  const path = fillPath(req.path, staff.params);
  return {
    method: req.method as InjectOptions['method'],
    url: req.query ? `${path}?${req.query}` : path,
    headers,
    remoteAddress: req.address,
    ...(req.body ? { payload: req.body.payload } : {}),
  };
}

const shortly = (s: string, n = 300) => (s.length > n ? `${s.slice(0, n)}… (${s.length} chars)` : s);

function describeRequest(req: FuzzRequest, res: LightMyRequestResponse) {
  const session = req.session.kind === 'session' ? sessions[req.session.index]!.name : req.session.kind;
  return [
    `${req.method} ${shortly(req.path)}${req.query ? `?${shortly(req.query)}` : ''} (session ${session}, xsrf ${req.xsrf}, headers ${shortly(JSON.stringify(req.headers))})`,
    req.body ? `body (${req.body.contentType ?? 'no content-type'}): ${shortly(req.body.payload)}` : 'no body',
    `→ ${res.statusCode} ${shortly(res.body)}`,
  ].join('\n');
}

/** The sweep's values: NUL and lone surrogates (PostgreSQL text), int4 overflow, non-finite and odd types. */
const SWEEP_VALUES: unknown[] = ['\u0000', 'a\u0000b', '\ud800', 'x\udfffy', 2147483648, -2147483649, 1e308, -1, 1.5, null, [], {}, 'Å'.repeat(3000)];

/** The sweep's tests: each sends the sweep of a quarter of the routes. */
const SWEEP_PARTS = 4;

/** The sweep's turn among the sessions and its client addresses, counted over all its parts. */
let turn = 0;

// ---- Bookkeeping ------------------------------------------------------------------------

let reads = 0;

/** Whatever a route's fuzz stored, every session's booking still reads: no 5xx from a reader. */
async function expectSessionsStillRead(after: Route) {
  await mailIdle();
  for (const s of sessions) {
    for (const r of READERS) {
      const res = await t.app.inject({
        method: r.method,
        url: r.url,
        headers: { cookie: `${XSRF_COOKIE}=${s.xsrf}`, [XSRF_HEADER]: s.xsrf, [PROCESS_TOKEN_HEADER]: s.token },
        ...(r.body ? { payload: r.body as object } : {}),
      });
      reads++;
      if (res.statusCode >= 500) {
        const stored = await t.db.selectFrom('process').selectAll().where('token', '=', s.token).executeTakeFirst();
        throw new Error(
          `${r.method} ${r.url} answered ${res.statusCode} for the ${s.name} session after the fuzz of ${routeKey(after)}; its process: ${shortly(JSON.stringify(stored), 2000)}`,
        );
      }
    }
  }
}

const tally = new StatusTally();

const record = (route: Route, status: number) => tally.record(route, status);

/** One request and both properties; throws (with the request) when one fails. */
async function sendAndCheck(route: Route, req: FuzzRequest) {
  await mailIdle();
  const before = await changeMark();
  const res = await t.app.inject(injectOptions(req));
  record(route, res.statusCode);
  if (res.statusCode >= 500) throw new Error(`5xx answer:\n${describeRequest(req, res)}`);
  if (res.statusCode < 300 && req.session.kind === 'session') {
    // What a call accepted must not break the booking it was stored in.
    const s = sessions[req.session.index]!;
    const view = await t.app.inject({
      method: 'GET',
      url: `${API_BASE}/get-booking/v2`,
      headers: { cookie: `${XSRF_COOKIE}=${s.xsrf}`, [PROCESS_TOKEN_HEADER]: s.token },
      remoteAddress: req.address,
    });
    if (view.statusCode >= 500) throw new Error(`get-booking/v2 answered ${view.statusCode} after:\n${describeRequest(req, res)}`);
  }
  if (res.statusCode >= 400) {
    const allowed = ALLOWED_ON_4XX[routeKey(route)] ?? [];
    const changed = (await changesSince(before)).filter((c) => !allowed.some((a) => a.table === c.tbl && a.op === c.op));
    if (changed.length > 0) {
      throw new Error(`a ${res.statusCode} answer changed stored data (${changed.map((c) => `${c.op} ${c.tbl}`).join(', ')}):\n${describeRequest(req, res)}`);
    }
    const body = (() => {
      try {
        return res.json() as { error?: string; fields?: { path: string }[] };
      } catch {
        return undefined;
      }
    })();
    if (body?.error === 'VALIDATION' && !(body.fields && body.fields.length > 0)) {
      throw new Error(`a 400 VALIDATION answer names no field:\n${describeRequest(req, res)}`);
    }
  }
}

// ---- The tests ---------------------------------------------------------------------------

let tablesBefore: Record<string, number>;
let started = 0;
const prototypeKeys = Object.getOwnPropertyNames(Object.prototype).sort();

beforeAll(async () => {
  await prepareFixtures();
  await installChangeLog();
  tablesBefore = await tableCounts();
  started = performance.now();
}, 120_000);

afterAll(async () => {
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  const summary = tally.summary();
  console.log(
    `fuzz: ${tally.requests} requests to ${ROUTES.length} endpoints and ${reads} reads of the sessions after them in ${seconds} s (seed ${SEED}); ${summary}`,
  );
  await t.close();
});

describe('fuzzing every endpoint with malformed and hostile input', () => {
  it('finds every endpoint of the app, and a valid sample for each that takes input', () => {
    expect(ROUTES.length).toBeGreaterThan(80);
    expect(ROUTES).toContainEqual({ method: 'POST', path: `${API_BASE}/save-booking` });
    expect(ROUTES).toContainEqual({ method: 'POST', path: `${API_BASE}/free-times/morning` });
    expect(ROUTES).toContainEqual({ method: 'POST', path: `${LOYALTY_API_BASE}/confirmUser` });
    expect(ROUTES).toContainEqual({ method: 'GET', path: '/health' });
    // A sample of a call that the app no longer has would be dead.
    const keys = new Set(ROUTES.map(routeKey));
    expect(Object.keys(SAMPLES).filter((k) => !keys.has(k))).toEqual([]);
  });

  it('the change log sees a stored change, and not a rolled-back one', async () => {
    const s = sessions[0]!;
    const before = await changeMark();
    const res = await t.app.inject({
      method: 'POST',
      url: `${API_BASE}/save-notes`,
      headers: { cookie: `${XSRF_COOKIE}=${s.xsrf}`, [XSRF_HEADER]: s.xsrf, [PROCESS_TOKEN_HEADER]: s.token },
      payload: { value: 'Muutos' },
    });
    expect(res.statusCode).toBe(200);
    expect(await changesSince(before)).toEqual([{ tbl: 'process', op: 'UPDATE' }]);
    const mark = await changeMark();
    const rolledBack = t.db.transaction().execute(async (trx) => {
      await trx.updateTable('organization').set({ name: 'Muutettu' }).where('id', '=', 1).execute();
      throw new Error('rollback');
    });
    await expect(rolledBack).rejects.toThrow('rollback');
    expect(await changesSince(mark)).toEqual([]);
  });

  it.each(ROUTES.map((r, i) => [r.method, r.path, i] as const))('%s %s: never a 5xx, and a 4xx changes nothing', async (method, path, i) => {
    const route = { method, path };
    await fc.assert(
      fc.asyncProperty(requestArb(route), (req) => sendAndCheck(route, req)),
      { seed: SEED + i, numRuns: RUNS_PER_ROUTE, examples: [[plainRequest(route)]] },
    );
    // The fuzz got past the session and XSRF checks into the handler at least once (a raw
    // picture's call refuses the fuzz's JSON bodies with 415 once past them).
    const byStatus = tally.byRoute.get(routeKey(route))!;
    const raw = RAW_PICTURE_CALLS.includes(routeKey(route));
    const reached = [...byStatus.keys()].some((s) => s < 300 || s === 400 || s === 409 || (raw && s === 415));
    expect(reached, JSON.stringify([...byStatus])).toBe(true);
    if (method !== 'GET') await expectSessionsStillRead(route);
  });

  // The sweep in SWEEP_PARTS tests over consecutive runs of the routes, in the routes' order:
  // the same requests in the same order as one test (`turn` goes on from part to part), each
  // part well within the test time limit on a busy machine (one test of all took up to 60 s).
  it.each(Array.from({ length: SWEEP_PARTS }, (_, part) => [part + 1, SWEEP_PARTS] as const))(
    'sets every field of every sample to each value that a database or a parser is known to trip on (routes, part %i of %i)',
    async (partNo) => {
      const failures: string[] = [];
      const sweep: { route: Route; req: FuzzRequest }[] = [];
      const size = Math.ceil(ROUTES.length / SWEEP_PARTS);
      for (const route of ROUTES.slice((partNo - 1) * size, partNo * size)) {
        const sample = SAMPLES[routeKey(route)];
        if (!sample) continue;
        for (const part of ['body', 'query'] as const) {
          const base = sample[part];
          if (base === undefined) continue;
          pathsOf(base).forEach((_path, pick) => {
            for (const value of SWEEP_VALUES) {
              const changed = mutate(base, [{ pick, op: 'replace', key: '', value }]);
              const other = part === 'body' ? sample.query : sample.body;
              const body = part === 'body' ? changed : other;
              const query = (part === 'query' ? changed : other) as Record<string, unknown> | undefined;
              sweep.push({
                route,
                req: {
                  method: route.method,
                  path: route.path,
                  query: queryString(query),
                  body: body === undefined ? undefined : { contentType: 'application/json', payload: JSON.stringify(body) },
                  session: { kind: 'session', index: turn++ % sessions.length },
                  xsrf: 'ok',
                  address: `10.9.${(turn >> 8) & 255}.${turn & 255}`,
                  headers: {},
                },
              });
            }
          });
        }
      }
      for (const { route, req } of sweep) {
        try {
          await sendAndCheck(route, req);
        } catch (err) {
          failures.push((err as Error).message);
        }
      }
      expect(failures).toEqual([]);
    },
  );

  it('no request polluted Object.prototype', () => {
    expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(prototypeKeys);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('every table is still there, and none lost rows', async () => {
    const after = await tableCounts();
    expect(Object.keys(after).sort()).toEqual(Object.keys(tablesBefore).sort());
    // Rows are deleted by design only when a held time is released, a login succeeds, a newer registration replaces one,
    // staff remove an absence or an opening exception, or change a user's offices.
    for (const [table, n] of Object.entries(tablesBefore)) {
      if (
        ['resource_time', 'login_throttle', 'loyalty_registration', 'resource_absence', 'opening_exception', 'staff_user_office'].includes(table) ||
        UNWATCHED_TABLES.includes(table)
      )
        continue;
      expect(after[table], table).toBeGreaterThanOrEqual(n);
    }
  });
});
