import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
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
          name: 'server',
          include: ['apps/server/**/*.test.ts'],
          // *.pg.test.ts need PostgreSQL: only runs with DATABASE_URL include them. *.pglite.test.ts
          // run server processes on PGlite whatever the run's database: only runs without it include them.
          exclude: ['**/node_modules/**', process.env.DATABASE_URL ? '**/*.pglite.test.ts' : '**/*.pg.test.ts'],
          environment: 'node',
          globalSetup: ['apps/server/test/global-setup.ts'],
          testTimeout: 60_000,
          // Seeding 30,000 bookings twice (seed.test.ts) takes minutes on a busy two-core machine.
          hookTimeout: 300_000,
          pool: 'forks',
        },
      },
      {
        resolve: { alias: { '@': fileURLToPath(new URL('./apps/web/src', import.meta.url)) } },
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.spec.ts'],
          environment: 'node',
          // Seeds once per run; every spec file's server starts from a copy, on a port and with a
          // Chromium of its own, so spec files run two at a time (test:e2e's --maxWorkers=2).
          globalSetup: ['e2e/support/global-setup.ts'],
          testTimeout: 180_000,
          hookTimeout: 180_000,
          pool: 'forks',
        },
      },
    ],
  },
});
