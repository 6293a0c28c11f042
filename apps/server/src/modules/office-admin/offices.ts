/**
 * Offices set up from the back-office (and the data import): an admin creates, deactivates
 * and reactivates them, an office's own users edit its details. Each change runs in the
 * caller's transaction with its audit row; the organization table's triggers move the
 * catalogue and availability versions, so every process's caches read the change at once.
 * A deactivated office takes no new bookings and leaves the customers' lists; its bookings
 * and history stay.
 */
import {
  PROCESS_TYPES,
  officeBody,
  postCodeCoordinates,
  toHoursAndMinutes,
  type OfficeBody,
  type OfficeDetails,
  type OfficeValues,
  type ProcessType,
} from '@huolto/domain';
import type { Db, Executor } from '#src/db/database.ts';
import { DomainError, badRequest } from '#src/lib/errors.ts';
import { parse } from '#src/lib/parse.ts';
import { recordAudit } from '../audit/index.ts';
import { releaseHoldsOn } from '../holds/index.ts';
import {
  findOfficeRow,
  findOfficeRowByCode,
  futureBookingsOfOffice,
  insertOffice,
  listOfficesWithResourceCounts,
  officeIdWithCode,
  officeMakeIds,
  setOfficeMakes,
  unknownMakeIds,
  updateOfficeRow,
  type OfficeColumns,
  type OfficeRow,
} from './repository.ts';

export const officeNotFound = () => new DomainError(404, 'NOT_FOUND', 'Toimipistettä ei löytynyt');

/** 404 unless the office exists (active or not). */
export async function assertOfficeExists(db: Executor, officeId: number) {
  if (!(await findOfficeRow(db, officeId))) throw officeNotFound();
}

/** The process flags of an office row, by process type. */
const PROCESS_COLUMNS = {
  MAINTENANCE: 'maintenance',
  TIRE_CHANGE: 'tire_change',
  TIRE_SALES: 'tire_sales',
  WINDSHIELD: 'windshield',
} as const satisfies Record<ProcessType, keyof OfficeRow>;

/** The processes an office row offers, in PROCESS_TYPES order. */
export function processesOf(row: Pick<OfficeRow, (typeof PROCESS_COLUMNS)[ProcessType]>): ProcessType[] {
  return PROCESS_TYPES.filter((p) => row[PROCESS_COLUMNS[p]]);
}

/** An office row with its makes as the set-up pages read it. */
export function officeDetailsOf(row: OfficeRow, dealerMakeIds: number[]): OfficeDetails {
  return {
    id: row.id,
    code: row.code,
    name: row.name,
    address: row.address,
    postCode: row.post_code,
    postOffice: row.post_office,
    latitude: row.latitude,
    longitude: row.longitude,
    phone: row.phone ?? '',
    email: row.email ?? '',
    dealerMakeIds,
    processes: processesOf(row),
    timeSelectionType: row.time_selection_type === 'DAY_ONLY' ? 'DAY_ONLY' : 'EXACT_TIME',
    leadOnly: row.lead_only,
    firstSlotTime: toHoursAndMinutes(row.first_slot_time),
    slotStepMinutes: row.slot_step_minutes,
    lockerCompartments: row.locker_compartments,
    customerNotice: row.customer_notice,
    showLoanCalculator: row.show_loan_calculator,
    customerSelectsResource: row.customer_selects_resource,
    damageInspection: row.damage_inspection,
    openingTime: toHoursAndMinutes(row.opening_time),
    closingTime: toHoursAndMinutes(row.closing_time),
    active: row.active,
  };
}

/** An office's details by id (active or not); undefined for an unknown office. */
export async function officeDetails(db: Executor, officeId: number): Promise<OfficeDetails | undefined> {
  const row = await findOfficeRow(db, officeId);
  return row && officeDetailsOf(row, await officeMakeIds(db, officeId));
}

/** An office by its code (active or not), for the import's upsert; undefined when none has it. */
export async function officeByCode(db: Executor, code: string): Promise<OfficeDetails | undefined> {
  const row = await findOfficeRowByCode(db, code);
  return row && officeDetailsOf(row, await officeMakeIds(db, row.id));
}

/** GET /office-admin: every office, active or not, by name, with its active resources counted. */
export async function listOfficesForAdmin(db: Executor) {
  const rows = await listOfficesWithResourceCounts(db);
  return rows.map((r) => ({ id: r.id, code: r.code, name: r.name, postOffice: r.post_office, active: r.active, resources: Number(r.resources ?? 0) }));
}

/** Parses an office's values (already parsed values pass through the same schema); 400 naming the field. */
export function parseOfficeValues(input: OfficeBody | OfficeValues): OfficeValues {
  return parse(officeBody, input);
}

/**
 * The coordinates an office is stored with: the typed ones; without them the post code's
 * area (post-codes.ts). An edit that keeps the area point of the old post code while the
 * post code changes moves to the new code's area (the form sends back what it was shown).
 */
function coordinatesOf(values: OfficeValues, before?: OfficeRow): { latitude: number | null; longitude: number | null } {
  const area = postCodeCoordinates(values.postCode);
  if (values.latitude === null || values.longitude === null) return { latitude: area?.latitude ?? null, longitude: area?.longitude ?? null };
  if (before && before.post_code !== values.postCode) {
    const old = postCodeCoordinates(before.post_code);
    if (old && old.latitude === values.latitude && old.longitude === values.longitude && area) return area;
  }
  return { latitude: values.latitude, longitude: values.longitude };
}

function columnsOf(values: OfficeValues, before?: OfficeRow): OfficeColumns {
  const processes = new Set(values.processes);
  return {
    code: values.code,
    name: values.name,
    address: values.address,
    post_code: values.postCode,
    post_office: values.postOffice,
    ...coordinatesOf(values, before),
    phone: values.phone === '' ? null : values.phone,
    email: values.email === '' ? null : values.email,
    maintenance: processes.has('MAINTENANCE'),
    tire_change: processes.has('TIRE_CHANGE'),
    tire_sales: processes.has('TIRE_SALES'),
    windshield: processes.has('WINDSHIELD'),
    time_selection_type: values.timeSelectionType,
    lead_only: values.leadOnly,
    first_slot_time: values.firstSlotTime,
    slot_step_minutes: values.slotStepMinutes,
    locker_compartments: values.lockerCompartments,
    customer_notice: values.customerNotice,
    show_loan_calculator: values.showLoanCalculator,
    customer_selects_resource: values.customerSelectsResource,
    damage_inspection: values.damageInspection,
  };
}

/** The checks against the database: the code free, every make known. 400 naming the field. */
async function assertOfficeValuesFit(db: Executor, values: OfficeValues, officeId?: number) {
  if ((await officeIdWithCode(db, values.code, officeId)) !== undefined) throw badRequest('code', 'Tunnus on jo toisen toimipisteen käytössä');
  const unknown = await unknownMakeIds(db, [...new Set(values.dealerMakeIds)]);
  if (unknown.length > 0) throw badRequest('dealerMakeIds', `Tuntematon merkki: ${unknown.join(', ')}`);
}

/**
 * Creates an office in the caller's transaction: the next free id, its makes, and an audit
 * row (staffUserId null: the command line). Its availability version row comes by trigger.
 */
export async function createOffice(trx: Executor, input: OfficeBody | OfficeValues, staffUserId: number | null): Promise<OfficeDetails> {
  const values = parseOfficeValues(input);
  await assertOfficeValuesFit(trx, values);
  const id = await insertOffice(trx, columnsOf(values));
  await setOfficeMakes(trx, id, [...new Set(values.dealerMakeIds)]);
  const after = (await officeDetails(trx, id))!;
  await recordAudit(trx, { staffUserId, entity: 'OFFICE', entityId: id, action: 'CREATED', after });
  return after;
}

/**
 * Changes every detail of an office in the caller's transaction (active or not; activity is
 * deactivate/activate's), with an audit row of the details before and after. Nothing is
 * written when nothing changes. 404 for an unknown office.
 */
export async function updateOffice(
  trx: Executor,
  officeId: number,
  input: OfficeBody | OfficeValues,
  staffUserId: number | null,
): Promise<OfficeDetails> {
  const values = parseOfficeValues(input);
  const row = await findOfficeRow(trx, officeId, true);
  if (!row) throw officeNotFound();
  await assertOfficeValuesFit(trx, values, officeId);
  const before = officeDetailsOf(row, await officeMakeIds(trx, officeId));
  const columns = columnsOf(values, row);
  const changed = (Object.keys(columns) as (keyof OfficeColumns)[]).filter((k) => !sameValue(columns[k], row[k]));
  const makes = [...new Set(values.dealerMakeIds)].sort((a, b) => a - b);
  const makesChanged = makes.join(',') !== before.dealerMakeIds.join(',');
  if (changed.length === 0 && !makesChanged) return before;
  if (changed.length > 0) await updateOfficeRow(trx, officeId, Object.fromEntries(changed.map((k) => [k, columns[k]])));
  if (makesChanged) await setOfficeMakes(trx, officeId, makes);
  const after = (await officeDetails(trx, officeId))!;
  await recordAudit(trx, { staffUserId, entity: 'OFFICE', entityId: officeId, action: 'UPDATED', before, after });
  return after;
}

/** Times compare by their minutes ('08:00' is '08:00:00'). */
function sameValue(a: unknown, b: unknown): boolean {
  if (typeof a === 'string' && typeof b === 'string' && /^\d\d:\d\d(:\d\d)?$/.test(a) && /^\d\d:\d\d(:\d\d)?$/.test(b)) {
    return toHoursAndMinutes(a) === toHoursAndMinutes(b);
  }
  return a === b;
}

/**
 * Deactivates or reactivates an office in the caller's transaction, with an audit row
 * (nothing changes, no row, when it already is so). Deactivation answers the office's
 * confirmed bookings from today on: they are kept for staff to handle. Times customers hold
 * there are released: their saves are refused and the office is no longer offered.
 */
export async function setOfficeActive(trx: Executor, officeId: number, active: boolean, staffUserId: number | null) {
  const row = await findOfficeRow(trx, officeId, true);
  if (!row) throw officeNotFound();
  if (row.active !== active) {
    const before = officeDetailsOf(row, await officeMakeIds(trx, officeId));
    await updateOfficeRow(trx, officeId, { active });
    if (!active) await releaseHoldsOn(trx, { organizationId: officeId });
    await recordAudit(trx, {
      staffUserId,
      entity: 'OFFICE',
      entityId: officeId,
      action: active ? 'ACTIVATED' : 'DEACTIVATED',
      before,
      after: { ...before, active },
    });
  }
  const office = (await officeDetails(trx, officeId))!;
  return { office, futureBookings: active ? [] : await futureBookingsOfOffice(trx, officeId) };
}

// ---- The calls, each its own transaction ----

export async function getOfficeDetails(db: Db, officeId: number): Promise<OfficeDetails> {
  const office = await officeDetails(db, officeId);
  if (!office) throw officeNotFound();
  return office;
}

export const createOfficeCall = (db: Db, values: OfficeValues, staffUserId: number) =>
  db.transaction().execute((trx) => createOffice(trx, values, staffUserId));

export const updateOfficeCall = (db: Db, officeId: number, values: OfficeValues, staffUserId: number) =>
  db.transaction().execute((trx) => updateOffice(trx, officeId, values, staffUserId));

export const setOfficeActiveCall = (db: Db, officeId: number, active: boolean, staffUserId: number) =>
  db.transaction().execute((trx) => setOfficeActive(trx, officeId, active, staffUserId));
