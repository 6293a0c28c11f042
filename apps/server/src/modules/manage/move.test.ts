import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import {
  API_BASE,
  addDays,
  finnishHolidays,
  formatLocalDateTime,
  fromHelsinki,
  isoWeekday,
  lastBookableDate,
  startOfWeek,
  todayInHelsinki,
  type FreeTimeDay,
} from '@huolto/domain';
import { ApiClient, CUSTOMER, createTestApp, firstFreeSlot, json, prepareMaintenance, type TestApp } from '#test/helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const OFFICE_1_EMAIL = 'konala.huolto@laakkonen.example';

/**
 * A saved maintenance booking of ABC-123 at office 1: by default on the first free slot
 * two days or more ahead, so that it is past the two-hour deadline whatever the hour of the run.
 */
async function book(fromDate = addDays(todayInHelsinki(), 2)) {
  const c = new ApiClient(t.app);
  await prepareMaintenance(c);
  const reservation = await firstFreeSlot(c, fromDate);
  const reserve = json(await c.post('/reserve-time', { reservation, timeSelectionType: 'EXACT_TIME' }));
  if (reserve.responseCode !== 'SUCCESS') throw new Error(`reserve-time ${JSON.stringify(reserve)}`);
  await c.post('/customer/v2', CUSTOMER);
  const save = json(await c.post('/save-booking'));
  if (save.responseCode !== 'SUCCESS') throw new Error(`save-booking ${JSON.stringify(save)}`);
  const bookingKey: string = save.bookingKey;
  const row = await t.db.selectFrom('booking').selectAll().where('booking_key', '=', bookingKey).executeTakeFirstOrThrow();
  return { bookingKey, reservation, row, access: { bookingKey, registerNumber: 'ABC-123', installationType: 'LAAKKONEN_PUBLIC' } };
}
type Booked = Awaited<ReturnType<typeof book>>;

/** A client without a booking session, as the /oma-varaus page is. */
const anonymous = () => new ApiClient(t.app);

const fieldsOf = (res: Parameters<typeof json>[0]) => (json(res).fields as { path: string }[]).map((f) => f.path);

/** The booking's messages, without the office's notice of the new booking (mail/office-notice.test.ts tests it). */
async function outboxOf(bookingId: string) {
  const rows = await t.db.selectFrom('email_outbox').selectAll().where('booking_id', '=', bookingId).orderBy('id').execute();
  return rows.filter((r) => !(r.kind === 'OFFICE_NOTICE' && r.subject.startsWith('Uusi varaus:')));
}

/** The booking's time as stored: its row and its resource_time rows. */
async function storedTime(bookingId: string) {
  const row = await t.db.selectFrom('booking').select(['start_at', 'end_at', 'status']).where('id', '=', bookingId).executeTakeFirstOrThrow();
  const times = await sql<{ resource_id: number; start: Date; end: Date; kind: string }>`
    SELECT resource_id, lower(during) AS start, upper(during) AS "end", kind FROM resource_time WHERE booking_id = ${bookingId} ORDER BY id`.execute(t.db);
  return {
    start: formatLocalDateTime(new Date(row.start_at!)),
    end: formatLocalDateTime(new Date(row.end_at!)),
    status: row.status,
    times: times.rows.map((r) => ({
      resourceId: r.resource_id,
      start: formatLocalDateTime(new Date(r.start)),
      end: formatLocalDateTime(new Date(r.end)),
      kind: r.kind,
    })),
  };
}

/** A Helsinki wall-clock 'YYYY-MM-DDTHH:mm:ss' some minutes later on the same day. */
const shiftLocal = (local: string, minutes: number) => new Date(Date.parse(`${local}Z`) + minutes * 60000).toISOString().slice(0, 19);

const reservationOf = (date: string, slot: { startTime: string; endTime: string }) => `${date}T${slot.startTime}|${date}T${slot.endTime}`;

async function freeTimes(b: Booked, start: string, end = addDays(start, 6)) {
  const res = await anonymous().post('/free-times-for-booking', { ...b.access, start, end });
  expect(res.statusCode, res.body).toBe(200);
  const body = json<{ responseCode: string; days: FreeTimeDay[] }>(res);
  expect(body.responseCode).toBe('SUCCESS');
  return body.days;
}

/** The first free time for the booking on a day after `after` (another day than its own). */
async function otherFreeTime(b: Booked, after: string): Promise<string> {
  for (let week = startOfWeek(addDays(after, 1)); ; week = addDays(week, 7)) {
    const day = (await freeTimes(b, week)).find((d) => d.date > after && d.calendarSlots.length > 0);
    if (day) return reservationOf(day.date, day.calendarSlots[0]!);
  }
}

/** Holds `reservation` for new sessions until none is left on any lift; the holders. */
async function fillSlot(reservation: string): Promise<ApiClient[]> {
  const holders: ApiClient[] = [];
  for (let i = 0; i < 20; i++) {
    const h = new ApiClient(t.app);
    await prepareMaintenance(h);
    if (json(await h.post('/reserve-time', { reservation, timeSelectionType: 'EXACT_TIME' })).responseCode !== 'SUCCESS') return holders;
    holders.push(h);
  }
  throw new Error('the slot never filled');
}

describe('free-times-for-booking', () => {
  it("answers the office's week for the booking's own length, without its own time, Monday first", async () => {
    const b = await book();
    const [ownStart, ownEnd] = b.reservation.split('|') as [string, string];
    const ownDate = ownStart.slice(0, 10);
    const monday = startOfWeek(ownDate);
    const days = await freeTimes(b, monday);
    expect(days.map((d) => d.date)).toEqual(Array.from({ length: 7 }, (_, i) => addDays(monday, i)));
    expect(isoWeekday(days[0]!.date)).toBe(1);
    const minutes = (Date.parse(`${ownEnd}Z`) - Date.parse(`${ownStart}Z`)) / 60000;
    for (const day of days) {
      for (const s of day.calendarSlots) {
        const [h1, m1] = s.startTime.split(':').map(Number) as [number, number];
        const [h2, m2] = s.endTime.split(':').map(Number) as [number, number];
        expect(h2 * 60 + m2 - (h1 * 60 + m1)).toBe(minutes);
      }
    }
    const own = days.find((d) => d.date === ownDate)!;
    expect(own.calendarSlots.map((s) => s.startTime)).not.toContain(ownStart.slice(11));
    // Weekends and holidays have nothing.
    expect(days.filter((d) => isoWeekday(d.date) > 5).every((d) => d.calendarSlots.length === 0)).toBe(true);
  });

  it("offers and takes a time overlapping the booking's own on its own lift: its own time does not block it", async () => {
    const b = await book();
    const before = await storedTime(b.row.id);
    const lift = before.times[0]!.resourceId;
    const office = await t.db.selectFrom('organization').select('slot_step_minutes').where('id', '=', 1).executeTakeFirstOrThrow();
    const later = `${shiftLocal(before.start, office.slot_step_minutes)}|${shiftLocal(before.end, office.slot_step_minutes)}`;
    // Nothing else on the booking's lift right after it, and every other lift taken at both times:
    // only the booking's own lift, busy with the booking itself, could offer the later time.
    await sql`DELETE FROM resource_time WHERE resource_id = ${lift} AND booking_id IS DISTINCT FROM ${b.row.id}
      AND during && tstzrange(${fromHelsinki(before.start.slice(0, 10), before.start.slice(11))}, ${fromHelsinki(later.slice(20, 30), later.slice(31))}, '[)')`.execute(t.db);
    const holders = [...(await fillSlot(b.reservation)), ...(await fillSlot(later))];

    const day = (await freeTimes(b, startOfWeek(before.start.slice(0, 10)))).find((d) => d.date === before.start.slice(0, 10))!;
    expect(day.calendarSlots).toContainEqual({ startTime: later.slice(11, 19), endTime: later.slice(31) });
    const answer = json(await anonymous().post('/move-booking', { ...b.access, reservation: later }));
    expect(answer.responseCode).toBe('SUCCESS');
    expect((await storedTime(b.row.id)).times).toEqual([{ resourceId: lift, start: later.slice(0, 19), end: later.slice(20), kind: 'BOOKED' }]);
    await Promise.all(holders.map((c) => c.delete('/remove-reservation')));
  });

  it.each([
    [{ start: '2026-13-01' }, 'start'],
    [{ end: 'huomenna' }, 'end'],
    [{ bookingKey: undefined }, 'bookingKey'],
    [{ registerNumber: 'ABC123' }, 'registerNumber'],
  ])('%j → 400 naming %s', async (patch, field) => {
    const today = todayInHelsinki();
    const res = await anonymous().post('/free-times-for-booking', { bookingKey: 'ABCDEF2345', registerNumber: 'ABC-123', start: today, end: addDays(today, 6), ...patch });
    expect(res.statusCode).toBe(400);
    expect(fieldsOf(res)).toContain(field);
  });

  it('a range ending before it starts, longer than 62 days or past the horizon → 400 naming end', async () => {
    const b = await book();
    const today = todayInHelsinki();
    for (const range of [
      { start: addDays(today, 7), end: today },
      { start: today, end: addDays(today, 63) },
      { start: addDays(lastBookableDate(today), -2), end: addDays(lastBookableDate(today), 2) },
    ]) {
      const res = await anonymous().post('/free-times-for-booking', { ...b.access, ...range });
      expect(res.statusCode, JSON.stringify(range)).toBe(400);
      expect(fieldsOf(res)).toContain('end');
    }
  });

  it('a wrong plate or key → 404', async () => {
    const b = await book();
    const today = todayInHelsinki();
    for (const access of [{ ...b.access, registerNumber: 'KIA-123' }, { ...b.access, bookingKey: 'ZZZZZZZZZZZZ' }]) {
      const res = await anonymous().post('/free-times-for-booking', { ...access, start: today, end: addDays(today, 6) });
      expect(res.statusCode).toBe(404);
      expect(json(res).message).toMatch(/Varausta ei löytynyt/);
    }
  });
});

describe('move-booking', () => {
  it('moves the booking in one go: its row, one resource_time row at the new time, a new confirmation with .ics and a notice to the office', async () => {
    const b = await book();
    const [ownStart] = b.reservation.split('|') as [string, string];
    const target = await otherFreeTime(b, ownStart.slice(0, 10));
    const [newStart, newEnd] = target.split('|') as [string, string];
    const before = await storedTime(b.row.id);
    expect(before.times).toHaveLength(1);
    expect(await outboxOf(b.row.id)).toHaveLength(1);

    const res = await anonymous().post('/move-booking', { ...b.access, reservation: target });
    expect(res.statusCode).toBe(200);
    const answer = json(res);
    expect(answer.responseCode).toBe('SUCCESS');
    expect(answer.booking).toMatchObject({ bookingKey: b.bookingKey, status: 'CONFIRMED', start: newStart, end: newEnd, cancellable: true });

    const after = await storedTime(b.row.id);
    expect(after).toMatchObject({ start: newStart, end: newEnd, status: 'CONFIRMED' });
    expect(after.times).toEqual([expect.objectContaining({ start: newStart, end: newEnd, kind: 'BOOKED' })]);

    const mails = await outboxOf(b.row.id);
    expect(mails).toHaveLength(3);
    const confirmation = mails.find((m) => m.recipient === CUSTOMER.email && m.id !== mails[0]!.id)!;
    expect(confirmation.subject).toMatch(/^Varauksesi on siirretty: ABC-123/);
    expect(confirmation.text_body).toContain(`Varaustunnus: ${b.bookingKey}`);
    const [date, time] = newStart.split('T') as [string, string];
    const [y, mo, d] = date.split('-').map(Number) as [number, number, number];
    expect(confirmation.text_body).toContain(`${d}.${mo}.${y} klo ${Number(time.slice(0, 2))}.${time.slice(3, 5)}`);
    expect(confirmation.ics).toContain(`DTSTART;TZID=Europe/Helsinki:${date.replace(/-/g, '')}T${time.replace(/:/g, '')}`);
    expect(confirmation.file_name).toContain(b.bookingKey);
    // As the first confirmation: the office's notice, and the office as the event's organizer.
    expect(confirmation.text_body).toContain('Toimipisteen tiedote:');
    expect(confirmation.ics).toContain(`ORGANIZER;CN=`);
    const notice = mails.find((m) => m.recipient === OFFICE_1_EMAIL)!;
    expect(notice.subject).toMatch(/^Varaus siirretty: ABC-123/);
    expect(notice.text_body).toContain('Entinen aika:');

    // The old time is free again: open-booking reads the new one.
    const opened = json(await anonymous().post('/open-booking', b.access));
    expect(opened.booking).toMatchObject({ start: newStart, end: newEnd });
    const freeAgain = (await freeTimes(b, startOfWeek(ownStart.slice(0, 10)))).find((day) => day.date === ownStart.slice(0, 10))!;
    expect(freeAgain.calendarSlots.map((s) => s.startTime)).toContain(ownStart.slice(11));
  });

  it('a time taken meanwhile: NOT_AVAILABLE in Finnish, and the booking keeps its time, its row and its mail', async () => {
    const b = await book();
    const [ownStart] = b.reservation.split('|') as [string, string];
    const target = await otherFreeTime(b, ownStart.slice(0, 10));
    const holders = await fillSlot(target);
    const before = await storedTime(b.row.id);

    const res = await anonymous().post('/move-booking', { ...b.access, reservation: target });
    expect(res.statusCode).toBe(200);
    expect(json(res)).toEqual({ responseCode: 'NOT_AVAILABLE', message: expect.stringMatching(/ehdittiin varata.*entisellä ajallaan/) });
    expect(await storedTime(b.row.id)).toEqual(before);
    expect(await outboxOf(b.row.id)).toHaveLength(1);
    await Promise.all(holders.map((c) => c.delete('/remove-reservation')));
  });

  it('two moves and a reserve-time racing for the last free lift of a time: exactly one wins, the others keep what they had, no double booking', async () => {
    const first = await book();
    const second = await book();
    const after = [first, second].map((x) => x.reservation.slice(0, 10)).sort().at(-1)!;
    const target = await otherFreeTime(first, after);
    const [targetStart, targetEnd] = target.split('|') as [string, string];
    // Every lift of the target taken but one.
    const holders = await fillSlot(target);
    expect(holders.length).toBeGreaterThan(0);
    await holders.pop()!.delete('/remove-reservation');
    const lifts = holders.length + 1;
    const racer = new ApiClient(t.app);
    await prepareMaintenance(racer);
    const beforeFirst = await storedTime(first.row.id);
    const beforeSecond = await storedTime(second.row.id);

    const [a, b, c] = await Promise.all([
      anonymous().post('/move-booking', { ...first.access, reservation: target }),
      anonymous().post('/move-booking', { ...second.access, reservation: target }),
      racer.post('/reserve-time', { reservation: target, timeSelectionType: 'EXACT_TIME' }),
    ]);
    const codes = [a, b, c].map((r) => json(r).responseCode);
    const answers = [a, b, c].map((r) => `${r.statusCode} ${r.body.slice(0, 200)}`).join('\n');
    expect(codes.filter((x) => x === 'SUCCESS'), answers).toHaveLength(1);
    expect(codes.filter((x) => x === 'NOT_AVAILABLE'), answers).toHaveLength(2);

    const firstNow = await storedTime(first.row.id);
    const secondNow = await storedTime(second.row.id);
    expect(firstNow).toEqual(codes[0] === 'SUCCESS' ? expect.objectContaining({ start: `${targetStart}`, end: targetEnd }) : beforeFirst);
    expect(secondNow).toEqual(codes[1] === 'SUCCESS' ? expect.objectContaining({ start: `${targetStart}`, end: targetEnd }) : beforeSecond);
    for (const x of [firstNow, secondNow]) expect(x.times).toHaveLength(1);

    // The target holds one row for each holder and one for the winner, and no lift has two overlapping rows.
    const tokens = [...holders, racer].map((h) => h.token!);
    const onTarget = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM resource_time
      WHERE during = tstzrange(${fromHelsinki(targetStart.slice(0, 10), targetStart.slice(11))}, ${fromHelsinki(targetEnd.slice(0, 10), targetEnd.slice(11))}, '[)')
        AND (process_token IN (${sql.join(tokens)}) OR booking_id IN (${first.row.id}, ${second.row.id}))`.execute(t.db);
    expect(onTarget.rows[0]!.n).toBe(lifts);
    const overlaps = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM resource_time a JOIN resource_time b
        ON a.resource_id = b.resource_id AND a.id < b.id AND a.during && b.during`.execute(t.db);
    expect(overlaps.rows[0]!.n).toBe(0);
    await Promise.all([...holders, racer].map((h) => h.delete('/remove-reservation')));
  });

  it('within two hours of the start: 409 TOO_LATE with the Finnish reason, for the free times too; nothing changes', async () => {
    const b = await book();
    const target = await otherFreeTime(b, b.reservation.slice(0, 10));
    const soon = new Date(Date.now() + 90 * 60000);
    await t.db.updateTable('booking').set({ start_at: soon, end_at: new Date(soon.getTime() + 3600_000) }).where('id', '=', b.row.id).execute();
    const before = await storedTime(b.row.id);
    const res = await anonymous().post('/move-booking', { ...b.access, reservation: target });
    expect(res.statusCode).toBe(409);
    expect(json(res)).toMatchObject({ error: 'TOO_LATE', message: expect.stringMatching(/ei voi enää siirtää verkossa.*2 tuntia/) });
    const today = todayInHelsinki();
    const times = await anonymous().post('/free-times-for-booking', { ...b.access, start: today, end: addDays(today, 6) });
    expect(times.statusCode).toBe(409);
    expect(await storedTime(b.row.id)).toEqual(before);
    expect(await outboxOf(b.row.id)).toHaveLength(1);
  });

  it('a cancelled booking cannot be moved (409 NOT_MOVABLE)', async () => {
    const b = await book();
    const target = await otherFreeTime(b, b.reservation.slice(0, 10));
    expect(json(await anonymous().post('/cancel-booking', b.access)).responseCode).toBe('SUCCESS');
    const res = await anonymous().post('/move-booking', { ...b.access, reservation: target });
    expect(res.statusCode).toBe(409);
    expect(json(res).error).toBe('NOT_MOVABLE');
    expect((await storedTime(b.row.id)).times).toHaveLength(0);
  });

  it('a wrong plate or key → 404 and nothing changes', async () => {
    const b = await book();
    const target = await otherFreeTime(b, b.reservation.slice(0, 10));
    const before = await storedTime(b.row.id);
    for (const access of [{ ...b.access, registerNumber: 'KIA-123' }, { ...b.access, bookingKey: 'ZZZZZZZZZZZZ' }]) {
      const res = await anonymous().post('/move-booking', { ...access, reservation: target });
      expect(res.statusCode).toBe(404);
    }
    expect(await storedTime(b.row.id)).toEqual(before);
  });

  it('needs the XSRF header', async () => {
    const b = await book();
    const target = await otherFreeTime(b, b.reservation.slice(0, 10));
    const res = await t.app.inject({ method: 'POST', url: `${API_BASE}/move-booking`, payload: { ...b.access, reservation: target } });
    expect(res.statusCode).toBe(403);
    expect((await storedTime(b.row.id)).start).toBe(b.reservation.split('|')[0]);
  });

  describe('bad input → 400 naming the field, nothing changed', () => {
    it.each([
      [{ reservation: undefined }, 'reservation'],
      [{ reservation: '2026-12-01T08:00:00' }, 'reservation'],
      [{ reservation: '2026-02-30T08:00:00|2026-02-30T09:00:00' }, 'reservation'],
      [{ reservation: '2026-12-01T09:00:00|2026-12-01T08:00:00' }, 'reservation'],
      [{ bookingKey: 'AB-CD' }, 'bookingKey'],
      [{ registerNumber: '' }, 'registerNumber'],
    ])('%j → %s', async (patch, field) => {
      const res = await anonymous().post('/move-booking', { bookingKey: 'ABCDEF2345', registerNumber: 'ABC-123', reservation: '2026-12-01T08:00:00|2026-12-01T09:00:00', ...patch });
      expect(res.statusCode).toBe(400);
      expect(fieldsOf(res)).toContain(field);
    });

    it("a time off the office's grid or of another length, its own time, or past the horizon", async () => {
      const b = await book();
      const before = await storedTime(b.row.id);
      const target = await otherFreeTime(b, b.reservation.slice(0, 10));
      const [s, e] = target.split('|') as [string, string];
      const last = lastBookableDate(todayInHelsinki());
      for (const reservation of [
        `${s.slice(0, 11)}06:13:00|${e.slice(0, 11)}07:13:00`,
        `${s}|${s.slice(0, 11)}${String(Number(s.slice(11, 13)) + 5).padStart(2, '0')}${s.slice(13)}`,
        b.reservation,
        `${addDays(last, 7)}T08:00:00|${addDays(last, 7)}T09:00:00`,
      ]) {
        const res = await anonymous().post('/move-booking', { ...b.access, reservation });
        expect(res.statusCode, reservation).toBe(400);
        expect(fieldsOf(res)).toEqual(['reservation']);
      }
      expect(await storedTime(b.row.id)).toEqual(before);
      expect(await outboxOf(b.row.id)).toHaveLength(1);
    });
  });

  it('a time in the past, on a weekend or on a holiday is NOT_AVAILABLE; nothing changes', async () => {
    const b = await book();
    const before = await storedTime(b.row.id);
    const [s, e] = b.reservation.split('|') as [string, string];
    const timeOf = (date: string) => `${date}T${s.slice(11)}|${date}T${e.slice(11)}`;
    const today = todayInHelsinki();
    let saturday = addDays(today, 1);
    while (isoWeekday(saturday) !== 6) saturday = addDays(saturday, 1);
    const year = Number(today.slice(0, 4));
    const holiday = [...finnishHolidays(year).keys(), ...finnishHolidays(year + 1).keys()]
      .sort()
      .find((d) => d > addDays(today, 1) && isoWeekday(d) <= 5)!;
    for (const date of [addDays(today, -7), saturday, holiday]) {
      const res = await anonymous().post('/move-booking', { ...b.access, reservation: timeOf(date) });
      expect(res.statusCode, date).toBe(200);
      expect(json(res).responseCode, date).toBe('NOT_AVAILABLE');
      expect(json(res).message).toMatch(/Valitse toinen/);
    }
    expect(await storedTime(b.row.id)).toEqual(before);
    expect(await outboxOf(b.row.id)).toHaveLength(1);
  });

  it('a car left in the key locker moves only to a half-day with a free compartment', async () => {
    const b = await book();
    const other = await book(addDays(b.reservation.slice(0, 10), 1));
    const target = await otherFreeTime(b, other.reservation.slice(0, 10));
    const day = target.slice(0, 10);
    const half = Number(target.slice(11, 13)) < 12 ? 'morning' : 'afternoon';
    // Office 1 has one compartment; another key-locker booking takes it on the target's half-day.
    const office = await t.db.selectFrom('organization').select('locker_compartments').where('id', '=', 1).executeTakeFirstOrThrow();
    await t.db.updateTable('organization').set({ locker_compartments: 1 }).where('id', '=', 1).execute();
    await t.db.updateTable('booking').set({ using_key_locker: true }).where('id', 'in', [b.row.id, other.row.id]).execute();
    const [s, e] = target.split('|') as [string, string];
    await t.db
      .updateTable('booking')
      .set({ start_at: fromHelsinki(day, s.slice(11)), end_at: fromHelsinki(day, e.slice(11)) })
      .where('id', '=', other.row.id)
      .execute();
    try {
      const before = await storedTime(b.row.id);
      const days = await freeTimes(b, startOfWeek(day));
      const offered = days.find((d) => d.date === day)!.calendarSlots.map((x) => x.startTime);
      expect(offered.filter((t) => (Number(t.slice(0, 2)) < 12 ? 'morning' : 'afternoon') === half)).toEqual([]);
      const res = await anonymous().post('/move-booking', { ...b.access, reservation: target });
      expect(json(res)).toEqual({ responseCode: 'NOT_AVAILABLE', message: expect.stringMatching(/^Avainlokerot ovat täynnä/) });
      expect(await storedTime(b.row.id)).toEqual(before);
      // Without the key locker the same time is free.
      await t.db.updateTable('booking').set({ using_key_locker: false }).where('id', '=', b.row.id).execute();
      expect(json(await anonymous().post('/move-booking', { ...b.access, reservation: target })).responseCode).toBe('SUCCESS');
    } finally {
      await t.db.updateTable('organization').set({ locker_compartments: office.locker_compartments }).where('id', '=', 1).execute();
    }
  });

  it('is rate-limited per client address like cancel-booking', async () => {
    const limited = await createTestApp({ vehicleSearchRateLimit: 2 });
    try {
      const c = new ApiClient(limited.app);
      const body = { bookingKey: 'ABCDEF2345', registerNumber: 'ABC-123', reservation: '2026-12-01T08:00:00|2026-12-01T09:00:00' };
      expect((await c.post('/move-booking', body)).statusCode).toBe(404);
      expect((await c.post('/move-booking', body)).statusCode).toBe(404);
      expect((await c.post('/move-booking', body)).statusCode).toBe(429);
    } finally {
      await limited.close();
    }
  });
});
