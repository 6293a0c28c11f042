import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { API_BASE } from '@huolto/domain';
import { openDatabase } from './db/database.ts';
import { createTestApp, createTestDatabase, type LogLine, type TestDatabase } from '../test/helpers.ts';
import { DB_SHUTDOWNED, ROOT, connectionRefused, freePort, pgControlState, sleep } from '../test/processes.ts';

/**
 * `npm start` as an operator runs it (a container's command, a systemd unit): SIGTERM to
 * the npm process must reach the server, which finishes its requests and closes the
 * database, and then every process of the tree ends. The web build is skipped
 * (SKIP_WEB_BUILD=1): the API alone is served.
 */

let dataDir: string;
let database: TestDatabase | undefined;
const started: ChildProcess[] = [];

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'huolto-npm-start-'));
  const template = inject('pgliteTemplate');
  if (template) {
    const handle = await openDatabase({ dataDir: join(dataDir, 'pgdata'), loadDataDir: new Blob([readFileSync(template)]) });
    await handle.close();
  } else {
    database = await createTestDatabase();
  }
});

afterEach(async () => {
  // Whatever a failed test left running.
  for (const child of started.splice(0)) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
});

afterAll(async () => {
  await database?.drop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

/** Parent pid of every process, from /proc. */
function parents(): Map<number, number> {
  const map = new Map<number, number>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      // pid (comm) state ppid …; comm may hold spaces and parentheses.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      map.set(Number(name), Number(fields[1]));
    } catch {
      // ended meanwhile
    }
  }
  return map;
}

/** The process and all its descendants, with their command lines. */
function tree(root: number): { pid: number; cmd: string }[] {
  const ppid = parents();
  const found = [root];
  for (let i = 0; i < found.length; i++) {
    for (const [pid, parent] of ppid) if (parent === found[i] && !found.includes(pid)) found.push(pid);
  }
  return found.map((pid) => {
    let cmd = '';
    try {
      cmd = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ').trim();
    } catch {
      // ended meanwhile
    }
    return { pid, cmd };
  });
}

/** Whether the process still exists (a zombie waiting to be reaped counts as ended). */
function alive(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return false;
  }
}

/** Runs `command` in the repository with the server's environment; resolves once /health answers. */
async function launch(command: string, args: string[], extraEnv: NodeJS.ProcessEnv = {}) {
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    TZ: process.env.TZ,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    SKIP_WEB_BUILD: '1',
    ...(database?.url ? { DATABASE_URL: database.url } : {}),
    ...extraEnv,
  };
  const child = spawn(command, args, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  started.push(child);
  let out = '';
  child.stdout!.on('data', (b: Buffer) => (out += b));
  child.stderr!.on('data', (b: Buffer) => (out += b));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((r) => child.once('exit', (code, signal) => r({ code, signal })));
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`${command} ended early:\n${out}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`no /health on ${port}:\n${out}`);
    await sleep(200);
  }
  return { child, port, exited, output: () => out };
}

/** Waits until none of the pids is alive; answers those still alive after `timeoutMs`. */
async function waitGone(pids: number[], timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (pids.some(alive) && Date.now() < deadline) await sleep(100);
  return pids.filter(alive);
}

describe('npm start and signals', () => {
  it('SIGTERM to `npm start` stops the server cleanly and ends every process of the tree', async () => {
    const run = await launch('npm', ['start']);
    const processes = tree(run.child.pid!);
    expect(processes.some((p) => p.cmd.includes('apps/server/src/server.ts')), JSON.stringify(processes)).toBe(true);

    run.child.kill('SIGTERM');
    const left = await waitGone(processes.map((p) => p.pid), 10_000);
    expect(left.map((pid) => processes.find((p) => p.pid === pid)?.cmd), run.output()).toEqual([]);
    expect(await connectionRefused(run.port)).toBe(true);
    // npm waited for the server and ends as it did: cleanly.
    expect(await run.exited).toEqual({ code: 0, signal: null });
    // The server closed its database itself rather than being cut off.
    if (!database) expect(pgControlState(join(dataDir, 'pgdata'))).toBe(DB_SHUTDOWNED);
  });

  it('a shell in between that dies of the signal without passing it on does not leave the server running', async () => {
    // What npm ran before: `sh -c "node scripts/start.mjs"`, the shell killed, the script orphaned.
    const run = await launch('sh', ['-c', 'node scripts/start.mjs; echo done']);
    const processes = tree(run.child.pid!);
    expect(processes.some((p) => p.cmd.includes('apps/server/src/server.ts')), JSON.stringify(processes)).toBe(true);

    run.child.kill('SIGTERM');
    const left = await waitGone(processes.map((p) => p.pid), 10_000);
    expect(left.map((pid) => processes.find((p) => p.pid === pid)?.cmd), run.output()).toEqual([]);
    expect(await connectionRefused(run.port)).toBe(true);
    if (!database) expect(pgControlState(join(dataDir, 'pgdata'))).toBe(DB_SHUTDOWNED);
  });
});

/** JSON log lines in a process's output (other lines are the start-up's human lines). */
function jsonLines(output: string): LogLine[] {
  return output
    .split('\n')
    .filter((l) => l.startsWith('{'))
    .map((l) => JSON.parse(l) as LogLine);
}

describe('npm start tells what it does', () => {
  it('prints a short line per step and "Valmis: http://…" once it listens; API requests are logged, files of the web app are not at info level', async () => {
    const run = await launch('npm', ['start'], { LOG_LEVEL: 'info' });
    const deadline = Date.now() + 10_000;
    while (!run.output().includes('Valmis:') && Date.now() < deadline) await sleep(50);
    const lines = run.output().split('\n');
    expect(lines, run.output()).toContain(`Valmis: http://127.0.0.1:${run.port}`);
    expect(lines).toContain('Verkkosovellus: ' + (existsSync(join(ROOT, 'apps/web/dist/index.html')) ? 'käytetään valmista (SKIP_WEB_BUILD)' : 'ei rakenneta (SKIP_WEB_BUILD), vain rajapinta'));
    // The database of this test is migrated and seeded already.
    expect(lines).toContain('Tietokanta: ajan tasalla');
    // The server's start-up log lines come before it: the last line of start-up.
    expect(lines.slice(lines.indexOf(`Valmis: http://127.0.0.1:${run.port}`) + 1).filter(Boolean)).toEqual([]);

    const base = `http://127.0.0.1:${run.port}`;
    const served = existsSync(join(ROOT, 'apps/web/dist/index.html'));
    if (served) {
      const page = await fetch(`${base}/ajanvaraus`, { headers: { 'x-request-id': 'static-page' } });
      expect(page.status).toBe(200);
      const asset = (await page.text()).match(/\/assets\/[^"]+\.js/)?.[0];
      expect(asset).toBeDefined();
      expect((await fetch(base + asset!, { headers: { 'x-request-id': 'static-asset' } })).status).toBe(200);
    }
    expect((await fetch(`${base}${API_BASE}/settings`, { headers: { 'x-request-id': 'api-call' } })).status).toBe(200);
    while (!jsonLines(run.output()).some((r) => r.requestId === 'api-call' && r.msg === 'request completed')) await sleep(50);

    const records = jsonLines(run.output());
    expect(records.filter((r) => r.requestId === 'api-call').map((r) => r.msg)).toEqual(['incoming request', 'request completed']);
    expect(records.filter((r) => String(r.requestId).startsWith('static-'))).toEqual([]);

    run.child.kill('SIGTERM');
    expect(await run.exited).toEqual({ code: 0, signal: null });
  });

  it('on a public address without METRICS_TOKEN (the default set-up) says once, in Finnish, that /metrics is closed, and logs no warning', async () => {
    const run = await launch('npm', ['start'], { HOST: '0.0.0.0', LOG_LEVEL: 'info' });
    const deadline = Date.now() + 10_000;
    while (!run.output().includes('Valmis:') && Date.now() < deadline) await sleep(50);
    const lines = run.output().split('\n');
    expect(lines, run.output()).toContain(`Valmis: http://localhost:${run.port}`);
    expect(lines.filter((l) => l.includes('METRICS_TOKEN')), run.output()).toEqual([
      'Mittarit: /metrics on suljettu; avaa se asettamalla METRICS_TOKEN (README, Configuration)',
    ]);
    const WARN = 40;
    expect(jsonLines(run.output()).filter((r) => r.level >= WARN), run.output()).toEqual([]);
    run.child.kill('SIGTERM');
    expect(await run.exited).toEqual({ code: 0, signal: null });
  });

  it('logs the files of the web app (assets, index.html for a page) at debug level, API requests at info', async () => {
    const dist = mkdtempSync(join(tmpdir(), 'huolto-dist-'));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Ajanvaraus</title>');
    writeFileSync(join(dist, 'assets', 'index-abc123.js'), 'console.log("app")\n');
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(...String(chunk).split('\n').filter(Boolean));
        done();
      },
    });
    const site = await createTestApp({ webDist: dist }, { logger: { level: 'debug', stream } });
    try {
      const requests = [
        ['static-asset', 'GET', '/assets/index-abc123.js', 200],
        ['static-head', 'HEAD', '/assets/index-abc123.js', 200],
        ['static-page', 'GET', '/ajanvaraus?rekisteri=ABC-123', 200],
        ['static-missing', 'GET', '/assets/gone-123.js', 404],
        ['api-call', 'GET', `${API_BASE}/settings`, 200],
        ['api-unknown', 'GET', `${API_BASE}/no-such-call`, 404],
        // A POST is never a file (here the XSRF check refuses it).
        ['api-post', 'POST', '/ajanvaraus', 403],
      ] as const;
      for (const [id, method, url, status] of requests) {
        expect((await site.app.inject({ method, url, headers: { 'x-request-id': id } })).statusCode, id).toBe(status);
      }
      const records = lines.map((l) => JSON.parse(l) as LogLine);
      const levels = (id: string) => records.filter((r) => r.requestId === id).map((r) => [r.msg, r.level]);
      const DEBUG = 20;
      const INFO = 30;
      for (const id of ['static-asset', 'static-head', 'static-page', 'static-missing']) {
        expect(levels(id), id).toEqual([['incoming request', DEBUG], ['request completed', DEBUG]]);
      }
      for (const id of ['api-call', 'api-unknown', 'api-post']) {
        expect(levels(id), id).toEqual([['incoming request', INFO], ['request completed', INFO]]);
      }
    } finally {
      await site.close();
      rmSync(dist, { recursive: true, force: true });
    }
  });
});
