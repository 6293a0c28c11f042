/**
 * The back-office catalogue: a group and a service made by an admin reach the customer's
 * services step at their price at once, and a changed price at the next request; bad input
 * is refused naming the field and changes nothing; every change has its audit row; a
 * service is offered only on its dates (the catalogue cache too, past midnight); office
 * users read and preview but do not change; nobody signed out gets anything.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'kysely';
import {
  addDays,
  WINDSHIELD_PRODUCT_IDS,
  todayInHelsinki,
  type CatalogueGroup,
  type CataloguePreview,
  type CreateServiceBody,
  type ServiceDetails,
  type ServiceListItem,
} from '@huolto/domain';
import { readVersions } from '#src/db/versions.ts';
import { ApiClient, createTestApp, json, type TestApp } from '#test/helpers.ts';
import { StaffClient, signedInStaff } from '#test/staff.ts';
import { listAudit } from '../audit/index.ts';
import { CatalogueCache, databaseCatalogue } from '../catalogue/index.ts';

const fieldsOf = (res: { json(): unknown }) => ((res.json() as { fields?: { path: string }[] }).fields ?? []).map((f) => f.path);
const TODAY = todayInHelsinki();

let t: TestApp;
let admin: StaffClient;
let office1: StaffClient;

beforeAll(async () => {
  t = await createTestApp();
  admin = (await signedInStaff(t.app, t.db, { role: 'ADMIN' })).client;
  office1 = (await signedInStaff(t.app, t.db, { role: 'OFFICE', officeIds: [1] })).client;
}, 60_000);
afterAll(() => t.close());
afterEach(() => {
  vi.useRealTimers();
});

let address = 0;
type Suggestion = { product: { id: string }; description: string; price: number; normal_price: number | null; duration_minutes: number };
type Group = { id: string; title: string; suggestions: Suggestion[] };

/** A customer at the services step: ABC-123 at 60 000 km, office 1. */
async function customer() {
  const c = new ApiClient(t.app, { remoteAddress: `198.51.100.${(address++ % 250) + 1}` });
  await c.init('MAINTENANCE');
  expect(json(await c.post('/search-vehicle', { registerNumber: 'ABC-123', kilometers: 60000 })).responseCode).toBe('SUCCESS');
  expect((await c.post('/active-organization/v2', { organizationId: 1 })).statusCode).toBe(200);
  return c;
}

/** The customer's services step (services/v2) as groups. */
async function servicesStep(c: ApiClient): Promise<Group[]> {
  const res = await c.get('/services/v2');
  expect(res.statusCode, res.body).toBe(200);
  return json<Group[]>(res);
}
const offered = (groups: Group[], code: string) => groups.flatMap((g) => g.suggestions).find((s) => s.product.id === code);

/** A digest of the catalogue and the audit trail, to show a refused call changed nothing. */
async function digest() {
  const { rows } = await sql<{ d: string }>`
    SELECT md5(
      (SELECT coalesce(string_agg(g::text, ',' ORDER BY g.id), '') FROM service_group g) ||
      (SELECT coalesce(string_agg(p::text, ',' ORDER BY p.id), '') FROM product p) ||
      (SELECT coalesce(string_agg(o::text, ',' ORDER BY o.product_id, o.sort), '') FROM product_operation o) ||
      (SELECT coalesce(string_agg(a::text, ',' ORDER BY a.product_id, a.additional_product_id), '') FROM product_additional a) ||
      (SELECT count(*)::text FROM audit_event) ||
      (SELECT version::text FROM catalogue_version)) AS d`.execute(t.db);
  return rows[0]!.d;
}

async function newGroup(title: string, stage = 'DEFAULT', kind = 'PRIMARY') {
  const res = await admin.post('/catalogue/groups', { title, stage, kind });
  expect(res.statusCode, res.body).toBe(200);
  return json<CatalogueGroup>(res);
}

async function newService(body: CreateServiceBody) {
  const res = await admin.post('/catalogue/services', body);
  expect(res.statusCode, res.body).toBe(200);
  return json<ServiceDetails>(res);
}

/** A service's body for PUT: its details without the fields the server sets. */
const bodyOf = (s: ServiceDetails) => {
  const { code: _code, groupTitle: _title, stage: _stage, kind: _kind, sort: _sort, ...body } = s;
  return body;
};

describe('a service made in the back-office', () => {
  let group: CatalogueGroup;
  let service: ServiceDetails;

  it('is offered on the services step at its price and duration at once, and a new price at the next request; each change has its audit row', async () => {
    const c = await customer();
    expect(offered(await servicesStep(c), 'TEST-LAMP-CHECK')).toBeUndefined();

    group = await newGroup('Valot ja sähköt');
    expect(group).toMatchObject({ id: 'valot-ja-sahkot', stage: 'DEFAULT', kind: 'PRIMARY', title: 'Valot ja sähköt', serviceCount: 0 });
    const groups = json<CatalogueGroup[]>(await admin.get('/catalogue/groups'));
    const defaults = groups.filter((g) => g.stage === 'DEFAULT');
    expect(defaults.at(-1)!.id).toBe(group.id);
    expect(groups.some((g) => g.id === 'tires' || g.id === 'windshield')).toBe(false);
    const groupAudit = await listAudit(t.db, 'SERVICE_GROUP', group.id);
    expect(groupAudit.map((a) => a.action)).toEqual(['CREATED']);
    expect(groupAudit[0]!.after).toMatchObject({ title: 'Valot ja sähköt' });

    service = await newService({
      code: 'TEST-LAMP-CHECK',
      groupId: group.id,
      name: 'Valojen tarkastus',
      priceCents: 2490,
      durationMinutes: 30,
      workKind: 'MAINTENANCE',
      operations: [{ description: 'Ajovalojen säätö', spareParts: ['Polttimo H7'] }, { description: 'Takavalojen tarkastus' }],
      extras: ['WINTER-CHECKUP', 'UNDERBODY-WASH'],
    });
    expect(service).toMatchObject({ code: 'TEST-LAMP-CHECK', groupTitle: 'Valot ja sähköt', priceCents: 2490, durationMinutes: 30, active: true, infoHtml: '' });
    expect(service.operations).toEqual([
      { description: 'Ajovalojen säätö', spareParts: ['Polttimo H7'] },
      { description: 'Takavalojen tarkastus', spareParts: [] },
    ]);
    expect(service.extras).toEqual(['WINTER-CHECKUP', 'UNDERBODY-WASH']);

    // The same customer, at the next request.
    const first = offered(await servicesStep(c), 'TEST-LAMP-CHECK');
    expect(first).toMatchObject({ description: 'Valojen tarkastus', price: 2490, duration_minutes: 30 });
    const listed = (await servicesStep(c)).find((g) => g.id === group.id)!;
    expect(listed.title).toBe('Valot ja sähköt');
    // Its operations and the extras under it, in their order.
    const add = json(await c.get('/product-additional-data', { productId: 'TEST-LAMP-CHECK' }));
    expect(add.operations.map((o: { description: string }) => o.description)).toEqual(['Ajovalojen säätö', 'Takavalojen tarkastus']);
    expect((first as unknown as { additional_products: Suggestion[] }).additional_products.map((s) => s.product.id)).toEqual(['WINTER-CHECKUP', 'UNDERBODY-WASH']);
    expect((await listAudit(t.db, 'SERVICE', 'TEST-LAMP-CHECK')).map((a) => a.action)).toEqual(['CREATED']);

    const put = await admin.put('/catalogue/services/TEST-LAMP-CHECK', { ...bodyOf(service), priceCents: 2990, normalPriceCents: 3490, extras: ['UNDERBODY-WASH'] });
    expect(put.statusCode, put.body).toBe(200);
    expect(json<ServiceDetails>(put)).toMatchObject({ priceCents: 2990, normalPriceCents: 3490, extras: ['UNDERBODY-WASH'], operations: service.operations });
    expect(offered(await servicesStep(c), 'TEST-LAMP-CHECK')).toMatchObject({ price: 2990, normal_price: 3490 });
    const audit = await listAudit(t.db, 'SERVICE', 'TEST-LAMP-CHECK');
    expect(audit.map((a) => a.action)).toEqual(['UPDATED', 'CREATED']);
    expect(audit[0]!.before).toMatchObject({ priceCents: 2490, extras: ['WINTER-CHECKUP', 'UNDERBODY-WASH'] });
    expect(audit[0]!.after).toMatchObject({ priceCents: 2990, extras: ['UNDERBODY-WASH'] });

    // A save that changes nothing writes no audit row.
    const again = await admin.put('/catalogue/services/TEST-LAMP-CHECK', bodyOf(json<ServiceDetails>(put)));
    expect(again.statusCode, again.body).toBe(200);
    expect(await listAudit(t.db, 'SERVICE', 'TEST-LAMP-CHECK')).toHaveLength(2);
    service = json<ServiceDetails>(put);
  });

  it('PUT replaces the operations; the list and the details show the service; the preview shows it at its price', async () => {
    const res = await admin.put('/catalogue/services/TEST-LAMP-CHECK', { ...bodyOf(service), operations: [{ description: 'Kaikkien valojen tarkastus', spareParts: [] }] });
    expect(res.statusCode, res.body).toBe(200);
    service = json<ServiceDetails>(res);
    expect(service.operations).toEqual([{ description: 'Kaikkien valojen tarkastus', spareParts: [] }]);
    expect(json((await (await customer()).get('/product-additional-data', { productId: 'TEST-LAMP-CHECK' }))).operations).toEqual([
      { description: 'Kaikkien valojen tarkastus', spareParts: [] },
    ]);

    const list = json<ServiceListItem[]>(await office1.get('/catalogue/services'));
    expect(list.find((s) => s.code === 'TEST-LAMP-CHECK')).toMatchObject({ groupId: group.id, priceCents: 2990, active: true });
    // The services of the three stages and the windshield products (kind WINDSHIELD), not the tires.
    const groupIds = new Set(list.map((s) => s.groupId));
    expect(groupIds.has('tires')).toBe(false);
    expect(list.filter((s) => s.groupId === 'windshield').map((s) => [s.code, s.kind])).toEqual(WINDSHIELD_PRODUCT_IDS.map((id) => [id, 'WINDSHIELD']));
    expect((await office1.get('/catalogue/services/TEST-LAMP-CHECK')).statusCode).toBe(200);
    expect((await office1.get('/catalogue/services/NO-SUCH-SERVICE')).statusCode).toBe(404);

    const preview = await office1.get('/catalogue/preview', { registerNumber: 'abc-123', officeId: '1', kilometers: '60000' });
    expect(preview.statusCode, preview.body).toBe(200);
    const p = json<CataloguePreview>(preview);
    expect(p.vehicle).toMatchObject({ registerNumber: 'ABC-123', found: true });
    const previewed = p.groups.find((g) => g.title === 'Valot ja sähköt');
    expect(previewed).toMatchObject({ stage: 'DEFAULT', kind: 'PRIMARY' });
    expect(previewed!.services).toEqual([{ code: 'TEST-LAMP-CHECK', name: 'Valojen tarkastus', priceCents: 2990, normalPriceCents: 3490, durationMinutes: 30 }]);
    // The customer's own lists: what services/v2 shows, the preview shows.
    const step = await servicesStep(await customer());
    for (const g of step) {
      expect(p.groups.find((x) => x.title === g.title)?.services.map((s) => s.code)).toEqual(g.suggestions.map((s) => s.product.id));
    }
    expect(json<CataloguePreview>(await office1.get('/catalogue/preview', { registerNumber: 'ZZZ-999', officeId: '1' })).vehicle.found).toBe(false);
    const badOffice = await office1.get('/catalogue/preview', { registerNumber: 'ABC-123', officeId: '99999' });
    expect(badOffice.statusCode).toBe(400);
    expect(fieldsOf(badOffice)).toEqual(['officeId']);
    expect(fieldsOf(await office1.get('/catalogue/preview', { registerNumber: '!!', officeId: '1' }))).toEqual(['registerNumber']);
  });

  it('deactivated, it leaves the services step and the cart refuses it; activated, it is back', async () => {
    const c = await customer();
    const off = await admin.put('/catalogue/services/TEST-LAMP-CHECK', { ...bodyOf(service), active: false });
    expect(off.statusCode, off.body).toBe(200);
    expect(offered(await servicesStep(c), 'TEST-LAMP-CHECK')).toBeUndefined();
    expect((await c.post('/add-products-to-cart', { items: [{ productId: 'TEST-LAMP-CHECK', amount: 1 }], stage: 'DEFAULT' })).statusCode).toBe(400);
    const on = await admin.put('/catalogue/services/TEST-LAMP-CHECK', { ...bodyOf(service), active: true });
    expect(on.statusCode, on.body).toBe(200);
    expect(offered(await servicesStep(c), 'TEST-LAMP-CHECK')).toBeDefined();
    expect((await listAudit(t.db, 'SERVICE', 'TEST-LAMP-CHECK')).slice(0, 2).map((a) => a.action)).toEqual(['ACTIVATED', 'DEACTIVATED']);
  });

  it('renames a group and orders a stage; 400 for an order that misses a group', async () => {
    const renamed = await admin.put(`/catalogue/groups/${group.id}`, { title: 'Valot', kind: 'PRIMARY' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(json<CatalogueGroup>(renamed)).toMatchObject({ title: 'Valot', stage: 'DEFAULT', serviceCount: 1 });
    expect((await servicesStep(await customer())).find((g) => g.id === group.id)?.title).toBe('Valot');

    const ids = json<CatalogueGroup[]>(await admin.get('/catalogue/groups')).filter((g) => g.stage === 'DEFAULT').map((g) => g.id);
    const ordered = await admin.put('/catalogue/groups/order', { stage: 'DEFAULT', groupIds: [group.id, ...ids.filter((id) => id !== group.id)] });
    expect(ordered.statusCode, ordered.body).toBe(200);
    expect(json<CatalogueGroup[]>(ordered).filter((g) => g.stage === 'DEFAULT')[0]!.id).toBe(group.id);
    // The customer's services step lists it first.
    expect((await servicesStep(await customer()))[0]!.id).toBe(group.id);
    expect((await listAudit(t.db, 'SERVICE_GROUP', 'DEFAULT'))[0]).toMatchObject({ action: 'UPDATED', after: { groupIds: [group.id, ...ids.filter((id) => id !== group.id)] } });

    const before = await digest();
    for (const [body, field] of [
      [{ stage: 'DEFAULT', groupIds: ids.slice(1) }, 'groupIds'],
      [{ stage: 'DEFAULT', groupIds: [...ids, 'tires'] }, 'groupIds'],
      [{ stage: 'DEFAULT', groupIds: [ids[0], ids[0]] }, 'groupIds'],
      [{ stage: 'NOPE', groupIds: ids }, 'stage'],
    ] as const) {
      const res = await admin.put('/catalogue/groups/order', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(fieldsOf(res)).toContain(field);
    }
    for (const [body, field] of [
      [{ title: '', stage: 'DEFAULT', kind: 'PRIMARY' }, 'title'],
      [{ title: 'X', stage: 'WINDSHIELD', kind: 'PRIMARY' }, 'stage'],
      [{ title: 'X', stage: 'DEFAULT', kind: 'TIRES' }, 'kind'],
    ] as const) {
      const res = await admin.post('/catalogue/groups', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(fieldsOf(res)).toContain(field);
    }
    expect((await admin.put('/catalogue/groups/tires', { title: 'Renkaat', kind: 'PRIMARY' })).statusCode).toBe(404);
    expect(await digest()).toBe(before);
  });
});

describe('bad input', () => {
  it('400 naming each field, and nothing changes', async () => {
    await admin.post('/work-kinds', { code: 'OLD_KIND', name: 'Vanha työlaji' });
    expect((await admin.put('/work-kinds/OLD_KIND', { active: false })).statusCode).toBe(200);
    const valid: CreateServiceBody = { code: 'TEST-BAD', groupId: 'oil', name: 'Testi', priceCents: 1000, durationMinutes: 30 };
    const before = await digest();
    const cases: [object, string][] = [
      [{ ...valid, code: 'OIL-CHANGE' }, 'code'],
      [{ ...valid, code: 'TIRE-CHANGE' }, 'code'],
      [{ ...valid, code: 'ä ö' }, 'code'],
      [{ ...valid, groupId: 'no-such-group' }, 'groupId'],
      [{ ...valid, groupId: 'tires' }, 'groupId'],
      [{ ...valid, groupId: 'windshield' }, 'groupId'],
      [{ ...valid, workKind: 'NO_SUCH_KIND' }, 'workKind'],
      [{ ...valid, workKind: 'OLD_KIND' }, 'workKind'],
      [{ ...valid, makeId: 99999 }, 'makeId'],
      [{ ...valid, includes: ['NO-SUCH'] }, 'includes'],
      [{ ...valid, includes: ['TEST-BAD'] }, 'includes'],
      [{ ...valid, extras: ['OIL-CHANGE', 'NO-SUCH'] }, 'extras'],
      [{ ...valid, extras: ['TEST-BAD'] }, 'extras'],
      [{ ...valid, extras: ['OIL-CHANGE', 'OIL-CHANGE'] }, 'extras'],
      [{ ...valid, imageIds: ['no-such-image.png'] }, 'imageIds'],
      [{ ...valid, priceCents: -1 }, 'priceCents'],
      [{ ...valid, priceCents: 10.5 }, 'priceCents'],
      [{ ...valid, durationMinutes: 721 }, 'durationMinutes'],
      [{ ...valid, name: '' }, 'name'],
      [{ ...valid, minKm: 2000, maxKm: 1000 }, 'maxKm'],
      [{ ...valid, validFrom: '2030-06-02', validTo: '2030-06-01' }, 'validTo'],
      [{ ...valid, validFrom: '2030-02-30' }, 'validFrom'],
      [{ ...valid, vehicleClass: 3 }, 'vehicleClass'],
    ];
    for (const [body, field] of cases) {
      const res = await admin.post('/catalogue/services', body);
      expect(res.statusCode, `${JSON.stringify(body)}: ${res.body}`).toBe(400);
      expect(fieldsOf(res), JSON.stringify(body)).toContain(field);
      expect(JSON.stringify(res.json())).toMatch(/[äöå]|Tuntematon|Pakollinen|Valitse|senteinä/);
    }
    // Several bad fields at once are named together.
    expect(fieldsOf(await admin.post('/catalogue/services', { ...valid, groupId: 'no-such-group', makeId: 99999, imageIds: ['x.png'] }))).toEqual([
      'groupId',
      'makeId',
      'imageIds',
    ]);
    // PUT: the same checks; an unknown code and a tire are 404.
    const oil = json<ServiceDetails>(await admin.get('/catalogue/services/OIL-CHANGE'));
    expect(fieldsOf(await admin.put('/catalogue/services/OIL-CHANGE', { ...bodyOf(oil), includes: ['OIL-CHANGE'] }))).toEqual(['includes']);
    expect(fieldsOf(await admin.put('/catalogue/services/OIL-CHANGE', { ...bodyOf(oil), workKind: 'OLD_KIND' }))).toEqual(['workKind']);
    expect((await admin.put('/catalogue/services/NO-SUCH', bodyOf(oil))).statusCode).toBe(404);
    expect((await admin.put('/catalogue/services/TIRE-CHANGE-NOPE', bodyOf(oil))).statusCode).toBe(404);
    const tire = await t.db.selectFrom('tire').select('product_id').executeTakeFirstOrThrow();
    expect((await admin.get(`/catalogue/services/${tire.product_id}`)).statusCode).toBe(404);
    expect(await digest()).toBe(before);
  });

  it('a kind of work deactivated since stays on the service that has it', async () => {
    const made = await newService({ code: 'TEST-OLD-KIND', groupId: 'oil', name: 'Vanha työ', priceCents: 1000, durationMinutes: 30, workKind: 'MAINTENANCE', active: false });
    await admin.post('/work-kinds', { code: 'RETIRED_KIND', name: 'Poistuva työlaji' });
    const withKind = await admin.put('/catalogue/services/TEST-OLD-KIND', { ...bodyOf(made), workKind: 'RETIRED_KIND' });
    expect(withKind.statusCode, withKind.body).toBe(200);
    expect((await admin.put('/work-kinds/RETIRED_KIND', { active: false })).statusCode).toBe(200);
    const renamed = await admin.put('/catalogue/services/TEST-OLD-KIND', { ...bodyOf(json<ServiceDetails>(withKind)), name: 'Vanha työ 2' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(json<ServiceDetails>(renamed)).toMatchObject({ workKind: 'RETIRED_KIND', name: 'Vanha työ 2' });
  });
});

describe('a service is offered on its dates only', () => {
  it('valid from tomorrow: not offered today, nor can it be added; valid to today: offered; to yesterday: not', async () => {
    const base = { groupId: 'oil', priceCents: 1990, durationMinutes: 30 };
    await newService({ ...base, code: 'TEST-FROM-TOMORROW', name: 'Huomenna alkava', validFrom: addDays(TODAY, 1) });
    await newService({ ...base, code: 'TEST-TO-TODAY', name: 'Tänään päättyvä', validFrom: addDays(TODAY, -10), validTo: TODAY });
    await newService({ ...base, code: 'TEST-TO-YESTERDAY', name: 'Eilen päättynyt', validTo: addDays(TODAY, -1) });
    const c = await customer();
    const step = await servicesStep(c);
    expect(offered(step, 'TEST-FROM-TOMORROW')).toBeUndefined();
    expect(offered(step, 'TEST-TO-YESTERDAY')).toBeUndefined();
    expect(offered(step, 'TEST-TO-TODAY')).toMatchObject({ price: 1990 });
    const add = await c.post('/add-products-to-cart', { items: [{ productId: 'TEST-FROM-TOMORROW', amount: 1 }], stage: 'DEFAULT' });
    expect(add.statusCode, add.body).toBe(400);
    // The back-office lists them all, with their dates.
    const list = json<ServiceListItem[]>(await admin.get('/catalogue/services'));
    expect(list.find((s) => s.code === 'TEST-FROM-TOMORROW')).toMatchObject({ validFrom: addDays(TODAY, 1), validTo: null });
    // The preview is the customer's today.
    const preview = json<CataloguePreview>(await admin.get('/catalogue/preview', { registerNumber: 'ABC-123', officeId: '1', kilometers: '60000' }));
    const codes = preview.groups.flatMap((g) => g.services.map((s) => s.code));
    expect(codes).toContain('TEST-TO-TODAY');
    expect(codes).not.toContain('TEST-FROM-TOMORROW');
    expect(codes).not.toContain('TEST-TO-YESTERDAY');
  });

  it('the catalogue kept in memory checks the day: past midnight it serves neither a product past its last day nor misses one whose first day came', async () => {
    const versions = await readVersions(t.db);
    const cache = new CatalogueCache(true);
    const codes = async () => (await cache.at(t.db, versions).productsOfGroups(['oil'])).map((p) => p.id);
    const fromDb = async () => (await databaseCatalogue(t.db).productsOfGroups(['oil'])).map((p) => p.id);
    const today = await codes();
    expect(today).toContain('TEST-TO-TODAY');
    expect(today).not.toContain('TEST-FROM-TOMORROW');
    expect(cache.version).toBe(versions.catalogue);
    expect(await fromDb()).toEqual(today);
    // A day later, under the same catalogue version: the snapshot kept answers as the database does.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 24 * 3600_000 });
    const tomorrow = await codes();
    expect(cache.version).toBe(versions.catalogue);
    expect(tomorrow).not.toContain('TEST-TO-TODAY');
    expect(tomorrow).toContain('TEST-FROM-TOMORROW');
    expect(await fromDb()).toEqual(tomorrow);
    const byId = async () => (await cache.at(t.db, versions).products(['TEST-TO-TODAY', 'TEST-FROM-TOMORROW'])).map((p) => p.id);
    expect(await byId()).toEqual(['TEST-FROM-TOMORROW']);
  });
});

describe('a maintenance package kept in the back-office', () => {
  it('is offered only to a car of its make, vehicle class and mileage; what it includes is not offered beside it', async () => {
    const makeId = async (name: string) => (await t.db.selectFrom('vehicle_make').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;
    const [volkswagen, toyota] = [await makeId('Volkswagen'), await makeId('Toyota')];
    const packages = await newGroup('Merkkihuollot');
    const made = await newService({
      code: 'TEST-VW-PACKAGE',
      groupId: packages.id,
      name: 'Volkswagen-huolto 50 000–70 000 km',
      priceCents: 34900,
      durationMinutes: 120,
      vehicleClass: 1,
      makeId: volkswagen,
      minKm: 50000,
      maxKm: 70000,
      includes: ['OIL-CHANGE'],
    });
    const previewed = async (registerNumber: string, kilometers: number) =>
      json<CataloguePreview>(await admin.get('/catalogue/preview', { registerNumber, officeId: '1', kilometers: String(kilometers) })).groups.flatMap((g) =>
        g.services.map((s) => s.code),
      );
    // ABC-123 is a Volkswagen passenger car, TOY-123 a Toyota, VAN-123 a van (class 2).
    expect(await previewed('ABC-123', 60000)).toContain('TEST-VW-PACKAGE');
    expect(await previewed('ABC-123', 90000)).not.toContain('TEST-VW-PACKAGE');
    expect(await previewed('ABC-123', 40000)).not.toContain('TEST-VW-PACKAGE');
    expect(await previewed('TOY-123', 60000)).not.toContain('TEST-VW-PACKAGE');
    expect(await previewed('VAN-123', 60000)).not.toContain('TEST-VW-PACKAGE');

    // The customer's services step: with the package in the cart, the oil change it includes is listed as included, not offered, and not added.
    const c = await customer();
    expect(offered(await servicesStep(c), 'TEST-VW-PACKAGE')).toMatchObject({ price: 34900, duration_minutes: 120 });
    expect(json(await c.post('/add-products-to-cart', { items: [{ productId: 'TEST-VW-PACKAGE', amount: 1 }], stage: 'DEFAULT' })).responseCode).toBe('SUCCESS');
    const oil = offered(await servicesStep(c), 'OIL-CHANGE') as (Suggestion & { included_in?: { id: string } }) | undefined;
    expect(oil?.included_in ?? null, 'OIL-CHANGE offered beside the package').toMatchObject({ id: 'TEST-VW-PACKAGE' });
    expect((await c.post('/add-products-to-cart', { items: [{ productId: 'OIL-CHANGE', amount: 1 }], stage: 'DEFAULT' })).statusCode).toBe(400);

    // The make changed to Toyota: the Toyota is offered it, the Volkswagen no longer.
    const toToyota = await admin.put('/catalogue/services/TEST-VW-PACKAGE', { ...bodyOf(made), makeId: toyota });
    expect(toToyota.statusCode, toToyota.body).toBe(200);
    expect(await previewed('TOY-123', 60000)).toContain('TEST-VW-PACKAGE');
    expect(await previewed('ABC-123', 60000)).not.toContain('TEST-VW-PACKAGE');
  });
});

describe('who may call', () => {
  it('an office user reads and previews (200) but changes nothing (403); signed out is 401', async () => {
    for (const path of ['/catalogue/groups', '/catalogue/services', '/catalogue/services/OIL-CHANGE']) {
      expect((await office1.get(path)).statusCode, path).toBe(200);
    }
    const before = await digest();
    const oil = json<ServiceDetails>(await office1.get('/catalogue/services/OIL-CHANGE'));
    const calls: [string, string, unknown][] = [
      ['POST', '/catalogue/groups', { title: 'Toimipisteen ryhmä', stage: 'DEFAULT', kind: 'PRIMARY' }],
      ['PUT', '/catalogue/groups/oil', { title: 'Öljyt', kind: 'PRIMARY' }],
      ['PUT', '/catalogue/groups/order', { stage: 'DEFAULT', groupIds: ['oil'] }],
      ['POST', '/catalogue/services', { code: 'OFFICE-MADE', groupId: 'oil', name: 'X', priceCents: 1, durationMinutes: 1 }],
      ['PUT', '/catalogue/services/OIL-CHANGE', { ...bodyOf(oil), priceCents: 1 }],
    ];
    for (const [method, path, body] of calls) {
      const res = await office1.request(method as 'POST' | 'PUT', path, body);
      expect(res.statusCode, `${method} ${path}`).toBe(403);
    }
    const nobody = new StaffClient(t.app);
    for (const path of ['/catalogue/groups', '/catalogue/services', '/catalogue/services/OIL-CHANGE']) {
      expect((await nobody.get(path)).statusCode, path).toBe(401);
    }
    expect((await nobody.get('/catalogue/preview', { registerNumber: 'ABC-123', officeId: '1' })).statusCode).toBe(401);
    for (const [method, path, body] of calls) expect((await nobody.request(method as 'POST' | 'PUT', path, body)).statusCode).toBe(401);
    expect(await digest()).toBe(before);
  });
});
