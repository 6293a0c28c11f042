import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ApiClient, createTestApp, type TestApp } from '#test/helpers.ts';
import { RACE_SEED, expectConsistentRace, pickFreeSlots, prepareSessions, race, seededRandom, type RaceSlot } from '#test/race.ts';

const SESSIONS = 200;
const SLOTS = 20;
const engine = inject('pgUrl') ? 'PostgreSQL' : 'PGlite';

let t: TestApp;
let sessions: ApiClient[];
let slots: RaceSlot[];

beforeAll(async () => {
  t = await createTestApp();
  sessions = await prepareSessions(SESSIONS, () => new ApiClient(t.app));
  slots = await pickFreeSlots(sessions[0]!, t.db, SLOTS, seededRandom(RACE_SEED));
}, 240_000);
afterAll(async () => {
  await t?.close();
});

describe(`reservation race on ${engine}`, () => {
  it(`${SESSIONS} sessions reserve ${SLOTS} slots at random at once: every slot ends with at most its capacity`, async () => {
    expect(slots.every((s) => s.capacity > 0)).toBe(true);
    const entries = await race(sessions, slots, seededRandom(RACE_SEED + 1));
    const perSlot = await expectConsistentRace(t.db, entries);
    // The race was a race: some slot had more takers than room.
    expect(perSlot.some((s) => s.asked > s.capacity)).toBe(true);
  });
});
