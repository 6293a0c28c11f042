#!/usr/bin/env node
// npm run bench: load figures of the API. Starts the real server as a child process in
// production mode on a free port with a fresh data directory (PGlite, migrated and seeded
// on start), drives each call of scripts/bench-scenarios.mjs with autocannon from this
// process, prints one table and writes bench-results.json. With DATABASE_URL set the same
// calls are also measured on PostgreSQL, in a fresh database that is dropped afterwards.
//
// It is a benchmark, not a test: budgets are printed as ✓/✗ and never fail the run. It
// exits non-zero only when it cannot measure (the server does not start, a call fails in
// preparation).
//
//   BENCH_DURATION     seconds of load per call (default 10)
//   BENCH_CONNECTIONS  concurrent connections (default 20; 1 shows one request's own time)
//   BENCH_WARMUP       seconds of unmeasured load before each call (default 2; 0 = none)
//   BENCH_WEEK         `current` keeps the current week for free-times even on a weekend
//   BENCH_LIGHTHOUSE   0 leaves out the Lighthouse run (on PGlite, before the load)

import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { createRequire } from 'node:module';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { SCENARIOS as ALL_SCENARIOS } from './bench-scenarios.mjs';
import { LIGHTHOUSE_PAGES, lighthouseTable, runLighthouse } from './bench-lighthouse.mjs';

/** BENCH_ONLY=free-times,other-offices measures just those calls (and the baseline). */
const ONLY = (process.env.BENCH_ONLY ?? '').split(',').map((x) => x.trim()).filter(Boolean);
const SCENARIOS = ONLY.length === 0 ? ALL_SCENARIOS : ALL_SCENARIOS.filter((s) => s.baseline || ONLY.includes(s.id));

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const pg = createRequire(join(root, 'apps/server/package.json'))('pg');

const CONNECTIONS = Math.max(1, Math.round(positive(process.env.BENCH_CONNECTIONS, 20)));
const CONNECTIONS_TEXT = `${CONNECTIONS} connection${CONNECTIONS === 1 ? '' : 's'}`;
const DURATION = positive(process.env.BENCH_DURATION, 10);
const WARMUP = positive(process.env.BENCH_WARMUP, 2, true);
const START_TIMEOUT_MS = 300_000;
const RESULTS_FILE = join(root, 'bench-results.json');

function positive(text, fallback, zeroOk = false) {
  if (text === undefined || text === '') return fallback;
  const n = Number(text);
  if (!Number.isFinite(n) || n < 0 || (n === 0 && !zeroOk)) throw new Error(`not a usable number: ${text}`);
  return n;
}

const log = (...args) => console.error(...args);

// ---------------------------------------------------------------- clean-up

/** Undo steps, newest first; run on success, error and Ctrl-C alike. */
const cleanups = [];
let cleaning;
let stopping = false;
function cleanup() {
  cleaning ??= (async () => {
    while (cleanups.length) {
      const step = cleanups.pop();
      try {
        await step();
      } catch (err) {
        log(`clean-up: ${err.message}`);
      }
    }
  })();
  return cleaning;
}
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    log(`\n${signal}: stopping`);
    stopping = true;
    void cleanup().then(() => process.exit(130));
  });
}

// ---------------------------------------------------------------- server

function freePort() {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.unref();
    s.on('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** Starts apps/server as a child process and waits until /health answers 200. */
async function startServer(name, databaseUrl) {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), `huolto-bench-${name}-`));
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
  const env = {
    ...process.env,
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    HOST: '127.0.0.1',
    PORT: String(port),
    DATA_DIR: dataDir,
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    DATABASE_URL: databaseUrl ?? '',
    // All bench clients come from one address: the per-address limits would stop them.
    VEHICLE_SEARCH_RATE_LIMIT: '1000000',
    SAVE_BOOKING_RATE_LIMIT: '1000000',
    INIT_SESSION_RATE_LIMIT: '1000000',
    RESERVE_TIME_RATE_LIMIT: '1000000',
    RESERVE_TIME_SESSION_RATE_LIMIT: '1000000',
    CODE_CHECK_RATE_LIMIT: '1000000',
    CODE_CHECK_SESSION_RATE_LIMIT: '1000000',
    LOOKUP_SESSION_RATE_LIMIT: '1000000',
    FREE_TIMES_ON_ORGANIZATION_RATE_LIMIT: '1000000',
    FREE_TIMES_ON_ORGANIZATION_SESSION_RATE_LIMIT: '1000000',
    HOLDS_PER_ADDRESS: '1000000',
    HOLD_HOURS_PER_ADDRESS: '1000000',
  };
  delete env.SMTP_URL; // e-mails (none are sent here) stay in the temporary data directory
  const child = spawn(process.execPath, ['--import', 'tsx', join(root, 'apps/server/src/server.ts')], {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const tail = [];
  const keep = (chunk) => {
    for (const line of String(chunk).split('\n')) {
      if (!line.trim()) continue;
      tail.push(line);
      if (tail.length > 30) tail.shift();
      log(`[server ${name}] ${line.length > 400 ? line.slice(0, 400) + '…' : line}`);
    }
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  let exited = null;
  const exit = new Promise((resolve) => {
    child.on('exit', (code, signal) => resolve((exited = { code, signal })));
    child.on('error', (err) => resolve((exited = { code: err.message, signal: null })));
  });
  // Last resort when this process dies without its clean-up (the data directory may stay).
  process.on('exit', () => {
    if (!exited) child.kill('SIGKILL');
  });
  cleanups.push(async () => {
    if (exited) return;
    child.kill('SIGTERM');
    const done = await Promise.race([exit, sleep(10_000).then(() => null)]);
    if (!done) {
      log(`[server ${name}] did not stop in 10 s: SIGKILL`);
      child.kill('SIGKILL');
      await exit;
    }
  });

  const url = `http://127.0.0.1:${port}`;
  const started = Date.now();
  log(`[${name}] starting the server on ${url} (migrating and seeding a fresh database)…`);
  for (;;) {
    if (exited) throw new Error(`the server (${name}) exited with ${exited.code ?? exited.signal} before answering:\n${tail.join('\n')}`);
    if (Date.now() - started > START_TIMEOUT_MS) throw new Error(`the server (${name}) did not answer /health in ${START_TIMEOUT_MS / 1000} s`);
    try {
      const res = await fetch(`${url}/health`, { signal: AbortSignal.timeout(2000) });
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    await sleep(250);
  }
  const startSeconds = (Date.now() - started) / 1000;
  log(`[${name}] ready in ${startSeconds.toFixed(1)} s`);
  return { url, pid: child.pid, startSeconds };
}

/** A fresh database on the DATABASE_URL server, dropped at clean-up. */
async function createPgDatabase(adminUrl) {
  const name = `huolto_bench_${process.pid}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await admin.query(`CREATE DATABASE "${name}"`);
  } finally {
    await admin.end();
  }
  cleanups.push(async () => {
    const c = new pg.Client({ connectionString: adminUrl });
    await c.connect();
    try {
      await c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      log(`[postgres] dropped database ${name}`);
    } finally {
      await c.end();
    }
  });
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { name, url: url.toString() };
}

// ---------------------------------------------------------------- load

function percentile(sorted, p) {
  if (sorted.length === 0) return NaN;
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[i];
}

function cannon(url, requests, seconds, onResponse) {
  return new Promise((resolve, reject) => {
    const instance = autocannon({ url, connections: CONNECTIONS, duration: seconds, requests, timeout: 10 }, (err, result) =>
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
  try {
    await fetch(`${server.url}/health`, { signal: AbortSignal.timeout(60_000) });
  } catch (err) {
    log(`drain: ${err.message}`);
  }
  await sleep(200);
}

/** One scenario on one running server: prepare, warm up, then DURATION seconds of load. */
async function measure(server, scenario, database) {
  if (scenario.run) return measureFlow(server, scenario, database);
  log(`[${database}] ${scenario.label}: preparing…`);
  const { requests, note } = await scenario.prepare(server);
  if (WARMUP > 0) {
    log(`[${database}] ${scenario.label}: warm-up ${WARMUP} s`);
    await cannon(server.url, requests, WARMUP);
    await drain(server);
  }
  log(`[${database}] ${scenario.label}: ${CONNECTIONS_TEXT}, ${DURATION} s`);
  // Exact latencies of the 2xx answers (autocannon's histogram rounds to whole ms).
  const latencies = [];
  const result = await cannon(server.url, requests, DURATION, (_client, statusCode, _bytes, ms) => {
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
    note,
    requestsPerSecond: ok / (result.duration || DURATION),
    p50Ms: percentile(latencies, 50),
    p90Ms: percentile(latencies, 90),
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

/** A scenario that drives whole sequences of calls itself (scenario.run) rather than autocannon. */
async function measureFlow(server, scenario, database) {
  log(`[${database}] ${scenario.label}: ${DURATION} s`);
  const { latencies, requests, elapsed, note } = await scenario.run(server, { connections: CONNECTIONS, seconds: DURATION });
  await drain(server);
  const p99 = percentile(latencies, 99);
  return {
    database,
    id: scenario.id,
    call: scenario.label.replace(/\bN clients\b/, CONNECTIONS_TEXT.replace('connection', 'client')),
    baseline: false,
    note,
    requestsPerSecond: requests / elapsed,
    p50Ms: percentile(latencies, 50),
    p90Ms: percentile(latencies, 90),
    p99Ms: p99,
    maxMs: latencies.at(-1) ?? NaN,
    ok: latencies.length,
    non2xx: 0,
    errors: 0,
    timeouts: 0,
    statusCodes: {},
    bookings: latencies.length,
    bookingsPerSecond: latencies.length / elapsed,
    budgetP99Ms: scenario.budgetP99Ms ?? null,
    budgetMet: scenario.budgetP99Ms == null ? null : latencies.length > 0 && p99 < scenario.budgetP99Ms,
  };
}

async function runDatabase(database, databaseUrl, withLighthouse) {
  const load = loadavg()[0];
  // The seed ends with ANALYZE (seed/index.ts), on PGlite and PostgreSQL alike.
  const server = await startServer(database, databaseUrl);
  // Lighthouse first, while the machine is quiet: it simulates a phone from the page's trace.
  const lighthouse = withLighthouse ? await runLighthouse(server.url, log) : undefined;
  const rows = [];
  for (const scenario of SCENARIOS) rows.push(await measure(server, scenario, database));
  const base = rows.find((r) => r.baseline);
  for (const r of rows) {
    r.ratioToTrivial = base && base.requestsPerSecond > 0 ? r.requestsPerSecond / base.requestsPerSecond : null;
  }
  return { database, startSeconds: server.startSeconds, loadAverageBefore: load, loadAverageAfter: loadavg()[0], rows, lighthouse };
}

// ---------------------------------------------------------------- output

const fmt = (n, digits = 1) => (Number.isFinite(n) ? n.toFixed(digits) : '—');

function table(runs) {
  const head = ['database', 'call', 'req/s', 'p50 ms', 'p99 ms', 'non-2xx', 'vs trivial', 'budget'];
  const right = new Set([2, 3, 4, 5, 6]);
  const lines = [];
  for (const run of runs) {
    for (const r of run.rows) {
      const failed = r.non2xx + r.errors + r.timeouts;
      lines.push([
        r.database,
        failed > 0 ? `${r.call}  ‼ ERRORS` : r.call,
        fmt(r.requestsPerSecond, 0),
        fmt(r.p50Ms, 2),
        fmt(r.p99Ms, 2),
        r.errors + r.timeouts > 0 ? `${r.non2xx} (+${r.errors + r.timeouts} err)` : String(r.non2xx),
        r.baseline ? '1.00 (base)' : r.ratioToTrivial == null ? '—' : r.ratioToTrivial.toFixed(2),
        r.budgetP99Ms == null ? '—' : `p99 < ${r.budgetP99Ms} ms ${r.budgetMet ? '✓' : '✗'}`,
      ]);
    }
  }
  const widths = head.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i].length)));
  const row = (cells) => cells.map((c, i) => (right.has(i) ? c.padStart(widths[i]) : c.padEnd(widths[i]))).join(' │ ');
  return [row(head), widths.map((w) => '─'.repeat(w)).join('─┼─'), ...lines.map(row)].join('\n');
}

// ---------------------------------------------------------------- main

async function main() {
  const adminUrl = process.env.DATABASE_URL || undefined;
  const targets = [{ database: 'pglite', url: undefined }];
  if (adminUrl) targets.push({ database: 'postgres', url: adminUrl });
  log(
    `Benchmark: ${SCENARIOS.length} calls × ${targets.map((t) => t.database).join(' + ')}, ` +
      `${CONNECTIONS_TEXT}, ${WARMUP} s warm-up + ${DURATION} s each; ${cpus().length} CPUs, Node ${process.version}`,
  );

  const withLighthouse = process.env.BENCH_LIGHTHOUSE !== '0';
  if (withLighthouse && !existsSync(join(root, 'apps/web/dist/index.html'))) {
    log('Building the web app for Lighthouse…');
    const r = spawnSync('npm', ['run', 'build', '-w', 'apps/web'], { cwd: root, stdio: ['ignore', 2, 2] });
    if (r.status !== 0) throw new Error('the web build failed');
  }
  const runs = [];
  const failures = [];
  for (const [i, target] of targets.entries()) {
    if (stopping) break;
    try {
      const url = target.url ? (await createPgDatabase(target.url)).url : undefined;
      runs.push(await runDatabase(target.database, url, withLighthouse && i === 0));
    } catch (err) {
      log(`\n[${target.database}] bench failed: ${err.stack ?? err}`);
      failures.push({ database: target.database, error: String(err.message ?? err) });
    } finally {
      await cleanup(); // this database's server, data directory and PostgreSQL database
      cleaning = undefined;
    }
  }

  const results = {
    date: new Date().toISOString(),
    node: process.version,
    cpus: cpus().length,
    cpuModel: cpus()[0]?.model,
    connections: CONNECTIONS,
    durationSeconds: DURATION,
    warmupSeconds: WARMUP,
    runs,
    failures,
  };
  writeFileSync(RESULTS_FILE, JSON.stringify(results, null, 2) + '\n');

  console.log('');
  console.log(table(runs));
  console.log('');
  for (const run of runs) {
    if (!run.lighthouse) continue;
    console.log(`Lighthouse 12 (mobile emulation, ${run.database} server): ${LIGHTHOUSE_PAGES.join(', ')}`);
    console.log(lighthouseTable(run.lighthouse));
    console.log('');
  }
  for (const run of runs) {
    console.log(
      `${run.database}: server ready in ${run.startSeconds.toFixed(1)} s (migrate + seed + ANALYZE); ` +
        `load average (1 min) before: ${run.loadAverageBefore.toFixed(2)}, after: ${run.loadAverageAfter.toFixed(2)}`,
    );
  }
  const notes = new Map();
  for (const run of runs) for (const r of run.rows) if (r.note) notes.set(r.call, r.note);
  for (const [call, note] of notes) console.log(`${call}: ${note}`);
  console.log(
    `${CONNECTIONS_TEXT}, ${DURATION} s per call after ${WARMUP} s warm-up; server and load generator share ` +
      `${cpus().length} CPUs. Latencies are of 2xx answers. Results: ${RESULTS_FILE}`,
  );
  const bad = runs.flatMap((r) => r.rows).filter((r) => r.non2xx + r.errors + r.timeouts > 0);
  for (const r of bad) {
    console.log(`‼ ${r.database} ${r.call}: ${r.non2xx} non-2xx, ${r.errors} errors, ${r.timeouts} timeouts; status codes ${JSON.stringify(r.statusCodes)}`);
  }
  for (const f of failures) console.log(`‼ ${f.database}: not measured: ${f.error.split('\n')[0]}`);
  // Budgets never fail the run; only a database that could not be measured does.
  if (failures.length) process.exitCode = 1;
}

main()
  .catch(async (err) => {
    log(`\nbench failed: ${err.stack ?? err}`);
    await cleanup();
    process.exitCode = 1;
  })
  .finally(async () => {
    await cleanup();
  });
