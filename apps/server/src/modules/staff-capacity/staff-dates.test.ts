/**
 * The back-office's date inputs at the ends of the calendar: every staff call that takes a
 * date answers a 400 naming the field for a date it cannot serve (the first and last
 * representable days, a day the month does not have), never a 500 from date arithmetic
 * running off the calendar's end.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#test/helpers.ts';
import { StaffClient, signedInStaff } from '#test/staff.ts';

const fieldsOf = (res: { json(): unknown }) => ((res.json() as { fields?: { path: string }[] }).fields ?? []).map((f) => f.path);

describe('staff date inputs at the ends of the calendar', () => {
  let t: TestApp;
  let staff: StaffClient;
  beforeAll(async () => {
    t = await createTestApp();
    staff = (await signedInStaff(t.app, t.db, { role: 'OFFICE', officeIds: [1] })).client;
  }, 120_000);
  afterAll(() => t?.close());

  for (const date of ['0001-01-01', '1000-01-01', '9999-12-31', '9999-12-27', '2026-02-30']) {
    it(`${date}: day, week, absences, a new absence and exceptions answer 400 naming the date`, async () => {
      const calls = [
        { res: await staff.get('/offices/1/day', { date }), field: 'date' },
        { res: await staff.get('/offices/1/week', { date }), field: 'date' },
        { res: await staff.get('/offices/1/absences', { from: date, to: date }), field: 'from' },
        { res: await staff.put(`/offices/1/exceptions/${date}`, { closed: true, reason: 'Suljettu' }), field: 'date' },
        { res: await staff.delete(`/offices/1/exceptions/${date}`), field: 'date' },
        { res: await staff.post('/offices/1/absences', { resourceId: 1, start: `${date}T08:00:00`, end: `${date}T10:00:00` }), field: 'start' },
      ];
      for (const { res, field } of calls) {
        expect(res.statusCode, res.body).toBe(400);
        expect(fieldsOf(res)).toContain(field);
      }
    });
  }

  it('a range ending on the last day of the calendar names to', async () => {
    const res = await staff.get('/offices/1/absences', { from: '2026-12-01', to: '9999-12-31' });
    expect(res.statusCode, res.body).toBe(400);
    expect(fieldsOf(res)).toContain('to');
  });

  it('dates inside the staff calendar still answer', async () => {
    expect((await staff.get('/offices/1/day', { date: '2001-01-02' })).statusCode).toBe(200);
    expect((await staff.get('/offices/1/week', { date: '2098-12-31' })).statusCode).toBe(200);
    expect((await staff.get('/offices/1/absences', { from: '2099-12-01', to: '2099-12-31' })).statusCode).toBe(200);
  });
});
