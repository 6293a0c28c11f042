#!/usr/bin/env node
// npm start: builds the web app when its sources are newer than the build (not with
// SKIP_WEB_BUILD=1), then runs the server (API + SPA on one port), which migrates and
// seeds the database on first start. Each step prints one short line; the server's last
// is "Valmis: http://…" when it listens.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const built = join(root, 'apps/web/dist/index.html');

function newest(dir) {
  let latest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const p = join(dir, entry.name);
    latest = Math.max(latest, entry.isDirectory() ? newest(p) : statSync(p).mtimeMs);
  }
  return latest;
}

// SKIP_WEB_BUILD=1: serve what is built (or only the API when nothing is).
const skipBuild = process.env.SKIP_WEB_BUILD === '1' || process.env.SKIP_WEB_BUILD === 'true';
const sources = skipBuild ? 0 : Math.max(newest(join(root, 'apps/web')), newest(join(root, 'packages/domain/src')));
// One short line per step on stdout; the build's own listing is shown only when it fails.
if (skipBuild) {
  console.log(existsSync(built) ? 'Verkkosovellus: käytetään valmista (SKIP_WEB_BUILD)' : 'Verkkosovellus: ei rakenneta (SKIP_WEB_BUILD), vain rajapinta');
} else if (!existsSync(built) || statSync(built).mtimeMs < sources) {
  console.log('Verkkosovellus: rakennetaan…');
  const started = performance.now();
  const r = spawnSync('npm', ['run', 'build', '-w', 'apps/web'], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'], encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (r.status !== 0) {
    process.stderr.write(`${r.stdout ?? ''}${r.stderr ?? ''}${r.error ? `${r.error.message}\n` : ''}`);
    console.error('Verkkosovellus: rakentaminen epäonnistui');
    process.exit(r.status ?? 1);
  }
  console.log(`Verkkosovellus: rakennettu (${Math.round((performance.now() - started) / 1000)} s)`);
} else {
  console.log('Verkkosovellus: ajan tasalla');
}

const server = spawn(process.execPath, ['--import', 'tsx', join(root, 'apps/server/src/server.ts')], {
  cwd: root,
  stdio: 'inherit',
  env: { NODE_ENV: 'production', ...process.env },
});
// The server shuts down cleanly on SIGTERM/SIGINT (apps/server/src/server.ts); this process
// passes them on and ends when the server has. package.json runs this script with `exec`,
// so npm's `sh -c` is replaced by it and the signal npm forwards arrives here. Should a
// shell still stand between npm and this process, it dies of the signal without passing it
// on: the parent changes (this process is re-parented), which counts as SIGTERM too.
let forwarded = false;
function stop(signal) {
  if (server.exitCode !== null || server.signalCode !== null) return;
  forwarded = true;
  server.kill(signal);
}
process.on('SIGINT', () => stop('SIGINT'));
process.on('SIGTERM', () => stop('SIGTERM'));
process.on('SIGHUP', () => stop('SIGTERM'));
const parent = process.ppid;
const orphaned = setInterval(() => {
  if (process.ppid !== parent && !forwarded) stop('SIGTERM');
}, 250);
orphaned.unref();
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
