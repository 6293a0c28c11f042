#!/usr/bin/env node
// npm run bench: load figures of the API and the web app. Starts the real server as a child
// process in production mode on a free port with a fresh data directory (PGlite, migrated
// and seeded on start), drives each call of scripts/bench-scenarios.mjs with autocannon from
// this process, prints one table, the goals of bench-goals.mjs with ✓/✗ and the load average,
// and writes bench-results.json. With DATABASE_URL set the same calls are also measured on
// PostgreSQL twice, each time in a fresh database that is dropped afterwards: with one server
// process, and with two processes sharing the database (the second starts after the first
// has migrated and seeded it; the load goes to both in turn).
//
// Before the load, the web app of the current sources is built into a temporary directory
// (the server serves it through WEB_DIST; apps/web/dist is not touched), Lighthouse runs on
// each page of bench-lighthouse.mjs against the PGlite server, and scripts/check-web-budget.mjs
// gives the JavaScript loaded before the first step.
//
// It is a benchmark, not a test: budgets and goals are printed as ✓/✗ and never fail the
// run. It exits non-zero only when it cannot measure (the web build or a server fails, a
// call fails in preparation).
//
//   BENCH_ONLY             comma-separated scenario ids: measure just those (and the baseline)
//   BENCH_DURATION         seconds of load per call (default 10)
//   BENCH_CONNECTIONS      concurrent connections (default 20; 1 shows one request's own time)
//   BENCH_WARMUP           seconds of unmeasured load before each call (default 2; 0 = none)
//   BENCH_WEEK             `current` keeps the current week for free-times even on a weekend
//   BENCH_LIGHTHOUSE       0 leaves out the web build and Lighthouse (on PGlite, before the load)
//   BENCH_LIGHTHOUSE_RUNS  Lighthouse runs per page, the median performance counts (default 1)
//   BENCH_WEB_DIST         a web build to use instead of building one (e.g. apps/web/dist)
//   BENCH_PROCESSES        `1` leaves out the two-process PostgreSQL run

import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { createRequire } from 'node:module';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join, dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { SCENARIOS as ALL_SCENARIOS } from './bench-scenarios.mjs';
import { LIGHTHOUSE_PAGES, lighthouseTable, runLighthouse } from './bench-lighthouse.mjs';
import { evaluateGoals, firstStepJavaScript, goalsTable } from './bench-goals.mjs';

/** BENCH_ONLY=free-times,other-offices measures just those calls (and the baseline). */
const ONLY = (process.env.BENCH_ONLY ?? '').split(',').map((x) => x.trim()).filter(Boolean);
const SCENARIOS = ONLY.length === 0 ? ALL_SCENARIOS : ALL_SCENARIOS.filter((s) => s.baseline || ONLY.includes(s.id));

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const pg = createRequire(join(root, 'apps/server/package.json'))('pg');

const CONNECTIONS = Math.max(1, Math.round(positive(process.env.BENCH_CONNECTIONS, 20)));
const CONNECTIONS_TEXT = `${CONNECTIONS} connection${CONNECTIONS === 1 ? '' : 's'}`;
const DURATION = positive(process.env.BENCH_DURATION, 10);
const WARMUP = positive(process.env.BENCH_WARMUP, 2, true);
const LIGHTHOUSE_RUNS = Math.max(1, Math.round(positive(process.env.BENCH_LIGHTHOUSE_RUNS, 1)));
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
    void cleanup().then(() => {
      for (const step of webCleanups.splice(0)) step();
      process.exit(130);
    });
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

/**
 * Starts apps/server as a child process and waits until /health answers 200. Answers its
 * address and the lines it printed while starting (the server's own progress lines).
 */
async function startServer(name, databaseUrl, webDist, prepared = false) {
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
    WEB_DIST: webDist ?? '',
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
  const startLines = [];
  const keep = (chunk) => {
    for (const line of String(chunk).split('\n')) {
      if (!line.trim()) continue;
      tail.push(line);
      if (tail.length > 30) tail.shift();
      if (startLines.length < 200) startLines.push(line);
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
  log(`[${name}] starting the server on ${url} (${prepared ? 'on the database the first process prepared' : 'migrating and seeding a fresh database'})…`);
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
  return { url, pid: child.pid, startSeconds, startLines };
}

/**
 * `count` server processes on one database: the first migrates and seeds it, the others
 * start after it is ready and find nothing to do (prepareDatabase, under an advisory lock on
 * PostgreSQL). Answers { url, urls, pids, startSeconds, note }.
 */
async function startProcesses(name, databaseUrl, count, webDist) {
  const first = await startServer(count > 1 ? `${name}#1` : name, databaseUrl, webDist);
  const servers = [first];
  for (let i = 2; i <= count; i++) servers.push(await startServer(`${name}#${i}`, databaseUrl, webDist, true));
  // The server says "Esimerkkidata: …" when it seeds; only the first may have.
  const seededAgain = servers.slice(1).filter((x) => x.startLines.some((line) => line.startsWith('Esimerkkidata')));
  if (seededAgain.length > 0) throw new Error(`a later server process seeded the shared database again:\n${seededAgain[0].startLines.join('\n')}`);
  return {
    url: first.url,
    urls: servers.map((x) => x.url),
    pids: servers.map((x) => x.pid),
    startSeconds: first.startSeconds,
    note:
      count > 1
        ? `${count} server processes on one database (${servers.map((x) => x.url.replace('http://127.0.0.1:', ':')).join(', ')}); ` +
          `the first migrated and seeded it in ${first.startSeconds.toFixed(1)} s, ${count === 2 ? 'the second' : 'the others'} found it ready ` +
          `(started in ${servers.slice(1).map((x) => `${x.startSeconds.toFixed(1)} s`).join(', ')}); autocannon gives each connection one of them in turn, ` +
          `the whole bookings send each call to the next one`
        : undefined,
  };
}

/** A fresh database on the DATABASE_URL server, dropped at clean-up. */
async function createPgDatabase(adminUrl, suffix) {
  const name = `huolto_bench_${process.pid}_${suffix}`;
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

/** Autocannon on the server's processes: connection i goes to urls[i % urls.length]. */
function cannon(urls, requests, seconds, onResponse) {
  return new Promise((resolve, reject) => {
    const url = urls.length === 1 ? urls[0] : urls;
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

/** One scenario on one running server: prepare, warm up, then DURATION seconds of load. */
async function measure(server, scenario, database) {
  if (scenario.run) return measureFlow(server, scenario, database);
  log(`[${database}] ${scenario.label}: preparing…`);
  const { requests, note } = await scenario.prepare(server);
  if (WARMUP > 0) {
    log(`[${database}] ${scenario.label}: warm-up ${WARMUP} s`);
    await cannon(server.urls, requests, WARMUP);
    await drain(server);
  }
  log(`[${database}] ${scenario.label}: ${CONNECTIONS_TEXT}, ${DURATION} s`);
  // Exact latencies of the 2xx answers (autocannon's histogram rounds to whole ms).
  const latencies = [];
  const result = await cannon(server.urls, requests, DURATION, (_client, statusCode, _bytes, ms) => {
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

/** One run: a fresh database, `target.processes` servers on it, Lighthouse if asked, every call. */
async function runDatabase(target, databaseUrl, { webDist, withLighthouse }) {
  const load = loadavg();
  // The seed ends with ANALYZE (seed/index.ts), on PGlite and PostgreSQL alike.
  const server = await startProcesses(target.database, databaseUrl, target.processes, webDist);
  // Lighthouse first, while the machine is quiet: it simulates a phone from the page's trace.
  const lighthouseLoad = loadavg();
  const lighthouse = withLighthouse ? await runLighthouse(server.url, log, LIGHTHOUSE_RUNS) : undefined;
  const rows = [];
  for (const scenario of SCENARIOS) rows.push(await measure(server, scenario, target.database));
  const base = rows.find((r) => r.baseline);
  for (const r of rows) {
    r.ratioToTrivial = base && base.requestsPerSecond > 0 ? r.requestsPerSecond / base.requestsPerSecond : null;
  }
  return {
    database: target.database,
    label: target.label,
    processes: target.processes,
    startSeconds: server.startSeconds,
    note: server.note,
    loadAverageBefore: load,
    loadAverageAfter: loadavg(),
    rows,
    lighthouse,
    lighthouseLoadAverage: lighthouse ? lighthouseLoad : undefined,
  };
}

// ---------------------------------------------------------------- web app

/**
 * The web build Lighthouse and the JavaScript budget look at: BENCH_WEB_DIST when given,
 * otherwise the current sources built into a temporary directory removed at the end. The
 * steps are those of apps/web's `build` script: `vite build` with `--outDir`, then each
 * `node <script>` step (prerender, compression) with the directory as its argument.
 */
function webBuild() {
  if (process.env.BENCH_WEB_DIST) {
    const dist = resolve(process.env.BENCH_WEB_DIST);
    if (!existsSync(join(dist, 'index.html'))) throw new Error(`BENCH_WEB_DIST ${dist} has no index.html`);
    return { dist, built: false };
  }
  const webRoot = join(root, 'apps/web');
  const script = JSON.parse(readFileSync(join(webRoot, 'package.json'), 'utf8')).scripts?.build ?? '';
  const steps = script.split('&&').map((step) => step.trim().split(/\s+/));
  const known = (step) => (step[0] === 'vite' && step[1] === 'build' && step.length === 2) || (step[0] === 'node' && step.length === 2);
  if (steps.length === 0 || !steps.every(known)) {
    throw new Error(`apps/web's build script is not "vite build && node <script> …", which the bench knows how to point elsewhere: ${script}`);
  }
  const dist = mkdtempSync(join(tmpdir(), 'huolto-bench-web-'));
  webCleanups.push(() => rmSync(dist, { recursive: true, force: true }));
  log(`Building the web app into ${dist} (${script})…`);
  const started = Date.now();
  for (const step of steps) {
    const args =
      step[0] === 'vite'
        ? [join(root, 'node_modules/vite/bin/vite.js'), 'build', '--outDir', dist, '--emptyOutDir', '--logLevel', 'warn']
        : [resolve(webRoot, step[1]), dist];
    const r = spawnSync(process.execPath, args, { cwd: webRoot, stdio: ['ignore', 2, 2] });
    if (r.status !== 0) throw new Error(`the web build failed at: ${step.join(' ')}`);
  }
  log(`Web app built in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  return { dist, built: true };
}

/** Removed when the bench ends (the runs' clean-ups run after each run). */
const webCleanups = [];

// ---------------------------------------------------------------- output

const fmt = (n, digits = 1) => (Number.isFinite(n) ? n.toFixed(digits) : '—');
const loadText = (l) => l.map((x) => x.toFixed(2)).join(' / ');

function table(runs) {
  const head = ['database', 'call', 'req/s', 'p50 ms', 'p99 ms', 'non-2xx', 'vs trivial', 'budget'];
  const right = new Set([2, 3, 4, 5, 6]);
  const lines = [];
  for (const run of runs) {
    for (const r of run.rows) {
      const failed = r.non2xx + r.errors + r.timeouts;
      lines.push([
        run.label,
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
  const targets = [{ database: 'pglite', label: 'PGlite', processes: 1, url: undefined }];
  if (adminUrl) {
    targets.push({ database: 'postgres', label: 'PostgreSQL', processes: 1, url: adminUrl });
    if (process.env.BENCH_PROCESSES !== '1') targets.push({ database: 'postgres-2', label: 'PostgreSQL, 2 processes', processes: 2, url: adminUrl });
  }
  const loadAtStart = loadavg();
  log(
    `Benchmark: ${SCENARIOS.length} calls × ${targets.map((t) => t.label).join(' + ')}, ` +
      `${CONNECTIONS_TEXT}, ${WARMUP} s warm-up + ${DURATION} s each; ${cpus().length} CPUs, Node ${process.version}; ` +
      `load average ${loadText(loadAtStart)}`,
  );

  if (CONNECTIONS < 2 && targets.some((t) => t.processes > 1)) {
    log('With 1 connection autocannon reaches only the first of the two processes; the whole bookings still alternate.');
  }
  const withLighthouse = process.env.BENCH_LIGHTHOUSE !== '0';
  const failures = [];
  let web;
  let firstStepJs;
  if (withLighthouse || process.env.BENCH_WEB_DIST) {
    web = webBuild();
    firstStepJs = firstStepJavaScript(root, web.dist);
    log(`JavaScript before the first step: ${firstStepJs.kB ?? '—'} kB gzip (${firstStepJs.how})`);
  }
  const runs = [];
  for (const [i, target] of targets.entries()) {
    if (stopping) break;
    try {
      const url = target.url ? (await createPgDatabase(target.url, target.database.replace('-', '_'))).url : undefined;
      runs.push(await runDatabase(target, url, { webDist: web?.dist, withLighthouse: withLighthouse && i === 0 }));
    } catch (err) {
      log(`\n[${target.label}] bench failed: ${err.stack ?? err}`);
      failures.push({ database: target.database, label: target.label, error: String(err.message ?? err) });
    } finally {
      await cleanup(); // this run's servers, data directories and PostgreSQL database
      cleaning = undefined;
    }
  }
  const loadAtEnd = loadavg();
  const goals = evaluateGoals({ runs, plannedRuns: targets, firstStepJs, connections: CONNECTIONS });

  const results = {
    date: new Date().toISOString(),
    node: process.version,
    cpus: cpus().length,
    cpuModel: cpus()[0]?.model,
    loadAverage: { atStart: loadAtStart, atEnd: loadAtEnd },
    connections: CONNECTIONS,
    durationSeconds: DURATION,
    warmupSeconds: WARMUP,
    lighthouseRuns: withLighthouse ? LIGHTHOUSE_RUNS : 0,
    webDist: web ? (web.built ? 'built from the current sources' : web.dist) : null,
    firstStepJavaScript: firstStepJs ?? null,
    goals,
    runs,
    failures,
  };
  writeFileSync(RESULTS_FILE, JSON.stringify(results, null, 2) + '\n');

  console.log('');
  console.log(table(runs));
  console.log('');
  for (const run of runs) {
    if (!run.lighthouse) continue;
    console.log(
      `Lighthouse 12 (mobile emulation, ${run.label} server${LIGHTHOUSE_RUNS > 1 ? `, median of ${LIGHTHOUSE_RUNS} runs` : ''}; ` +
        `load average ${loadText(run.lighthouseLoadAverage)} when it began): ${LIGHTHOUSE_PAGES.join(', ')}`,
    );
    console.log(lighthouseTable(run.lighthouse));
    console.log('');
  }
  console.log('Goals (issue 17); ratios are against the trivial route of the same run:');
  console.log(goalsTable(goals));
  console.log('');
  if (firstStepJs) console.log(`JavaScript before the first step: ${firstStepJs.how}`);
  for (const run of runs) {
    console.log(
      `${run.label}: server ready in ${run.startSeconds.toFixed(1)} s (migrate + seed + ANALYZE); ` +
        `load average (1 / 5 / 15 min) before: ${loadText(run.loadAverageBefore)}, after: ${loadText(run.loadAverageAfter)}`,
    );
    if (run.note) console.log(`${run.label}: ${run.note}`);
  }
  const notes = new Map();
  for (const run of runs) for (const r of run.rows) if (r.note) notes.set(`${r.call}${run.processes > 1 ? ` (${run.label})` : ''}`, r.note);
  for (const [call, note] of notes) console.log(`${call}: ${note}`);
  console.log(
    `${CONNECTIONS_TEXT}, ${DURATION} s per call after ${WARMUP} s warm-up; server and load generator share ` +
      `${cpus().length} CPUs (${cpus()[0]?.model ?? 'unknown'}), Node ${process.version}. Latencies are of 2xx answers.`,
  );
  console.log(`Load average (1 / 5 / 15 min) at start: ${loadText(loadAtStart)}, at end: ${loadText(loadAtEnd)}. Results: ${RESULTS_FILE}`);
  const bad = runs.flatMap((run) => run.rows.map((r) => ({ ...r, label: run.label }))).filter((r) => r.non2xx + r.errors + r.timeouts > 0);
  for (const r of bad) {
    console.log(`‼ ${r.label} ${r.call}: ${r.non2xx} non-2xx, ${r.errors} errors, ${r.timeouts} timeouts; status codes ${JSON.stringify(r.statusCodes)}`);
  }
  for (const f of failures) console.log(`‼ ${f.label}: not measured: ${f.error.split('\n')[0]}`);
  // Budgets and goals never fail the run; only a run that could not be measured does.
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
    for (const step of webCleanups.splice(0)) step();
  });
