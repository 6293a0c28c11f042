// Lighthouse figures of the built web app, for `npm run bench`: mobile emulation (Lighthouse's
// default: a mid-range phone with throttled CPU and network) in the machine's Chromium.
// Lighthouse 12 is used as 13 needs Node 22 (docs/decisions/004-bench-and-lighthouse.md).

import lighthouse from 'lighthouse';
import * as chromeLauncher from 'chrome-launcher';

/** The landing page and each process's first page (apps/web/src/app/router.tsx, domain PROCESSES). */
export const LIGHTHOUSE_PAGES = ['/etusivu', '/huolto/ajoneuvo', '/renkaat/ajoneuvo', '/rengasmyynti/ajoneuvo', '/proautolasi/ajoneuvo'];
/** Category scores (0–100) each page should reach. */
export const LIGHTHOUSE_BUDGETS = { performance: 97, accessibility: 100, 'best-practices': 95 };
/** Metric limits each page should stay within (issue 17): largest contentful paint and total blocking time. */
export const LIGHTHOUSE_METRIC_BUDGETS = { largestContentfulPaintMs: 2000, totalBlockingTimeMs: 100 };

const CHROME_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-sync',
];

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)];
};

/** One Lighthouse run of one page: category scores and key metrics. */
async function runOnce(port, url) {
  const runner = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: Object.keys(LIGHTHOUSE_BUDGETS) });
  const lhr = runner?.lhr;
  if (!lhr) throw Object.assign(new Error(`${url}: Lighthouse answered no result`), { code: 'NO_RESULT' });
  if (lhr.runtimeError) throw Object.assign(new Error(lhr.runtimeError.message), { code: lhr.runtimeError.code });
  return {
    scores: Object.fromEntries(Object.keys(LIGHTHOUSE_BUDGETS).map((k) => [k, Math.round((lhr.categories[k]?.score ?? 0) * 100)])),
    metrics: {
      firstContentfulPaintMs: Math.round(lhr.audits['first-contentful-paint']?.numericValue ?? NaN),
      largestContentfulPaintMs: Math.round(lhr.audits['largest-contentful-paint']?.numericValue ?? NaN),
      totalBlockingTimeMs: Math.round(lhr.audits['total-blocking-time']?.numericValue ?? NaN),
      cumulativeLayoutShift: lhr.audits['cumulative-layout-shift']?.numericValue ?? NaN,
    },
    // Lighthouse's own measure of the machine's speed when it ran (higher is faster): the
    // phone's slowdown is simulated from this machine's trace, so a slower host scores worse.
    benchmarkIndex: Math.round(lhr.environment?.benchmarkIndex ?? NaN),
    failingAudits: Object.values(lhr.audits)
      .filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode === 'binary')
      .map((a) => a.id),
  };
}

/** The short reason of a failed Lighthouse run: its error code (NO_NAVSTART, …) and first line. */
function failureOf(err) {
  const message = String(err?.friendlyMessage ?? err?.message ?? err).split('\n')[0];
  return { code: typeof err?.code === 'string' ? err.code : 'ERROR', message };
}

/**
 * Runs Lighthouse `runs` times per page; answers per page the run with the median performance
 * score (its metrics and other scores, as Lighthouse's own guidance suggests) and every run's
 * performance score. A run that fails (Lighthouse's NO_NAVSTART, a page that does not load) is
 * logged and left out; a page none of whose runs succeeded is answered as
 * { path, failed: { code, message } }, and the other pages are measured all the same. When
 * Chromium does not start, every page is answered so.
 */
export async function runLighthouse(baseUrl, log = console.error, runs = 1) {
  const chromePath = process.env.CHROME_PATH || '/usr/bin/chromium';
  let chrome;
  try {
    chrome = await chromeLauncher.launch({ chromePath, chromeFlags: CHROME_FLAGS, logLevel: 'silent' });
  } catch (err) {
    const failed = failureOf(err);
    log(`[lighthouse] Chromium did not start (${chromePath}): ${failed.code} ${failed.message}`);
    return LIGHTHOUSE_PAGES.map((path) => ({ path, runs, failed }));
  }
  const results = [];
  try {
    for (const path of LIGHTHOUSE_PAGES) {
      const all = [];
      let failed;
      for (let i = 0; i < runs; i++) {
        log(`[lighthouse] ${path}${runs > 1 ? ` (${i + 1}/${runs})` : ''}…`);
        try {
          all.push(await runOnce(chrome.port, baseUrl + path));
        } catch (err) {
          failed = failureOf(err);
          log(`[lighthouse] ${path} failed: ${failed.code} ${failed.message}`);
        }
      }
      if (all.length === 0) {
        results.push({ path, runs, failed });
        continue;
      }
      const mid = median(all.map((r) => r.scores.performance));
      const chosen = all.find((r) => r.scores.performance === mid);
      results.push({
        path,
        runs: all.length,
        ...(all.length < runs ? { failedRuns: runs - all.length, lastFailure: failed } : {}),
        performanceScores: all.map((r) => r.scores.performance),
        ...chosen,
        budgetsMet:
          Object.entries(LIGHTHOUSE_BUDGETS).every(([k, min]) => chosen.scores[k] >= min) &&
          Object.entries(LIGHTHOUSE_METRIC_BUDGETS).every(([k, max]) => chosen.metrics[k] <= max),
      });
    }
  } finally {
    await chrome.kill();
  }
  return results;
}

/** The budgets a page's result misses: category names, LCP, TBT. */
function missedBudgets(r) {
  const names = { performance: 'perf', accessibility: 'a11y', 'best-practices': 'best pr.', largestContentfulPaintMs: 'LCP', totalBlockingTimeMs: 'TBT' };
  return [
    ...Object.entries(LIGHTHOUSE_BUDGETS).filter(([k, min]) => !(r.scores[k] >= min)),
    ...Object.entries(LIGHTHOUSE_METRIC_BUDGETS).filter(([k, max]) => !(r.metrics[k] <= max)),
  ].map(([k]) => names[k]);
}

/** The printed table of runLighthouse's results. */
export function lighthouseTable(results) {
  const b = LIGHTHOUSE_BUDGETS;
  const m = LIGHTHOUSE_METRIC_BUDGETS;
  const head =
    'page                   │ perf │ a11y │ best pr. │ FCP ms │ LCP ms │ TBT ms │  CLS  │ ' +
    `budget (≥${b.performance} / ${b.accessibility} / ≥${b['best-practices']}, LCP ≤ ${m.largestContentfulPaintMs}, TBT ≤ ${m.totalBlockingTimeMs})`;
  const lines = [head];
  for (const r of results) {
    if (r.failed) {
      lines.push(`${r.path.padEnd(22)} │ ✗ failed: ${r.failed.code} ${r.failed.message}`);
      continue;
    }
    const x = r.metrics;
    lines.push(
      [
        r.path.padEnd(22),
        String(r.scores.performance).padStart(4),
        String(r.scores.accessibility).padStart(4),
        String(r.scores['best-practices']).padStart(8),
        String(x.firstContentfulPaintMs).padStart(6),
        String(x.largestContentfulPaintMs).padStart(6),
        String(x.totalBlockingTimeMs).padStart(6),
        x.cumulativeLayoutShift.toFixed(3).padStart(5),
        (r.budgetsMet ? '✓' : `✗ ${[...missedBudgets(r), ...r.failingAudits.slice(0, 6)].join(', ')}`) +
          (r.runs > 1 ? `  (median of ${r.runs}: perf ${r.performanceScores.join(', ')})` : '') +
          (Number.isFinite(r.benchmarkIndex) ? `  (machine's benchmarkIndex ${r.benchmarkIndex})` : '') +
          (r.failedRuns ? `  (${r.failedRuns} run${r.failedRuns === 1 ? '' : 's'} failed: ${r.lastFailure.code})` : ''),
      ].join(' │ '),
    );
  }
  return lines.join('\n');
}
