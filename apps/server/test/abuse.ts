import { expect } from 'vitest';
import { addDays, todayInHelsinki } from '@huolto/domain';
import { loadConfig } from '../src/config.ts';
import { CUSTOMER, HttpApiClient, type ApiResponse } from './helpers.ts';
import { withOutput, type ServerProcess } from './processes.ts';

/**
 * The capacity-grab script of the abuse tests: from one client address, as fast as it
 * can, many loops each start a session, describe a made-up car, fill a cart, read the
 * office's free times and hold one of them; every other loop also saves the booking with
 * a made-up customer. Another customer, from another address, counts the office's free
 * times for the next two weeks before and after.
 */

/** A client behind the trusted proxy: X-Forwarded-For names its address. */
export class ForwardedClient extends HttpApiClient {
  constructor(
    bases: readonly string[],
    first: number,
    private readonly address: string,
  ) {
    super(bases, first);
  }

  protected override headers(): Record<string, string> {
    return { ...super.headers(), 'x-forwarded-for': this.address };
  }
}

/** The server's own defaults of the fair-share limits (what an operator gets without setting them). */
export function defaultFairShareEnv(): Record<string, string> {
  const { fairShare } = loadConfig({});
  return {
    HOLDS_PER_ADDRESS: String(fairShare.holdsPerAddress),
    HOLD_HOURS_PER_ADDRESS: String(fairShare.holdMinutesPerAddress / 60),
  };
}

type Day = { date: string; calendarSlots: { startTime: string; endTime: string }[] };

/** The next two weeks, today included. */
export function twoWeeks() {
  const start = todayInHelsinki();
  return { start, end: addDays(start, 13) };
}

function must(res: ApiResponse, what: string) {
  if (res.statusCode !== 200) throw new Error(`${what}: ${res.statusCode} ${res.body.slice(0, 300)}`);
  return res.json();
}

/** A customer's session at the office with the first primary service in the cart. */
export async function customerAt(c: HttpApiClient, organizationId: number) {
  await c.init('MAINTENANCE');
  must(await c.post('/search-vehicle', { registerNumber: 'abc-123', kilometers: 60000 }), 'search-vehicle');
  must(await c.post('/active-organization/v2', { organizationId }), 'active-organization');
  const groups = must(await c.get('/services/v2'), 'services') as { suggestions: { product: { id: string; provider: string } }[] }[];
  const product = groups[0]!.suggestions[0]!.product;
  must(
    await c.post('/add-products-to-cart', { items: [{ productId: product.id, provider: product.provider, amount: 1 }], stage: 'DEFAULT' }),
    'add-products-to-cart',
  );
}

/** How many exact free times the session sees in the next two weeks. */
export async function countFreeTimes(c: HttpApiClient): Promise<number> {
  const days = must(await c.post('/free-times', { ...twoWeeks(), resourceTimeSelectionTypes: ['EXACT_TIME'] }), 'free-times') as Day[];
  return days.reduce((n, d) => n + d.calendarSlots.length, 0);
}

/** Holds the session's first free time of the next two weeks; answers reserve-time's responseCode. */
export async function reserveAny(c: HttpApiClient): Promise<string> {
  const days = must(await c.post('/free-times', { ...twoWeeks(), resourceTimeSelectionTypes: ['EXACT_TIME'] }), 'free-times') as Day[];
  const day = days.find((d) => d.calendarSlots.length > 0);
  if (!day) return 'NO_FREE_TIME';
  const slot = day.calendarSlots[0]!;
  const res = await c.post('/reserve-time', {
    reservation: `${day.date}T${slot.startTime}|${day.date}T${slot.endTime}`,
    timeSelectionType: 'EXACT_TIME',
    workshiftPosition: null,
  });
  return must(res, 'reserve-time').responseCode as string;
}

export interface AttackStats {
  sessions: number;
  holds: number;
  saved: number;
  /** reserve-time answered 429 (the address has its share). */
  refused: number;
  notAvailable: number;
  /** Answers by status, every call. */
  statuses: Record<number, number>;
  /** Loops ended by an answer the script did not expect (kept for the report). */
  errors: string[];
}

const LETTERS = 'ABCDEFGHIJKLMNOPRSTUVY';

/**
 * Runs `loops` attacker loops from `address` against `organizationId` for `durationMs`.
 * Loop i puts 1 + i % 4 products in its cart (longer jobs take more of the calendar), and
 * odd loops save what they hold with a made-up customer.
 */
export async function attack(opts: {
  bases: readonly string[];
  address: string;
  organizationId: number;
  durationMs: number;
  loops: number;
}): Promise<AttackStats> {
  const stats: AttackStats = { sessions: 0, holds: 0, saved: 0, refused: 0, notAvailable: 0, statuses: {}, errors: [] };
  const until = Date.now() + opts.durationMs;
  let turn = 0;
  let serial = 0;
  const call = async (p: Promise<ApiResponse>) => {
    const res = await p;
    stats.statuses[res.statusCode] = (stats.statuses[res.statusCode] ?? 0) + 1;
    return res;
  };

  const loop = async (i: number) => {
    const products = 1 + (i % 4);
    const saves = i % 2 === 1;
    while (Date.now() < until) {
      const c = new ForwardedClient(opts.bases, turn++, opts.address);
      const n = serial++;
      try {
        const init = await call(c.post('/init-session', undefined, { usedProcessType: 'MAINTENANCE', installationType: 'LAAKKONEN_PUBLIC' }));
        if (init.statusCode !== 200) continue;
        stats.sessions++;
        // A made-up car: the register does not know it, so the script describes it.
        const plate = `${LETTERS[n % LETTERS.length]}${LETTERS[Math.floor(n / LETTERS.length) % LETTERS.length]}X-${(n % 999) + 1}`;
        await call(c.post('/set-vehicle', { make: 'Volkswagen', regNbr: plate, model: 'Golf', classification: { id: 1 } }));
        await call(c.post('/set-vehicle-kilometers', { kilometers: 60000 }));
        if ((await call(c.post('/active-organization/v2', { organizationId: opts.organizationId }))).statusCode !== 200) continue;
        const groupsRes = await call(c.get('/services/v2'));
        if (groupsRes.statusCode !== 200) continue;
        const groups = groupsRes.json() as { suggestions: { product: { id: string; provider: string } }[] }[];
        const chosen = groups
          .flatMap((g) => g.suggestions.slice(0, 1).map((s) => s.product))
          .slice(0, products)
          .map((p) => ({ productId: p.id, provider: p.provider, amount: 1 }));
        if ((await call(c.post('/add-products-to-cart', { items: chosen, stage: 'DEFAULT' }))).statusCode !== 200) continue;
        const daysRes = await call(c.post('/free-times', { ...twoWeeks(), resourceTimeSelectionTypes: ['EXACT_TIME'] }));
        if (daysRes.statusCode !== 200) continue;
        const slots = (daysRes.json() as Day[]).flatMap((d) => d.calendarSlots.map((s) => `${d.date}T${s.startTime}|${d.date}T${s.endTime}`));
        if (slots.length === 0) continue;
        const slot = slots[Math.floor(Math.random() * slots.length)]!;
        const reserve = await call(c.post('/reserve-time', { reservation: slot, timeSelectionType: 'EXACT_TIME', workshiftPosition: null }));
        if (reserve.statusCode === 429) {
          stats.refused++;
          continue;
        }
        if (reserve.statusCode !== 200) continue;
        const outcome = reserve.json() as { responseCode: string };
        if (outcome.responseCode !== 'SUCCESS') {
          stats.notAvailable++;
          continue;
        }
        stats.holds++;
        if (!saves) continue;
        const customer = { ...CUSTOMER, first_name: `Testi${n}`, email: `grab-${n}-${Math.random().toString(36).slice(2, 8)}@example.com` };
        if ((await call(c.post('/customer/v2', customer))).statusCode !== 200) continue;
        const save = await call(c.post('/save-booking'));
        if (save.statusCode === 200 && (save.json() as { responseCode: string }).responseCode === 'SUCCESS') stats.saved++;
      } catch (err) {
        if (stats.errors.length < 20) stats.errors.push(err instanceof Error ? err.message : String(err));
      }
    }
  };
  await Promise.all(Array.from({ length: opts.loops }, (_, i) => loop(i)));
  return stats;
}

/** The attacker's and the customer's addresses (X-Forwarded-For, believed from 127.0.0.1). */
export const ATTACKER_ADDRESS = '198.51.100.66';
export const CUSTOMER_ADDRESS = '192.0.2.15';

/**
 * The capacity grab and its outcome: the customer counts an office's free times for two
 * weeks through `customerServer`, the script on another address attacks through every
 * server for `durationMs`, and the customer must still see at least 80 % of them and be
 * able to hold one. The script must really have tried (sessions, holds, refusals) and
 * never got a 5xx.
 */
export async function expectFairShareUnderAttack(opts: {
  label: string;
  servers: ServerProcess[];
  organizationId: number;
  durationMs: number;
  loops: number;
}) {
  const bases = opts.servers.map((s) => s.base);
  const customer = new ForwardedClient(bases, 0, CUSTOMER_ADDRESS);
  await withOutput(opts.servers[0]!, customerAt(customer, opts.organizationId));
  const before = await countFreeTimes(customer);
  expect(before).toBeGreaterThan(20);

  const stats = await withOutput(
    opts.servers[opts.servers.length - 1]!,
    attack({ bases, address: ATTACKER_ADDRESS, organizationId: opts.organizationId, durationMs: opts.durationMs, loops: opts.loops }),
  );
  const after = await countFreeTimes(customer);
  console.log(`${opts.label} office ${opts.organizationId}: free times ${before} → ${after} (${Math.round((100 * after) / before)} %); attacker`, stats);

  expect(after / before).toBeGreaterThanOrEqual(0.8);
  expect(stats.errors).toEqual([]);
  expect(stats.sessions).toBeGreaterThan(50);
  expect(stats.holds).toBeGreaterThan(0);
  expect(stats.refused).toBeGreaterThan(20);
  expect(Object.keys(stats.statuses).filter((s) => Number(s) >= 500)).toEqual([]);
  expect(await reserveAny(customer)).toBe('SUCCESS');
}
