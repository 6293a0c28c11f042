import type { ProcessType, StepStatus } from './enums.ts';

/** Rounds a price in cents up to whole euros (requirements §2: prices are shown rounded up). */
export function roundUpToEuros(cents: number): number {
  return Math.ceil(cents / 100);
}

/** Made on first use: a formatter costs milliseconds to build, which a page that shows no price need not spend. */
let euroFormatter: Intl.NumberFormat | undefined;
const euroFormat = () => (euroFormatter ??= new Intl.NumberFormat('fi-FI', { maximumFractionDigits: 0, useGrouping: true }));

/** '1 234 €' — the whole-euro display of a price in cents, rounded up. */
export function formatEuros(cents: number): string {
  // fi-FI groups with a no-break space; keep it so the amount never wraps.
  return `${euroFormat().format(roundUpToEuros(cents))}\u00a0€`;
}

/**
 * '−36 €' — a reduction in cents shown in whole euros rounded down, so that the rounded-up
 * prices minus the shown reductions add up to the rounded-up total.
 */
export function formatReduction(cents: number): string {
  return `\u2212${euroFormat().format(Math.floor(cents / 100))}\u00a0€`;
}

/** A step of a process: its route segment and its Finnish title. */
export interface ProcessStep {
  path: string;
  title: string;
}

export interface ProcessDefinition {
  type: ProcessType;
  /** Route of the process under the site root (requirements §2). */
  path: string;
  title: string;
  steps: readonly ProcessStep[];
}

const S = {
  ajoneuvo: { path: 'ajoneuvo', title: 'Ajoneuvo' },
  palvelut: { path: 'palvelut', title: 'Palvelut' },
  lisapalvelut: { path: 'lisapalvelut', title: 'Lisäpalvelut' },
  toimpiste: { path: 'toimpiste', title: 'Toimipiste' },
  rengasmyynti: { path: 'rengasmyynti', title: 'Renkaat' },
  aika: { path: 'aika', title: 'Aika' },
  omatTiedot: { path: 'omat-tiedot', title: 'Omat tiedot' },
  kiitos: { path: 'kiitos', title: 'Kiitos' },
} as const satisfies Record<string, ProcessStep>;

/** The public processes and their steps, in order (requirements §2 route table). */
export const PROCESSES: Record<ProcessType, ProcessDefinition> = {
  MAINTENANCE: {
    type: 'MAINTENANCE',
    path: 'huolto',
    title: 'Huolto ja korjaus',
    steps: [S.ajoneuvo, S.palvelut, S.lisapalvelut, S.aika, S.omatTiedot, S.kiitos],
  },
  TIRE_CHANGE: {
    type: 'TIRE_CHANGE',
    path: 'renkaat',
    title: 'Renkaiden vaihto ja säilytys',
    steps: [S.ajoneuvo, S.toimpiste, S.palvelut, S.aika, S.omatTiedot, S.kiitos],
  },
  TIRE_SALES: {
    type: 'TIRE_SALES',
    path: 'rengasmyynti',
    title: 'Rengasmyynti',
    steps: [S.ajoneuvo, S.rengasmyynti, S.toimpiste, S.aika, S.omatTiedot, S.kiitos],
  },
  WINDSHIELD: {
    type: 'WINDSHIELD',
    path: 'proautolasi',
    title: 'Tuulilasipalvelu',
    steps: [S.ajoneuvo, S.palvelut, S.aika, S.omatTiedot, S.kiitos],
  },
};

/** Steps shown in the progress bar: every step but the thanks page (requirements §2). */
export function progressSteps(process: ProcessDefinition): readonly ProcessStep[] {
  return process.steps.filter((s) => s.path !== 'kiitos');
}

/**
 * Step statuses (requirements §4): steps before the active one are FINISHED, the active one
 * ACTIVE, later ones UNFINISHED. An unknown active path leaves every step UNFINISHED.
 */
export function stepStatuses(process: ProcessDefinition, activePath: string): StepStatus[] {
  const active = process.steps.findIndex((s) => s.path === activePath);
  return process.steps.map((_, i) =>
    active < 0 ? 'UNFINISHED' : i < active ? 'FINISHED' : i === active ? 'ACTIVE' : 'UNFINISHED',
  );
}

/** The step after (+1) or before (-1) the given one, or undefined at either end. */
export function adjacentStep(process: ProcessDefinition, path: string, direction: 1 | -1): ProcessStep | undefined {
  const i = process.steps.findIndex((s) => s.path === path);
  if (i < 0) return undefined;
  return process.steps[i + direction];
}

/** How long a reservation hold lasts before it frees its time, in minutes. */
export const HOLD_MINUTES = 15;

/** How long an idle booking process lives, in minutes. */
export const PROCESS_TTL_MINUTES = 240;

/** Calendar auto-advance (weeks) and week picker length (weeks), requirements §9. */
export const CALENDAR_AUTO_ADVANCE_WEEKS = 7;
export const WEEK_PICKER_WEEKS = 9;

/** Offices a page of other offices' availability holds at most (OTHER_OFFICES_PAGE in the web app). */
export const OTHER_OFFICES_MAX_LIMIT = 50;

/** Notifications disappear after this many milliseconds (requirements §9). */
export const NOTIFICATION_TTL_MS = 5000;
/** Notification expiry is checked this often (requirements §9). */
export const NOTIFICATION_CHECK_MS = 500;

// ---- Cart limits (docs/decisions/008-cart-limits.md) -------------------------

/** Lines a cart holds in each stage: services of a maintenance visit, campaigns, tires and tire services. */
export const CART_LINES_PER_STAGE = { DEFAULT: 20, FIXED_CAMPAIGN_SERVICES: 10, TIRE_SERVICES: 10 } as const;

/** Tires on one line and in the whole cart: two sets of four (e.g. different front and rear sizes). */
export const MAX_TIRES_PER_LINE = 8;
export const MAX_TIRES_PER_CART = 8;

/** A service is done once a visit; a service priced per unit of work (a stone-chip repair) up to this many times. */
export const MAX_SERVICE_AMOUNT = 1;
export const MAX_UNITS_PER_LINE = 5;

/** Minutes of work a cart may need: one working day of the chain (07.30–17.00), rounded up to half hours. */
export const MAX_CART_MINUTES = 570;

/** The largest cart total, in cents (100 000 €): far below what the integer total column holds. */
export const MAX_CART_TOTAL_CENTS = 10_000_000;

/** Extra order items added to a saved booking from its management page, in all (booking/cd/add-rows). */
export const MAX_ADDED_ROWS_PER_BOOKING = 20;

/** Longest feedback message the server takes (feedbackBody). */
export const FEEDBACK_MESSAGE_MAX = 2000;

/** The order-item parameters of a line: how many, and the length of a key and of a value. */
export const MAX_PARAMETERS_PER_LINE = 12;
export const MAX_PARAMETER_KEY_LENGTH = 40;
export const MAX_PARAMETER_VALUE_LENGTH = 100;
