import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { todayInHelsinki } from '@huolto/domain';
import { writePgliteTemplate } from '../../apps/server/test/pglite-template.ts';

declare module 'vitest' {
  interface ProvidedContext {
    /** A migrated, seeded embedded data directory that every spec file's server starts from. */
    e2eTemplate: string;
  }
}

/** Seeds once per run; each spec file's server opens a copy (harness.ts). */
export default async function setup(project: TestProject) {
  const dir = mkdtempSync(join(tmpdir(), 'huolto-e2e-template-'));
  const file = join(dir, 'template.tar');
  await writePgliteTemplate(file, todayInHelsinki());
  project.provide('e2eTemplate', file);
  return () => rmSync(dir, { recursive: true, force: true });
}
