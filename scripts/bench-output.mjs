// The printed report of `npm run bench` (scripts/bench.mjs), on stdout: the table of calls,
// the Lighthouse tables, the goals, then the notes (server start, load average, each call's
// note, the settings, any errors). Everything printed is in the results bench.mjs writes to
// bench-results.json.

import { cpus } from 'node:os';
import { LIGHTHOUSE_PAGES, lighthouseTable } from './bench-lighthouse.mjs';
import { API_GOALS, SCALE_CALLS, goalsTable } from './bench-goals.mjs';

const fmt = (n, digits = 1) => (Number.isFinite(n) ? n.toFixed(digits) : '—');
export const loadText = (l) => l.map((x) => x.toFixed(2)).join(' / ');

/** Calls whose ratio to the session floor has a goal (bench-goals.mjs), marked ✓/✗ in the table. */
const FLOOR_GOALS = new Map(API_GOALS.filter((g) => g.measure === 'floorRatio').map((g) => [g.scenario, g.min]));

function floorText(r) {
  const min = FLOOR_GOALS.get(r.id);
  return `${r.ratioToFloor.toFixed(2)}${min == null ? '' : r.ratioToFloor >= min ? ' ✓' : ' ✗'}`;
}

/** A larger size's figures against the demo size's: time a request takes and p99, ✓/✗ for the customer calls. */
function scaleText(r) {
  if (!r.scale) return '—';
  const goal = SCALE_CALLS.includes(r.id);
  const one = (name, v) => (v == null || !Number.isFinite(v) ? `${name} —` : `${name} ${v.toFixed(2)}×${goal ? (v <= 1.2 ? ' ✓' : ' ✗') : ''}`);
  return `${one('time', r.scale.timeRatio)}  ${one('p99', r.scale.p99Ratio)}`;
}

function table(runs) {
  const scaled = runs.some((run) => run.demoOf);
  const head = ['database', 'call', 'req/s', 'p50 ms', 'p95 ms', 'p99 ms', 'non-2xx', 'vs trivial', 'vs session', ...(scaled ? ['vs demo size'] : []), 'budget'];
  const right = new Set([2, 3, 4, 5, 6, 7, 8]);
  const lines = [];
  for (const run of runs) {
    for (const r of run.rows) {
      const failed = r.non2xx + r.errors + r.timeouts;
      lines.push([
        run.label,
        failed > 0 ? `${r.call}  ‼ ERRORS` : r.call,
        fmt(r.requestsPerSecond, 0),
        fmt(r.p50Ms, 2),
        fmt(r.p95Ms, 2),
        fmt(r.p99Ms, 2),
        r.errors + r.timeouts > 0 ? `${r.non2xx} (+${r.errors + r.timeouts} err)` : String(r.non2xx),
        r.baseline ? '1.00 (base)' : r.ratioToTrivial == null ? '—' : r.ratioToTrivial.toFixed(2),
        r.floor ? '1.00 (floor)' : r.ratioToFloor == null ? '—' : floorText(r),
        ...(scaled ? [scaleText(r)] : []),
        r.budgetP99Ms == null ? '—' : `p99 < ${r.budgetP99Ms} ms ${r.budgetMet ? '✓' : '✗'}`,
      ]);
    }
  }
  const widths = head.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i].length)));
  const row = (cells) => cells.map((c, i) => (right.has(i) ? c.padStart(widths[i]) : c.padEnd(widths[i]))).join(' │ ');
  return [row(head), widths.map((w) => '─'.repeat(w)).join('─┼─'), ...lines.map(row)].join('\n');
}

/**
 * Prints the report of `results` (the object written to `resultsFile`); `connectionsText`
 * is the connection count as the log says it ("20 connections").
 */
export function printReport(results, { resultsFile, connectionsText }) {
  const { runs, goals, failures, firstStepJavaScript: firstStepJs, lighthouseRuns, durationSeconds, warmupSeconds } = results;
  const { atStart: loadAtStart, atEnd: loadAtEnd } = results.loadAverage;
  console.log('');
  console.log(table(runs));
  console.log('');
  for (const run of runs) {
    if (!run.lighthouse) continue;
    console.log(
      `Lighthouse 12 (mobile emulation, ${run.label} server${lighthouseRuns > 1 ? `, median of ${lighthouseRuns} runs` : ''}; ` +
        `load average ${loadText(run.lighthouseLoadAverage)} when it began): ${LIGHTHOUSE_PAGES.join(', ')}`,
    );
    console.log(lighthouseTable(run.lighthouse));
    console.log('');
  }
  if (runs.some((run) => run.demoOf)) {
    console.log(
      `vs demo size: the larger database (BENCH_SCALE=${results.scale}) against the demo company, the same call: time = demo req/s ÷ req/s ` +
        `(how many times longer a request takes under load), p99 = p99 ÷ demo p99; ✓ ≤ 1.2× for ${SCALE_CALLS.join(', ')}.`,
    );
    console.log('');
  }
  console.log('Goals (issue 17); ratios are against the trivial route or the session floor (GET /session/v2/alive) of the same run:');
  console.log(goalsTable(goals));
  console.log('');
  if (firstStepJs) console.log(`JavaScript before the first step: ${firstStepJs.how}`);
  for (const run of runs) {
    console.log(
      `${run.label}: ${run.offices ?? '?'} offices${run.scale !== 'demo' ? ` (DEMO_SCALE=${run.scale})` : ''}; server ready in ${run.startSeconds.toFixed(1)} s (migrate + seed + ANALYZE); ` +
        `load average (1 / 5 / 15 min) before: ${loadText(run.loadAverageBefore)}, after: ${loadText(run.loadAverageAfter)}`,
    );
    if (run.note) console.log(`${run.label}: ${run.note}`);
  }
  const notes = new Map();
  for (const run of runs) for (const r of run.rows) if (r.note) notes.set(`${r.call}${run.processes > 1 ? ` (${run.label})` : ''}`, r.note);
  for (const [call, note] of notes) console.log(`${call}: ${note}`);
  console.log(
    `${connectionsText}, ${durationSeconds} s per call after ${warmupSeconds} s warm-up; server and load generator share ` +
      `${cpus().length} CPUs (${cpus()[0]?.model ?? 'unknown'}), Node ${process.version}. Latencies are of 2xx answers.`,
  );
  console.log(`Load average (1 / 5 / 15 min) at start: ${loadText(loadAtStart)}, at end: ${loadText(loadAtEnd)}. Results: ${resultsFile}`);
  const bad = runs.flatMap((run) => run.rows.map((r) => ({ ...r, label: run.label }))).filter((r) => r.non2xx + r.errors + r.timeouts > 0);
  for (const r of bad) {
    console.log(`‼ ${r.label} ${r.call}: ${r.non2xx} non-2xx, ${r.errors} errors, ${r.timeouts} timeouts; status codes ${JSON.stringify(r.statusCodes)}`);
  }
  for (const run of runs) {
    for (const r of run.rows) {
      for (const f of r.firstFailures ?? []) console.log(`‼ ${run.label} ${r.call}: a booking failed at ${f.call ?? '?'} (${f.status}): ${f.message}`);
      if (r.bookingsNoTimeOffered > 0) console.log(`${run.label} ${r.call}: office-weeks where free-times offered no time (first ${r.noTimeOfferedWeeks.length}): ${JSON.stringify(r.noTimeOfferedWeeks)}`);
    }
  }
  for (const f of failures) console.log(`‼ ${f.label}: not measured: ${f.error.split('\n')[0]}`);
}
