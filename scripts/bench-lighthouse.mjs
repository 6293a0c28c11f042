// Lighthouse figures of the built web app, for `npm run bench`: mobile emulation (Lighthouse's
// default: a mid-range phone with throttled CPU and network) in the machine's Chromium.
// Lighthouse 12 is used as 13 needs Node 22 (docs/decisions/004-bench-and-lighthouse.md).

import lighthouse from 'lighthouse';
import * as chromeLauncher from 'chrome-launcher';

export const LIGHTHOUSE_PAGES = ['/etusivu', '/huolto/ajoneuvo'];
export const LIGHTHOUSE_BUDGETS = { performance: 95, accessibility: 100, 'best-practices': 95 };

const CHROME_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-sync',
];

/** Runs Lighthouse once per page; answers the category scores (0–100) and key metrics. */
export async function runLighthouse(baseUrl, log = console.error) {
  const chromePath = process.env.CHROME_PATH || '/usr/bin/chromium';
  const chrome = await chromeLauncher.launch({ chromePath, chromeFlags: CHROME_FLAGS, logLevel: 'silent' });
  const results = [];
  try {
    for (const path of LIGHTHOUSE_PAGES) {
      log(`[lighthouse] ${path}…`);
      const runner = await lighthouse(
        baseUrl + path,
        { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: Object.keys(LIGHTHOUSE_BUDGETS) },
      );
      const lhr = runner.lhr;
      if (lhr.runtimeError) throw new Error(`${path}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
      const scores = Object.fromEntries(Object.keys(LIGHTHOUSE_BUDGETS).map((k) => [k, Math.round((lhr.categories[k]?.score ?? 0) * 100)]));
      const failing = Object.values(lhr.audits)
        .filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode === 'binary')
        .map((a) => a.id);
      results.push({
        path,
        scores,
        budgetsMet: Object.entries(LIGHTHOUSE_BUDGETS).every(([k, min]) => scores[k] >= min),
        metrics: {
          firstContentfulPaintMs: Math.round(lhr.audits['first-contentful-paint']?.numericValue ?? NaN),
          largestContentfulPaintMs: Math.round(lhr.audits['largest-contentful-paint']?.numericValue ?? NaN),
          totalBlockingTimeMs: Math.round(lhr.audits['total-blocking-time']?.numericValue ?? NaN),
          cumulativeLayoutShift: lhr.audits['cumulative-layout-shift']?.numericValue ?? NaN,
        },
        failingAudits: failing,
      });
    }
  } finally {
    await chrome.kill();
  }
  return results;
}

/** The printed table of runLighthouse's results. */
export function lighthouseTable(results) {
  const lines = ['page               │ perf │ a11y │ best pr. │ FCP ms │ LCP ms │ TBT ms │  CLS  │ budget (≥95 / 100 / ≥95)'];
  for (const r of results) {
    const m = r.metrics;
    lines.push(
      [
        r.path.padEnd(18),
        String(r.scores.performance).padStart(4),
        String(r.scores.accessibility).padStart(4),
        String(r.scores['best-practices']).padStart(8),
        String(m.firstContentfulPaintMs).padStart(6),
        String(m.largestContentfulPaintMs).padStart(6),
        String(m.totalBlockingTimeMs).padStart(6),
        m.cumulativeLayoutShift.toFixed(3).padStart(5),
        r.budgetsMet ? '✓' : `✗ ${r.failingAudits.slice(0, 6).join(', ')}`,
      ].join(' │ '),
    );
  }
  return lines.join('\n');
}
