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
// Each call's req/s is also given against the trivial route (GET /active-processes) and, for
// the calls with a booking session, against the session floor (GET /session/v2/alive: the
// session read and {}). The back-office calls are made as the demo admin; the jobs (one
// reminder pass, one purge pass) are timed last, after the servers have stopped
// (bench-jobs.mjs). With BENCH_SCALE the one-process runs are made again on a larger
// database (DEMO_SCALE) and compared call by call with the demo size.
//
// It is a benchmark, not a test: budgets and goals are printed as ✓/✗ and never fail the
// run. It exits non-zero only when it cannot measure something (the web build or a server
// fails, a call fails in preparation, Lighthouse fails on a page: that page is printed as
// ✗ failed with Lighthouse's error code and the other pages and the calls are measured).
//
//   BENCH_ONLY             comma-separated scenario ids: measure just those (and the baseline)
//   BENCH_DURATION         seconds of load per call (default 10)
//   BENCH_CONNECTIONS      concurrent connections (default 20; 1 shows one request's own time)
//   BENCH_STAFF_CONNECTIONS  the back-office calls' connections (default 2: its own concurrency)
//   BENCH_WARMUP           seconds of unmeasured load before each call (default 2; 0 = none)
//   BENCH_WEEK             `current` keeps the current week for free-times even on a weekend
//   BENCH_LIGHTHOUSE       0 leaves out the web build and Lighthouse (on PGlite, before the load)
//   BENCH_LIGHTHOUSE_RUNS  Lighthouse runs per page, the median performance counts (default 1)
//   BENCH_WEB_DIST         a web build to use instead of building one (e.g. apps/web/dist)
//   BENCH_PROCESSES        `1` leaves out the two-process PostgreSQL run
//   BENCH_SERVER_NODE_ARGS Node options of the bench's servers, e.g. `--cpu-prof --cpu-prof-dir=DIR`
//                          for a CPU profile of each server under the load (written when it stops)
//   BENCH_SCALE            medium | large | offices=N,years=N: every one-process run again on a
//                          database seeded at that size (DEMO_SCALE; large on PostgreSQL only),
//                          each call's figures beside the demo size's, ✓/✗ ≤ 1.2× for the
//                          customer calls (bench-goals.mjs SCALE_GOALS)
//   BENCH_INTERLEAVE       with BENCH_SCALE (default on): both sizes' servers kept running and each
//                          call measured demo, larger, larger, demo (half the duration each); 0 = the
//                          larger size's run after the demo size's
//   BENCH_START_TIMEOUT    seconds a server seeding the larger size may take (default 4 hours)
//   BENCH_RUSH_CLIENTS     clients of the rush (default 200), each pausing 1–3 s before each call
//   BENCH_RUSH_SECONDS     seconds the rush's clients start bookings in (default 60); measured on
//                          two processes on PostgreSQL, at the BENCH_SCALE size when given
//   BENCH_RUSH_ADDRESSES   each (default: every client an address of its own) | one (the bench's)
//
// The parts: bench-server.mjs starts the servers and fresh PostgreSQL databases and cleans
// up after them, bench-load.mjs measures each call, bench-output.mjs prints the report.

import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join, dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SCENARIOS as ALL_SCENARIOS, databaseSize } from './bench-scenarios.mjs';
import { LIGHTHOUSE_PAGES, runLighthouse } from './bench-lighthouse.mjs';
import { evaluateGoals, firstStepJavaScript } from './bench-goals.mjs';
import { atBenchEnd, checkpoint, cleanup, cleanupBench, createPgDatabase, startProcesses, stopOnSignals, stopRequested } from './bench-server.mjs';
import { measure, measureJobs } from './bench-load.mjs';
import { loadText, printReport } from './bench-output.mjs';

/** BENCH_ONLY=free-times,other-offices measures just those calls (and the two baselines). */
const ONLY = (process.env.BENCH_ONLY ?? '').split(',').map((x) => x.trim()).filter(Boolean);
const SCENARIOS = ONLY.length === 0 ? ALL_SCENARIOS : ALL_SCENARIOS.filter((s) => s.baseline || s.floor || ONLY.includes(s.id) || s.calls?.some((c) => ONLY.includes(c)));

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

const CONNECTIONS = Math.max(1, Math.round(positive(process.env.BENCH_CONNECTIONS, 20)));
const CONNECTIONS_TEXT = `${CONNECTIONS} connection${CONNECTIONS === 1 ? '' : 's'}`;
const DURATION = positive(process.env.BENCH_DURATION, 10);
const WARMUP = positive(process.env.BENCH_WARMUP, 2, true);
const LIGHTHOUSE_RUNS = Math.max(1, Math.round(positive(process.env.BENCH_LIGHTHOUSE_RUNS, 1)));
const RESULTS_FILE = join(root, 'bench-results.json');

/**
 * BENCH_SCALE: a larger database beside the demo company, its size as DEMO_SCALE says it
 * (seed/scale.ts: medium, large or offices=N,years=N[,bookings=N]). Each single-process run
 * is made twice, at the demo size and at this size (`large` on PostgreSQL only: PGlite stays
 * at the demo size), and each call of the larger run is compared with the same call of the
 * demo run. Empty or `demo`: the demo size only.
 */
const SCALE = (process.env.BENCH_SCALE ?? '').trim() === 'demo' ? '' : (process.env.BENCH_SCALE ?? '').trim();
if (SCALE && !/^(medium|large|offices=\d+(,\s*(years|bookings)=\d+)*)$/.test(SCALE)) {
  throw new Error(`BENCH_SCALE must be medium, large or offices=N,years=N[,bookings=N] (as DEMO_SCALE), got ${SCALE}`);
}

/**
 * BENCH_INTERLEAVE: with BENCH_SCALE, each larger-size run is measured beside its demo-size
 * run, call by call (runPair). `0`: one after the other, as before.
 */
const INTERLEAVE = !!SCALE && process.env.BENCH_INTERLEAVE !== '0';

function positive(text, fallback, zeroOk = false) {
  if (text === undefined || text === '') return fallback;
  const n = Number(text);
  if (!Number.isFinite(n) || n < 0 || (n === 0 && !zeroOk)) throw new Error(`not a usable number: ${text}`);
  return n;
}

/** What bench-load.mjs measures with. */
const LOAD = { connections: CONNECTIONS, connectionsText: CONNECTIONS_TEXT, duration: DURATION, warmup: WARMUP };

const log = (...args) => console.error(...args);

stopOnSignals();

// ---------------------------------------------------------------- runs

/** One run: a fresh database, `target.processes` servers on it, Lighthouse if asked, every call. */
async function runDatabase(target, databaseUrl, { webDist, withLighthouse }) {
  const started = await startRun(target, databaseUrl, { webDist, withLighthouse });
  const rows = [];
  for (const scenario of target.scenarios) if (!scenario.jobs) rows.push(...[await measure(started.server, scenario, target.database, LOAD)].flat());
  return finishRun(target, started, rows);
}

/**
 * A demo-size run and its larger-size run side by side (BENCH_INTERLEAVE, on by default with
 * BENCH_SCALE): both servers kept running, each call measured on them in the order demo,
 * larger, larger, demo, half of BENCH_DURATION each, and each size's figures the mean of its
 * two halves. Measured one size after the other, the machine's own drift between the two
 * phases (on 29 November the trivial route 1.14× and the session floor 1.45× on this
 * two-core machine) was as large as the effect measured; in this order a drift that is
 * steady over a call's four halves falls on both sizes alike.
 */
async function runPair(demoTarget, scaledTarget, urls, { webDist, withLighthouse }) {
  // Lighthouse on the demo server before the larger seed starts loading the machine.
  const demo = await startRun(demoTarget, urls[0], { webDist, withLighthouse });
  const scaled = await startRun(scaledTarget, urls[1], { webDist, withLighthouse: false });
  const half = { ...LOAD, duration: LOAD.duration / 2 };
  const demoRows = [];
  const scaledRows = [];
  for (const scenario of demoTarget.scenarios) {
    if (scenario.jobs) continue;
    if (!scaledTarget.scenarios.includes(scenario)) {
      demoRows.push(...[await measure(demo.server, scenario, demoTarget.database, LOAD)].flat());
      continue;
    }
    const halves = { demo: [], scaled: [] };
    for (const side of ['demo', 'scaled', 'scaled', 'demo']) {
      const [run, target] = side === 'demo' ? [demo, demoTarget] : [scaled, scaledTarget];
      halves[side].push([await measure(run.server, scenario, target.database, half)].flat());
    }
    demoRows.push(...meanOfHalves(halves.demo));
    scaledRows.push(...meanOfHalves(halves.scaled));
  }
  for (const scenario of scaledTarget.scenarios) {
    if (!scenario.jobs && !demoTarget.scenarios.includes(scenario)) scaledRows.push(...[await measure(scaled.server, scenario, scaledTarget.database, LOAD)].flat());
  }
  return [await finishRun(demoTarget, demo, demoRows), await finishRun(scaledTarget, scaled, scaledRows)];
}

/** Figures that are a rate or a latency: the mean of the halves. The counts are summed, the extremes kept. */
const MEAN_OF_HALVES = new Set(['requestsPerSecond', 'p50Ms', 'p90Ms', 'p95Ms', 'p99Ms', 'bookingsPerSecond', 'avgBytesPerResponse']);

/** One row for each row of the halves (the same rows in the same order), with the halves' own figures kept. */
function meanOfHalves(halves) {
  return halves[0].map((first, i) => {
    const rows = halves.map((h) => h[i]);
    const row = { ...first };
    for (const [key, value] of Object.entries(first)) {
      if (typeof value !== 'number' || key === 'connections' || key === 'distinctRequests' || key === 'budgetP99Ms') continue;
      const values = rows.map((r) => r[key]);
      if (key === 'maxMs') row[key] = Math.max(...values);
      else if (key === 'fewestBookingsByClient') row[key] = Math.min(...values);
      else if (MEAN_OF_HALVES.has(key)) row[key] = values.reduce((a, b) => a + b, 0) / values.length;
      else row[key] = values.reduce((a, b) => a + b, 0);
    }
    row.statusCodes = {};
    for (const r of rows) for (const [k, v] of Object.entries(r.statusCodes ?? {})) row.statusCodes[k] = (row.statusCodes[k] ?? 0) + v;
    if (row.budgetP99Ms != null) row.budgetMet = row.ok > 0 && row.p99Ms < row.budgetP99Ms;
    row.halves = rows.map((r) => ({ requestsPerSecond: r.requestsPerSecond, p50Ms: r.p50Ms, p99Ms: r.p99Ms }));
    row.note = `${first.note}; interleaved with the other size, the mean of ${rows.length} halves of ${LOAD.duration / 2} s`;
    return row;
  });
}

/** A run's servers started on a fresh database, its size read, Lighthouse if asked. */
async function startRun(target, databaseUrl, { webDist, withLighthouse }) {
  const load = loadavg();
  // The seed ends with ANALYZE (seed/index.ts), on PGlite and PostgreSQL alike.
  const server = await startProcesses(target.database, databaseUrl, target.processes, webDist, target.scale);
  if (databaseUrl) {
    // The seed's pages written out before the calls are measured, not while they are; the
    // log says how long it took, i.e. how much was still pending (1.9 s after the large seed
    // on 29 November: PostgreSQL had written most of it out during the seed's 7 minutes).
    const seconds = await checkpoint(databaseUrl);
    log(`[${target.database}] CHECKPOINT after the seed: ${seconds.toFixed(1)} s`);
  }
  // The size seeded (the admin's offices), to tell the demo company from a larger DEMO_SCALE.
  const size = await databaseSize(server).catch((err) => {
    log(`[${target.database}] could not read the database's size: ${err.message}`);
    return undefined;
  });
  log(`[${target.database}] ${size?.offices ?? '?'} offices${target.scale ? ` (DEMO_SCALE=${target.scale})` : ''}`);
  // Lighthouse first, while the machine is quiet: it simulates a phone from the page's trace.
  const lighthouseLoad = loadavg();
  // A page Lighthouse fails on is answered as failed (bench-lighthouse.mjs); the load goes on.
  const lighthouse = withLighthouse ? await lighthouseOrFailure(server.url) : undefined;
  return { server, load, size, lighthouse, lighthouseLoad };
}

/** A run's jobs after its calls' rows, its ratios to the baselines, and what it reports. */
async function finishRun(target, { server, load, size, lighthouse, lighthouseLoad }, rows) {
  // The jobs last, on what the load left behind; they stop the servers first.
  const jobs = target.scenarios.find((s) => s.jobs);
  let jobsFailed;
  if (jobs) {
    try {
      rows.push(...(await measureJobs(server, jobs, target.database)));
    } catch (err) {
      log(`[${target.database}] jobs failed: ${err.stack ?? err}`);
      jobsFailed = String(err.message ?? err);
    }
  }
  const base = rows.find((r) => r.baseline);
  const floor = rows.find((r) => r.floor);
  for (const r of rows) {
    r.ratioToTrivial = !r.job && !r.partOf && !r.paced && base && base.requestsPerSecond > 0 ? r.requestsPerSecond / base.requestsPerSecond : null;
    // Session calls against the floor of a session call (session/v2/alive).
    r.ratioToFloor = (r.session || r.floor) && floor && floor.requestsPerSecond > 0 ? r.requestsPerSecond / floor.requestsPerSecond : null;
  }
  return {
    database: target.database,
    label: target.label,
    processes: target.processes,
    scale: target.scale ?? 'demo',
    offices: size?.offices ?? null,
    jobsFailed,
    demoOf: target.demoOf,
    startSeconds: server.startSeconds,
    note: server.note,
    loadAverageBefore: load,
    loadAverageAfter: loadavg(),
    rows,
    lighthouse,
    lighthouseLoadAverage: lighthouse ? lighthouseLoad : undefined,
  };
}

/**
 * Each call of a larger-size run beside the same call of its demo-size run (runs[].demoOf):
 * row.scale = { demoRequestsPerSecond, demoP99Ms, timeRatio, p99Ratio }, both ratios larger
 * size over demo size of the time a request takes (timeRatio: demo req/s ÷ larger req/s).
 */
function compareScales(runs) {
  for (const run of runs) {
    if (!run.demoOf) continue;
    const demo = runs.find((r) => r.database === run.demoOf);
    // A seed that does not know the size asked for seeds the demo company again.
    if (demo && run.offices != null && run.offices === demo.offices) {
      run.note = `${run.note ? `${run.note}; ` : ''}‼ as many offices (${run.offices}) as the demo size: the seed did not follow DEMO_SCALE=${run.scale}`;
    }
    for (const row of run.rows) {
      const d = demo?.rows.find((x) => x.id === row.id);
      if (!d) continue;
      row.scale = {
        demoRequestsPerSecond: d.requestsPerSecond,
        demoP99Ms: d.p99Ms,
        timeRatio: row.requestsPerSecond > 0 ? d.requestsPerSecond / row.requestsPerSecond : null,
        p99Ratio: d.p99Ms > 0 && Number.isFinite(row.p99Ms) ? row.p99Ms / d.p99Ms : null,
      };
    }
  }
}

/**
 * Whether a run measures a scenario, BENCH_ONLY aside. The baselines are measured in every
 * run. A scenario marked `twoProcesses` (the rush) is measured only on two server processes
 * on PostgreSQL, at the larger size when BENCH_SCALE gives one (a two-process run of its own
 * at that size, `twoProcessScenariosOnly`, which measures just those), else at the demo size.
 */
function runsIn(scenario, target, targets) {
  if (scenario.baseline || scenario.floor) return true;
  if (target.twoProcessScenariosOnly) return !!scenario.twoProcesses;
  if (!scenario.twoProcesses) return true;
  const twoProcessRuns = targets.filter((t) => t.processes > 1);
  return target === (twoProcessRuns.find((t) => t.scale) ?? twoProcessRuns[0]);
}

/** Lighthouse on every page; should it throw as a whole, every page is answered as failed. */
async function lighthouseOrFailure(url) {
  try {
    return await runLighthouse(url, log, LIGHTHOUSE_RUNS);
  } catch (err) {
    log(`[lighthouse] failed: ${err.stack ?? err}`);
    const failed = { code: typeof err?.code === 'string' ? err.code : 'ERROR', message: String(err?.message ?? err).split('\n')[0] };
    return LIGHTHOUSE_PAGES.map((path) => ({ path, runs: LIGHTHOUSE_RUNS, failed }));
  }
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
  atBenchEnd(() => rmSync(dist, { recursive: true, force: true }));
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

// ---------------------------------------------------------------- main

async function main() {
  const adminUrl = process.env.DATABASE_URL || undefined;
  const targets = [{ database: 'pglite', label: 'PGlite', processes: 1, url: undefined }];
  if (adminUrl) {
    targets.push({ database: 'postgres', label: 'PostgreSQL', processes: 1, url: adminUrl });
    if (process.env.BENCH_PROCESSES !== '1') targets.push({ database: 'postgres-2', label: 'PostgreSQL, 2 processes', processes: 2, url: adminUrl });
  }
  if (SCALE) {
    // The larger size after every demo-size run, one process each, compared with the demo run.
    const scaled = targets.filter((t) => t.processes === 1 && (SCALE !== 'large' || t.database === 'postgres'));
    if (scaled.length === 0) throw new Error('BENCH_SCALE=large is measured on PostgreSQL only: set DATABASE_URL (or use BENCH_SCALE=medium on PGlite)');
    for (const t of scaled) targets.push({ ...t, database: `${t.database}-scaled`, label: `${t.label}, ${SCALE}`, scale: SCALE, demoOf: t.database });
    // The scenarios measured on two processes (the rush) at the larger size, in a run of their own.
    const two = targets.find((t) => t.processes > 1);
    if (two && SCENARIOS.some((s) => s.twoProcesses)) {
      targets.push({ ...two, database: `${two.database}-scaled`, label: `${two.label}, ${SCALE}`, scale: SCALE, twoProcessScenariosOnly: true });
    }
  }
  for (const t of targets) {
    t.scenarios = SCENARIOS.filter((s) => runsIn(s, t, targets));
    // What the run does not measure wherever BENCH_ONLY points (its goals are not listed for it).
    t.measuredElsewhere = ALL_SCENARIOS.filter((s) => !runsIn(s, t, targets)).flatMap((s) => [s.id, ...(s.calls ?? [])]);
  }
  // A run left with the baselines alone (BENCH_ONLY names calls measured in other runs only) is left out.
  const measuresSomething = (t) => t.scenarios.some((s) => !s.baseline && !s.floor);
  if (targets.some(measuresSomething)) targets.splice(0, targets.length, ...targets.filter(measuresSomething));
  const loadAtStart = loadavg();
  log(
    `Benchmark: ${SCENARIOS.length} calls × ${targets.map((t) => t.label).join(' + ')}, ` +
      `${CONNECTIONS_TEXT}, ${WARMUP} s warm-up + ${DURATION} s each` +
      `${INTERLEAVE ? ` (each size's beside the other's: demo, ${SCALE}, ${SCALE}, demo, ${DURATION / 2} s each after its warm-up)` : ''}; ` +
      `${cpus().length} CPUs, Node ${process.version}; ` +
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
  const databaseUrlOf = async (target) => (target.url ? (await createPgDatabase(target.url, target.database.replaceAll('-', '_'))).url : undefined);
  for (const [i, target] of targets.entries()) {
    if (stopRequested()) break;
    // With BENCH_INTERLEAVE the larger size is measured with its demo run (runPair).
    if (INTERLEAVE && target.demoOf && targets.some((t) => t.database === target.demoOf)) continue;
    const scaled = INTERLEAVE ? targets.find((t) => t.demoOf === target.database) : undefined;
    try {
      const opts = { webDist: web?.dist, withLighthouse: withLighthouse && i === 0 };
      if (scaled) runs.push(...(await runPair(target, scaled, [await databaseUrlOf(target), await databaseUrlOf(scaled)], opts)));
      else runs.push(await runDatabase(target, await databaseUrlOf(target), opts));
    } catch (err) {
      log(`\n[${target.label}] bench failed: ${err.stack ?? err}`);
      failures.push({ database: target.database, label: target.label, error: String(err.message ?? err) });
    } finally {
      await cleanup(); // this run's servers, data directories and PostgreSQL database
    }
  }
  compareScales(runs);
  // A page Lighthouse failed on is a failure of the run (its exit status), the rest was measured.
  for (const run of runs) {
    if (run.jobsFailed) failures.push({ database: run.database, label: `${run.label}, jobs`, error: run.jobsFailed });
    for (const page of run.lighthouse ?? []) {
      if (page.failed) failures.push({ database: run.database, label: `${run.label}, Lighthouse ${page.path}`, error: `${page.failed.code} ${page.failed.message}` });
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
    scale: SCALE || 'demo',
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

  printReport(results, { resultsFile: RESULTS_FILE, connectionsText: CONNECTIONS_TEXT });
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
    cleanupBench();
  });
