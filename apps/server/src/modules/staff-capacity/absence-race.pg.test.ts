import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { addDays, isWorkingDay, todayInHelsinki, type StaffOffice } from '@huolto/domain';
import { createTestApp, json, type TestApp } from '#test/helpers.ts';
import { StaffClient, addStaffUser } from '#test/staff.ts';

/**
 * Absences added at the same moment on PostgreSQL, where one process's requests really run at
 * once: the exclusion constraint of resource_absence (migration 017) lets one of two
 * overlapping absences in, and the other is refused 400 naming start with nothing stored.
 */
let t: TestApp;
let staff: StaffClient;
let resourceIds: number[];

const workingDayFrom = (date: string): string => (isWorkingDay(date) ? date : workingDayFrom(addDays(date, 1)));
const DAY = workingDayFrom(addDays(todayInHelsinki(), 30));

beforeAll(async () => {
  if (!inject('pgUrl')) throw new Error('absence-race.pg.test.ts runs only against PostgreSQL (DATABASE_URL)');
  t = await createTestApp();
  const user = await addStaffUser(t.db, { role: 'OFFICE', officeIds: [1] });
  staff = new StaffClient(t.app);
  await staff.login(user.email, user.password);
  resourceIds = json<StaffOffice[]>(await staff.get('/offices'))[0]!.resources.map((r) => r.id);
});
afterAll(async () => {
  await t?.close();
});

describe('overlapping absences added at once (PostgreSQL)', () => {
  it('for each resource, of two overlapping absences sent together exactly one is stored', async () => {
    const answers = await Promise.all(
      resourceIds.flatMap((resourceId) => [
        staff.post('/offices/1/absences', { resourceId, start: `${DAY}T08:00:00`, end: `${DAY}T12:00:00`, reason: 'Koulutus' }),
        staff.post('/offices/1/absences', { resourceId, start: `${DAY}T10:00:00`, end: `${DAY}T14:00:00`, reason: 'Lääkäri' }),
      ]),
    );
    for (let i = 0; i < resourceIds.length; i++) {
      const pair = answers.slice(2 * i, 2 * i + 2);
      expect(pair.map((r) => r.statusCode).sort(), pair.map((r) => r.body).join(' | ')).toEqual([200, 400]);
      const refused = pair.find((r) => r.statusCode === 400)!;
      expect(json(refused).fields).toEqual([{ path: 'start', message: 'Resurssilla on jo poissaolo tänä aikana' }]);
    }
    const stored = await t.db.selectFrom('resource_absence').select(['resource_id']).execute();
    expect(stored.map((r) => r.resource_id).sort((a, b) => a - b)).toEqual([...resourceIds].sort((a, b) => a - b));
  });
});
