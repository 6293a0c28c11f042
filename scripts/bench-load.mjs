// The load of `npm run bench` (scripts/bench.mjs) on one running server: each call of
// bench-scenarios.mjs prepared, warmed up and measured with autocannon (or, for a scenario
// that drives whole sequences of calls itself, with its own client), as one row of figures.
//
// `load` is the bench's settings: { connections, connectionsText, duration, warmup }
// (BENCH_CONNECTIONS, BENCH_DURATION and BENCH_WARMUP; seconds).

import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

const log = (...args) => console.error(...args);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

function percentile(sorted, p) {
  if (sorted.length === 0) return NaN;
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[i];
}

/** Autocannon on the server's processes: connection i goes to urls[i % urls.length]. */
function cannon(urls, requests, connections, seconds, onResponse) {
  return new Promise((resolve, reject) => {
    const url = urls.length === 1 ? urls[0] : urls;
    const instance = autocannon({ url, connections, duration: seconds, requests, timeout: 10 }, (err, result) =>
      err ? reject(err) : resolve(result),
    );
    if (onResponse) instance.on('response', onResponse);
  });
}

/**
 * Waits until the server has answered the requests autocannon left behind when it stopped
 * (they queue for the database), so that they neither leak into the next measurement nor
 * meet a closing database at shutdown.
 */
async function drain(server) {
  await Promise.all(
    server.urls.map(async (url) => {
      try {
        await fetch(`${url}/health`, { signal: AbortSignal.timeout(60_000) });
      } catch (err) {
        log(`drain ${url}: ${err.message}`);
      }
    }),
  );
  await sleep(200);
}

/**
 * One scenario on one running server: prepare, warm up, then `load.duration` seconds of load.
 * Answers one row, or for a flow (scenario.run) its row and one for each call it times on
 * its own (scenario `calls`).
 */
export async function measure(server, scenario, database, load) {
  if (scenario.run) return measureFlow(server, scenario, database, load);
  const { duration, warmup } = load;
  // A scenario may set its own concurrency (the back-office's: STAFF_CONNECTIONS).
  const connections = scenario.connections ?? load.connections;
  const connectionsText = scenario.connections ? `${connections} connection${connections === 1 ? '' : 's'}` : load.connectionsText;
  log(`[${database}] ${scenario.label}: preparing…`);
  const { requests, note } = await scenario.prepare(server);
  if (warmup > 0) {
    log(`[${database}] ${scenario.label}: warm-up ${warmup} s`);
    await cannon(server.urls, requests, connections, warmup);
    await drain(server);
  }
  log(`[${database}] ${scenario.label}: ${connectionsText}, ${duration} s`);
  // Exact latencies of the 2xx answers (autocannon's histogram rounds to whole ms).
  const latencies = [];
  const result = await cannon(server.urls, requests, connections, duration, (_client, statusCode, _bytes, ms) => {
    if (statusCode >= 200 && statusCode < 300) latencies.push(ms);
  });
  await drain(server);
  latencies.sort((a, b) => a - b);
  const statusCodes = Object.fromEntries(Object.entries(result.statusCodeStats ?? {}).map(([k, v]) => [k, v.count]));
  const ok = latencies.length;
  return {
    database,
    id: scenario.id,
    call: scenario.label,
    baseline: !!scenario.baseline,
    floor: !!scenario.floor,
    session: !!scenario.session,
    connections,
    note: scenario.connections ? `${connectionsText}; ${note}` : note,
    requestsPerSecond: ok / (result.duration || duration),
    p50Ms: percentile(latencies, 50),
    p90Ms: percentile(latencies, 90),
    p95Ms: percentile(latencies, 95),
    p99Ms: percentile(latencies, 99),
    maxMs: latencies.at(-1) ?? NaN,
    ok,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    statusCodes,
    avgBytesPerResponse: ok ? Math.round(result.throughput.total / ok) : 0,
    distinctRequests: requests.length,
    budgetP99Ms: scenario.budgetP99Ms ?? null,
    budgetMet: scenario.budgetP99Ms == null ? null : ok > 0 && percentile(latencies, 99) < scenario.budgetP99Ms,
    autocannon: { requestsAverage: result.requests.average, latencyP50: result.latency.p50, latencyP99: result.latency.p99 },
  };
}

/** Failed answers by status ({ 503: 2, 'no answer': 1 }): the non-2xx answers and the calls no answer came to. */
function failed(statusCodes = {}) {
  const entries = Object.entries(statusCodes);
  return {
    non2xx: entries.filter(([k]) => /^\d+$/.test(k)).reduce((n, [, v]) => n + v, 0),
    errors: entries.filter(([k]) => !/^\d+$/.test(k)).reduce((n, [, v]) => n + v, 0),
  };
}

/**
 * A scenario that drives whole sequences of calls itself (scenario.run) rather than autocannon.
 * The run answers { latencies, requests, elapsed, note, calls?, bookings? }: `calls` the calls
 * it timed on its own (each { id, label, latencies, statusCodes?, rowId?, rowLabel? }),
 * `bookings` its bookings' counts (started, completed, failed, 5xx, …) when it counts failures.
 */
async function measureFlow(server, scenario, database, load) {
  const { connections, connectionsText, duration } = load;
  log(`[${database}] ${scenario.label}: ${scenario.seconds ?? duration} s`);
  const { latencies, requests, elapsed, note, calls = [], bookings } = await scenario.run(server, { connections, seconds: duration });
  await drain(server);
  const p99 = percentile(latencies, 99);
  const flowClients = connectionsText.replace('connection', 'client');
  // Calls timed on their own inside the flow (reserve-time, save-booking; every call of the
  // rush): a row each, after the flow's, its req/s the call's answers per second of the flow.
  const callRows = calls.map((c) => ({
    database,
    // The ids reserve-time and save-booking are those under load (N clients); with 1 client '-1-client'.
    id: c.rowId ?? (scenario.id.endsWith('-load') ? c.id : `${c.id}-1-client`),
    call: c.rowLabel ?? `${c.label}, ${scenario.id.endsWith('-load') ? flowClients : '1 client'}`,
    baseline: false,
    partOf: scenario.id,
    note: `timed on its own within ${scenario.label.replace(/\bN clients\b/, flowClients)}`,
    requestsPerSecond: c.latencies.length / elapsed,
    p50Ms: percentile(c.latencies, 50),
    p90Ms: percentile(c.latencies, 90),
    p95Ms: percentile(c.latencies, 95),
    p99Ms: percentile(c.latencies, 99),
    maxMs: c.latencies.at(-1) ?? NaN,
    ok: c.latencies.length,
    ...failed(c.statusCodes),
    timeouts: 0,
    statusCodes: c.statusCodes ?? {},
    budgetP99Ms: null,
    budgetMet: null,
  }));
  const statusCodes = {};
  for (const c of calls) for (const [k, v] of Object.entries(c.statusCodes ?? {})) statusCodes[k] = (statusCodes[k] ?? 0) + v;
  return [{
    database,
    id: scenario.id,
    call: scenario.label.replace(/\bN clients\b/, connectionsText.replace('connection', 'client')),
    baseline: false,
    // A load paced by its clients' own pauses: its req/s is theirs, not the server's limit.
    paced: !!scenario.paced,
    note,
    requestsPerSecond: requests / elapsed,
    p50Ms: percentile(latencies, 50),
    p90Ms: percentile(latencies, 90),
    p95Ms: percentile(latencies, 95),
    p99Ms: p99,
    maxMs: latencies.at(-1) ?? NaN,
    ok: latencies.length,
    ...failed(statusCodes),
    timeouts: 0,
    statusCodes,
    bookings: latencies.length,
    bookingsPerSecond: latencies.length / elapsed,
    ...(bookings
      ? {
          bookingsStarted: bookings.started,
          bookingsCompleted: bookings.completed,
          bookingsNoTimeOffered: bookings.noTimeOffered,
          bookingsAllTaken: bookings.allTaken,
          bookingsFailed: bookings.failed,
          bookingsIncomplete: bookings.incomplete,
          fiveXx: bookings.fiveXx,
          clientsWithoutBooking: bookings.clientsWithoutBooking,
          fewestBookingsByClient: bookings.fewestByClient,
          firstFailures: bookings.firstFailures,
          noTimeOfferedWeeks: bookings.noTimeOfferedWeeks,
        }
      : {}),
    budgetP99Ms: scenario.budgetP99Ms ?? null,
    budgetMet: scenario.budgetP99Ms == null ? null : latencies.length > 0 && p99 < scenario.budgetP99Ms,
  }, ...callRows];
}

/**
 * The jobs scenario: one reminder pass and one purge pass on the run's database after the
 * load (so that the purge finds the load's expired holds and sessions too), timed by
 * bench-jobs.mjs in a child process once the servers have stopped. A row each, its req/s the
 * rows the pass handled per second (reminders queued; holds, sessions, bookings' personal
 * data, message bodies and registrations purged).
 */
export async function measureJobs(server, scenario, database) {
  log(`[${database}] ${scenario.label}: stopping the server, one reminder pass and one purge pass…`);
  await server.stop();
  const env = { ...process.env, BENCH_JOBS_PUBLIC_URL: server.url, BENCH_JOBS_DATABASE_URL: server.databaseUrl ?? '', BENCH_JOBS_PGLITE_DIR: server.pgliteDir ?? '' };
  const out = await new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', join(root, 'scripts/bench-jobs.mjs')], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c) => (stdout += c));
    child.stderr.on('data', (c) => (stderr += c));
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve(stdout) : reject(new Error(`bench-jobs.mjs exited with ${code}: ${stderr.trim().split('\n').slice(-5).join('\n')}`))));
  });
  const result = JSON.parse(out.trim().split('\n').at(-1));
  const row = (id, call, pass, what) => ({
    database,
    id,
    call,
    baseline: false,
    job: true,
    note: `${pass.rows} rows in ${(pass.seconds * 1000).toFixed(0)} ms (${what}: ${JSON.stringify(pass.detail)}); req/s is rows handled per second`,
    requestsPerSecond: pass.seconds > 0 ? pass.rows / pass.seconds : NaN,
    rows: pass.rows,
    seconds: pass.seconds,
    detail: pass.detail,
    p50Ms: NaN,
    p90Ms: NaN,
    p99Ms: NaN,
    maxMs: pass.seconds * 1000,
    ok: pass.rows,
    non2xx: 0,
    errors: 0,
    timeouts: 0,
    statusCodes: {},
    budgetP99Ms: null,
    budgetMet: null,
  });
  return [
    row('jobs-reminders', 'one reminder pass (rows/s)', result.reminders, 'reminders queued'),
    row('jobs-purge', 'one purge pass (rows/s)', result.purge, 'rows purged'),
  ];
}
