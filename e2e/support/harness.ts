import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AddressInfo } from 'node:net';
import { chromium, type Browser, type Locator, type Page } from 'playwright-core';
import { inject } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../apps/server/src/db/database.ts';
import { buildApp } from '../../apps/server/src/app.ts';
import { loadConfig } from '../../apps/server/src/config.ts';
import { prepareDatabase } from '../../apps/server/src/db/seed-if-empty.ts';
import { TemplateBlob } from '../../apps/server/test/template-blob.ts';

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');

/** Chromium flags for this machine's closed network (no background downloads or pings). */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-sync',
];

/**
 * One Chromium per test worker, shared by the spec files the worker runs one after another
 * (the e2e project keeps one module graph per worker): a launch took about 1.5 s of CPU per
 * spec file. Each spec file still opens contexts of its own, closed with its harness, so no
 * cookie, storage or page outlives its file. Playwright closes the browser when the worker exits.
 */
let launched: Promise<Browser> | undefined;
function workerBrowser(): Promise<Browser> {
  launched ??= chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
  return launched.then(async (browser) => {
    if (browser.isConnected()) return browser;
    launched = undefined;
    return workerBrowser();
  });
}

export interface Harness {
  baseUrl: string;
  database: DatabaseHandle;
  outboxDir: string;
  browser: Browser;
  app: Awaited<ReturnType<typeof buildApp>>;
  close(): Promise<void>;
}

export interface HarnessOptions {
  /**
   * A new embedded database started as `DEMO_DATA=off npm start` starts it (the migrations and
   * the vehicle makes and models, no company), instead of a copy of the seeded demo.
   */
  empty?: boolean;
}

/**
 * The built web app and the real server on a free port, with its own copy of the seeded embedded
 * database that the test can query, and headless Chromium.
 */
export async function startHarness(opts: HarnessOptions = {}): Promise<Harness> {
  const dataDir = mkdtempSync(join(tmpdir(), 'huolto-e2e-'));
  const env = { DATA_DIR: dataDir, LOG_LEVEL: 'warn', PORT: '0', ...(opts.empty ? { DEMO_DATA: 'off' } : {}) };
  let database: DatabaseHandle;
  if (opts.empty) {
    // The server's own start-up work on a new database (server.ts), with DEMO_DATA=off.
    database = await openDatabase({});
    await prepareDatabase(database, {}, { demoData: loadConfig(env).demoData });
  } else {
    // A copy of the run's migrated and seeded template (global-setup.ts).
    database = await openDatabase({ loadDataDir: new TemplateBlob(inject('e2eTemplate')) });
  }
  const config = {
    ...loadConfig(env),
    // E2E_WEB_DIST: a build of the web app elsewhere (vite build --outDir), for parallel runs.
    webDist: process.env.E2E_WEB_DIST ?? join(root, 'apps/web/dist'),
  };
  // Every browser books from 127.0.0.1: the per-address share of an office would stop them.
  config.fairShare = { ...config.fairShare, holdsPerAddress: 100_000, holdMinutesPerAddress: 100_000 * 60 };
  const app = await buildApp({ config, database, logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const port = (app.server.address() as AddressInfo).port;
  config.publicUrl = `http://127.0.0.1:${port}`;
  const browser = await workerBrowser();
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    database,
    outboxDir: join(dataDir, 'outbox'),
    browser,
    app,
    close: async () => {
      // The spec file's windows go; the worker's Chromium stays for its next spec file.
      await Promise.all(browser.contexts().map((c) => c.close()));
      await app.close();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export const SCREENSHOT_DIR = join(root, 'test-results/screenshots');

/** A fresh browser context and page: Finnish locale, a phone (under 600 px wide) is 780 px tall, a desktop 900. */
export async function newPage(h: Harness, width = 1280): Promise<Page> {
  const context = await h.browser.newContext({ viewport: { width, height: width < 600 ? 780 : 900 }, locale: 'fi-FI' });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  return page;
}

/**
 * Screenshots are for a person to look at: E2E_SCREENSHOTS=off (as CI runs, where nobody
 * does) skips them. A full-page capture cost 0.2 s alone and about 1 s of a busy run each.
 */
export const SCREENSHOTS = process.env.E2E_SCREENSHOTS !== 'off';

/**
 * The whole page (or only the window the customer sees, with `window`), or one element of it,
 * as test-results/screenshots/<name>.png.
 */
export async function screenshot(target: Page | Locator, name: string, opts: { window?: boolean } = {}) {
  if (!SCREENSHOTS) return;
  const path = join(SCREENSHOT_DIR, `${name}.png`);
  await ('goto' in target ? target.screenshot({ path, fullPage: !opts.window }) : target.screenshot({ path }));
}
