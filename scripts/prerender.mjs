#!/usr/bin/env node
/**
 * After `vite build`: each process's vehicle step ('/huolto/ajoneuvo' …) as static HTML, so
 * that the first page of a booking paints before any JavaScript has run.
 *
 * For each process, apps/web/src/first-step/prerender.tsx renders the stand-alone first step
 * (react-dom/server, loaded through Vite so the app's aliases and TypeScript apply) into the
 * built index.html's #root, with the page's title, the stylesheets of that page in <head> (a
 * styled first paint) and modulepreload links for its scripts (fetched at once rather than
 * one import after another). No inline script or style is added: the server's strict CSP
 * (script-src 'self', style-src 'self') stays as it is. first-step-entry.tsx hydrates it.
 *
 * Writes <dist>/prerendered/<process>-ajoneuvo.html and <dist>/prerendered.json, the
 * addresses and their files, which apps/server/src/app.ts reads to serve them.
 *
 * Usage: node scripts/prerender.mjs [distDir]   (default apps/web/dist; before compress-dist.mjs)
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const webRoot = join(root, 'apps/web');
const dist = process.argv[2] ?? join(webRoot, 'dist');
const FIRST_STEP_ENTRY = 'src/first-step-entry.tsx';

// React's production server renderer, as the browser runs the production build.
process.env.NODE_ENV = 'production';
const { createServer } = await import('vite');

/** @type {Record<string, {file: string, css?: string[], imports?: string[], isEntry?: boolean}>} */
const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8'));
if (!manifest[FIRST_STEP_ENTRY]) throw new Error(`${FIRST_STEP_ENTRY} is not in ${dist}/.vite/manifest.json`);

/** The chunk and everything it imports statically. */
function closure(key, into = new Set()) {
  if (into.has(key)) return into;
  into.add(key);
  for (const i of manifest[key].imports ?? []) closure(i, into);
  return into;
}
const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry);
const alreadyInHtml = closure(entryKey);
const firstStep = [...closure(FIRST_STEP_ENTRY)].filter((k) => !alreadyInHtml.has(k));
const scripts = firstStep.map((k) => manifest[k].file).filter((f) => f.endsWith('.js'));
const styles = [...new Set(firstStep.flatMap((k) => manifest[k].css ?? []))];
const indexCss = new Set([...alreadyInHtml].flatMap((k) => manifest[k].css ?? []));

const template = readFileSync(join(dist, 'index.html'), 'utf8');
if (!template.includes('<div id="root"></div>')) throw new Error('index.html has no empty <div id="root"></div>');

const vite = await createServer({
  root: webRoot,
  configFile: join(webRoot, 'vite.config.ts'),
  logLevel: 'error',
  appType: 'custom',
  server: { middlewareMode: true, hmr: false, watch: null },
  optimizeDeps: { noDiscovery: true, include: [] },
});
let pages;
try {
  const { prerenderFirstSteps } = await vite.ssrLoadModule('/src/first-step/prerender.tsx');
  pages = prerenderFirstSteps();
} finally {
  await vite.close();
}

const escapeHtml = (s) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const head = [
  ...styles.filter((f) => !indexCss.has(f)).map((f) => `<link rel="stylesheet" crossorigin href="/${f}">`),
  ...scripts.map((f) => `<link rel="modulepreload" crossorigin href="/${f}">`),
].join('\n    ');

mkdirSync(join(dist, 'prerendered'), { recursive: true });
/** @type {Record<string, string>} */
const index = {};
for (const page of pages) {
  const html = template
    .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(page.title)}</title>`)
    .replace('</head>', `  ${head}\n  </head>`)
    .replace('<div id="root"></div>', `<div id="root">${page.html}</div>`);
  if (/<script(?![^>]*\bsrc=)[^>]*>/i.test(html) || /\sstyle=/i.test(page.html)) {
    throw new Error(`${page.path}: inline script or style would break the CSP`);
  }
  const file = `prerendered${page.path.replace(/\//g, '-').replace(/^-/, '/')}.html`;
  writeFileSync(join(dist, file), html);
  index[page.path] = file;
  console.log(`prerendered ${page.path} → ${file} (${(html.length / 1024).toFixed(1)} KB)`);
}
writeFileSync(join(dist, 'prerendered.json'), `${JSON.stringify(index, null, 2)}\n`);
