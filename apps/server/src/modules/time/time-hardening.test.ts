/**
 * Odd dates and times against the time calls: every impossible or far-off date is a 400
 * naming its field, answered at once and changing nothing; a day-only reservation is
 * refused at an office that books exact times and the other way round; a free-times call
 * over the longest range stays cheap.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { addDays, BOOKING_HORIZON_MONTHS, isWorkingDay, lastBookableDate, startOfWeek, todayInHelsinki } from '@huolto/domain';
import { ApiClient, createTestApp, firstFreeSlot, json, prepareMaintenance, type TestApp } from '#test/helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const today = todayInHelsinki();
/** The first working day on or after a date (a week always has one). */
const workingDayFrom = (date: string) => {
  for (let i = 0; i < 14; i++) if (isWorkingDay(addDays(date, i))) return addDays(date, i);
  throw new Error(`no working day after ${date}`);
};
/** Past the seed's weeks of bookings: free unless these tests book it. */
const CLEAN = workingDayFrom(addDays(today, 64));
const FREE_TIMES_PATHS = ['/free-times', '/free-times/morning', '/free-times/evening', '/free-times-on-organization'];

type Res = Awaited<ReturnType<ApiClient['post']>>;
const fieldsOf = (res: Res) => (json(res).fields as { path: string; message: string }[]).map((f) => f.path);

/**
 * Everything a time call could change: all holds and bookings of time (a digest of every
 * row, taken in the database: the seed has tens of thousands), and the session's row.
 */
async function snapshot(c: ApiClient) {
  const times = (
    await sql<{ digest: string }>`SELECT md5(coalesce(string_agg(r::text, '|' ORDER BY r.id), '')) AS digest FROM resource_time r`.execute(t.db)
  ).rows[0]!.digest;
  const session = await t.db.selectFrom('process').selectAll().where('token', '=', c.token!).executeTakeFirstOrThrow();
  return JSON.stringify({ times, session });
}

/** Sends a request that must be refused: 400 naming `field`, within a second, no row changed. */
async function expectRefused(c: ApiClient, path: string, body: unknown, field: string) {
  const before = await snapshot(c);
  const started = performance.now();
  const res = await c.post(path, body);
  const ms = performance.now() - started;
  expect(res.statusCode, `${path} ${JSON.stringify(body)} → ${res.body}`).toBe(400);
  expect(fieldsOf(res), `${path} ${JSON.stringify(body)}`).toContain(field);
  expect(ms).toBeLessThan(1000);
  expect(await snapshot(c)).toBe(before);
  return json(res).fields as { path: string; message: string }[];
}

describe('free-times with impossible or far-off dates', () => {
  it.each(FREE_TIMES_PATHS)('%s: 9999-12-31 is a 400 within a second, not a day loop without end', async (path) => {
    const c = new ApiClient(t.app);
    await prepareMaintenance(c);
    await expectRefused(c, path, { start: '9999-12-31', end: '9999-12-31' }, 'start');
    await expectRefused(c, path, { start: '9999-12-30', end: '9999-12-31' }, 'start');
  });

  it.each(FREE_TIMES_PATHS)('%s: year 0000, 30 February, month 13 and day 32 are 400 naming the field', async (path) => {
    const c = new ApiClient(t.app);
    await prepareMaintenance(c);
    const [first] = await expectRefused(c, path, { start: '0000-01-01', end: '0000-01-01' }, 'start');
    expect(first!.message).toBe('Päivämäärä ei ole kelvollinen');
    await expectRefused(c, path, { start: '0001-01-01', end: '0001-01-07' }, 'start');
    await expectRefused(c, path, { start: today, end: '2027-02-30' }, 'end');
    await expectRefused(c, path, { start: '2027-02-30', end: '2027-03-03' }, 'start');
    await expectRefused(c, path, { start: today, end: `${today.slice(0, 4)}-13-01` }, 'end');
    await expectRefused(c, path, { start: `${today.slice(0, 7)}-32`, end: today }, 'start');
  });

  it(`answers from the current week up to ${BOOKING_HORIZON_MONTHS} months ahead and no further`, async () => {
    const c = new ApiClient(t.app);
    await prepareMaintenance(c);
    const last = lastBookableDate(today);
    expect(last).toBe(`${Number(today.slice(0, 4)) + 1}${today.slice(4)}`.replace(/-02-29$/, '-02-28'));
    // The week calendar starts on this week's Monday, which may be before today.
    const ok = await c.post('/free-times', { start: startOfWeek(today), end: addDays(startOfWeek(today), 6) });
    expect(ok.statusCode).toBe(200);
    expect(json(ok)).toHaveLength(7);
    await expectRefused(c, '/free-times', { start: addDays(startOfWeek(today), -1), end: today }, 'start');
    const edge = await c.post('/free-times', { start: addDays(last, -6), end: last });
    expect(edge.statusCode).toBe(200);
    expect(json<{ date: string }[]>(edge).map((d) => d.date).at(-1)).toBe(last);

    await expectRefused(c, '/free-times', { start: addDays(last, -6), end: addDays(last, 1) }, 'end');
    await expectRefused(c, '/free-times', { start: addDays(last, 1), end: addDays(last, 7) }, 'start');
    await expectRefused(c, '/free-times', { start: '2099-01-05', end: '2099-01-11' }, 'start');
    await expectRefused(c, '/free-times', { start: addDays(today, -8), end: addDays(today, -1) }, 'end');
    await expectRefused(c, '/free-times-on-organization', { start: addDays(last, 1), end: addDays(last, 2) }, 'start');
  });

  it('a range is at most 62 calendar days, both ends counted', async () => {
    const c = new ApiClient(t.app);
    await prepareMaintenance(c);
    for (const path of FREE_TIMES_PATHS) {
      const res = await c.post(path, { start: today, end: addDays(today, 61) });
      expect(res.statusCode, `${path} ${res.body}`).toBe(200);
      await expectRefused(c, path, { start: today, end: addDays(today, 62) }, 'end');
    }
    expect(json<unknown[]>(await c.post('/free-times', { start: today, end: addDays(today, 61) }))).toHaveLength(62);
  });
});

describe('reserve-time with impossible or far-off times', () => {
  /** A session holding a real slot, and that slot's times of day. */
  async function holding() {
    const c = new ApiClient(t.app);
    await prepareMaintenance(c);
    const reservation = await firstFreeSlot(c);
    expect(json(await c.post('/reserve-time', { reservation, timeSelectionType: 'EXACT_TIME' })).responseCode).toBe('SUCCESS');
    const [start = '', end = ''] = reservation.split('|');
    return { c, startTime: start.slice(11), endTime: end.slice(11) };
  }

  it.each([
    ['hour 24', '2027-01-05T24:00:00|2027-01-05T25:00:00'],
    ['hour 25', '2027-01-05T08:00:00|2027-01-05T25:00:00'],
    ['minute 60', '2027-01-05T08:60:00|2027-01-05T09:00:00'],
    ['second 99', '2027-01-05T08:00:99|2027-01-05T09:00:00'],
    ['month 13', '2027-13-05T08:00:00|2027-13-05T09:00:00'],
    ['day 32', '2027-01-32T08:00:00|2027-01-32T09:00:00'],
    ['year 0000', '0000-01-05T08:00:00|0000-01-05T09:00:00'],
    ['year 0001', '0001-01-05T08:00:00|0001-01-05T09:00:00'],
    ['30 February', '2027-02-30T08:00:00|2027-02-30T09:00:00'],
  ])('%s is a 400 naming reservation; the held time stays', async (_, reservation) => {
    const { c } = await holding();
    for (const timeSelectionType of ['EXACT_TIME', 'DAY_ONLY']) {
      const [field] = await expectRefused(c, '/reserve-time', { reservation, timeSelectionType, workshiftPosition: null }, 'reservation');
      expect(field!.message).toBe('Varauksen päivämäärä tai kellonaika ei ole kelvollinen');
    }
  });

  it('a slot of the office grid in 2099 or 9999, or a day past the horizon, is never held', async () => {
    const { c, startTime, endTime } = await holding();
    const lastPlusOne = workingDayFrom(addDays(lastBookableDate(today), 1));
    for (const date of [workingDayFrom('2099-03-02'), workingDayFrom('9999-03-01'), lastPlusOne]) {
      const reservation = `${date}T${startTime}|${date}T${endTime}`;
      await expectRefused(c, '/reserve-time', { reservation, timeSelectionType: 'EXACT_TIME' }, 'reservation');
    }
    // The end may not reach past the horizon either.
    const last = lastBookableDate(today);
    await expectRefused(c, '/reserve-time', { reservation: `${last}T${startTime}|${addDays(last, 1)}T${endTime}`, timeSelectionType: 'EXACT_TIME' }, 'reservation');
    // A day-only office is held to the same horizon.
    const d = new ApiClient(t.app);
    await prepareMaintenance(d, { organizationId: 12 });
    await expectRefused(d, '/reserve-time', { reservation: `${lastPlusOne}T07:30:00|${lastPlusOne}T17:00:00`, timeSelectionType: 'DAY_ONLY' }, 'reservation');
  });

  it('a slot on the last day of the horizon can be held', async () => {
    const { c, startTime, endTime } = await holding();
    // The last working day on or before the horizon's end.
    let date = lastBookableDate(today);
    for (let i = 0; i < 14 && !isWorkingDay(date); i++) date = addDays(date, -1);
    const res = await c.post('/reserve-time', { reservation: `${date}T${startTime}|${date}T${endTime}`, timeSelectionType: 'EXACT_TIME' });
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res).responseCode).toBe('SUCCESS');
  });

  it('locker/reserved-times refuses start times past the horizon', async () => {
    const c = new ApiClient(t.app);
    await prepareMaintenance(c);
    await expectRefused(c, '/locker/reserved-times', { startTimes: [`${CLEAN}T07:00:00`, '9999-12-31T07:00:00'] }, 'startTimes.1');
    await expectRefused(c, '/locker/reserved-times', { startTimes: ['2027-02-30T07:00:00'] }, 'startTimes.0');
    expect((await c.post('/locker/reserved-times', { startTimes: [`${CLEAN}T07:00:00`] })).statusCode).toBe(200);
  });
});

describe('the office decides how its times are booked', () => {
  it('DAY_ONLY at an office that books exact times is a 400 naming timeSelectionType, with no off-grid hold', async () => {
    const c = new ApiClient(t.app);
    await prepareMaintenance(c, { organizationId: 1 });
    const [field] = await expectRefused(
      c,
      '/reserve-time',
      { reservation: `${CLEAN}T07:30:00|${CLEAN}T17:00:00`, timeSelectionType: 'DAY_ONLY', workshiftPosition: 'MORNING' },
      'timeSelectionType',
    );
    expect(field!.message).toBe('Toimipisteessä valitaan tarkka aika');
    expect(await t.db.selectFrom('resource_time').select('id').where('process_token', '=', c.token!).execute()).toEqual([]);
  });

  it('EXACT_TIME at a day-only office is a 400 naming timeSelectionType', async () => {
    const c = new ApiClient(t.app);
    await prepareMaintenance(c, { organizationId: 12 });
    const [field] = await expectRefused(
      c,
      '/reserve-time',
      { reservation: `${CLEAN}T08:00:00|${CLEAN}T09:00:00`, timeSelectionType: 'EXACT_TIME' },
      'timeSelectionType',
    );
    expect(field!.message).toBe('Toimipisteessä valitaan vain päivä');
    // Its own way still works.
    const res = await c.post('/reserve-time', { reservation: `${CLEAN}T07:30:00|${CLEAN}T17:00:00`, timeSelectionType: 'DAY_ONLY', workshiftPosition: 'MORNING' });
    expect(json(res).responseCode).toBe('SUCCESS');
  });
});

describe('cost of the longest free-times range', () => {
  /** CPU (user + system of this process: the server, and PGlite when it is the database) and wall time of one call, ms. */
  async function measure(c: ApiClient, path: string, body: unknown) {
    const cpu = process.cpuUsage();
    const started = performance.now();
    const res = await c.post(path, body);
    const wall = performance.now() - started;
    const used = process.cpuUsage(cpu);
    expect(res.statusCode, res.body).toBe(200);
    return { cpu: (used.user + used.system) / 1000, wall };
  }

  it('62 days of free-times and of free-times-on-organization take under 100 ms of CPU and answer within a second', async () => {
    const c = new ApiClient(t.app);
    await prepareMaintenance(c);
    const range = { start: today, end: addDays(today, 61) };
    const figures: Record<string, { cpu: number; wall: number }[]> = {};
    for (const path of FREE_TIMES_PATHS) {
      for (let i = 0; i < 2; i++) await measure(c, path, range); // warm
      figures[path] = [];
      for (let i = 0; i < 5; i++) figures[path].push(await measure(c, path, range));
    }
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[2]!;
    const summary = Object.entries(figures).map(([path, runs]) => ({
      path,
      cpuMs: Math.round(median(runs.map((r) => r.cpu))),
      wallMs: Math.round(median(runs.map((r) => r.wall))),
    }));
    console.log('62-day free-times cost (median of 5; CPU of this process: the server, and the database when it is PGlite):', JSON.stringify(summary));
    for (const s of summary) {
      expect(s.cpuMs, s.path).toBeLessThan(100);
      expect(s.wallMs, s.path).toBeLessThan(1000);
    }
  });
});
