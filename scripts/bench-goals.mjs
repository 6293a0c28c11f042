// The goals `npm run bench` checks (issue 17), each printed as one row: where it was
// measured, the goal, the measured figure, the target and ✓/✗. A goal that fails never fails
// the run; one that could not be measured (left out by BENCH_ONLY, BENCH_LIGHTHOUSE=0, a run
// that failed) shows "not measured" and neither mark.

import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { LIGHTHOUSE_PAGES } from './bench-lighthouse.mjs';
import { BOOKING_CALLS, SCENARIOS, rushCallId } from './bench-scenarios.mjs';

/** The connections the API goals are set at; other BENCH_CONNECTIONS values are marked. */
export const GOAL_CONNECTIONS = 20;

/**
 * Goals of the API calls, checked on every run (database and process count) unless `only`
 * names the runs. `ratio` is the call's req/s over the trivial route's in the same run,
 * `floorRatio` over the session floor's (GET /session/v2/alive) in the same run.
 */
export const API_GOALS = [
  { scenario: 'free-times', measure: 'ratio', min: 0.25 },
  { scenario: 'free-times', measure: 'p99', max: 15, only: ['pglite'] },
  { scenario: 'other-offices', measure: 'p99', max: 100 },
  { scenario: 'first-free-times', measure: 'p99', max: 100 },
  { scenario: 'services', measure: 'ratio', min: 0.2 },
  { scenario: 'get-booking', measure: 'ratio', min: 0.2 },
  // On the embedded database a session call need not pay a statement (session-memory.ts):
  // the three calls each at a quarter of the stack's own limit there.
  { scenario: 'services', measure: 'ratio', min: 0.25, only: ['pglite'] },
  { scenario: 'get-booking', measure: 'ratio', min: 0.25, only: ['pglite'] },
  // Against the floor of a session call (GET /session/v2/alive: the session read and {}).
  { scenario: 'free-times', measure: 'floorRatio', min: 0.7 },
  { scenario: 'get-booking', measure: 'floorRatio', min: 0.7 },
  { scenario: 'services', measure: 'floorRatio', min: 0.7 },
  { scenario: 'whole-booking-load', measure: 'p50', max: 200 },
  // The back-office at any size of the chain: a day and a week of an office, the search over
  // every booking (at the back-office's own concurrency, STAFF_CONNECTIONS).
  { scenario: 'staff-day', measure: 'p99', max: 50 },
  { scenario: 'staff-week', measure: 'p99', max: 50 },
  { scenario: 'staff-search', measure: 'p99', max: 100 },
  // The rush (two processes on PostgreSQL, 200 clients over every office): each call's p95 on
  // its own, no 5xx answer, every started booking completed. `flow` is the scenario measuring them.
  ...BOOKING_CALLS.map((call) => ({ scenario: rushCallId(call), flow: 'rush', label: `rush: ${call}`, measure: 'p95', max: 150 })),
  { scenario: 'rush', flow: 'rush', measure: 'fiveXx', max: 0 },
  { scenario: 'rush', flow: 'rush', measure: 'incomplete', max: 0 },
];

/**
 * The customer calls at a chain's size (BENCH_SCALE): on a larger database each may take at
 * most `max` times what it takes on the demo company, in the time a request takes under load
 * (demo req/s ÷ larger req/s) and in p99 (larger p99 ÷ demo p99). reserve-time and
 * save-booking are those timed within the whole bookings of N clients.
 */
export const SCALE_CALLS = ['free-times', 'get-booking', 'services', 'reserve-time', 'save-booking'];
export const SCALE_GOALS = SCALE_CALLS.flatMap((scenario) => [
  { scenario, measure: 'timeRatio', max: 1.2 },
  { scenario, measure: 'p99Ratio', max: 1.2 },
]);

/** Lighthouse goals of each process's first page (mobile emulation). */
export const PAGE_GOALS = { performance: 97, largestContentfulPaintMs: 2000, totalBlockingTimeMs: 100 };
export const GOAL_PAGES = LIGHTHOUSE_PAGES.filter((p) => p.endsWith('/ajoneuvo'));

/** JavaScript (gzip, kB of 1,000 bytes) a browser loads before the first step can be used. */
export const FIRST_STEP_JS_GOAL_KB = 100;

/**
 * A figure with `digits` decimals, or more when so rounded it would equal the goal's bound:
 * 0.1996 against ≥ 0.2 shows as 0.1996, not 0.20, so the ✗ beside it is not a puzzle.
 */
function shown(value, bound, digits) {
  let d = digits;
  while (d < 6 && value !== bound && Number(value.toFixed(d)) === bound) d++;
  return value.toFixed(d);
}

const MEASURES = {
  ratio: { what: 'req/s vs trivial', value: (r) => r.ratioToTrivial, text: (v, bound) => `${shown(v, bound, 2)}×` },
  floorRatio: { what: 'req/s vs session floor', value: (r) => r.ratioToFloor, text: (v, bound) => `${shown(v, bound, 2)}×` },
  p99: { what: 'p99', value: (r) => r.p99Ms, text: (v, bound) => `${shown(v, bound, 1)} ms` },
  p50: { what: 'p50', value: (r) => r.p50Ms, text: (v, bound) => `${shown(v, bound, 1)} ms` },
  p95: { what: 'p95', value: (r) => r.p95Ms, text: (v, bound) => `${shown(v, bound, 1)} ms` },
  fiveXx: { what: '5xx answers', value: (r) => r.fiveXx, text: (v) => String(v), unit: (x) => String(x) },
  incomplete: {
    what: 'started bookings not completed (office-weeks without a free time aside)',
    value: (r) => r.bookingsIncomplete,
    text: (v) => String(v),
    unit: (x) => String(x),
  },
  timeRatio: { what: 'time vs demo size (demo req/s ÷ req/s)', value: (r) => r.scale?.timeRatio, text: (v, bound) => `${shown(v, bound, 2)}×` },
  p99Ratio: { what: 'p99 vs demo size', value: (r) => r.scale?.p99Ratio, text: (v, bound) => `${shown(v, bound, 2)}×` },
};

/** Latency goals are strict ("p99 < 15 ms"), the others inclusive ("≥ 0.25×", "≤ 0" 5xx). */
const strict = (goal) => ['p50', 'p95', 'p99'].includes(goal.measure);

function check(value, goal) {
  if (value == null || !Number.isFinite(value)) return null;
  if (goal.min != null) return value >= goal.min;
  return strict(goal) ? value < goal.max : value <= goal.max;
}

function target(goal, unitText) {
  if (goal.min != null) return `≥ ${unitText(goal.min)}`;
  return `${strict(goal) ? '<' : '≤'} ${unitText(goal.max)}`;
}

/**
 * The JavaScript figure of scripts/check-web-budget.mjs for the first step: the largest of
 * its "first step" rows (one per process) when it prints them, otherwise its app shell plus
 * the vehicle step (ajoneuvo), which is what a browser opening /<process>/ajoneuvo loads
 * before the step answers when the first step is not a page of its own.
 */
export function firstStepJavaScript(root, distDir) {
  const r = spawnSync(process.execPath, [join(root, 'scripts/check-web-budget.mjs'), distDir], { encoding: 'utf8' });
  const rows = (r.stdout ?? '').split('\n').map((line) => line.trim().split(/\s{2,}/));
  const kB = (cells) => (cells && cells.length >= 3 && /^\d+(\.\d+)?$/.test(cells[2]) ? Number(cells[2]) : undefined);
  const firstSteps = rows.filter((c) => /^first[ -]step/i.test(c[0] ?? '') && kB(c) !== undefined).sort((a, b) => kB(b) - kB(a));
  if (firstSteps.length > 0) {
    const all = firstSteps.map((c) => `${(/\/[\w-]+\/ajoneuvo/.exec(c[0]) ?? [c[0]])[0]} ${kB(c)}`).join(', ');
    return { kB: kB(firstSteps[0]), how: `check-web-budget.mjs, the largest of its first-step rows: ${all} kB`, scriptExit: r.status };
  }
  const shell = kB(rows.find((c) => /^app shell/i.test(c[0] ?? '')));
  const vehicle = kB(rows.find((c) => /^step ajoneuvo$/i.test(c[0] ?? '')));
  if (shell !== undefined && vehicle !== undefined) {
    return { kB: Number((shell + vehicle).toFixed(1)), how: `check-web-budget.mjs: app shell ${shell} + step ajoneuvo ${vehicle}`, scriptExit: r.status };
  }
  return { kB: undefined, how: `check-web-budget.mjs printed no first-step figure (exit ${r.status}): ${(r.stderr || r.stdout || '').trim().split('\n')[0]}`, scriptExit: r.status };
}

/**
 * Every goal row for the runs (each { database, label, rows, lighthouse? }), the first-step
 * JavaScript (or undefined) and the connections used.
 */
export function evaluateGoals({ runs, plannedRuns, firstStepJs, connections }) {
  const goals = [];
  const atOtherConnections = connections !== GOAL_CONNECTIONS ? ` (goal set at ${GOAL_CONNECTIONS})` : '';
  for (const planned of plannedRuns) {
    const run = runs.find((r) => r.database === planned.database);
    for (const goal of planned.demoOf ? [...API_GOALS, ...SCALE_GOALS] : API_GOALS) {
      if (goal.only && !goal.only.includes(planned.database)) continue;
      // A call measured in other runs only (the rush: on two processes) has no goal row here.
      if (planned.measuredElsewhere?.includes(goal.flow ?? goal.scenario)) continue;
      const m = MEASURES[goal.measure];
      const row = run?.rows.find((r) => r.id === goal.scenario);
      const name =
        goal.scenario === 'whole-booking-load'
          ? `whole booking, ${connections} client${connections === 1 ? '' : 's'}${atOtherConnections}: ${m.what}`
          : `${row?.call ?? SCENARIOS.find((x) => x.id === goal.scenario)?.label ?? goal.label ?? goal.scenario}${goal.scenario === 'free-times' ? `, ${connections} connection${connections === 1 ? '' : 's'}${atOtherConnections}` : ''}: ${m.what}`;
      const value = row ? m.value(row) : undefined;
      goals.push({
        where: planned.label,
        goal: name,
        // A call that also answered errors is marked: its figures are of the 2xx answers only.
        measured: row
          ? (Number.isFinite(value) ? m.text(value, goal.min ?? goal.max) : 'no answer') + (row.non2xx + row.errors + row.timeouts > 0 ? ' ‼ errors' : '')
          : 'not measured',
        value: value ?? null,
        target: target(goal, m.unit ?? (['ratio', 'floorRatio', 'timeRatio', 'p99Ratio'].includes(goal.measure) ? (x) => `${x.toFixed(2)}×` : (x) => `${x} ms`)),
        met: row ? (check(value, goal) ?? false) : null,
      });
    }
  }
  const lighthouseRun = runs.find((r) => r.lighthouse);
  const lighthouse = lighthouseRun?.lighthouse;
  for (const path of GOAL_PAGES) {
    const page = lighthouse?.find((p) => p.path === path);
    const rows = [
      ['Lighthouse mobile performance', page?.scores.performance, (v) => String(v), `≥ ${PAGE_GOALS.performance}`, (v) => v >= PAGE_GOALS.performance],
      ['LCP', page?.metrics.largestContentfulPaintMs, (v) => `${v} ms`, `≤ ${PAGE_GOALS.largestContentfulPaintMs} ms`, (v) => v <= PAGE_GOALS.largestContentfulPaintMs],
      ['TBT', page?.metrics.totalBlockingTimeMs, (v) => `${v} ms`, `≤ ${PAGE_GOALS.totalBlockingTimeMs} ms`, (v) => v <= PAGE_GOALS.totalBlockingTimeMs],
    ];
    for (const [what, value, text, targetText, ok] of rows) {
      if (page?.failed) {
        goals.push({ where: `web (${lighthouseRun.label} server)`, goal: `${path}: ${what}`, measured: `failed: ${page.failed.code}`, value: null, target: targetText, met: false });
        continue;
      }
      const measured = page && Number.isFinite(value);
      goals.push({
        where: lighthouseRun ? `web (${lighthouseRun.label} server)` : 'web',
        goal: `${path}: ${what}`,
        measured: page ? (measured ? text(value) : 'no figure') : 'not measured',
        value: measured ? value : null,
        target: targetText,
        met: page ? (measured ? ok(value) : false) : null,
      });
    }
  }
  const js = firstStepJs?.kB;
  goals.push({
    where: 'web build',
    goal: 'JavaScript before the first step can be used (gzip)',
    measured: js === undefined ? 'not measured' : `${js} kB`,
    value: js ?? null,
    target: `≤ ${FIRST_STEP_JS_GOAL_KB} kB`,
    met: js === undefined ? null : js <= FIRST_STEP_JS_GOAL_KB,
  });
  return goals;
}

/** The printed table of evaluateGoals' rows. */
export function goalsTable(goals) {
  const head = ['where', 'goal', 'measured', 'target', ''];
  const lines = goals.map((g) => [g.where, g.goal, g.measured, g.target, g.met == null ? '—' : g.met ? '✓' : '✗']);
  const widths = head.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i].length)));
  const right = new Set([2]);
  const row = (cells) => cells.map((c, i) => (right.has(i) ? c.padStart(widths[i]) : c.padEnd(widths[i]))).join(' │ ');
  const met = goals.filter((g) => g.met === true).length;
  const missed = goals.filter((g) => g.met === false).length;
  const unmeasured = goals.filter((g) => g.met == null).length;
  return [
    row(head),
    widths.map((w) => '─'.repeat(w)).join('─┼─'),
    ...lines.map(row),
    `${met} of ${goals.length} goals met, ${missed} missed${unmeasured ? `, ${unmeasured} not measured` : ''}.`,
  ].join('\n');
}
