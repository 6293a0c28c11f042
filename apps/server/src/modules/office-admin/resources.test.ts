/**
 * An office's resources and the kinds of work: free times use only active resources that
 * can do every line of the cart, and follow a change at once; a resource with bookings
 * ahead is not deactivated (409 listing them, nothing changed); bad input is refused
 * naming the field; only admins change the kinds of work.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { addDays, todayInHelsinki, type StaffOffice, type StaffResourceDetails, type WorkKind } from '@huolto/domain';
import { ApiClient, CUSTOMER, createTestApp, firstFreeSlot, json, prepareMaintenance, type TestApp } from '#test/helpers.ts';
import { signedInStaff, type StaffClient } from '#test/staff.ts';
import { listAudit } from '../audit/index.ts';

const fieldsOf = (res: { json(): unknown }) => ((res.json() as { fields?: { path: string }[] }).fields ?? []).map((f) => f.path);
const TODAY = todayInHelsinki();
const RANGE = { start: addDays(TODAY, 7), end: addDays(TODAY, 20) };

let t: TestApp;
let admin: StaffClient;
let office1: StaffClient;

beforeAll(async () => {
  t = await createTestApp();
  admin = (await signedInStaff(t.app, t.db, { role: 'ADMIN' })).client;
  office1 = (await signedInStaff(t.app, t.db, { role: 'OFFICE', officeIds: [1] })).client;
}, 60_000);
afterAll(() => t.close());

type Day = { date: string; calendarSlots: { startTime: string; endTime: string }[] };
const slotCount = async (c: ApiClient) => {
  const res = await c.post('/free-times', RANGE);
  expect(res.statusCode, res.body).toBe(200);
  return json<Day[]>(res).reduce((n, d) => n + d.calendarSlots.length, 0);
};

async function tireChangeCustomer(officeId: number) {
  const c = new ApiClient(t.app);
  await c.init('TIRE_CHANGE');
  await c.post('/search-vehicle', { registerNumber: 'ABC-123' });
  expect((await c.post('/transfer-organization', { organizationId: officeId })).statusCode).toBe(200);
  const add = await c.post('/api/products/tire-change/add', { items: [{ productId: 'TIRE-CHANGE' }], stage: 'TIRE_SERVICES' });
  expect(json(add)).toEqual({ responseCode: 'SUCCESS' });
  return c;
}

const resourcesOf = async (c: StaffClient, officeId: number) => json<StaffResourceDetails[]>(await c.get(`/offices/${officeId}/resources`));
const bodyOf = (r: StaffResourceDetails) => ({ name: r.name, displayName: r.displayName, selectable: r.selectable, workKinds: r.workKinds, active: r.active });

/** A digest of resources, their kinds and the audit trail, to show a refused call changed nothing. */
async function digest() {
  const { rows } = await sql<{ d: string }>`
    SELECT md5(
      (SELECT coalesce(string_agg(r::text, ',' ORDER BY r.id), '') FROM resource r) ||
      (SELECT coalesce(string_agg(k::text, ',' ORDER BY k.resource_id, k.work_kind), '') FROM resource_work_kind k) ||
      (SELECT coalesce(string_agg(w::text, ',' ORDER BY w.code), '') FROM work_kind w) ||
      (SELECT count(*)::text FROM audit_event)) AS d`.execute(t.db);
  return rows[0]!.d;
}

describe('free times by the kinds of work', () => {
  it('resources that cannot do tire change give no tire-change times; adding the kind gives them at once', async () => {
    const tires = await tireChangeCustomer(3);
    const maintenance = new ApiClient(t.app);
    await prepareMaintenance(maintenance, { organizationId: 3 });
    const before = await slotCount(tires);
    expect(before).toBeGreaterThan(0);
    const maintenanceBefore = await slotCount(maintenance);

    const resources = await resourcesOf(admin, 3);
    expect(resources.length).toBeGreaterThan(0);
    for (const r of resources) {
      expect(r.workKinds).toContain('TIRE_CHANGE');
      const res = await admin.put(`/offices/3/resources/${r.id}`, { ...bodyOf(r), workKinds: r.workKinds.filter((k) => k !== 'TIRE_CHANGE') });
      expect(res.statusCode, res.body).toBe(200);
    }
    expect(await slotCount(tires)).toBe(0);
    // Maintenance is still done by the same resources.
    expect(await slotCount(maintenance)).toBe(maintenanceBefore);
    // Nor can the time be held.
    const days = json<Day[]>(await maintenance.post('/free-times', RANGE));
    const day = days.find((d) => d.calendarSlots.length > 0)!;
    const slot = day.calendarSlots[0]!;
    const held = await tires.post('/reserve-time', {
      reservation: `${day.date}T${slot.startTime}|${day.date}T${slot.endTime}`,
      timeSelectionType: 'EXACT_TIME',
    });
    expect(held.statusCode === 400 || json(held).responseCode === 'NOT_AVAILABLE', held.body).toBe(true);

    const first = resources[0]!;
    const back = await admin.put(`/offices/3/resources/${first.id}`, { ...bodyOf(first), workKinds: first.workKinds });
    expect(back.statusCode, back.body).toBe(200);
    expect(await slotCount(tires)).toBeGreaterThan(0);
    const audit = await listAudit(t.db, 'RESOURCE', first.id);
    expect(audit.map((a) => a.action)).toEqual(['UPDATED', 'UPDATED']);
  });
});

describe('resources', () => {
  let made: StaffResourceDetails;

  it("an office's user adds a resource, last, with no kinds unless given; bad input is 400 naming the field and changes nothing", async () => {
    const res = await office1.post('/offices/1/resources', { name: 'Nosturi Uusi', workKinds: [] });
    expect(res.statusCode, res.body).toBe(200);
    made = json<StaffResourceDetails>(res);
    expect(made).toMatchObject({ name: 'Nosturi Uusi', active: true, workKinds: [], selectable: false, displayName: null });
    const all = await resourcesOf(office1, 1);
    expect(all.at(-1)!.id).toBe(made.id);
    expect((await listAudit(t.db, 'RESOURCE', made.id))[0]!.action).toBe('CREATED');

    await admin.put('/work-kinds/WINDSHIELD', { active: false });
    const existing = all[0]!;
    const cases: [object, string][] = [
      [{ name: existing.name, workKinds: [] }, 'name'],
      [{ name: '', workKinds: [] }, 'name'],
      [{ name: 'X', workKinds: ['NO_SUCH_KIND'] }, 'workKinds'],
      [{ name: 'X', workKinds: ['WINDSHIELD'] }, 'workKinds'],
      [{ name: 'X', workKinds: ['MAINTENANCE', 'MAINTENANCE'] }, 'workKinds'],
      [{ name: 'X' }, 'workKinds'],
    ];
    for (const [body, field] of cases) {
      const mark = await digest();
      const res = await office1.post('/offices/1/resources', body);
      expect(res.statusCode, `${field}: ${res.body}`).toBe(400);
      expect(fieldsOf(res)).toContain(field);
      if ('workKinds' in body) {
        const edit = await office1.put(`/offices/1/resources/${made.id}`, { ...bodyOf(made), ...body });
        expect(edit.statusCode, `${field}: ${edit.body}`).toBe(400);
        expect(fieldsOf(edit)).toContain(field);
      }
      expect(await digest()).toBe(mark);
    }
    await admin.put('/work-kinds/WINDSHIELD', { active: true });
  });

  it('another office\'s resource is 404 at this office, 403 to an office user of another office', async () => {
    const other = (await resourcesOf(admin, 2))[0]!;
    const mark = await digest();
    expect((await admin.put(`/offices/1/resources/${other.id}`, bodyOf(other))).statusCode).toBe(404);
    expect((await office1.put(`/offices/2/resources/${other.id}`, bodyOf(other))).statusCode).toBe(403);
    expect((await office1.get('/offices/2/resources')).statusCode).toBe(403);
    expect((await admin.put('/offices/1/resources/01', bodyOf(other))).statusCode).toBe(400);
    expect(await digest()).toBe(mark);
  });

  it('orders the resources; the list must name each once', async () => {
    const ids = (await resourcesOf(office1, 1)).map((r) => r.id);
    const reversed = [...ids].reverse();
    const res = await office1.put('/offices/1/resources/order', { resourceIds: reversed });
    expect(res.statusCode, res.body).toBe(200);
    expect(json<StaffResourceDetails[]>(res).map((r) => r.id)).toEqual(reversed);
    const mark = await digest();
    const missing = await office1.put('/offices/1/resources/order', { resourceIds: reversed.slice(1) });
    expect(missing.statusCode).toBe(400);
    expect(fieldsOf(missing)).toContain('resourceIds');
    expect(await digest()).toBe(mark);
    await office1.put('/offices/1/resources/order', { resourceIds: ids });
  });

  it('a resource with confirmed bookings ahead is not deactivated: 409 lists them and nothing changes', async () => {
    const booked = await t.db
      .selectFrom('resource_time as rt')
      .innerJoin('booking as b', 'b.id', 'rt.booking_id')
      .innerJoin('resource as r', 'r.id', 'rt.resource_id')
      .select(['rt.resource_id', 'r.organization_id'])
      .where('rt.kind', '=', 'BOOKED')
      .where('b.status', '=', 'CONFIRMED')
      .where(sql<boolean>`upper(rt.during) > now()`)
      .where('r.organization_id', '=', 1)
      .executeTakeFirstOrThrow();
    const resource = (await resourcesOf(admin, 1)).find((r) => r.id === booked.resource_id)!;
    const mark = await digest();
    const res = await admin.put(`/offices/1/resources/${resource.id}`, { ...bodyOf(resource), active: false });
    expect(res.statusCode, res.body).toBe(409);
    const body = json<{ responseCode: string; message: string; bookings: { id: number; resourceId: number }[] }>(res);
    expect(body.responseCode).toBe('RESOURCE_HAS_BOOKINGS');
    expect(body.bookings.length).toBeGreaterThan(0);
    expect(body.bookings.every((b) => b.resourceId === resource.id)).toBe(true);
    const expected = await t.db
      .selectFrom('resource_time as rt')
      .innerJoin('booking as b', 'b.id', 'rt.booking_id')
      .select('b.id')
      .where('rt.resource_id', '=', resource.id)
      .where('rt.kind', '=', 'BOOKED')
      .where('b.status', '=', 'CONFIRMED')
      .where(sql<boolean>`upper(rt.during) > now()`)
      .execute();
    expect(body.bookings.map((b) => b.id).sort()).toEqual(expected.map((b) => Number(b.id)).sort());
    expect(await digest()).toBe(mark);
  });

  it('a resource without bookings ahead is deactivated: no free times on it, not chosen by name, out of the office list; activated again', async () => {
    // A mechanic customers may choose by name at office 1 (which lets them choose).
    const mechanic = { ...bodyOf(made), displayName: 'Mekaanikko Uusi', selectable: true, workKinds: ['MAINTENANCE'] };
    expect((await office1.put(`/offices/1/resources/${made.id}`, mechanic)).statusCode).toBe(200);
    const customer = new ApiClient(t.app);
    await prepareMaintenance(customer);
    const choosable = async () => json<{ id: number; name: string }[]>(await customer.get('/customer-selectable-resources'));
    expect(await choosable()).toContainEqual({ id: made.id, name: 'Mekaanikko Uusi' });
    expect((await customer.post('/customer-selected-resources', { resourceIds: [made.id] })).statusCode).toBe(200);
    // Chosen, the customer's free times are the mechanic's: a time held is held on it.
    const heldOn = async () => {
      const reservation = await firstFreeSlot(customer);
      expect(json(await customer.post('/reserve-time', { reservation, timeSelectionType: 'EXACT_TIME', workshiftPosition: null }))).toEqual({ responseCode: 'SUCCESS' });
      const hold = await t.db.selectFrom('resource_time').select('resource_id').where('kind', '=', 'HOLD').where('process_token', '=', customer.token!).executeTakeFirstOrThrow();
      return hold.resource_id;
    };
    expect(await heldOn()).toBe(made.id);

    const res = await office1.put(`/offices/1/resources/${made.id}`, { ...mechanic, active: false });
    expect(res.statusCode, res.body).toBe(200);
    expect(json<StaffResourceDetails>(res).active).toBe(false);
    expect((await listAudit(t.db, 'RESOURCE', made.id))[0]!.action).toBe('DEACTIVATED');
    // Customers stop seeing it at once: not listed to choose, not chosen, no time on it.
    expect((await choosable()).map((r) => r.id)).not.toContain(made.id);
    const chooseAgain = await customer.post('/customer-selected-resources', { resourceIds: [made.id] });
    expect(chooseAgain.statusCode).toBe(400);
    expect(fieldsOf(chooseAgain)).toContain('resourceIds');
    const other = await heldOn();
    expect(other).not.toBe(made.id);
    expect((await resourcesOf(office1, 1)).find((r) => r.id === other)!.active).toBe(true);
    const offices = json<StaffOffice[]>(await office1.get('/offices'));
    expect(offices[0]!.resources.map((r) => r.id)).not.toContain(made.id);
    // Still listed on the set-up page, inactive.
    expect((await resourcesOf(office1, 1)).find((r) => r.id === made.id)!.active).toBe(false);
    const again = await office1.put(`/offices/1/resources/${made.id}`, { ...bodyOf(made), active: true });
    expect(again.statusCode).toBe(200);
    expect((await listAudit(t.db, 'RESOURCE', made.id))[0]!.action).toBe('ACTIVATED');
  });

  it("a time a customer holds on a resource is released when the resource is deactivated: the customer's save is refused, no booking is made on it", async () => {
    const c = new ApiClient(t.app);
    await prepareMaintenance(c);
    const reservation = await firstFreeSlot(c);
    expect(json(await c.post('/reserve-time', { reservation, timeSelectionType: 'EXACT_TIME', workshiftPosition: null }))).toEqual({ responseCode: 'SUCCESS' });
    expect(json(await c.post('/customer/v2', CUSTOMER))).toEqual({ responseCode: 'SUCCESS' });
    // The hold onto the new resource, which has no bookings: its deactivation is not refused.
    const moved = await sql`UPDATE resource_time SET resource_id = ${made.id} WHERE kind = 'HOLD' AND process_token = ${c.token}`.execute(t.db);
    expect(Number(moved.numAffectedRows)).toBe(1);

    const res = await office1.put(`/offices/1/resources/${made.id}`, { ...bodyOf(made), active: false });
    expect(res.statusCode, res.body).toBe(200);
    const holds = await t.db.selectFrom('resource_time').select('id').where('resource_id', '=', made.id).where('kind', '=', 'HOLD').execute();
    expect(holds).toEqual([]);
    const save = await c.post('/save-booking');
    expect(json<{ responseCode: string }>(save).responseCode).not.toBe('SUCCESS');
    const booked = await t.db.selectFrom('booking').select('id').where('process_token', '=', c.token!).execute();
    expect(booked).toEqual([]);
    expect((await office1.put(`/offices/1/resources/${made.id}`, { ...bodyOf(made), active: true })).statusCode).toBe(200);
  });
});

describe('kinds of work', () => {
  it('any staff member reads them; only admins add and change them, each with an audit row', async () => {
    const list = json<WorkKind[]>(await office1.get('/work-kinds'));
    expect(list.map((k) => k.code)).toEqual(expect.arrayContaining(['MAINTENANCE', 'TIRE_CHANGE', 'WINDSHIELD', 'WHEEL_ALIGNMENT']));
    const mark = await digest();
    expect((await office1.post('/work-kinds', { code: 'AC', name: 'Ilmastointi' })).statusCode).toBe(403);
    expect((await office1.put('/work-kinds/MAINTENANCE', { name: 'X' })).statusCode).toBe(403);
    expect(await digest()).toBe(mark);

    const res = await admin.post('/work-kinds', { code: 'ac_service', name: 'Ilmastointihuolto' });
    expect(res.statusCode, res.body).toBe(200);
    expect(json<WorkKind>(res)).toMatchObject({ code: 'AC_SERVICE', name: 'Ilmastointihuolto', active: true });
    expect((await listAudit(t.db, 'WORK_KIND', 'AC_SERVICE'))[0]!.action).toBe('CREATED');
    const twice = await admin.post('/work-kinds', { code: 'AC_SERVICE', name: 'Toinen' });
    expect(twice.statusCode).toBe(400);
    expect(fieldsOf(twice)).toContain('code');
    const bad = await admin.post('/work-kinds', { code: 'ei kelpaa', name: 'X' });
    expect(bad.statusCode).toBe(400);
    expect(fieldsOf(bad)).toContain('code');

    const renamed = await admin.put('/work-kinds/AC_SERVICE', { name: 'Ilmastointi', active: false });
    expect(json<WorkKind>(renamed)).toMatchObject({ name: 'Ilmastointi', active: false });
    expect((await listAudit(t.db, 'WORK_KIND', 'AC_SERVICE'))[0]!.action).toBe('DEACTIVATED');
    expect((await admin.put('/work-kinds/NO_SUCH', { name: 'X' })).statusCode).toBe(404);
  });
});
