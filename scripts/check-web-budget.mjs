#!/usr/bin/env node
/**
 * JavaScript budgets of the built web app (apps/web/dist), from Vite's manifest.
 *
 *   landing      everything the browser loads for a first visit of /etusivu: the entry
 *                chunk (src/main.tsx), the stand-alone landing (src/landing-entry.tsx)
 *                and their static imports                                         ≤ 80 kB gzip
 *   first step   everything the browser loads before a process's vehicle step ('/huolto/ajoneuvo'
 *                …), the first page of every booking, can be used: the entry chunk, the
 *                stand-alone first step (src/first-step-entry.tsx) and their static imports,
 *                and whatever the prerendered page (scripts/prerender.mjs) names in a
 *                <script> or modulepreload, when the build has one                ≤ 100 kB gzip
 *   app shell    what any other first page loads before its step: the entry and
 *                src/app-entry.tsx (React, the router, the query cache, the
 *                booking state) — printed, and counted in each whole flow
 *   each step    a route's lazy chunk and its static imports that the app shell
 *                has not already loaded                                           ≤ 40 kB gzip
 *   whole flow   all JavaScript of one process's pages: the entry, the landing,
 *                every step and whatever those load on demand                     ≤ 250 kB gzip
 *
 * Sizes are gzip (zlib's default level, as Vite reports them) in kB of 1,000 bytes.
 * Exits 1 when anything is over its budget, or when the manifest has a route this script
 * does not know (add it to PAGES and, if a process uses it, to FLOWS).
 *
 * Usage: node scripts/check-web-budget.mjs [distDir]   (after `npm run build`)
 */
import { readFileSync, existsSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const dist = process.argv[2] ?? join(root, 'apps/web/dist');
const manifestPath = join(dist, '.vite/manifest.json');

const BUDGET = { landing: 80_000, firstStep: 100_000, step: 40_000, flow: 250_000 };

/** Route modules (keys of the manifest) by the page they render; apps/web/src/app/router.tsx. */
const PAGES = {
  landing: 'src/app/routes/landing.tsx',
  ajoneuvo: 'src/app/routes/vehicle-step.tsx',
  'huolto/palvelut': 'src/app/routes/maintenance/services-step.tsx',
  'huolto/lisapalvelut': 'src/app/routes/maintenance/extra-services-step.tsx',
  toimpiste: 'src/app/routes/tires/organization-step.tsx',
  'renkaat/palvelut': 'src/app/routes/tires/tire-change-services-step.tsx',
  'rengasmyynti/rengasmyynti': 'src/app/routes/tires/tire-sales-step.tsx',
  'proautolasi/palvelut': 'src/app/routes/windshield/services-step.tsx',
  aika: 'src/app/routes/time-step.tsx',
  'omat-tiedot': 'src/app/routes/customer-step.tsx',
  kiitos: 'src/app/routes/thanks-step.tsx',
  'oma-varaus': 'src/app/routes/manage-booking.tsx',
  tietosuojaseloste: 'src/app/routes/privacy-notice.tsx',
  saavutettavuusseloste: 'src/app/routes/accessibility-statement.tsx',
  'not-found': 'src/app/routes/not-found.tsx',
  'under-construction': 'src/app/routes/under-construction-step.tsx',
};

/** Each process's steps in order (requirements §2), after the landing page. */
const FLOWS = {
  '/huolto': ['ajoneuvo', 'huolto/palvelut', 'huolto/lisapalvelut', 'aika', 'omat-tiedot', 'kiitos'],
  '/renkaat': ['ajoneuvo', 'toimpiste', 'renkaat/palvelut', 'aika', 'omat-tiedot', 'kiitos'],
  '/rengasmyynti': ['ajoneuvo', 'rengasmyynti/rengasmyynti', 'toimpiste', 'aika', 'omat-tiedot', 'kiitos'],
  '/proautolasi': ['ajoneuvo', 'proautolasi/palvelut', 'aika', 'omat-tiedot', 'kiitos'],
};

if (!existsSync(manifestPath)) {
  console.error(`No ${manifestPath}: build the web app first (npm run build; build.manifest is on in apps/web/vite.config.ts).`);
  process.exit(1);
}
/** @type {Record<string, {file: string, imports?: string[], dynamicImports?: string[], isEntry?: boolean, isDynamicEntry?: boolean}>} */
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));

const gzipCache = new Map();
/** Gzip size of one chunk's JavaScript file. */
function gz(key) {
  const file = manifest[key].file;
  if (!gzipCache.has(file)) gzipCache.set(file, gzipSync(readFileSync(join(dist, file))).length);
  return gzipCache.get(file);
}

/** The chunk and everything it imports statically (what the browser fetches before running it). */
function staticClosure(key, into = new Set()) {
  if (into.has(key)) return into;
  if (!manifest[key]) throw new Error(`${key} is not in the manifest`);
  into.add(key);
  for (const i of manifest[key].imports ?? []) staticClosure(i, into);
  return into;
}

/** Like staticClosure, and also what the chunks import on demand, except other routes. */
function fullClosure(key, routeKeys, into = new Set()) {
  if (into.has(key)) return into;
  into.add(key);
  for (const i of manifest[key].imports ?? []) fullClosure(i, routeKeys, into);
  for (const i of manifest[key].dynamicImports ?? []) if (!routeKeys.has(i)) fullClosure(i, routeKeys, into);
  return into;
}

const keyOfFile = new Map(Object.entries(manifest).map(([key, chunk]) => [chunk.file, key]));
/** The manifest keys of the scripts a page's HTML loads (<script src> and modulepreload) and their static imports. */
function scriptsOfHtml(html) {
  const keys = new Set();
  for (const [, file] of html.matchAll(/<(?:script|link)\b[^>]*?(?:src|href)="\/([^"]+\.js)"/g)) {
    const key = keyOfFile.get(file);
    if (!key) throw new Error(`a prerendered page loads ${file}, which is not in the manifest`);
    staticClosure(key, keys);
  }
  return keys;
}

const sum = (keys) => [...keys].filter((k) => manifest[k].file.endsWith('.js')).reduce((n, k) => n + gz(k), 0);
const kB = (bytes) => (bytes / 1000).toFixed(1);

const entries = Object.keys(manifest).filter((k) => manifest[k].isEntry);
if (entries.length !== 1) {
  console.error(`Expected one entry chunk in the manifest, found ${entries.length}: ${entries.join(', ')}`);
  process.exit(1);
}
const entry = entries[0];
const LANDING_ENTRY = 'src/landing-entry.tsx';
const APP_ENTRY = 'src/app-entry.tsx';
const FIRST_STEP_ENTRY = 'src/first-step-entry.tsx';
const entryLoaded = staticClosure(entry);
const routeKeys = new Set(Object.values(PAGES));
/** What every page of the booking app loads before its own route chunk. */
const appShell = staticClosure(APP_ENTRY, new Set(entryLoaded));

const rows = [];
let failed = false;
function row(label, bytes, budget, chunks) {
  const over = bytes > budget;
  if (over) failed = true;
  rows.push([label, String(chunks), kB(bytes), kB(budget), over ? 'OVER' : 'ok']);
}

// Routes the manifest has and this script doesn't: their size would go unchecked.
const unknownRoutes = [...(manifest[entry].dynamicImports ?? []), ...(manifest[APP_ENTRY]?.dynamicImports ?? [])].filter(
  (k) => !routeKeys.has(k) && ![LANDING_ENTRY, APP_ENTRY, FIRST_STEP_ENTRY].includes(k) && manifest[k]?.isDynamicEntry && /\/routes\//.test(k),
);
for (const key of [LANDING_ENTRY, APP_ENTRY, FIRST_STEP_ENTRY]) {
  if (!manifest[key]) {
    console.error(`${key} (an entry in scripts/check-web-budget.mjs) is not in the manifest: was it renamed?`);
    failed = true;
  }
}
for (const key of Object.values(PAGES)) {
  if (!manifest[key]) {
    console.error(`${key} (a page in scripts/check-web-budget.mjs) is not in the manifest: was it renamed?`);
    failed = true;
  }
}

if (!failed) {
  const landing = staticClosure(LANDING_ENTRY, new Set(entryLoaded));
  row('/etusivu (first visit): entry + landing', sum(landing), BUDGET.landing, landing.size);
  const firstStep = staticClosure(FIRST_STEP_ENTRY, new Set(entryLoaded));
  const prerendered = existsSync(join(dist, 'prerendered.json')) ? JSON.parse(readFileSync(join(dist, 'prerendered.json'), 'utf8')) : {};
  for (const path of Object.keys(FLOWS)) {
    const page = `${path}/ajoneuvo`;
    const loaded = new Set(firstStep);
    if (prerendered[page]) {
      for (const key of scriptsOfHtml(readFileSync(join(dist, prerendered[page]), 'utf8'))) loaded.add(key);
    } else if (Object.keys(prerendered).length > 0) {
      console.error(`${page} was not prerendered (scripts/prerender.mjs)`);
      failed = true;
    }
    row(`first step ${page}: entry + stand-alone step`, sum(loaded), BUDGET.firstStep, loaded.size);
  }
  rows.push(['app shell: entry + app (React, router, cache)', String(appShell.size), kB(sum(appShell)), '—', 'in flows']);
  const inApp = staticClosure(PAGES.landing, new Set(appShell));
  row('/etusivu inside the app: landing route', sum([...inApp].filter((k) => !appShell.has(k))), BUDGET.step, inApp.size - appShell.size);

  for (const [page, key] of Object.entries(PAGES)) {
    if (page === 'landing') continue;
    const own = [...staticClosure(key)].filter((k) => !appShell.has(k));
    row(`step ${page}`, sum(own), BUDGET.step, own.length);
  }

  for (const [path, steps] of Object.entries(FLOWS)) {
    const all = fullClosure(LANDING_ENTRY, routeKeys, new Set(entryLoaded));
    fullClosure(FIRST_STEP_ENTRY, routeKeys, all);
    fullClosure(APP_ENTRY, routeKeys, all);
    fullClosure(PAGES.landing, routeKeys, all);
    for (const step of steps) fullClosure(PAGES[step], routeKeys, all);
    row(`flow ${path} (all pages)`, sum(all), BUDGET.flow, all.size);
  }
}

const header = ['what', 'chunks', 'gzip kB', 'budget kB', ''];
const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
const line = (r) => r.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');
console.log(line(header));
console.log(widths.map((w) => '-'.repeat(w)).join('  '));
for (const r of rows) console.log(line(r));

if (unknownRoutes.length > 0) {
  console.error(`\nRoutes not in scripts/check-web-budget.mjs PAGES: ${unknownRoutes.join(', ')}`);
  failed = true;
}
if (failed) {
  console.error('\nWeb budget exceeded (or the manifest does not match this script).');
  process.exit(1);
}
console.log('\nWeb budgets met.');
