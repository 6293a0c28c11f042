// The servers of `npm run bench` (scripts/bench.mjs): apps/server as child processes on free
// ports, fresh PostgreSQL databases for them, and the clean-up registry that stops and removes
// them again (and whatever else the bench registers) on success, error and Ctrl-C alike.

import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const pg = createRequire(join(root, 'apps/server/package.json'))('pg');

/** How long a server may take to migrate and seed: the demo company, and a larger DEMO_SCALE. */
const START_TIMEOUT_MS = 300_000;
const SCALED_START_TIMEOUT_MS = Number(process.env.BENCH_START_TIMEOUT || 0) * 1000 || 4 * 3_600_000;

/**
 * Node's own options for the bench's servers (BENCH_SERVER_NODE_ARGS), e.g.
 * `--cpu-prof --cpu-prof-dir=/tmp/profiles` for a CPU profile of each server under the load
 * (NODE_OPTIONS refuses --cpu-prof).
 */
const SERVER_NODE_ARGS = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(/\s+/).filter(Boolean);

const log = (...args) => console.error(...args);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

// ---------------------------------------------------------------- clean-up

/** Undo steps of the current run (servers, data directories, a database), newest first. */
const cleanups = [];
/** Undo steps of the whole bench (the web build), taken when it ends or is stopped. */
const benchCleanups = [];
let cleaning;
let stopping = false;

/**
 * Runs the current run's undo steps, newest first; run on success, error and Ctrl-C alike.
 * A call while they run waits for the same steps; the next call after them starts afresh.
 */
export function cleanup() {
  cleaning ??= (async () => {
    while (cleanups.length) {
      const step = cleanups.pop();
      try {
        await step();
      } catch (err) {
        log(`clean-up: ${err.message}`);
      }
    }
  })().finally(() => {
    cleaning = undefined;
  });
  return cleaning;
}

/** A step for the end of the whole bench (after the runs' own clean-ups). */
export function atBenchEnd(step) {
  benchCleanups.push(step);
}

/** Runs the whole bench's steps (synchronous ones). */
export function cleanupBench() {
  for (const step of benchCleanups.splice(0)) step();
}

/** On SIGINT and SIGTERM: the run's clean-up, the bench's, then exit 130. */
export function stopOnSignals() {
  for (const signal of ['SIGINT', 'SIGTERM']) {
    process.on(signal, () => {
      log(`\n${signal}: stopping`);
      stopping = true;
      void cleanup().then(() => {
        cleanupBench();
        process.exit(130);
      });
    });
  }
}

/** Whether a signal asked the bench to stop (no further run starts). */
export function stopRequested() {
  return stopping;
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

/**
 * Starts apps/server as a child process and waits until /health answers 200. Answers its
 * address and the lines it printed while starting (the server's own progress lines).
 */
async function startServer(name, databaseUrl, webDist, prepared = false, scale = undefined) {
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
    LOGIN_RATE_LIMIT: '1000000',
    STAFF_SEARCH_RATE_LIMIT: '1000000',
    STAFF_VIEW_RATE_LIMIT: '1000000',
    STAFF_ACCOUNT_RATE_LIMIT: '1000000',
    // The bench is the proxy in front of the server: the rush's clients each send an address of
    // their own in X-Forwarded-For; every other call comes from the bench's own address.
    TRUST_PROXY: '127.0.0.1',
    // The reminders due are queued by the bench's own pass (the jobs scenario), not at start.
    REMINDER_INTERVAL_SECONDS: '0',
  };
  delete env.SMTP_URL; // e-mails (none are sent here) stay in the temporary data directory
  // The size of the database the server seeds (seed/scale.ts): the demo company unless a
  // larger size is asked for; the caller's own DEMO_SCALE is not passed on.
  if (scale) env.DEMO_SCALE = scale;
  else delete env.DEMO_SCALE;
  const child = spawn(process.execPath, [...SERVER_NODE_ARGS, '--import', 'tsx', join(root, 'apps/server/src/server.ts')], {
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
  const timeoutMs = scale ? SCALED_START_TIMEOUT_MS : START_TIMEOUT_MS;
  log(
    `[${name}] starting the server on ${url} (${prepared ? 'on the database the first process prepared' : `migrating and seeding a fresh database${scale ? `, DEMO_SCALE=${scale}` : ''}`})…`,
  );
  for (;;) {
    if (exited) throw new Error(`the server (${name}) exited with ${exited.code ?? exited.signal} before answering:\n${tail.join('\n')}`);
    if (Date.now() - started > timeoutMs) throw new Error(`the server (${name}) did not answer /health in ${timeoutMs / 1000} s`);
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
  const stop = async () => {
    if (exited) return;
    child.kill('SIGTERM');
    if (!(await Promise.race([exit, sleep(10_000).then(() => null)]))) {
      child.kill('SIGKILL');
      await exit;
    }
  };
  return { url, pid: child.pid, startSeconds, startLines, dataDir, stop };
}

/**
 * `count` server processes on one database: the first migrates and seeds it, the others
 * start after it is ready and find nothing to do (prepareDatabase, under an advisory lock on
 * PostgreSQL). `scale` is the DEMO_SCALE the first seeds with (undefined: the demo company).
 * Answers { url, urls, pids, startSeconds, databaseUrl, pgliteDir, stop, note }.
 */
export async function startProcesses(name, databaseUrl, count, webDist, scale = undefined) {
  const first = await startServer(count > 1 ? `${name}#1` : name, databaseUrl, webDist, false, scale);
  const servers = [first];
  for (let i = 2; i <= count; i++) servers.push(await startServer(`${name}#${i}`, databaseUrl, webDist, true, scale));
  // The server says "Esimerkkidata: …" when it seeds; only the first may have.
  const seededAgain = servers.slice(1).filter((x) => x.startLines.some((line) => line.startsWith('Esimerkkidata')));
  if (seededAgain.length > 0) throw new Error(`a later server process seeded the shared database again:\n${seededAgain[0].startLines.join('\n')}`);
  return {
    url: first.url,
    urls: servers.map((x) => x.url),
    pids: servers.map((x) => x.pid),
    startSeconds: first.startSeconds,
    // What the jobs scenario opens the same database with, once the servers have stopped
    // (PGlite's data directory is one process's at a time).
    databaseUrl,
    pgliteDir: databaseUrl ? undefined : join(first.dataDir, 'pgdata'),
    stop: () => Promise.all(servers.map((x) => x.stop())),
    note:
      count > 1
        ? `${count} server processes on one database (${servers.map((x) => x.url.replace('http://127.0.0.1:', ':')).join(', ')}); ` +
          `the first migrated and seeded it in ${first.startSeconds.toFixed(1)} s, ${count === 2 ? 'the second' : 'the others'} found it ready ` +
          `(started in ${servers.slice(1).map((x) => `${x.startSeconds.toFixed(1)} s`).join(', ')}); autocannon gives each connection one of them in turn, ` +
          `the whole bookings send each call to the next one`
        : undefined,
  };
}

/**
 * PostgreSQL: a CHECKPOINT once the seed is in, so that writing out the seed's pages (2
 * million bookings at the large size) is done before the calls are measured, not during them.
 * Answers the seconds it took.
 */
export async function checkpoint(databaseUrl) {
  const started = performance.now();
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('CHECKPOINT');
  } finally {
    await client.end();
  }
  return (performance.now() - started) / 1000;
}

/** A fresh database on the DATABASE_URL server, dropped at clean-up. */
export async function createPgDatabase(adminUrl, suffix) {
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
