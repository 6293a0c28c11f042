/**
 * What the fuzz tests of the API share (fuzz.test.ts: malformed and hostile input;
 * semantic-fuzz.test.ts: values at and past the edges of what each field means): the
 * routes of the built app, a change log of every stored row, and sessions with a valid
 * sample request of every call.
 *
 * Changes to stored data are seen by row-level triggers added to every table of the test's
 * own copy of the database: each inserted, updated or deleted row (and each TRUNCATE)
 * appends a line to fuzz_change, in the same transaction, so a rolled-back change leaves no
 * line. "Nothing changed" is then one indexed max(id) before and after the request.
 */
import { expect } from 'vitest';
import { sql } from 'kysely';
import { API_BASE, LOYALTY_API_BASE, XSRF_COOKIE, XSRF_HEADER, addDays, isWorkingDay, todayInHelsinki, type ProcessType } from '@huolto/domain';
import { ApiClient, CUSTOMER, firstFreeSlot, json, prepareMaintenance, upcomingRange, type TestApp } from './helpers.ts';

type Db = TestApp['db'];

// ---- The app and its endpoints ---------------------------------------------------------

export interface Route {
  method: string;
  path: string;
}

/** Every route of the app, from printRoutes' tree (HEAD is Fastify's automatic twin of GET). */
export function routesOf(tree: string): Route[] {
  const routes: Route[] = [];
  const stack: string[] = [];
  for (const line of tree.split('\n')) {
    const m = /^((?:│ {3}| {4})*)[├└]── (.*?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!m) continue;
    const depth = m[1]!.length / 4;
    const path = (depth > 0 ? stack[depth - 1]! : '') + m[2]!;
    stack[depth] = path;
    stack.length = depth + 1;
    for (const method of (m[3] ?? '').split(', ').filter(Boolean)) {
      if (method !== 'HEAD') routes.push({ method, path });
    }
  }
  return routes.sort((a, b) => a.path.localeCompare(b.path) || a.method.localeCompare(b.method));
}

export const routeKey = (r: Route) => `${r.method} ${r.path}`;

/** The answers of a fuzz run, counted by call and status, for the summary line at its end. */
export class StatusTally {
  requests = 0;
  /** Per call (routeKey), per status. */
  readonly byRoute = new Map<string, Map<number, number>>();

  record(route: Route, status: number) {
    this.requests++;
    const byStatus = this.byRoute.get(routeKey(route)) ?? new Map<number, number>();
    byStatus.set(status, (byStatus.get(status) ?? 0) + 1);
    this.byRoute.set(routeKey(route), byStatus);
  }

  /** '200: 1234, 400: 567, …' over every call. */
  summary(): string {
    const statuses = new Map<number, number>();
    for (const byStatus of this.byRoute.values()) for (const [s, n] of byStatus) statuses.set(s, (statuses.get(s) ?? 0) + n);
    return [...statuses].sort(([a], [b]) => a - b).map(([s, n]) => `${s}: ${n}`).join(', ');
  }
}

// ---- Watching stored data ---------------------------------------------------------------

/**
 * Tables whose rows are not stored data but bookkeeping of the calls themselves: the
 * rate-limit counters count every call, whatever its answer (a refused one too), and a
 * periodic sweep deletes the ended windows at any moment.
 */
export const UNWATCHED_TABLES = ['rate_limit_counter'];

export async function installChangeLog(db: Db): Promise<void> {
  await sql`CREATE TABLE fuzz_change (id bigserial PRIMARY KEY, tbl text NOT NULL, op text NOT NULL)`.execute(db);
  await sql`
    CREATE FUNCTION fuzz_note_change() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO fuzz_change (tbl, op) VALUES (TG_TABLE_NAME, TG_OP);
      RETURN NULL;
    END $$`.execute(db);
  const tables = await sql<{ tablename: string }>`
    SELECT tablename FROM pg_tables WHERE schemaname = current_schema() AND tablename <> 'fuzz_change'`.execute(db);
  for (const { tablename } of tables.rows) {
    if (UNWATCHED_TABLES.includes(tablename)) continue;
    const table = sql.id(tablename);
    await sql`CREATE TRIGGER fuzz_row AFTER INSERT OR UPDATE OR DELETE ON ${table} FOR EACH ROW EXECUTE FUNCTION fuzz_note_change()`.execute(db);
    await sql`CREATE TRIGGER fuzz_truncate AFTER TRUNCATE ON ${table} FOR EACH STATEMENT EXECUTE FUNCTION fuzz_note_change()`.execute(db);
  }
}

export async function changeMark(db: Db): Promise<string> {
  const { rows } = await sql<{ n: string }>`SELECT coalesce(max(id), 0)::text AS n FROM fuzz_change`.execute(db);
  return rows[0]!.n;
}

export async function changesSince(db: Db, mark: string) {
  const { rows } = await sql<{ tbl: string; op: string }>`SELECT tbl, op FROM fuzz_change WHERE id > ${mark}::bigint ORDER BY id`.execute(db);
  return rows;
}

/** The user tables and their row counts: a dropped or emptied table shows here. */
export async function tableCounts(db: Db) {
  const { rows } = await sql<{ tablename: string }>`
    SELECT tablename FROM pg_tables WHERE schemaname = current_schema() ORDER BY tablename`.execute(db);
  const counts: Record<string, number> = {};
  for (const { tablename } of rows) {
    const r = await sql<{ n: string }>`SELECT count(*)::text AS n FROM ${sql.id(tablename)}`.execute(db);
    counts[tablename] = Number(r.rows[0]!.n);
  }
  return counts;
}

/**
 * 4xx answers that change stored data on purpose: a failed login, confirmation code or
 * staff member's current password is recorded to throttle guessing (LOGIN_LIMITS).
 */
export const ALLOWED_ON_4XX: Record<string, { table: string; op: string }[]> = {
  [`POST ${LOYALTY_API_BASE}/login`]: [{ table: 'login_throttle', op: 'INSERT' }, { table: 'login_throttle', op: 'UPDATE' }],
  [`POST ${LOYALTY_API_BASE}/confirmUser`]: [{ table: 'login_throttle', op: 'INSERT' }, { table: 'login_throttle', op: 'UPDATE' }],
  [`POST ${API_BASE}/staff/login`]: [{ table: 'login_throttle', op: 'INSERT' }, { table: 'login_throttle', op: 'UPDATE' }],
  // A wrong current password counts as a failed sign-in of the account.
  [`POST ${API_BASE}/staff/me/password`]: [{ table: 'login_throttle', op: 'INSERT' }, { table: 'login_throttle', op: 'UPDATE' }],
};

/**
 * Waits until the mailer has nothing under way: a successful save or cancel sends its
 * e-mail after answering, and that send must not be taken for the next request's change.
 */
export function trackMailer(app: TestApp['app']) {
  const mailer = app.mailer;
  const pending = new Set<Promise<unknown>>();
  const kick = mailer.kick.bind(mailer);
  mailer.kick = () => {
    const run = kick();
    pending.add(run);
    void run.finally(() => pending.delete(run));
    return run;
  };
  return async () => {
    while (pending.size > 0) await Promise.allSettled([...pending]);
  };
}

// ---- The set-up's own offices, resources and kind of work -----------------------------------

/**
 * Every detail of the office that the set-up calls change (PUT details, activate,
 * deactivate, POST resources): made inactive, without makes or resources, so that what the
 * fuzz makes of it reaches no customer's list and no other call's data, and no row the fuzz
 * deletes from it (its makes, its resources' kinds of work) was there before.
 */
const FUZZ_OFFICE = {
  code: 'SUMEA',
  name: 'Sumea Testikorjaamo',
  address: 'Testitie 1',
  postCode: '00100',
  postOffice: 'Helsinki',
  latitude: null,
  longitude: null,
  phone: '010 123 4567',
  email: 'sumea@example.com',
  dealerMakeIds: [] as number[],
  processes: ['MAINTENANCE'] as ProcessType[],
  timeSelectionType: 'EXACT_TIME' as const,
  leadOnly: false,
  firstSlotTime: '08:00',
  slotStepMinutes: 60,
  lockerCompartments: 0,
  customerNotice: '',
  showLoanCalculator: false,
  customerSelectsResource: false,
  damageInspection: false,
};
/** The inactive office of the calls that order and change resources: two resources, without kinds of work or bookings. */
const FUZZ_RESOURCE_OFFICE = { ...FUZZ_OFFICE, code: 'SUMEA-RESURSSIT', name: 'Sumea Resurssikorjaamo' };
/** The kind of work PUT /work-kinds/:code renames and (de)activates: on no resource and no service. */
const FUZZ_WORK_KIND = { code: 'SUMEA', name: 'Sumea työlaji' };
/**
 * The catalogue calls' own service group (of codes only, in the campaign stage) and its
 * inactive service, whose code is the kind of work's, so that the `code` of a path names
 * both: what the fuzz makes of them reaches no customer's list.
 */
const FUZZ_GROUP = { title: 'Sumea', stage: 'FIXED_CAMPAIGN_SERVICES', kind: 'CODE' } as const;
const FUZZ_SERVICE_CODE = 'SUMEA';
const FUZZ_SERVICE = { name: 'Sumea palvelu', priceCents: 1000, durationMinutes: 30, active: false };
/** The campaign code the campaign-code calls change: out of use, so no customer's booking takes it; `code` names it too. */
const FUZZ_CAMPAIGN_CODE = { code: 'SUMEA', description: 'Sumea etu', percentOff: 5, active: false };
/** The tire the tire calls change: a copy of a catalogue tire on an inactive product, so no customer's search offers it. */
const FUZZ_TIRE = 'SUMEA-RENGAS';
/** The info text the info-text calls change, on the set-up calls' own (inactive) office. */
const FUZZ_INFO_TEXT = { text: 'Sisäänkäynti takapihalta\nremontin ajan', validFrom: '2030-06-01', validTo: '2030-06-30' };

interface SetupFixtures {
  officeId: number;
  resourceOfficeId: number;
  resourceIds: number[];
  workKind: string;
  /** An info text of the set-up calls' own office (inactive, so no customer sees it). */
  infoTextId: number;
  /** The catalogue calls' own group; its service's code is `workKind`. */
  groupId: string;
  /** The campaign stage's groups in their order. */
  campaignGroupIds: string[];
  /** The tire calls' own tire (inactive). */
  tireProductId: string;
}

/** The set-up calls' own office, resource office with its two resources, and kind of work; made once per database. */
async function setupFixtures(db: Db): Promise<SetupFixtures> {
  const { createOffice, createResource, createWorkKind, setOfficeActive } = await import('#src/modules/office-admin/index.ts');
  const { createInfoText } = await import('#src/modules/office-admin/info-texts.ts');
  const { createGroup, createService, listGroups } = await import('#src/modules/catalogue-admin/index.ts');
  const { createCampaignCode } = await import('#src/modules/campaign-codes/index.ts');
  return db.transaction().execute(async (trx) => {
    const officeOf = async (office: typeof FUZZ_OFFICE) => {
      const existing = await trx.selectFrom('organization').select('id').where('code', '=', office.code).executeTakeFirst();
      if (existing) return existing.id;
      const { id } = await createOffice(trx, office, null);
      await setOfficeActive(trx, id, false, null);
      return id;
    };
    const officeId = await officeOf(FUZZ_OFFICE);
    const resourceOfficeId = await officeOf(FUZZ_RESOURCE_OFFICE);
    let resources = await trx.selectFrom('resource').select('id').where('organization_id', '=', resourceOfficeId).orderBy('sort').execute();
    if (resources.length === 0) {
      for (const name of ['Nostin 1', 'Nostin 2']) await createResource(trx, resourceOfficeId, { name, displayName: null, selectable: false, workKinds: [] }, null);
      resources = await trx.selectFrom('resource').select('id').where('organization_id', '=', resourceOfficeId).orderBy('sort').execute();
    }
    if (!(await trx.selectFrom('work_kind').select('code').where('code', '=', FUZZ_WORK_KIND.code).executeTakeFirst())) {
      await createWorkKind(trx, FUZZ_WORK_KIND, null);
    }
    let infoText = await trx.selectFrom('organization_info_text').select('id').where('organization_id', '=', officeId).orderBy('id').executeTakeFirst();
    infoText ??= await createInfoText(trx, officeId, FUZZ_INFO_TEXT, null);
    const group = (await listGroups(trx)).find((g) => g.title === FUZZ_GROUP.title && g.stage === FUZZ_GROUP.stage) ?? (await createGroup(trx, FUZZ_GROUP, null));
    if (!(await trx.selectFrom('product').select('id').where('id', '=', FUZZ_SERVICE_CODE).executeTakeFirst())) {
      await createService(trx, { ...FUZZ_SERVICE, code: FUZZ_SERVICE_CODE, groupId: group.id }, null);
    }
    const campaignGroupIds = (await listGroups(trx)).filter((g) => g.stage === FUZZ_GROUP.stage).map((g) => g.id);
    if (!(await trx.selectFrom('campaign_code').select('code').where('code', '=', FUZZ_CAMPAIGN_CODE.code).executeTakeFirst())) {
      await createCampaignCode(trx, FUZZ_CAMPAIGN_CODE, null);
    }
    if (!(await trx.selectFrom('tire').select('product_id').where('product_id', '=', FUZZ_TIRE).executeTakeFirst())) {
      // Every column of the first catalogue tire and its product, under its own id, the product inactive.
      await sql`
        INSERT INTO product
        SELECT (jsonb_populate_record(p, jsonb_build_object('id', ${FUZZ_TIRE}::text, 'active', false))).*
        FROM product p WHERE p.id = (SELECT min(product_id) FROM tire)`.execute(trx);
      await sql`
        INSERT INTO tire
        SELECT (jsonb_populate_record(t, jsonb_build_object('product_id', ${FUZZ_TIRE}::text, 'supplier_code', ${FUZZ_TIRE}::text))).*
        FROM tire t WHERE t.product_id = (SELECT min(product_id) FROM tire WHERE product_id <> ${FUZZ_TIRE})`.execute(trx);
    }
    return {
      officeId,
      resourceOfficeId,
      resourceIds: resources.map((r) => r.id),
      workKind: FUZZ_WORK_KIND.code,
      infoTextId: infoText.id,
      groupId: group.id,
      campaignGroupIds,
      tireProductId: FUZZ_TIRE,
    };
  });
}

// ---- Sessions and valid samples ---------------------------------------------------------

export interface Sample {
  body?: unknown;
  query?: Record<string, unknown>;
}

/** A browser-like session: its process token and XSRF value. */
export interface FuzzSession {
  name: string;
  token: string;
  xsrf: string;
}

export interface Fixtures {
  /** Browser-like sessions in different states; a request picks one, or none. */
  sessions: FuzzSession[];
  /** `METHOD path` → a valid body or query of the call. */
  samples: Record<string, Sample>;
  /** Calls that read what the others store (vehicle, cart, customer, codes, time). */
  readers: { method: 'GET' | 'POST'; url: string; body?: unknown }[];
}

export const sessionOf = (c: ApiClient, name: string): FuzzSession => ({
  name,
  token: c.token!,
  xsrf: (c as unknown as { xsrf: string }).xsrf,
});

/**
 * Sessions in different states (fresh, prepared up to the time step, ready to save, tire
 * change, windshield), a saved booking and a loyalty login, and a valid sample of every
 * call that takes input, for the fuzz to start from.
 */
export async function prepareFixtures(t: TestApp): Promise<Fixtures> {
  const fresh = new ApiClient(t.app);
  await fresh.init('MAINTENANCE');

  const prepared = new ApiClient(t.app);
  const productId = await prepareMaintenance(prepared);

  // Up to the last step: time held and customer given, save-booking succeeds.
  const ready = new ApiClient(t.app);
  await prepareMaintenance(ready);
  const slot = await firstFreeSlot(ready);
  expect(json(await ready.post('/reserve-time', { reservation: slot, timeSelectionType: 'EXACT_TIME' })).responseCode).toBe('SUCCESS');
  expect((await ready.post('/customer/v2', CUSTOMER)).statusCode).toBe(200);

  // A saved booking for the calls that manage one by key and plate.
  const saver = new ApiClient(t.app);
  await prepareMaintenance(saver);
  await saver.post('/reserve-time', { reservation: await firstFreeSlot(saver), timeSelectionType: 'EXACT_TIME' });
  await saver.post('/customer/v2', CUSTOMER);
  const saved = json(await saver.post('/save-booking'));
  expect(saved.responseCode).toBe('SUCCESS');
  const bookingKey: string = saved.bookingKey;

  const tire = new ApiClient(t.app);
  await tire.init('TIRE_CHANGE');
  await tire.post('/search-vehicle', { registerNumber: 'ABC-123', kilometers: 60000 });
  const tireOrgs = json<{ id: number }[]>(await tire.get('/tire-change-organizations/v2'));
  await tire.post('/transfer-organization', { organizationId: tireOrgs[0]!.id });

  const windshield = new ApiClient(t.app);
  await windshield.init('WINDSHIELD');
  await windshield.post('/search-vehicle', { registerNumber: 'ABC-123', kilometers: 60000 });

  const sessions = [
    sessionOf(fresh, 'fresh'),
    sessionOf(prepared, 'prepared'),
    sessionOf(ready, 'ready'),
    sessionOf(tire, 'tire'),
    sessionOf(windshield, 'windshield'),
  ];

  const loyalty = await t.app.inject({
    method: 'POST',
    url: `${LOYALTY_API_BASE}/login/`,
    headers: { cookie: `${XSRF_COOKIE}=a`, [XSRF_HEADER]: 'a' },
    payload: { username: 'testi@example.com', password: 'Salasana123!' },
  });
  const loyaltyToken: string = json(loyalty).token;

  const tireProduct = await t.db
    .selectFrom('product')
    .innerJoin('service_group', 'service_group.id', 'product.group_id')
    .select('product.id')
    .where('service_group.stage', '=', 'TIRE_SERVICES')
    .executeTakeFirstOrThrow();
  const extraItem = await t.db.selectFrom('extra_order_item').select('id').executeTakeFirstOrThrow();
  const { start, end } = upcomingRange(2);
  const [slotStart] = slot.split('|');
  const access = { bookingKey, registerNumber: 'ABC-123', installationType: 'LAAKKONEN_PUBLIC' };
  // A maintenance service defines no parameters (cart-parameters.ts).
  const items = [{ productId, provider: 'LAAKKONEN', amount: 1, description: 'Huolto' }];

  const setup = await setupFixtures(t.db);
  const S = API_BASE;
  // A working day months ahead for the staff capacity calls.
  const capacityDay = Array.from({ length: 10 }, (_, i) => addDays(todayInHelsinki(), 120 + i)).find(isWorkingDay)!;
  // A working day far ahead for the front desk's calls.
  const deskDay = Array.from({ length: 10 }, (_, i) => addDays(todayInHelsinki(), 270 + i)).find(isWorkingDay)!;
  const L = LOYALTY_API_BASE;
  const readers: Fixtures['readers'] = [
    { method: 'GET', url: `${S}/get-booking/v2` },
    { method: 'GET', url: `${S}/services/v2` },
    { method: 'GET', url: `${S}/services-by-service-code/v2` },
    { method: 'GET', url: `${S}/compatible-organizations/v2` },
    { method: 'GET', url: `${S}/redirect-settings` },
    { method: 'GET', url: `${S}/tire-sizes` },
    { method: 'GET', url: `${S}/extra-order-items` },
    { method: 'POST', url: `${S}/free-times`, body: { start, end } },
  ];
  const samples: Record<string, Sample> = {
    [`POST ${S}/init-session`]: { query: { usedProcessType: 'MAINTENANCE', installationType: 'LAAKKONEN_PUBLIC', organizationId: '1' } },
    [`POST ${S}/search-vehicle`]: { body: { registerNumber: 'ABC-123', kilometers: 60000 } },
    [`POST ${S}/set-vehicle`]: { body: { make: 'Volvo', regNbr: 'XYZ-999', model: 'V70', classification: { id: 1, name: 'Henkilöauto' } } },
    [`POST ${S}/set-vehicle-kilometers`]: { body: { kilometers: 12345 } },
    [`PUT ${S}/set-service-code`]: { body: { value: 'HUOLTO10' } },
    [`POST ${S}/search-tires/v2`]: {
      body: { suppliers: [1], width: 205, aspectRatio: 55, rimDiameter: 16, minLoadIndex: 91, tireType: 'WINTER_STUDLESS' },
    },
    [`POST ${S}/open-booking`]: { body: access },
    [`POST ${S}/cancel-booking`]: { body: access },
    [`POST ${S}/free-times-for-booking`]: { body: { ...access, start, end } },
    [`POST ${S}/move-booking`]: { body: { ...access, reservation: slot } },
    [`POST ${S}/send-email`]: { body: access },
    [`GET ${S}/booking-calendar`]: { query: { bookingKey, registerNumber: 'ABC-123' } },
    [`POST ${S}/send-edit-request`]: { body: { ...access, message: 'Voisiko ajan siirtää?' } },
    [`POST ${S}/booking/cd/add-rows`]: { body: { ...access, rows: [{ productId, amount: 1 }] } },
    [`POST ${S}/feedback/v2`]: { body: { bookingKey, rating: 4, message: 'Hyvää palvelua' } },
    [`POST ${S}/billing-reference`]: { body: { bookingKey, registerNumber: 'ABC-123' } },
    [`POST ${S}/save-notes`]: { body: { value: 'Renkaat autossa' } },
    [`POST ${S}/symptoms`]: { body: [{ id: 1, description: 'Kolina edestä' }] },
    [`POST ${S}/customer/v2`]: { body: { ...CUSTOMER, direct_marketing_allowed: false, service_contract: false } },
    [`GET ${S}/get-organizations-by-site/v2`]: { query: { site: 'Helsinki' } },
    [`GET ${S}/get-organizations-by-office-number`]: { query: { officeNumber: '1' } },
    [`GET ${S}/find-organizations/v2`]: { query: { latitude: '60.17', longitude: '24.94', numberOfResults: '3' } },
    [`POST ${S}/get-organization-info-texts`]: { body: { organizationIds: [1, 2] } },
    [`POST ${S}/get-organization-info-texts-no-session`]: { body: { organizationIds: [1, 2] } },
    [`POST ${S}/active-organization/v2`]: { body: { organizationId: 1 } },
    [`POST ${S}/transfer-organization`]: { body: { organizationId: tireOrgs[0]!.id, flag: true } },
    [`GET ${S}/compatible-organizations/v2`]: { query: { ignoreCompatibility: 'true', parentId: '1' } },
    [`GET ${S}/additional-services/v2`]: { query: { categoryId: 'OLJY' } },
    [`GET ${S}/extra-services/additional-services`]: { query: { categoryId: 'OLJY' } },
    [`GET ${S}/extra-services/v2`]: { query: { stage: 'DEFAULT' } },
    [`GET ${S}/product-additional-data`]: { query: { productId } },
    [`POST ${S}/extra-order-items`]: { body: { ids: [extraItem.id] } },
    [`POST ${S}/remove-services`]: { body: { stage: 'FIXED_CAMPAIGN_SERVICES' } },
    [`POST ${S}/order-items-by-stage`]: { body: { stage: 'DEFAULT' } },
    [`POST ${S}/add-products-to-cart`]: { body: { items, stage: 'DEFAULT' } },
    [`POST ${S}/remove-products-from-cart`]: { body: { items, stage: 'DEFAULT' } },
    [`POST ${S}/api/products/tire-change/add`]: { body: { items: [{ productId: tireProduct.id, amount: 1 }], stage: 'TIRE_SERVICES' } },
    [`POST ${S}/product-parameter`]: { body: { parameterCode: 'CONTACT_REQUEST', selectedValue: 'true' } },
    [`GET ${S}/booking-settings/organization`]: { query: { organizationId: '1', processType: 'MAINTENANCE' } },
    [`GET ${S}/module-setting`]: { query: { module: 'LOAN_CALCULATOR' } },
    [`GET ${S}/media`]: { query: { id: 'car-ABC-123' } },
    [`POST ${S}/campaign-code/v2`]: { body: { value: 'OMALAAKKONEN', loyaltyToken } },
    [`POST ${S}/financing/get-minimum-price-for-credit`]: { body: { organizationId: 1 } },
    [`POST ${S}/financing/get-credit-amount`]: { body: { price: 350000, years: 3 } },
    [`POST ${S}/free-times`]: { body: { start, end, resourceTimeSelectionTypes: ['EXACT_TIME'] } },
    [`POST ${S}/free-times/morning`]: { body: { start, end } },
    [`POST ${S}/free-times/evening`]: { body: { start, end } },
    [`POST ${S}/free-times-on-organization`]: { body: { start, end, limit: 5, latitude: 60.17, longitude: 24.94 } },
    [`POST ${S}/first-free-times`]: { body: { organizationIds: [1, 2, 3] } },
    [`POST ${S}/reserve-time`]: { body: { reservation: slot, timeSelectionType: 'EXACT_TIME', workshiftPosition: null } },
    [`POST ${S}/reservation-details/v2`]: {
      body: { customerWaiting: true, vehicleLeftForDay: false, importDate: null, pickupDate: null, towingRequired: false, usingKeyLocker: false },
    },
    [`POST ${S}/locker/reserved-times`]: { body: { startTimes: [slotStart] } },
    [`POST ${S}/lead`]: { body: { leadDate: addDays(todayInHelsinki(), 7) } },
    [`GET ${S}/resource-for-customer`]: { query: { phoneNumber: '040 123 4567' } },
    [`POST ${S}/customer-selected-resources`]: { body: { resourceIds: [1] } },
    // The staff capacity calls: office 1 (the path's officeId), a working day months ahead.
    [`GET ${S}/staff/offices/:officeId/absences`]: { query: { from: todayInHelsinki(), to: addDays(todayInHelsinki(), 30) } },
    [`POST ${S}/staff/offices/:officeId/absences`]: {
      body: { resourceId: 1, start: `${capacityDay}T08:00:00`, end: `${capacityDay}T12:00:00`, reason: 'Koulutus' },
    },
    [`PUT ${S}/staff/offices/:officeId/opening-hours`]: { body: { openingTime: '07:30', closingTime: '17:00' } },
    [`PUT ${S}/staff/offices/:officeId/exceptions/:date`]: { body: { closed: false, openingTime: '09:00', closingTime: '14:00', reason: 'Lyhyt päivä' } },
    [`GET ${S}/staff/offices/:officeId/day`]: { query: { date: addDays(todayInHelsinki(), 7) } },
    [`GET ${S}/staff/offices/:officeId/week`]: { query: { date: addDays(todayInHelsinki(), 7) } },
    [`GET ${S}/staff/bookings`]: { query: { q: 'ABC-123' } },
    // A working day far ahead, 10:00 on office 1's first resource: free whatever the seed booked.
    [`POST ${S}/staff/bookings/:id/move`]: {
      body: { start: `${Array.from({ length: 10 }, (_, i) => addDays(todayInHelsinki(), 250 + i)).find(isWorkingDay)}T10:00:00`, resourceId: 1 },
    },
    [`POST ${S}/staff/bookings/:id/cancel`]: { body: { reason: 'Asiakas soitti ja perui' } },
    [`POST ${S}/staff/bookings/:id/status`]: { body: { visitStatus: 'ARRIVED' } },
    [`POST ${S}/staff/bookings/:id/notes`]: { body: { text: 'Asiakas tuo omat renkaat.' } },
    // What the booking holds, its lines left as they are: the kilometres, symptoms and the customer.
    [`PUT ${S}/staff/bookings/:id/contents`]: {
      body: {
        kilometers: 65000,
        symptoms: ['Kolina edestä'],
        customer: { first_name: 'Maija', last_name: 'Puhelin', phone_number: '040 765 4321', email: 'maija@example.com' },
      },
    },
    // The front desk: ABC-123 at office 1 with the customer's maintenance service, a working day far ahead.
    [`POST ${S}/staff/offices/:officeId/desk/catalogue`]: { body: { processType: 'MAINTENANCE', vehicle: { registerNumber: 'ABC-123', kilometers: 60000 } } },
    [`POST ${S}/staff/offices/:officeId/desk/times`]: {
      body: { vehicle: { registerNumber: 'ABC-123', kilometers: 60000 }, items: [{ productId, amount: 1 }], date: deskDay },
    },
    [`POST ${S}/staff/offices/:officeId/bookings`]: {
      body: {
        channel: 'PHONE',
        vehicle: { registerNumber: 'ABC-123', kilometers: 60000 },
        items: [{ productId, amount: 1 }],
        start: `${deskDay}T10:15:00`,
        resourceId: 1,
        customer: { first_name: 'Maija', last_name: 'Puhelin', phone_number: '040 765 4321', email: '' },
        symptoms: ['Kolina edestä'],
        notes: 'Soittaa ennen töitä',
      },
    },
    [`POST ${L}/login`]: { body: { username: 'testi@example.com', password: 'Salasana123!' } },
    [`POST ${L}/logout`]: { body: { token: 'x'.repeat(43) } },
    [`POST ${L}/getUserInfo`]: { body: { token: loyaltyToken } },
    [`POST ${L}/getActiveCars`]: { body: { token: loyaltyToken } },
    [`POST ${L}/getUserVouchers`]: { body: { token: loyaltyToken } },
    [`POST ${L}/getCarServiceContracts`]: { body: { token: loyaltyToken, license: 'ABC-123' } },
    // A member's own data; the deletion with a wrong password, so that no variation deletes the account.
    [`POST ${L}/getUserData`]: { body: { token: loyaltyToken } },
    [`POST ${L}/deleteUser`]: { body: { token: loyaltyToken, password: 'ei-tama-salasana' } },
    // A person's data on request, about nobody the database holds: no variation finds or erases a customer.
    [`POST ${S}/staff/personal-data/search`]: { body: { email: 'ei.ketaan@example.com', phone: '040 000 0001' } },
    [`POST ${S}/staff/personal-data/export`]: { body: { email: 'ei.ketaan@example.com', phone: '040 000 0001' } },
    [`POST ${S}/staff/personal-data/erase`]: { body: { email: 'ei.ketaan@example.com', phone: '040 000 0001' } },
    [`POST ${S}/accessibility-feedback`]: { body: { message: 'Painike ei toimi ruudunlukijalla.', email: '', page: '/etusivu' } },
    [`POST ${L}/registerUser`]: {
      body: { username: 'uusi@example.com', password: 'Salasana-123456', firstname: 'Uusi', lastname: 'Asiakas', phone: '040 765 4321' },
    },
    [`POST ${L}/confirmUser`]: { body: { username: 'uusi@example.com', code: '123456' } },
    [`POST ${S}/staff/login`]: { body: { email: 'admin@laakkonen.example', password: 'Hallinta-demo-2026' } },
    // The fixtures' admin's own password (test/staff.ts), changed to another.
    [`POST ${S}/staff/me/password`]: { body: { currentPassword: 'testi-salasana-1234', newPassword: 'testi-salasana-uusi-5678' } },
    [`POST ${S}/staff/users`]: { body: { email: 'uusi.kayttaja@example.com', name: 'Uusi Käyttäjä', role: 'OFFICE', officeIds: [1, 2], password: 'pitka-salasana-1' } },
    [`PATCH ${S}/staff/users/:id`]: { body: { name: 'Muutettu Nimi', role: 'OFFICE', officeIds: [1], active: true } },
    [`PUT ${S}/staff/company`]: {
      body: {
        name: 'Laakkonen',
        bookingPhone: '010 525 4000',
        frontPageUrl: 'https://www.laakkonen.fi/',
        damageInspectionUrl: '',
        phoneBookingUrl: 'https://www.laakkonen.fi/yhteystiedot',
        privacyUrl: 'https://www.laakkonen.fi/tietosuojaseloste',
        mailSenderName: 'Laakkonen ajanvaraus',
        serviceBreak: { start: '2030-06-01T17:00:00', end: '2030-06-02T06:00:00', message: 'Huoltokatko' },
        loyalty: true,
        loyaltyName: 'OmaLaakkonen',
      },
    },
    // A dry run of the demo office's usual hours as they are (the seed's 7.30–17.00).
    [`POST ${S}/staff/data/import`]: { body: { file: 'opening-hours', csv: 'office_code;day;opening_time;closing_time\r\nKONALA;ma-pe;07:30;17:00\r\n', apply: false } },
    // The set-up calls work on offices, resources and a kind of work of their own (prepareStaffFixtures):
    // what an accepted request changes, no other call reads. A new office's code is taken after the first.
    [`POST ${S}/staff/offices`]: { body: { ...FUZZ_OFFICE, code: 'SUMEA-UUSI', name: 'Sumea Uusi' } },
    [`PUT ${S}/staff/offices/:officeId/details`]: {
      body: { ...FUZZ_OFFICE, latitude: 60.2, longitude: 24.9, dealerMakeIds: [1], processes: ['MAINTENANCE', 'TIRE_CHANGE'], customerNotice: 'Sisäänkäynti takapihalta' },
    },
    [`POST ${S}/staff/offices/:officeId/resources`]: { body: { name: 'Nostin 3', displayName: 'Mekaanikko Matti', selectable: true, workKinds: ['MAINTENANCE'] } },
    // The two resources of the office of the resource calls, the other way round than they were made.
    [`PUT ${S}/staff/offices/:officeId/resources/order`]: { body: { resourceIds: [...setup.resourceIds].reverse() } },
    [`PUT ${S}/staff/offices/:officeId/resources/:resourceId`]: {
      body: { name: 'Nostin 1', displayName: null, selectable: false, workKinds: ['MAINTENANCE', 'TIRE_CHANGE'], active: true },
    },
    [`POST ${S}/staff/offices/:officeId/info-texts`]: { body: { text: 'Suljettu juhannuksena', validFrom: '2030-06-19', validTo: '2030-06-21' } },
    [`PUT ${S}/staff/offices/:officeId/info-texts/:infoTextId`]: { body: { ...FUZZ_INFO_TEXT, active: true } },
    [`POST ${S}/staff/work-kinds`]: { body: { code: 'SUMEA_UUSI', name: 'Sumea uusi työlaji' } },
    [`PUT ${S}/staff/work-kinds/:code`]: { body: { name: 'Sumea työlaji', active: true } },
    // The catalogue calls on a group and an inactive service of their own; a new group has no services.
    [`POST ${S}/staff/catalogue/groups`]: { body: { title: 'Sumea uusi', stage: 'TIRE_SERVICES', kind: 'CODE' } },
    [`PUT ${S}/staff/catalogue/groups/:groupId`]: { body: { title: 'Sumea', kind: 'CODE' } },
    [`PUT ${S}/staff/catalogue/groups/order`]: { body: { stage: FUZZ_GROUP.stage, groupIds: setup.campaignGroupIds } },
    [`POST ${S}/staff/catalogue/services`]: { body: { ...FUZZ_SERVICE, code: 'SUMEA-UUSI', groupId: setup.groupId } },
    [`PUT ${S}/staff/catalogue/services/:code`]: {
      body: {
        ...FUZZ_SERVICE,
        groupId: setup.groupId,
        infoHtml: '<p>Sumea</p>',
        workKind: 'MAINTENANCE',
        vehicleClass: 1,
        makeId: 1,
        minKm: 0,
        maxKm: 200000,
        serviceCode: 'SUMEA',
        includes: ['OIL-CHANGE'],
        extras: ['WINTER-CHECKUP'],
        validFrom: '2030-01-01',
        validTo: '2030-12-31',
        operations: [{ description: 'Sumea työ', spareParts: ['Osa'] }],
      },
    },
    // The campaign-code and tire calls on a code out of use and an inactive tire of their own; a new code is taken after the first.
    [`POST ${S}/staff/catalogue/campaign-codes`]: { body: { code: 'SUMEA-UUSI', description: 'Sumea uusi etu', percentOff: 5, active: false } },
    [`PUT ${S}/staff/catalogue/campaign-codes/:code`]: {
      body: { description: 'Sumea etu', percentOff: 10, membersOnly: false, validFrom: '2030-06-01', validTo: '2030-06-30', active: false },
    },
    // A voucher of the demo member for days years ahead: no booking of the fuzz applies it.
    [`GET ${S}/staff/catalogue/vouchers`]: { query: { email: 'testi@example.com' } },
    [`POST ${S}/staff/catalogue/vouchers`]: { body: { accountEmail: 'testi@example.com', title: 'Sumea etu', discountCents: 500, validFrom: '2030-06-01', validTo: '2030-06-30' } },
    [`GET ${S}/staff/catalogue/tires`]: { query: { q: '205/55R16', supplier: 'Nokian Tyres' } },
    [`PUT ${S}/staff/catalogue/tires/:productId/stock`]: { body: { stock: 4 } },
    [`GET ${S}/staff/catalogue/preview`]: { query: { registerNumber: 'ABC-123', officeId: 1, kilometers: 60000 } },
  };
  return { sessions, samples, readers };
}

// ---- The back-office's calls ----------------------------------------------------------------

/** Where the staff API's calls are; they take a staff session cookie, not a process token. */
export const STAFF_API_BASE = `${API_BASE}/staff`;
export const isStaffPath = (path: string) => path.startsWith(`${STAFF_API_BASE}/`);
/**
 * Calls whose body is a raw picture (image/png, image/jpeg, image/webp) rather than JSON: a
 * JSON body is refused with 415 once the session and XSRF checks have passed.
 */
export const RAW_PICTURE_CALLS = [`POST ${STAFF_API_BASE}/catalogue/images`, `PUT ${STAFF_API_BASE}/catalogue/tires/:productId/image`];
/** Calls of the staff API that a fuzz must not send its staff session to (it would end it). */
export const STAFF_CALLS_WITHOUT_SESSION = [`POST ${STAFF_API_BASE}/logout`];

export interface StaffFixtures {
  /** An admin's session cookie value (every office, every call). */
  session: string;
  /**
   * Values of the path parameters: `officeId`, `date`, `resourceId`, `infoTextId`, `code`, `groupId`, `voucherId`, `file`, and `id`
   * by the segment before it (`bookings`, `absences`, `users`); a value for a parameter
   * followed by a certain rest of the path (`officeId/details`) comes before the plain one.
   */
  params: Record<string, string>;
}

/**
 * A signed-in admin, and the things its calls name by path: office 1, a booking of office 1
 * weeks ahead (its own, so that moving or cancelling it leaves the customer fixtures alone),
 * an absence of office 1 far ahead, an office user, a voucher and a day ten months ahead.
 */
export async function prepareStaffFixtures(t: TestApp): Promise<StaffFixtures> {
  const { addStaffUser, StaffClient } = await import('./staff.ts');
  const admin = await addStaffUser(t.db, { role: 'ADMIN' });
  const client = new StaffClient(t.app);
  await client.login(admin.email, admin.password);
  const other = await addStaffUser(t.db, { role: 'OFFICE', officeIds: [1] });
  const booking = await t.db
    .selectFrom('booking')
    .select('id')
    .where('organization_id', '=', 1)
    .where('status', '=', 'CONFIRMED')
    .where('kind', '=', 'RESERVATION')
    .where('start_at', '>', sql<Date>`now() + interval '14 days'`)
    .orderBy('start_at')
    .executeTakeFirstOrThrow();
  const resource = await t.db.selectFrom('resource').select('id').where('organization_id', '=', 1).orderBy('id').executeTakeFirstOrThrow();
  const far = addDays(todayInHelsinki(), 300);
  const absence = await t.db
    .insertInto('resource_absence')
    .values({ resource_id: resource.id, during: sql`tstzrange(${`${far}T06:00:00Z`}::timestamptz, ${`${far}T10:00:00Z`}::timestamptz)`, reason: 'Koulutus' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const setup = await setupFixtures(t.db);
  const [firstResource] = setup.resourceIds;
  // A voucher of the demo member of its own, days years ahead, for the withdrawing call.
  const member = await t.db.selectFrom('loyalty_account').select('id').where('username', '=', 'testi@example.com').executeTakeFirstOrThrow();
  await t.db
    .insertInto('loyalty_voucher')
    .values({ id: 'SUMEA-ETU', account_id: member.id, title: 'Sumea etu', discount_cents: 500, valid_from: '2030-06-01', valid_to: '2030-06-30' })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
  return {
    session: client.session!,
    params: {
      // The set-up calls on offices of their own, the rest on office 1.
      'officeId/details': String(setup.officeId),
      'officeId/activate': String(setup.officeId),
      'officeId/deactivate': String(setup.officeId),
      'officeId/resources': String(setup.officeId),
      'officeId/resources/order': String(setup.resourceOfficeId),
      'officeId/resources/:resourceId': String(setup.resourceOfficeId),
      'officeId/info-texts': String(setup.officeId),
      resourceId: String(firstResource),
      infoTextId: String(setup.infoTextId),
      code: setup.workKind,
      groupId: setup.groupId,
      productId: setup.tireProductId,
      voucherId: 'SUMEA-ETU',
      file: 'offices',
      officeId: '1',
      date: addDays(todayInHelsinki(), 200),
      'bookings:id': String(booking.id),
      'absences:id': String(absence.id),
      'users:id': String(other.id),
      id: '1',
    },
  };
}

/**
 * A route's path with its parameters filled in from the staff fixtures: by the parameter and
 * the start of the rest of the path (`officeId/details`, the longest that fits), else `:id`
 * by the segment before it, else by name.
 */
export function fillPath(path: string, params: Record<string, string>): string {
  return path.replace(/\/([^/]+)\/:([A-Za-z]+)/g, (all: string, before: string, name: string, at: number) => {
    // The rest as the router reads it (one slash each), also when a fuzzed path adds to its end.
    const rest = path.slice(at + all.length).replace(/\/+/g, '/');
    const [byRest] = Object.keys(params)
      .filter((key) => key.startsWith(`${name}/`) && rest.startsWith(key.slice(name.length)))
      .sort((a, b) => b.length - a.length);
    const value = byRest !== undefined ? params[byRest] : name === 'id' ? (params[`${before}:id`] ?? params.id) : params[name];
    return `/${before}/${value ?? `:${name}`}`;
  }).replace(/^:([A-Za-z]+)/, (_all, name: string) => params[name] ?? `:${name}`);
}
