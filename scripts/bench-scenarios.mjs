// The calls `npm run bench` measures. To measure another call, add an object to SCENARIOS:
//
//   {
//     id: 'short-name',                 // key in bench-results.json
//     label: 'POST /some-call',         // shown in the table
//     baseline: false,                  // exactly one scenario is the baseline of the ratio column
//     floor: false,                     // exactly one scenario is the session calls' floor (session/v2/alive)
//     session: true,                    // a call with a booking session: its ratio to the floor is printed
//     budgetP99Ms: 25,                  // optional: p99 budget, printed as ✓/✗ (never fails the run)
//     async prepare(server) {           // runs once per run, before the load
//       const s = await new ApiSession(server.urls).start('MAINTENANCE');   // a real booking session
//       ...                                                     // check the call answers what it should
//       return { requests: [{ method: 'POST', path: ..., headers: s.headers(), body: JSON.stringify(...) }], note: '...' };
//     },
//   }
//
// `requests` is autocannon's requests array: every connection goes through it in order,
// over and over, so several entries vary the load (sizes, dates, …).
//
// `server.urls` holds one address per server process. With two processes autocannon gives
// each connection one of them in turn, and an ApiSession sends each call to the next process
// after its previous call's, so a session's state and the processes' caches are used across
// processes as a load balancer without sticky sessions would.
//
// The goals of issue 17 (ratios, p50/p99 limits) are in bench-goals.mjs.

import { randomBytes } from 'node:crypto';

export const API = '/ServiceBooking/rest';
const JSON_TYPE = { 'content-type': 'application/json' };

/** Sessions made so far: each starts on the process after the previous session's first one. */
let sessionsMade = 0;

/**
 * A browser-like client of the API: a double-submit XSRF cookie + header on every call
 * (plugins/xsrf.ts) and the booking process token once init-session has answered one
 * (plugins/session.ts). Given several server addresses (one per process), its calls go to
 * them in turn.
 */
export class ApiSession {
  token = undefined;
  xsrf = randomBytes(18).toString('base64url');

  /**
   * `address`: the client's own address, sent as a proxy in front of the server would
   * (X-Forwarded-For; the bench servers trust the bench's loopback address, bench-server.mjs).
   * Without it every call comes from the bench's own address.
   */
  constructor(baseUrls, { address } = {}) {
    this.baseUrls = Array.isArray(baseUrls) ? baseUrls : [baseUrls];
    this.nextBase = sessionsMade++;
    this.address = address;
  }

  /** The headers a browser sends: cookie, XSRF echo and the process token. */
  headers() {
    return {
      cookie: `XSRF-TOKEN=${this.xsrf}`,
      'x-xsrf-token': this.xsrf,
      ...(this.token ? { 'x-process-token': this.token } : {}),
      ...(this.address ? { 'x-forwarded-for': this.address } : {}),
    };
  }

  async call(method, path, body, query) {
    const url = new URL(API + path, this.baseUrls[this.nextBase++ % this.baseUrls.length]);
    for (const [k, v] of Object.entries(query ?? {})) url.searchParams.set(k, v);
    const hasBody = method !== 'GET' && method !== 'HEAD';
    const res = await fetch(url, {
      method,
      headers: { ...this.headers(), ...(hasBody ? JSON_TYPE : {}) },
      ...(hasBody ? { body: JSON.stringify(body ?? {}) } : {}),
    });
    const text = await res.text();
    if (!res.ok) throw Object.assign(new Error(`${method} ${path} answered ${res.status}: ${text.slice(0, 300)}`), { status: res.status });
    const token = res.headers.get('x-process-token');
    if (token) this.token = token;
    return text ? JSON.parse(text) : undefined;
  }

  get = (path, query) => this.call('GET', path, undefined, query);
  post = (path, body, query) => this.call('POST', path, body, query);

  /** init-session + search-vehicle ABC-123 at 60,000 km. */
  async start(processType) {
    await this.post('/init-session', {}, { usedProcessType: processType, installationType: 'LAAKKONEN_PUBLIC' });
    if (!this.token) throw new Error('init-session answered no x-process-token header');
    const vehicle = await this.post('/search-vehicle', { registerNumber: 'ABC-123', kilometers: 60000 });
    if (vehicle?.responseCode !== 'SUCCESS') throw new Error(`search-vehicle answered ${JSON.stringify(vehicle).slice(0, 300)}`);
    return this;
  }
}

/** A POST entry of autocannon's requests array, with the session's headers. */
function post(session, path, body) {
  return { method: 'POST', path: API + path, headers: { ...session.headers(), ...JSON_TYPE }, body: JSON.stringify(body) };
}

/** YYYY-MM-DD of a Date in Helsinki. */
function helsinkiDate(d) {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Helsinki', year: 'numeric', month: '2-digit', day: '2-digit' }).format(d);
}

function addDays(date, n) {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}

/**
 * Monday..Sunday of the current week in Helsinki. On a Saturday or Sunday no working day
 * of the current week is left, so free-times would compute nothing: the next week is used
 * then, unless BENCH_WEEK=current.
 */
export function benchWeek(now = new Date(), mode = process.env.BENCH_WEEK) {
  const today = helsinkiDate(now);
  const dow = new Date(`${today}T00:00:00Z`).getUTCDay(); // 0 = Sunday
  let monday = addDays(today, -((dow + 6) % 7));
  const weekend = dow === 0 || dow === 6;
  const next = weekend && mode !== 'current';
  if (next) monday = addDays(monday, 7);
  return { start: monday, end: addDays(monday, 6), today, next };
}

/** Tire sizes rotated in the search-tires load (those the catalogue has are kept). */
const TIRE_SIZES = ['205/55R16', '195/65R15', '225/45R17', '205/60R16', '215/55R17', '185/65R15', '225/40R18', '235/45R18'];
const TIRE_TYPES = ['NORMAL', 'WINTER_STUDDED', 'WINTER_STUDLESS'];
const MIN_LOAD_INDEXES = [70, 75, 80, 85, 88, 91];

/**
 * A TIRE_SALES session and the search-tires bodies that find tires: the common sizes the
 * catalogue has × tire types × minimum load indexes, all suppliers. Every body is asked once.
 */
async function tireQueries(server) {
  const s = await new ApiSession(server.urls).start('TIRE_SALES');
  const options = await s.get('/tire-sizes');
  const suppliers = options.suppliers.map((x) => x.id);
  const sizes = TIRE_SIZES.map((text) => {
    const [, width, aspectRatio, rimDiameter] = /^(\d+)\/(\d+)R(\d+)$/.exec(text).map(Number);
    return { text, width, aspectRatio, rimDiameter };
  }).filter((z) => options.widths.includes(z.width) && options.aspectRatios.includes(z.aspectRatio) && options.rimDiameters.includes(z.rimDiameter));
  const bodies = [];
  const counts = [];
  const used = new Set();
  for (const z of sizes) {
    for (const tireType of TIRE_TYPES) {
      for (const minLoadIndex of MIN_LOAD_INDEXES) {
        const body = { suppliers, width: z.width, aspectRatio: z.aspectRatio, rimDiameter: z.rimDiameter, minLoadIndex, tireType };
        const found = await s.post('/search-tires/v2', body);
        if (!Array.isArray(found)) throw new Error(`search-tires answered ${JSON.stringify(found).slice(0, 300)}`);
        if (found.length === 0) continue;
        bodies.push(body);
        counts.push(found.length);
        used.add(z.text);
      }
    }
  }
  if (bodies.length === 0) throw new Error('no tire query found any tire');
  // Interleave sizes so that consecutive requests of a connection differ.
  bodies.sort((a, b) => a.minLoadIndex - b.minLoadIndex || TIRE_TYPES.indexOf(a.tireType) - TIRE_TYPES.indexOf(b.tireType));
  const avg = counts.reduce((a, b) => a + b, 0) / counts.length;
  const note =
    `${bodies.length} queries: ${[...used].join(', ')} × ${TIRE_TYPES.length} types × minLoadIndex ` +
    `${MIN_LOAD_INDEXES[0]}–${MIN_LOAD_INDEXES.at(-1)}, all ${suppliers.length} suppliers; ` +
    `${Math.min(...counts)}–${Math.max(...counts)} tires each (avg ${avg.toFixed(0)})`;
  return { s, bodies, suppliers, note };
}

/** A MAINTENANCE session at office 1 with the first offered service in its cart. */
async function maintenanceWithService(server) {
  const s = await new ApiSession(server.urls).start('MAINTENANCE');
  await s.post('/active-organization/v2', { organizationId: 1 });
  const groups = await s.get('/services/v2');
  const product = groups?.[0]?.suggestions?.[0]?.product;
  if (!product) throw new Error('services/v2 offered no product');
  const added = await s.post('/add-products-to-cart', { items: [{ productId: product.id, provider: product.provider, amount: 1 }], stage: 'DEFAULT' });
  if (added?.responseCode !== 'SUCCESS') throw new Error(`add-products-to-cart answered ${JSON.stringify(added)}`);
  return { s, product };
}

export const SCENARIOS = [
  {
    id: 'trivial',
    label: 'GET /active-processes',
    baseline: true,
    // The server's cheapest JSON GET: no session, no database (answers a constant list).
    // GET /health and GET /settings each read the database, so they are not trivial.
    async prepare(server) {
      const s = new ApiSession(server.urls);
      const body = await s.get('/active-processes');
      if (!Array.isArray(body) || body.length === 0) throw new Error(`active-processes answered ${JSON.stringify(body)}`);
      return {
        requests: [{ method: 'GET', path: `${API}/active-processes`, headers: s.headers() }],
        note: 'baseline: the cheapest JSON GET (no session, no database)',
      };
    },
  },
  {
    id: 'session-floor',
    label: 'GET /session/v2/alive',
    // The floor of every call with a session: the session read (its one statement, as
    // plugins/session.ts reads it for every such call) and `{}`. A session call's req/s over
    // this one's is what the call costs beyond the session.
    floor: true,
    async prepare(server) {
      const s = await new ApiSession(server.urls).start('MAINTENANCE');
      const body = await s.get('/session/v2/alive');
      if (JSON.stringify(body) !== '{}') throw new Error(`session/v2/alive answered ${JSON.stringify(body)}`);
      return {
        requests: [{ method: 'GET', path: `${API}/session/v2/alive`, headers: s.headers() }],
        note: 'floor of the session calls: the session read (one statement) and {}',
      };
    },
  },
  {
    id: 'search-tires',
    label: 'POST /search-tires/v2',
    session: true,
    budgetP99Ms: 20,
    async prepare(server) {
      const { s, bodies, note } = await tireQueries(server);
      return {
        requests: bodies.map((b) => post(s, '/search-tires/v2', b)),
        // The server keeps each search's answer for 60 s (tires/search-cache.ts), and
        // tireQueries() has just asked every one: this is the cached path.
        note: `${note}; answered from the server's search cache (each was asked once in preparation)`,
      };
    },
  },
  {
    id: 'search-tires-uncached',
    label: 'POST /search-tires/v2 (cache miss)',
    session: true,
    async prepare(server) {
      const { s, bodies, suppliers, note } = await tireQueries(server);
      // Each query once per supplier left out: more distinct searches than the cache keeps
      // (500). One counter shared by all connections hands out the next search to every
      // request (autocannon runs the connections through `requests` side by side, so that
      // a plain list would have 19 of 20 connections find what the first one just loaded):
      // a search comes again only after all the others, long evicted, so every request
      // misses and queries the database.
      const misses = suppliers.flatMap((out) => bodies.map((b) => JSON.stringify({ ...b, suppliers: suppliers.filter((x) => x !== out) })));
      let next = 0;
      const request = post(s, '/search-tires/v2', {});
      return {
        requests: [{ ...request, setupRequest: (req) => ({ ...req, body: misses[next++ % misses.length] }) }],
        note: `${misses.length} distinct searches (${note.split(':')[0]} × ${suppliers.length} with one supplier left out) in turn, more than the cache's 500: every request queries the database`,
      };
    },
  },
  {
    id: 'free-times',
    label: 'POST /free-times (1 week)',
    session: true,
    async prepare(server) {
      const { s, product } = await maintenanceWithService(server);
      const week = benchWeek();
      const days = await s.post('/free-times', { start: week.start, end: week.end });
      if (!Array.isArray(days) || days.length !== 7) throw new Error(`free-times answered ${JSON.stringify(days).slice(0, 300)}`);
      const slots = days.reduce((n, d) => n + d.calendarSlots.length, 0);
      return {
        requests: [post(s, '/free-times', { start: week.start, end: week.end })],
        note:
          `office 1, product ${product.id}, ${week.start}..${week.end}` +
          `${week.next ? ` (next week: today ${week.today} is a weekend day)` : ''}; ${slots} free slots` +
          (slots === 0 ? ' — WARNING: no free slot, the call computes little' : ''),
      };
    },
  },
  {
    id: 'first-free-times',
    label: 'POST /first-free-times (a page of 20 offices)',
    session: true,
    async prepare(server) {
      // The office step asks for the offices it shows: a page of 20 (apps/web organization-picker.tsx OFFICE_PAGE).
      return firstFreeTimesOf(server, 20);
    },
  },
  {
    id: 'first-free-times-100',
    label: 'POST /first-free-times (100 offices)',
    session: true,
    async prepare(server) {
      // The most one call may ask (firstFreeTimesBody).
      return firstFreeTimesOf(server, 100);
    },
  },
  {
    id: 'other-offices',
    label: 'POST /free-times-on-organization (1 month, nearest 20, firstOnly)',
    session: true,
    async prepare(server) {
      // The time step asks a page of the nearest 20 (apps/web get-other-organizations.ts OTHER_OFFICES_PAGE),
      // each office's first free time only.
      return otherOffices(server, 20, { firstOnly: true });
    },
  },
  {
    id: 'other-offices-all',
    label: 'POST /free-times-on-organization (1 month, every office)',
    session: true,
    async prepare(server) {
      // Without a limit: every compatible office, as callers that send no limit get it.
      return otherOffices(server, undefined);
    },
  },
];

/** first-free-times for the first `count` offices of compatible-organizations/v2, for a maintenance cart at office 1. */
async function firstFreeTimesOf(server, count) {
  const { s, product } = await maintenanceWithService(server);
  const ids = (await maintenanceOffices(server)).slice(0, count);
  const answer = await s.post('/first-free-times', { organizationIds: ids });
  if (!Array.isArray(answer?.organizations)) throw new Error(`first-free-times answered ${JSON.stringify(answer).slice(0, 300)}`);
  const found = answer.organizations.filter((o) => o.date !== null).length;
  return {
    requests: [post(s, '/first-free-times', { organizationIds: ids })],
    note: `${ids.length} offices for product ${product.id}; ${found} with a first free time in ${answer.weeks} weeks`,
  };
}

/** free-times-on-organization a month ahead from office 1, with a `limit` (a page of the nearest) or without. */
async function otherOffices(server, limit, extra = {}) {
  const { s, product } = await maintenanceWithService(server);
  const start = helsinkiDate(new Date());
  const body = { start, end: addDays(start, 31), ...(limit ? { limit } : {}), ...extra };
  const offices = await s.post('/free-times-on-organization', body);
  if (!Array.isArray(offices)) throw new Error(`free-times-on-organization answered ${JSON.stringify(offices).slice(0, 300)}`);
  return {
    requests: [post(s, '/free-times-on-organization', body)],
    note:
      `other offices than office 1 for product ${product.id}, ${body.start}..${body.end}${limit ? `, the nearest ${limit}` : ''}` +
      `${body.firstOnly ? ', first free time only (firstOnly)' : ''}; ${offices.length} offices with free days, ` +
      `${JSON.stringify(offices).length} bytes`,
  };
}

/** The customer of the bench's bookings (a fixed test identity; nothing personal). */
const BENCH_CUSTOMER = {
  first_name: 'Testi',
  last_name: 'Asiakas',
  phone_number: '040 000 0000',
  email: 'bench@example.com',
  address: 'Testikatu 1',
  post_code: '00100',
  post_office: 'Helsinki',
  service_contract: false,
};

/** Offices that take maintenance bookings for ABC-123 (compatible-organizations/v2). */
async function maintenanceOffices(server) {
  return (await maintenanceOfficeHours(server)).map((o) => o.id);
}

/** The same offices with their opening hours ({ id, opening, closing }, HH:mm). */
async function maintenanceOfficeHours(server) {
  const s = await new ApiSession(server.urls).start('MAINTENANCE');
  const offices = await s.get('/compatible-organizations/v2');
  const list = (Array.isArray(offices) ? offices : []).filter((o) => Number.isInteger(o.id));
  if (list.length === 0) throw new Error(`compatible-organizations/v2 answered ${JSON.stringify(offices).slice(0, 300)}`);
  return list.map((o) => ({ id: o.id, opening: o.opening_time, closing: o.closing_time }));
}

/**
 * One whole maintenance booking through the API, as the web app makes it: init-session,
 * search-vehicle, active-organization/v2, services/v2, add-products-to-cart, free-times for
 * one week, reserve-time (a random free time; another one when it was just taken: a slot of
 * an office that books exact times, a whole day, sent with the office's hours, of one that
 * books days),
 * customer/v2, get-booking/v2 and save-booking. Answers the time of each call, and with
 * `think` ({ pause, text }) waits for its pause before each call, as a person reads
 * and types between them; `address` is the client's own address (ApiSession). A call that fails throws, its error naming the call (`call`), the
 * answer's status (`status`, none when no answer came) and the calls made before (`calls`).
 */
async function bookOnce(server, office, weekOffset, { think, address } = {}) {
  const organizationId = office.id;
  const times = [];
  /** [call, ms] of each call, named as in the API. */
  const calls = [];
  const s = new ApiSession(server.urls, { address });
  const timed = async (call, fn) => {
    if (think) await think.pause();
    const t0 = performance.now();
    let out;
    try {
      out = await fn();
    } catch (err) {
      throw Object.assign(err, { call, calls });
    }
    const ms = performance.now() - t0;
    times.push(ms);
    calls.push([call, ms]);
    return out;
  };
  await timed('init-session', () => s.post('/init-session', {}, { usedProcessType: 'MAINTENANCE', installationType: 'LAAKKONEN_PUBLIC' }));
  await timed('search-vehicle', () => s.post('/search-vehicle', { registerNumber: 'ABC-123', kilometers: 60000 }));
  await timed('active-organization/v2', () => s.post('/active-organization/v2', { organizationId }));
  const groups = await timed('services/v2', () => s.get('/services/v2'));
  const product = groups?.[0]?.suggestions?.[0]?.product;
  if (!product) throw Object.assign(new Error('services/v2 offered no product'), { call: 'services/v2', calls });
  await timed('add-products-to-cart', () => s.post('/add-products-to-cart', { items: [{ productId: product.id, provider: product.provider, amount: 1 }], stage: 'DEFAULT' }));
  const week = benchWeek();
  const start = addDays(week.start, 7 * weekOffset);
  const days = await timed('free-times', () => s.post('/free-times', { start, end: addDays(start, 6), resourceTimeSelectionTypes: ['EXACT_TIME', 'DAY_ONLY'] }));
  const slots = days.flatMap((d) =>
    d.calendarSlots.length > 0
      ? d.calendarSlots.map((x) => ({ reservation: `${d.date}T${x.startTime}|${d.date}T${x.endTime}`, timeSelectionType: 'EXACT_TIME' }))
      : d.onlyDayTimesAvailable
        ? [{ reservation: `${d.date}T${office.opening}:00|${d.date}T${office.closing}:00`, timeSelectionType: 'DAY_ONLY' }]
        : [],
  );
  const offered = slots.length;
  let reserved = false;
  let conflicts = 0;
  while (!reserved && slots.length > 0) {
    const [slot] = slots.splice(Math.floor(Math.random() * slots.length), 1);
    const r = await timed('reserve-time', () => s.post('/reserve-time', { ...slot, workshiftPosition: null }));
    reserved = r?.responseCode === 'SUCCESS';
    if (!reserved) conflicts++;
  }
  const officeWeek = { organizationId, start };
  if (!reserved) return { times, calls, saved: false, conflicts, full: true, offered, officeWeek };
  await timed('customer/v2', () => s.post('/customer/v2', BENCH_CUSTOMER));
  await timed('get-booking/v2', () => s.get('/get-booking/v2'));
  const saved = await timed('save-booking', () => s.post('/save-booking'));
  if (saved?.responseCode !== 'SUCCESS') throw Object.assign(new Error(`save-booking answered ${JSON.stringify(saved).slice(0, 300)}`), { call: 'save-booking', calls });
  return { times, calls, saved: true, conflicts, full: false, offered, officeWeek };
}

/** The calls of a whole booking (bookOnce), in their order. */
export const BOOKING_CALLS = [
  'init-session',
  'search-vehicle',
  'active-organization/v2',
  'services/v2',
  'add-products-to-cart',
  'free-times',
  'reserve-time',
  'customer/v2',
  'get-booking/v2',
  'save-booking',
];

/**
 * `clients` workers book again and again for `seconds`, spread over offices and 6 weeks: a
 * client's k-th booking at the office after its (k-1)-th one's, the clients starting at
 * offices of their own as far as there are offices. A booking under way when the time is up is
 * finished. Options: `think` (bookOnce: a pause before each call); `ownAddresses` gives each
 * client an address of its own (otherwise all come from the bench's); `countFailures` counts a
 * booking whose call failed and goes on (otherwise the failure ends the load); `everyCall`
 * gives every call of the booking a row of its own (otherwise reserve-time and save-booking,
 * which cannot be measured outside bookings).
 */
async function bookingLoad(server, clients, seconds, { think, ownAddresses = false, countFailures = false, everyCall = false } = {}) {
  const offices = await maintenanceOfficeHours(server);
  const perBooking = [];
  /** The latencies of each call timed on its own, and its failed answers by status. */
  const perCall = Object.fromEntries(BOOKING_CALLS.map((c) => [c, []]));
  const failedCalls = Object.fromEntries(BOOKING_CALLS.map((c) => [c, {}]));
  let requests = 0;
  let conflicts = 0;
  let started = 0;
  /** Bookings that reserved no time: free-times offered none, or every time offered was taken meanwhile. */
  const noTimeOffered = [];
  let allTaken = 0;
  const failures = [];
  const completedByClient = new Array(clients).fill(0);
  let n = 0;
  const until = performance.now() + seconds * 1000;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: clients }, async (_, worker) => {
      const address = ownAddresses ? `10.${(worker >> 16) & 255}.${(worker >> 8) & 255}.${worker & 255}` : undefined;
      for (let k = 0; performance.now() < until; k++) {
        const i = n++;
        started++;
        let result;
        try {
          result = await bookOnce(server, offices[(worker + k) % offices.length], 1 + (i % 6), { think, address });
        } catch (err) {
          if (!countFailures) throw err;
          requests += err.calls?.length ?? 0;
          for (const [call, ms] of err.calls ?? []) perCall[call].push(ms);
          const call = BOOKING_CALLS.includes(err.call) ? err.call : 'init-session';
          const status = err.status ?? 'no answer';
          failedCalls[call][status] = (failedCalls[call][status] ?? 0) + 1;
          failures.push({ call: err.call, status, message: String(err.message ?? err).slice(0, 200) });
          continue;
        }
        requests += result.times.length;
        for (const [call, ms] of result.calls) perCall[call].push(ms);
        conflicts += result.conflicts;
        if (result.full && result.offered === 0) noTimeOffered.push(result.officeWeek);
        else if (result.full) allTaken++;
        if (result.saved) {
          perBooking.push(result.times.reduce((a, b) => a + b, 0));
          completedByClient[worker]++;
        }
      }
    }),
  );
  const elapsed = (performance.now() - t0) / 1000;
  perBooking.sort((a, b) => a - b);
  for (const list of Object.values(perCall)) list.sort((a, b) => a - b);
  const full = noTimeOffered.length + allTaken;
  const callRow = (call) => ({
    id: call,
    label: `${call === 'services/v2' || call === 'get-booking/v2' ? 'GET' : 'POST'} /${call}`,
    latencies: perCall[call],
    statusCodes: { ...failedCalls[call] },
  });
  const fiveXx = failures.filter((f) => typeof f.status === 'number' && f.status >= 500).length;
  return {
    latencies: perBooking,
    requests,
    elapsed,
    // Rows of their own beside the whole booking's: reserve-time and save-booking cannot be
    // repeated on one session (a time is held once, a booking saved once), so they are
    // measured inside bookings; `everyCall` gives every call its row.
    calls: everyCall
      ? BOOKING_CALLS.map(callRow)
      : [
          { id: 'reserve-time', label: 'POST /reserve-time (in whole bookings)', latencies: perCall['reserve-time'] },
          { id: 'save-booking', label: 'POST /save-booking (in whole bookings)', latencies: perCall['save-booking'] },
        ],
    bookings: {
      started,
      completed: perBooking.length,
      noTimeOffered: noTimeOffered.length,
      allTaken,
      failed: failures.length,
      // Every started booking completes, unless its office-week had no free time left.
      incomplete: started - perBooking.length - full,
      fiveXx,
      clientsWithoutBooking: completedByClient.filter((c) => c === 0).length,
      fewestByClient: Math.min(...completedByClient),
      firstFailures: failures.slice(0, 5),
      noTimeOfferedWeeks: noTimeOffered.slice(0, 5),
    },
    note:
      `${clients} client${clients === 1 ? '' : 's'}${ownAddresses ? ' (each from an address of its own)' : ''}${think ? ` thinking ${think.text} before each call` : ''}: ${perBooking.length} of ${started} bookings saved in ${elapsed.toFixed(1)} s over ${offices.length} offices and 6 weeks ` +
      `(${server.urls.length > 1 ? `each call to the next of ${server.urls.length} processes; ` : ''}${(requests / Math.max(1, started - failures.length)).toFixed(1)} calls each; ${conflicts} slots taken meanwhile, ${full} office-weeks without a free time` +
      `${full > 0 ? ` (${noTimeOffered.length} offered none, ${allTaken} had every time offered taken meanwhile)` : ''}` +
      `${countFailures ? `; ${failures.length} failed (${fiveXx} × 5xx)` : ''}); ` +
      `req/s counts calls, p50/p99 are of whole bookings (the sum of their calls' times${think ? ', thinking left out' : ''})`,
  };
}

SCENARIOS.push(
  {
    id: 'get-booking',
    label: 'GET /get-booking/v2',
    session: true,
    async prepare(server) {
      const { s, product } = await maintenanceWithService(server);
      const booking = await s.get('/get-booking/v2');
      if (!booking || typeof booking !== 'object') throw new Error(`get-booking/v2 answered ${JSON.stringify(booking).slice(0, 300)}`);
      return {
        requests: [{ method: 'GET', path: `${API}/get-booking/v2`, headers: s.headers() }],
        note: `a MAINTENANCE session with ABC-123 at office 1 and product ${product.id} in the cart`,
      };
    },
  },
  {
    id: 'services',
    label: 'GET /services/v2',
    session: true,
    async prepare(server) {
      const { s } = await maintenanceWithService(server);
      const groups = await s.get('/services/v2');
      const count = groups.reduce((n, g) => n + (g.suggestions?.length ?? 0), 0);
      return {
        requests: [{ method: 'GET', path: `${API}/services/v2`, headers: s.headers() }],
        note: `office 1 for ABC-123: ${groups.length} groups, ${count} services with the car's prices`,
      };
    },
  },
  {
    id: 'whole-booking',
    label: 'whole maintenance booking, 1 client',
    // One booking at a time: the sum of its calls' times is the server's time for a booking.
    budgetP99Ms: 150,
    run: (server, { seconds }) => bookingLoad(server, 1, seconds),
  },
  {
    id: 'whole-booking-load',
    label: 'whole maintenance booking, N clients',
    // Rows of their own for these calls (BENCH_ONLY may name them).
    calls: ['reserve-time', 'save-booking'],
    run: (server, { connections, seconds }) => bookingLoad(server, connections, seconds),
  },
);

// ---------------------------------------------------------------- the rush

/** A whole number of an environment variable, at least 1. */
function wholeNumber(name, fallback) {
  const text = process.env[name];
  if (text === undefined || text === '') return fallback;
  const n = Number(text);
  if (!Number.isInteger(n) || n < 1) throw new Error(`${name} must be a whole number of at least 1, got ${text}`);
  return n;
}

/** The rush's clients (BENCH_RUSH_CLIENTS) and the seconds they start bookings in (BENCH_RUSH_SECONDS). */
export const RUSH_CLIENTS = wholeNumber('BENCH_RUSH_CLIENTS', 200);
export const RUSH_SECONDS = wholeNumber('BENCH_RUSH_SECONDS', 60);
/**
 * BENCH_RUSH_ADDRESSES: `each` (default) — every client from an address of its own, as people
 * booking from their own phones; `one` — all from the bench's one address, as behind one NAT.
 * One address shares one fair share (time/fair-share.ts): each reserve-time waits for the
 * address's lock held by the one before it, so the chain's reserve-times run one at a time.
 */
const RUSH_ADDRESSES = process.env.BENCH_RUSH_ADDRESSES || 'each';
if (!['each', 'one'].includes(RUSH_ADDRESSES)) throw new Error(`BENCH_RUSH_ADDRESSES must be each or one, got ${RUSH_ADDRESSES}`);

/** A person's pause before each call: 1–3 s, evenly spread. */
const PERSON_THINKING = { text: '1–3 s', pause: () => new Promise((r) => setTimeout(r, 1000 + Math.random() * 2000)) };

/** The row id of a call of the rush: rush-init-session, rush-get-booking-v2, … */
export const rushCallId = (call) => `rush-${call.replaceAll('/', '-')}`;

SCENARIOS.push({
  id: 'rush',
  label: `rush: whole bookings, ${RUSH_CLIENTS} clients thinking ${PERSON_THINKING.text}${RUSH_ADDRESSES === 'one' ? ', one address' : ''}`,
  // The first snow: many customers booking at once, each at a person's pace, over every office
  // that takes maintenance. Measured on two server processes on PostgreSQL, at the run's
  // larger size when BENCH_SCALE gives one (bench.mjs); every call of the booking a row.
  twoProcesses: true,
  paced: true,
  seconds: RUSH_SECONDS,
  calls: BOOKING_CALLS.map(rushCallId),
  async run(server) {
    const ownAddresses = RUSH_ADDRESSES === 'each';
    const result = await bookingLoad(server, RUSH_CLIENTS, RUSH_SECONDS, { think: PERSON_THINKING, ownAddresses, countFailures: true, everyCall: true });
    return { ...result, calls: result.calls.map((c) => ({ ...c, rowId: rushCallId(c.id), rowLabel: `${c.label} (in the rush)` })) };
  },
});

// ---------------------------------------------------------------- back-office

/**
 * The back-office's calls are measured at its own concurrency (BENCH_STAFF_CONNECTIONS,
 * default 2 = STAFF_HEAVY_CONCURRENCY's default): two front desks at once, each call's own
 * time; at 20 connections the figures would be the heavy-call queue's wait.
 */
export const STAFF_CONNECTIONS = wholeNumber('BENCH_STAFF_CONNECTIONS', 2);

/** The demo admin of the whole chain (seed/staff.ts; listed in the README). */
const DEMO_ADMIN = { email: 'admin@laakkonen.example', password: 'Hallinta-demo-2026' };
const STAFF_SESSION_COOKIE = 'hallinta-istunto';

/**
 * A browser of the back-office (the staff API): the double-submit XSRF cookie and header, and
 * the staff session cookie once signed in.
 */
export class StaffSession {
  xsrf = randomBytes(18).toString('base64url');
  session = undefined;

  constructor(baseUrls) {
    this.baseUrls = Array.isArray(baseUrls) ? baseUrls : [baseUrls];
    this.nextBase = sessionsMade++;
  }

  headers() {
    return {
      cookie: [`XSRF-TOKEN=${this.xsrf}`, ...(this.session ? [`${STAFF_SESSION_COOKIE}=${this.session}`] : [])].join('; '),
      'x-xsrf-token': this.xsrf,
    };
  }

  async call(method, path, body, query) {
    const url = new URL(`${API}/staff${path}`, this.baseUrls[this.nextBase++ % this.baseUrls.length]);
    for (const [k, v] of Object.entries(query ?? {})) url.searchParams.set(k, v);
    const res = await fetch(url, {
      method,
      headers: { ...this.headers(), ...(body !== undefined ? JSON_TYPE : {}) },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`${method} /staff${path} answered ${res.status}: ${text.slice(0, 300)}`);
    for (const cookie of res.headers.getSetCookie()) {
      const m = new RegExp(`^${STAFF_SESSION_COOKIE}=([^;]*)`).exec(cookie);
      if (m) this.session = m[1] || undefined;
    }
    return text ? JSON.parse(text) : undefined;
  }

  get = (path, query) => this.call('GET', path, undefined, query);

  /** Signs in as the demo admin (every office). */
  async login() {
    await this.call('POST', '/login', DEMO_ADMIN);
    if (!this.session) throw new Error('staff login set no session cookie');
    return this;
  }

  /** An autocannon GET of the staff API with this session's headers. */
  request(path, query) {
    const q = query ? `?${new URLSearchParams(query)}` : '';
    return { method: 'GET', path: `${API}/staff${path}${q}`, headers: this.headers() };
  }
}

/**
 * The admin signed in, and the office whose week ahead (benchWeek) has the most bookings
 * among the first offices: its week view, with the working day of the most bookings.
 */
async function staffWithBusyWeek(server) {
  const s = await new StaffSession(server.urls).login();
  const offices = await s.get('/offices');
  const list = Array.isArray(offices) ? offices : (offices?.offices ?? []);
  const ids = list.map((o) => o.id).filter(Number.isInteger).slice(0, 5);
  if (ids.length === 0) throw new Error(`staff offices answered ${JSON.stringify(offices).slice(0, 300)}`);
  const week = benchWeek();
  let best;
  for (const id of ids) {
    const w = await s.get(`/offices/${id}/week`, { date: week.start });
    const count = w.days.reduce((n, d) => n + d.bookings.length, 0);
    if (!best || count > best.count) best = { officeId: id, week: w, count };
  }
  const day = best.week.days.reduce((a, d) => (d.bookings.length > a.bookings.length ? d : a), best.week.days[0]);
  return { s, officeId: best.officeId, week, weekBookings: best.count, day: day.date, dayBookings: day.bookings.length, bookings: best.week.days.flatMap((d) => d.bookings) };
}

SCENARIOS.push(
  {
    id: 'staff-day',
    connections: STAFF_CONNECTIONS,
    label: 'GET /staff/offices/:id/day',
    async prepare(server) {
      const { s, officeId, day, dayBookings } = await staffWithBusyWeek(server);
      const answer = await s.get(`/offices/${officeId}/day`, { date: day });
      if (answer.bookings.length !== dayBookings) throw new Error(`day view of ${day}: ${answer.bookings.length} bookings, the week view ${dayBookings}`);
      return {
        requests: [s.request(`/offices/${officeId}/day`, { date: day })],
        note: `the admin's day view of office ${officeId} on ${day}: ${dayBookings} bookings, ${answer.resources.length} resources, ${answer.holds.length} holds (heavy calls: STAFF_HEAVY_CONCURRENCY at once, the rest queue)`,
      };
    },
  },
  {
    id: 'staff-week',
    connections: STAFF_CONNECTIONS,
    label: 'GET /staff/offices/:id/week',
    async prepare(server) {
      const { s, officeId, week, weekBookings } = await staffWithBusyWeek(server);
      return {
        requests: [s.request(`/offices/${officeId}/week`, { date: week.start })],
        note: `the admin's week view of office ${officeId}, ${week.start}..${week.end}: ${weekBookings} bookings (heavy call, as the day view)`,
      };
    },
  },
  {
    id: 'staff-search',
    connections: STAFF_CONNECTIONS,
    label: 'GET /staff/bookings?q= (search)',
    async prepare(server) {
      const { s, bookings } = await staffWithBusyWeek(server);
      // What a front desk types: a plate's beginning, a booking key, a phone number's digits,
      // a part of a name; each taken from the week's bookings, so that each finds something.
      const terms = new Set();
      for (const b of bookings.slice(0, 8)) {
        if (b.registerNumber.length >= 3) terms.add(b.registerNumber.replace(/[-\s]/g, '').slice(0, 4));
        terms.add(b.bookingKey);
        const digits = b.customerPhone.replace(/\D/g, '');
        if (digits.length >= 5) terms.add(digits.slice(-6));
        const last = b.customerName.split(/\s+/).at(-1) ?? '';
        if (last.length >= 3) terms.add(last.slice(0, 5).toLowerCase());
      }
      const queries = [...terms].filter((q) => q.length >= 3);
      if (queries.length === 0) throw new Error('the week has no bookings to search for');
      const found = [];
      for (const q of queries) found.push((await s.get('/bookings', { q })).results.length);
      const hits = found.filter((n) => n > 0).length;
      return {
        requests: queries.map((q) => s.request('/bookings', { q })),
        note: `${queries.length} searches in turn (plate beginnings, booking keys, phone digits, name parts of the week's bookings), ${hits} of them finding 1–${Math.max(...found)} bookings (heavy call)`,
      };
    },
  },
  {
    id: 'staff-booking',
    connections: STAFF_CONNECTIONS,
    label: 'GET /staff/bookings/:id (detail)',
    async prepare(server) {
      const { s, bookings } = await staffWithBusyWeek(server);
      const ids = bookings.map((b) => b.id).slice(0, 20);
      if (ids.length === 0) throw new Error('the week has no bookings to open');
      const detail = await s.get(`/bookings/${ids[0]}`);
      if (detail?.id !== ids[0] && detail?.booking?.id !== ids[0]) throw new Error(`booking detail answered ${JSON.stringify(detail).slice(0, 300)}`);
      return {
        requests: ids.map((id) => s.request(`/bookings/${id}`)),
        note: `${ids.length} bookings of the week opened in turn (customer, car, lines, history)`,
      };
    },
  },
);

// ---------------------------------------------------------------- jobs

// One reminder pass and one purge pass on the run's database, after every call (the servers
// stopped first): bench-load.mjs measureJobs, bench-jobs.mjs. Not a route: the jobs run in
// every server process on their own timers (jobs/reminders.ts, jobs/purge.ts); the bench
// servers start with REMINDER_INTERVAL_SECONDS=0 so that the seeded reminders are still due.
SCENARIOS.push({ id: 'jobs', label: 'jobs: one reminder pass, one purge pass', jobs: true, calls: ['jobs-reminders', 'jobs-purge'] });

/** The size of the seeded database as the admin sees it: its offices (for the report). */
export async function databaseSize(server) {
  const s = await new StaffSession(server.urls).login();
  const offices = await s.get('/offices');
  return { offices: Array.isArray(offices) ? offices.length : undefined };
}
