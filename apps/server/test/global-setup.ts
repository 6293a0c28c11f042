import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { todayInHelsinki } from '@huolto/domain';
import { migrate, openDatabase } from '../src/db/database.ts';
import { seed } from '../seed/index.ts';
import { writePgliteTemplate } from './pglite-template.ts';

declare module 'vitest' {
  interface ProvidedContext {
    /** PGlite: a migrated, seeded data directory to start each test file from. */
    pgliteTemplate: string;
    /** PostgreSQL: server URL and the template database each test file copies. */
    pgUrl: string;
    pgTemplate: string;
    /** The Helsinki date the template was seeded for (a run may pass midnight). */
    seedToday: string;
  }
}

interface Template {
  provided: { pgUrl: string; pgTemplate: string; pgliteTemplate: string };
  teardown: () => Promise<void> | void;
}

/**
 * The template of this run, shared by the server's projects (server and server-isolated):
 * seeded by the first project's setup, removed by the last one's teardown.
 */
const shared = globalThis as typeof globalThis & { huoltoTestTemplate?: { template: Promise<Template>; users: number } };

/**
 * Seeds once per run into a template and lets every test file start from a copy:
 * a PGlite data-directory dump, or a PostgreSQL template database.
 */
export default async function setup(project: TestProject) {
  const today = todayInHelsinki();
  project.provide('seedToday', today);
  shared.huoltoTestTemplate ??= { template: makeTemplate(today), users: 0 };
  const entry = shared.huoltoTestTemplate;
  entry.users++;
  const { provided, teardown } = await entry.template;
  project.provide('pgUrl', provided.pgUrl);
  project.provide('pgTemplate', provided.pgTemplate);
  project.provide('pgliteTemplate', provided.pgliteTemplate);
  return async () => {
    if (--entry.users > 0) return;
    delete shared.huoltoTestTemplate;
    await teardown();
  };
}

async function makeTemplate(today: string): Promise<Template> {
  const url = process.env.DATABASE_URL;
  if (url) {
    const u = new URL(url);
    const template = `${u.pathname.slice(1) || 'postgres'}_tpl_${process.pid}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS "${template}"`);
    await admin.query(`CREATE DATABASE "${template}"`);
    const tplUrl = new URL(url);
    tplUrl.pathname = `/${template}`;
    const handle = await openDatabase({ databaseUrl: tplUrl.toString(), poolSize: 2 });
    await migrate(handle);
    await seed(handle.db, { today });
    await handle.close();
    return {
      provided: { pgUrl: url, pgTemplate: template, pgliteTemplate: '' },
      teardown: async () => {
        await admin.query(`DROP DATABASE IF EXISTS "${template}" WITH (FORCE)`);
        await admin.end();
      },
    };
  }
  const dir = mkdtempSync(join(tmpdir(), 'huolto-test-'));
  const file = join(dir, 'template.tar');
  await writePgliteTemplate(file, today);
  return {
    provided: { pgUrl: '', pgTemplate: '', pgliteTemplate: file },
    teardown: () => rmSync(dir, { recursive: true, force: true }),
  };
}
