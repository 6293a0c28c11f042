import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Test files that take long whatever their size: server processes (*.pg.test.ts,
 * *.pglite.test.ts), scenarios of a fixed length, races, the fuzzers, fresh databases
 * migrated or seeded. Vitest starts the largest files first when it has no timings of an
 * earlier run (as on a fresh CI machine), and most of these are short files driving a
 * helper of test/: they started last, and one or two of them ran alone at the end of a
 * stage while the other worker had nothing left. Matched against the path's end, in order.
 */
const LONG_FIRST: (string | RegExp)[] = [
  '/src/staff-add.pglite.test.ts',
  '/src/fuzz.test.ts',
  '/src/semantic-fuzz.test.ts',
  /\.pglite\.test\.ts$/,
  /\.pg\.test\.ts$/,
  '/loyalty/loyalty-hardening.test.ts',
  '/time/availability-consistency.test.ts',
  '/db/migrate.test.ts',
  '/sign-in/device-cookie.test.ts',
  '/time/time-hardening.test.ts',
  '/src/ops.test.ts',
  '/time/double-booking.test.ts',
  '/src/start.test.ts',
  '/staff-bookings/heavy-calls.test.ts',
  '/time/race.test.ts',
  '/seed/seed.test.ts',
  '/personal-data/personal-data.test.ts',
];

function longRank(spec: TestSpecification): number {
  const i = LONG_FIRST.findIndex((p) => (typeof p === 'string' ? spec.moduleId.endsWith(p) : p.test(spec.moduleId)));
  return i === -1 ? LONG_FIRST.length : i;
}

/** Vitest's order (earlier failures, then longest or largest first), the files of LONG_FIRST ahead. */
class LongFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    return sorted
      .map((spec, i) => ({ spec, i, rank: longRank(spec) }))
      .sort((a, b) => a.rank - b.rank || a.i - b.i)
      .map(({ spec }) => spec);
  }
}

/** The server project's settings, shared by its two halves. */
const serverTest = {
  include: ['apps/server/**/*.test.ts'],
  // *.pg.test.ts need PostgreSQL: only runs with DATABASE_URL include them. *.pglite.test.ts
  // run server processes on PGlite whatever the run's database: only runs without it include them.
  exclude: ['**/node_modules/**', process.env.DATABASE_URL ? '**/*.pglite.test.ts' : '**/*.pg.test.ts'],
  environment: 'node',
  globalSetup: ['apps/server/test/global-setup.ts'],
  testTimeout: 60_000,
  // Seeding 30,000 bookings twice (seed.test.ts) takes minutes on a busy two-core machine.
  hookTimeout: 300_000,
  pool: 'forks' as const,
};

/**
 * Server test files that replace modules (vi.mock) or fake the clock: they get modules of
 * their own (server-isolated), so that nothing they replace reaches another file.
 */
const OWN_MODULES = [
  'apps/server/src/modules/loyalty/loyalty-hardening.test.ts',
  'apps/server/src/modules/sign-in/device-cookie.test.ts',
  'apps/server/src/modules/catalogue-admin/catalogue-admin.test.ts',
  'apps/server/src/openapi/answers.test.ts',
];

export default defineConfig({
  test: {
    sequence: { sequencer: LongFirstSequencer },
    projects: [
      {
        test: {
          name: 'domain',
          include: ['packages/domain/src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          ...serverTest,
          name: 'server',
          // One module graph per worker, not per file: importing the app again for every file
          // took a third of the server tests' time. The files that mock modules or the clock
          // run in server-isolated.
          isolate: false,
          exclude: [...serverTest.exclude, ...OWN_MODULES],
        },
      },
      {
        test: {
          ...serverTest,
          name: 'server-isolated',
          include: OWN_MODULES,
        },
      },
      {
        resolve: { alias: { '@': fileURLToPath(new URL('./apps/web/src', import.meta.url)) } },
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          // One module graph per worker for the libraries (React, Testing Library, zod); the app's
          // own modules are imported afresh for each file (fresh-modules.ts). The web tests took
          // 170 s, most of it importing the same libraries for each of 82 files; now about 33 s.
          isolate: false,
          setupFiles: ['apps/web/src/test/fresh-modules.ts'],
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.spec.ts'],
          environment: 'node',
          // Seeds once per run; every spec file's server starts from a copy, on a port of its own,
          // and opens contexts of its own in its worker's Chromium (harness.ts), so spec files run
          // two at a time (test:e2e's --maxWorkers=2).
          globalSetup: ['e2e/support/global-setup.ts'],
          // One module graph per worker: the server's modules are imported once, not per spec file.
          isolate: false,
          testTimeout: 180_000,
          hookTimeout: 180_000,
          pool: 'forks',
        },
      },
    ],
  },
});
