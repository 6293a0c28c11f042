/**
 * Offices set up from the back-office: an admin creates, edits, deactivates and activates
 * them, each change with its audit row; an office's own user edits its details and nothing
 * else; a deactivated office leaves the customers' lists at once and keeps its bookings;
 * bad input is refused naming the field and changes nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { addDays, todayInHelsinki, type OfficeBody, type OfficeDetails } from '@huolto/domain';
import { ApiClient, CUSTOMER, createTestApp, firstFreeSlot, json, prepareMaintenance, type TestApp } from '#test/helpers.ts';
import { signedInStaff, type StaffClient } from '#test/staff.ts';
import { listAudit } from '../audit/index.ts';

const fieldsOf = (res: { json(): unknown }) => ((res.json() as { fields?: { path: string }[] }).fields ?? []).map((f) => f.path);

const NEW_OFFICE: OfficeBody = {
  code: 'TRE1',
  name: 'Testikorjaamo Tampere',
  address: 'Hämeenkatu 1',
  postCode: '33100',
  postOffice: 'Tampere',
  latitude: null,
  longitude: null,
  phone: '03 123 4567',
  email: 'tampere@example.com',
  dealerMakeIds: [],
  processes: ['MAINTENANCE', 'TIRE_CHANGE'],
};

let t: TestApp;
let admin: StaffClient;
let office1: StaffClient;

/** A digest of the set-up tables, to show that a refused call changed nothing. */
async function setupDigest() {
  const { rows } = await sql<{ d: string }>`
    SELECT md5(
      (SELECT coalesce(string_agg(o::text, ',' ORDER BY o.id), '') FROM organization o) ||
      (SELECT coalesce(string_agg(m::text, ',' ORDER BY m.organization_id, m.make_id), '') FROM organization_make m) ||
      (SELECT count(*)::text FROM audit_event)) AS d`.execute(t.db);
  return rows[0]!.d;
}

beforeAll(async () => {
  t = await createTestApp();
  admin = (await signedInStaff(t.app, t.db, { role: 'ADMIN' })).client;
  office1 = (await signedInStaff(t.app, t.db, { role: 'OFFICE', officeIds: [1] })).client;
}, 60_000);
afterAll(() => t.close());

describe('offices', () => {
  let created: OfficeDetails;

  it('an admin creates an office: the next free id, coordinates from the post code, an audit row, an availability version', async () => {
    const maxId = (await t.db.selectFrom('organization').select((eb) => eb.fn.max('id').as('m')).executeTakeFirstOrThrow()).m as number;
    const res = await admin.post('/offices', NEW_OFFICE);
    expect(res.statusCode, res.body).toBe(200);
    created = json<OfficeDetails>(res);
    expect(created.id).toBe(maxId + 1);
    expect(created).toMatchObject({ code: 'TRE1', active: true, processes: ['MAINTENANCE', 'TIRE_CHANGE'], phone: '03 123 4567' });
    expect(created.latitude).toBeCloseTo(61.5, 1);
    expect(created.longitude).toBeCloseTo(23.76, 1);
    const version = await t.db.selectFrom('availability_version').select('version').where('organization_id', '=', created.id).executeTakeFirst();
    expect(version).toBeDefined();
    const audit = await listAudit(t.db, 'OFFICE', created.id);
    expect(audit.map((a) => a.action)).toEqual(['CREATED']);
    expect(audit[0]!.staff_user_id).not.toBeNull();
    const list = json<{ id: number; active: boolean; resources: number }[]>(await admin.get('/office-admin'));
    expect(list.find((o) => o.id === created.id)).toMatchObject({ active: true, resources: 0 });
  });

  it('typed coordinates win over the post code', async () => {
    const res = await admin.post('/offices', { ...NEW_OFFICE, code: 'TRE2', latitude: 61.45, longitude: 23.85 });
    expect(res.statusCode, res.body).toBe(200);
    expect(json<OfficeDetails>(res)).toMatchObject({ latitude: 61.45, longitude: 23.85 });
  });

  it('an admin edits the details; the audit row has the details before and after', async () => {
    const res = await admin.put(`/offices/${created.id}/details`, { ...NEW_OFFICE, name: 'Testikorjaamo Hervanta', dealerMakeIds: [1], processes: ['MAINTENANCE'] });
    expect(res.statusCode, res.body).toBe(200);
    expect(json<OfficeDetails>(res)).toMatchObject({ name: 'Testikorjaamo Hervanta', dealerMakeIds: [1], processes: ['MAINTENANCE'] });
    const [last] = await listAudit(t.db, 'OFFICE', created.id);
    expect(last!.action).toBe('UPDATED');
    expect((last!.before as OfficeDetails).name).toBe('Testikorjaamo Tampere');
    expect((last!.after as OfficeDetails).name).toBe('Testikorjaamo Hervanta');
    const details = json<OfficeDetails>(await admin.get(`/offices/${created.id}/details`));
    expect(details.name).toBe('Testikorjaamo Hervanta');
  });

  it("the office's notice to customers shows where its info texts do, after its dated ones, and goes when emptied", async () => {
    const customer = new ApiClient(t.app);
    const texts = async (id: number) =>
      json<{ organizationId: number; text: string }[]>(await customer.post('/get-organization-info-texts-no-session', { organizationIds: [id] }));
    const before = await texts(1);
    const details = json<OfficeDetails>(await admin.get('/offices/1/details'));
    const { id: _id, active: _active, openingTime: _o, closingTime: _c, ...body } = details;
    const notice = 'Sisäänkäynti takapihalta remontin ajan.';
    expect((await admin.put('/offices/1/details', { ...body, customerNotice: notice })).statusCode).toBe(200);
    expect(await texts(1)).toEqual([...before, { organizationId: 1, text: notice }]);
    expect((await admin.put('/offices/1/details', { ...body, customerNotice: '' })).statusCode).toBe(200);
    expect(await texts(1)).toEqual(before);
  });

  it('bad input is 400 naming the field and changes nothing', async () => {
    const other = await t.db.selectFrom('organization').select('code').where('id', '=', 1).executeTakeFirstOrThrow();
    const cases: [Partial<OfficeBody>, string][] = [
      [{ code: other.code }, 'code'],
      [{ code: 'ei kelpaa!' }, 'code'],
      [{ dealerMakeIds: [999_999] }, 'dealerMakeIds'],
      [{ processes: [] }, 'processes'],
      [{ postCode: '331' }, 'postCode'],
      [{ latitude: 61.5, longitude: null }, 'longitude'],
      [{ latitude: 40, longitude: 24 }, 'latitude'],
      [{ slotStepMinutes: 17 }, 'slotStepMinutes'],
      [{ name: '' }, 'name'],
    ];
    for (const [change, field] of cases) {
      const before = await setupDigest();
      for (const res of [await admin.post('/offices', { ...NEW_OFFICE, code: 'UUSI', ...change }), await admin.put(`/offices/${created.id}/details`, { ...NEW_OFFICE, ...change })]) {
        expect(res.statusCode, `${field}: ${res.body}`).toBe(400);
        expect(fieldsOf(res), res.body).toContain(field);
      }
      expect(await setupDigest(), field).toBe(before);
    }
  });

  it("an office user edits its own office's details, and cannot create, deactivate or touch another office (403)", async () => {
    const own = json<OfficeDetails>(await office1.get('/offices/1/details'));
    const { id: _id, openingTime: _o, closingTime: _c, active: _a, ...body } = own;
    const res = await office1.put('/offices/1/details', { ...body, customerNotice: 'Tervetuloa!' });
    expect(res.statusCode, res.body).toBe(200);
    expect(json<OfficeDetails>(res).customerNotice).toBe('Tervetuloa!');
    const before = await setupDigest();
    expect((await office1.post('/offices', NEW_OFFICE)).statusCode).toBe(403);
    expect((await office1.post('/offices/1/deactivate')).statusCode).toBe(403);
    expect((await office1.post('/offices/1/activate')).statusCode).toBe(403);
    expect((await office1.get('/office-admin')).statusCode).toBe(403);
    expect((await office1.get('/offices/2/details')).statusCode).toBe(403);
    expect((await office1.put('/offices/2/details', { ...body, code: 'X' })).statusCode).toBe(403);
    expect(await setupDigest()).toBe(before);
  });
});

describe("an office's booking settings in its details", () => {
  it('reach customers at once: day-only or exact times, lead-only, the loan calculator, choosing the mechanic and the slot grid', async () => {
    const office = 3;
    const details = json<OfficeDetails>(await admin.get(`/offices/${office}/details`));
    const { id: _id, active: _active, openingTime: _o, closingTime: _c, ...body } = details;
    expect(body).toMatchObject({ timeSelectionType: 'EXACT_TIME', leadOnly: false, firstSlotTime: '08:00', slotStepMinutes: 60 });
    const customer = new ApiClient(t.app);
    const bookingSettings = async () =>
      json(await customer.get('/booking-settings/organization', { organizationId: String(office), processType: 'MAINTENANCE' }));
    const maintenance = new ApiClient(t.app);
    await prepareMaintenance(maintenance, { organizationId: office });
    const starts = async () => {
      const days = json<{ calendarSlots: { startTime: string }[] }[]>(
        await maintenance.post('/free-times', { start: addDays(todayInHelsinki(), 14), end: addDays(todayInHelsinki(), 27), resourceTimeSelectionTypes: ['EXACT_TIME'] }),
      );
      return days.flatMap((d) => d.calendarSlots.map((s) => s.startTime));
    };
    const before = await starts();
    expect(before.length).toBeGreaterThan(0);
    expect(before.every((s) => s.endsWith(':00:00'))).toBe(true);

    const put = async (change: Partial<OfficeBody>) => {
      const res = await admin.put(`/offices/${office}/details`, { ...body, ...change });
      expect(res.statusCode, res.body).toBe(200);
    };
    await put({ timeSelectionType: 'DAY_ONLY', leadOnly: true, showLoanCalculator: !body.showLoanCalculator, customerSelectsResource: true });
    expect(await bookingSettings()).toMatchObject({
      timeSelectionType: 'DAY_ONLY',
      leadOnly: true,
      showStaticLoanCalculator: !body.showLoanCalculator,
      customerSelectsResource: true,
    });
    await put({ firstSlotTime: '09:00', slotStepMinutes: 30 });
    const after = await starts();
    expect(after.length).toBeGreaterThan(0);
    expect(after.every((s) => s >= '09:00:00' && /:(00|30):00$/.test(s))).toBe(true);
    expect(after.some((s) => s.endsWith(':30:00'))).toBe(true);

    await put({});
    expect(await bookingSettings()).toMatchObject({ timeSelectionType: 'EXACT_TIME', leadOnly: false, showStaticLoanCalculator: body.showLoanCalculator });
    expect(await starts()).toEqual(before);
  });
});

describe('a deactivated office', () => {
  it("leaves the customers' lists at once, lists its future bookings and keeps them; activating brings it back", async () => {
    const customer = new ApiClient(t.app);
    await customer.init('MAINTENANCE');
    const office2 = await t.db.selectFrom('organization').select(['post_office', 'latitude', 'longitude']).where('id', '=', 2).executeTakeFirstOrThrow();
    const listed = async () => {
      const lists = await Promise.all([
        customer.get('/all-organizations/v2'),
        customer.get('/compatible-organizations/v2'),
        customer.get('/tire-change-organizations/v2'),
        customer.get('/get-organizations-by-site/v2', { site: office2.post_office }),
        customer.get('/get-organizations-by-office-number', { officeNumber: '2' }),
        customer.get('/find-organizations/v2', { latitude: String(office2.latitude), longitude: String(office2.longitude), numberOfResults: '50' }),
      ]);
      return lists.map((r) => {
        expect(r.statusCode, r.body).toBe(200);
        return (json(r) as { id: number }[]).map((o) => o.id);
      });
    };
    // Office 2 has bookings ahead in the demo data.
    const bookingsBefore = await t.db
      .selectFrom('booking')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('organization_id', '=', 2)
      .executeTakeFirstOrThrow();
    for (const ids of await listed()) expect(ids).toContain(2);

    // A customer holding a time there when it closes: the hold is released, the save refused.
    const holder = new ApiClient(t.app);
    await prepareMaintenance(holder, { organizationId: 2 });
    const reservation = await firstFreeSlot(holder);
    expect(json(await holder.post('/reserve-time', { reservation, timeSelectionType: 'EXACT_TIME', workshiftPosition: null }))).toEqual({ responseCode: 'SUCCESS' });
    expect(json(await holder.post('/customer/v2', CUSTOMER))).toEqual({ responseCode: 'SUCCESS' });

    const res = await admin.post('/offices/2/deactivate');
    expect(res.statusCode, res.body).toBe(200);
    const held = await t.db.selectFrom('resource_time').select('id').where('kind', '=', 'HOLD').where('process_token', '=', holder.token!).execute();
    expect(held).toEqual([]);
    expect(json<{ responseCode: string }>(await holder.post('/save-booking')).responseCode).not.toBe('SUCCESS');
    expect(await t.db.selectFrom('booking').select('id').where('process_token', '=', holder.token!).execute()).toEqual([]);
    const body = json<{ office: OfficeDetails; futureBookings: { id: number; start: string }[] }>(res);
    expect(body.office.active).toBe(false);
    const future = await t.db
      .selectFrom('booking')
      .select('id')
      .where('organization_id', '=', 2)
      .where('status', '=', 'CONFIRMED')
      .where('start_at', '>=', sql<Date>`now()`)
      .execute();
    expect(future.length).toBeGreaterThan(0);
    const answered = new Set(body.futureBookings.map((b) => b.id));
    for (const b of future) expect(answered.has(Number(b.id)), String(b.id)).toBe(true);

    for (const ids of await listed()) expect(ids).not.toContain(2);
    const choose = await customer.post('/active-organization/v2', { organizationId: 2 });
    expect(choose.statusCode).toBe(400);
    expect(fieldsOf(choose)).toContain('organizationId');
    const bookingsAfter = await t.db
      .selectFrom('booking')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('organization_id', '=', 2)
      .executeTakeFirstOrThrow();
    expect(bookingsAfter.n).toBe(bookingsBefore.n);
    // The admin still reaches it, to activate it again.
    expect(json<OfficeDetails>(await admin.get('/offices/2/details')).active).toBe(false);
    expect((await listAudit(t.db, 'OFFICE', 2))[0]!.action).toBe('DEACTIVATED');

    const back = await admin.post('/offices/2/activate');
    expect(back.statusCode, back.body).toBe(200);
    expect(json<OfficeDetails>(back).active).toBe(true);
    expect((await listAudit(t.db, 'OFFICE', 2))[0]!.action).toBe('ACTIVATED');
    for (const ids of await listed()) expect(ids).toContain(2);
  });
});

describe("an office's processes", () => {
  it('an office is listed and chosen only for the processes it offers (400 organizationId otherwise)', async () => {
    const res = await admin.post('/offices', { ...NEW_OFFICE, code: 'VAIN-HUOLTO', processes: ['MAINTENANCE'] });
    expect(res.statusCode, res.body).toBe(200);
    const only = json<OfficeDetails>(res).id;
    const maintenance = new ApiClient(t.app);
    await maintenance.init('MAINTENANCE');
    expect((json(await maintenance.get('/compatible-organizations/v2')) as { id: number }[]).map((o) => o.id)).toContain(only);
    expect((await maintenance.post('/active-organization/v2', { organizationId: only })).statusCode).toBe(200);

    const tires = new ApiClient(t.app);
    await tires.init('TIRE_CHANGE');
    expect((json(await tires.get('/tire-change-organizations/v2')) as { id: number }[]).map((o) => o.id)).not.toContain(only);
    const refused = await tires.post('/active-organization/v2', { organizationId: only });
    expect(refused.statusCode).toBe(400);
    expect(fieldsOf(refused)).toContain('organizationId');
  });

  it('tire sales default to office 1, and to the first active office selling tires while office 1 is inactive', async () => {
    const activeOffice = async () => {
      const c = new ApiClient(t.app);
      await c.init('TIRE_SALES');
      const res = await c.post('/active-organization/v2', { organizationId: 1 });
      expect(res.statusCode, res.body).toBe(200);
      return (json(await c.get('/get-booking/v2')) as { organization: { id: number } | null }).organization?.id;
    };
    expect(await activeOffice()).toBe(1);
    await admin.post('/offices/1/deactivate');
    const sellers = await t.db.selectFrom('organization').select('id').where('active', '=', true).where('tire_sales', '=', true).orderBy('id').execute();
    expect(await activeOffice()).toBe(sellers[0]!.id);
    await admin.post('/offices/1/activate');
  });
});
