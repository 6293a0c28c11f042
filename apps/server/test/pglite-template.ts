import { createHash } from 'node:crypto';
import { copyFileSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { migrate, openDatabase } from '../src/db/database.ts';
import { seed } from '../seed/index.ts';

const ROOT = join(import.meta.dirname, '../../..');

/**
 * Templates already made, by what they were made from: the server's unit tests and the
 * browser tests of one CI run (npm test runs one after the other) seed once between them.
 */
const CACHE_DIR = join(ROOT, 'node_modules/.cache/huolto-pglite-template');

/**
 * The oldest cached template used again. Rows the seed leaves to the database's clock
 * (created_at and the like) are then at most this old when a test file opens its copy,
 * as they already are for the files that run late in a long run.
 */
const MAX_AGE_MS = 30 * 60_000;

/** What the template is made of: the migrations, the seed and the code it runs, PGlite itself, the day. */
const SOURCES = ['apps/server/migrations', 'apps/server/seed', 'apps/server/src/db', 'apps/server/src/lib', 'packages/domain/src', 'apps/server/test/pglite-template.ts'];

function filesOf(path: string): string[] {
  if (!statSync(path).isDirectory()) return [path];
  return readdirSync(path, { withFileTypes: true })
    .sort((a, b) => a.name.localeCompare(b.name))
    .flatMap((entry) => filesOf(join(path, entry.name)));
}

function templateKey(today: string): string {
  const hash = createHash('sha256').update(`${today}\n`);
  hash.update(readFileSync(join(ROOT, 'node_modules/@electric-sql/pglite/package.json')));
  for (const file of SOURCES.flatMap((source) => filesOf(join(ROOT, source)))) {
    if (/\.test\.tsx?$/.test(file)) continue;
    hash.update(`\n${relative(ROOT, file)}\n`).update(readFileSync(file));
  }
  return hash.digest('hex').slice(0, 24);
}

/**
 * Migrates and seeds an embedded database for `today` and writes its data directory to
 * `file`: the tarball each test's database starts from (about 0.6 s to open, where a
 * migration and seed of its own take about 12 s). A template made from the same sources
 * for the same day within MAX_AGE_MS is copied instead (about 20 s of CPU saved).
 */
export async function writePgliteTemplate(file: string, today: string): Promise<void> {
  const cached = join(CACHE_DIR, `${templateKey(today)}.tar`);
  try {
    if (Date.now() - statSync(cached).mtimeMs < MAX_AGE_MS) {
      copyFileSync(cached, file);
      return;
    }
  } catch {
    // not cached
  }
  const handle = await openDatabase({});
  await migrate(handle);
  await seed(handle.db, { today });
  const dump = await handle.dump!();
  await handle.close();
  const bytes = Buffer.from(await dump.arrayBuffer());
  writeFileSync(file, bytes);
  try {
    mkdirSync(CACHE_DIR, { recursive: true });
    // Others' templates that are too old to use go; a copy being read stays readable.
    for (const name of readdirSync(CACHE_DIR)) {
      const path = join(CACHE_DIR, name);
      if (Date.now() - statSync(path).mtimeMs > MAX_AGE_MS) rmSync(path, { force: true });
    }
    // Written whole, then renamed: a run starting meanwhile sees no half-written template.
    const partial = `${cached}.${process.pid}.partial`;
    writeFileSync(partial, bytes);
    renameSync(partial, cached);
  } catch {
    // No cache (a read-only node_modules): the next run seeds again.
  }
}
