/**
 * The services of the catalogue's three stages (the products of their groups; the tires are
 * not edited here) and the windshield products: every staff member reads them, admins add
 * services and change every field at once, operations and the extras offered under it
 * included. A windshield product (WINDSHIELD_PRODUCT_IDS, in the windshield group) keeps its
 * code and group, which the windshield form fixes; its name, texts, prices, duration, kind of
 * work, pictures, validity and state are edited as a service's, and it is active only priced.
 * A service is never deleted: deactivated (active false) it leaves the customers' lists and
 * carts but stays on the bookings that have it (booking.order_items). Each change is checked
 * in full (400 naming each bad field), has its audit row and moves the catalogue version
 * (the product, product_operation and product_additional triggers).
 */
import type { CatalogueServiceKind, CatalogueStage, CreateServiceBody, ServiceDetails, ServiceListItem, ServiceValues } from '@huolto/domain';
import { WINDSHIELD_GROUP_KIND, createServiceBody, serviceBody, windshieldPriceMissing } from '@huolto/domain';
import type { Db, Executor } from '#src/db/database.ts';
import { DomainError, ValidationError, type FieldError } from '#src/lib/errors.ts';
import { parse } from '#src/lib/parse.ts';
import { recordAudit } from '../audit/index.ts';
import {
  existingMediaIds,
  existingServiceCodes,
  extrasOf,
  findGroupRow,
  findServiceRow,
  findWorkKindRow,
  insertService,
  listServiceRows,
  makeExists,
  nextServiceSort,
  operationsOf,
  productIdTaken,
  replaceExtras,
  replaceOperations,
  updateServiceRow,
  type ServiceColumns,
  type ServiceRow,
} from './repository.ts';

export const serviceNotFound = () => new DomainError(404, 'NOT_FOUND', 'Palvelua ei löytynyt');

export type CreateServiceValues = ServiceValues & { code: string };

function listItemOf(r: ServiceRow): ServiceListItem {
  return {
    code: r.id,
    groupId: r.group_id,
    groupTitle: r.group_title,
    stage: r.stage as CatalogueStage,
    kind: r.kind as CatalogueServiceKind,
    name: r.description,
    priceCents: r.price_cents,
    normalPriceCents: r.normal_price_cents,
    durationMinutes: r.duration_minutes,
    workKind: r.work_kind,
    validFrom: r.valid_from,
    validTo: r.valid_to,
    active: r.active,
    sort: r.sort,
  };
}

/** Every service of the three stages and every windshield product, active or not, by stage, group and order. */
export async function listServices(db: Executor): Promise<ServiceListItem[]> {
  return (await listServiceRows(db)).map(listItemOf);
}

/** A service (or a windshield product) with its operations and extras; undefined for an unknown code (or a tire's). */
export async function serviceDetails(db: Executor, code: string): Promise<ServiceDetails | undefined> {
  const row = await findServiceRow(db, code);
  if (!row) return undefined;
  return {
    ...listItemOf(row),
    infoHtml: row.info_html ?? '',
    vehicleClass: row.vehicle_class,
    makeId: row.make_id,
    minKm: row.min_km,
    maxKm: row.max_km,
    serviceCode: row.service_code,
    includes: row.included_product_ids,
    extras: await extrasOf(db, code),
    imageIds: row.image_ids,
    operations: await operationsOf(db, code),
  };
}

/** GET /catalogue/services/:code: 404 for an unknown code. */
export async function getService(db: Executor, code: string): Promise<ServiceDetails> {
  const details = await serviceDetails(db, code);
  if (!details) throw serviceNotFound();
  return details;
}

/**
 * What the database must agree to in a service's values (the shape is the schema's): its
 * group is a group of the three stages, its kind of work exists and is active (a kind the
 * service already has may have been deactivated since), its make exists, what it includes
 * and offers under it are other services, and its pictures are uploaded ones. Every bad
 * field is named in one 400.
 */
async function checkReferences(trx: Executor, code: string, values: ServiceValues, before?: ServiceDetails): Promise<void> {
  const problems: FieldError[] = [];
  if (before?.kind === WINDSHIELD_GROUP_KIND) problems.push(...windshieldProblems(values, before));
  else if (!(await findGroupRow(trx, values.groupId))) problems.push({ path: 'groupId', message: 'Palveluryhmää ei löytynyt' });
  if (values.workKind !== null) {
    const kind = await findWorkKindRow(trx, values.workKind);
    if (!kind) problems.push({ path: 'workKind', message: 'Tuntematon työlaji' });
    else if (!kind.active && before?.workKind !== values.workKind) problems.push({ path: 'workKind', message: 'Työlaji ei ole käytössä' });
  }
  if (values.makeId !== null && !(await makeExists(trx, values.makeId))) problems.push({ path: 'makeId', message: 'Tuntematon merkki' });
  for (const field of ['includes', 'extras'] as const) {
    const codes = values[field];
    if (before?.kind === WINDSHIELD_GROUP_KIND) continue;
    if (codes.includes(code)) {
      problems.push({ path: field, message: field === 'includes' ? 'Palvelu ei voi sisältää itseään' : 'Palvelua ei voi tarjota itsensä lisänä' });
      continue;
    }
    const known = await existingServiceCodes(trx, codes);
    const unknown = codes.filter((c) => !known.has(c));
    if (unknown.length > 0) problems.push({ path: field, message: `Tuntematon palvelu: ${unknown.join(', ')}` });
  }
  const media = await existingMediaIds(trx, values.imageIds);
  const unknownImages = values.imageIds.filter((id) => !media.has(id));
  if (unknownImages.length > 0) problems.push({ path: 'imageIds', message: `Tuntematon kuva: ${unknownImages.join(', ')}` });
  if (problems.length > 0) throw new ValidationError(problems);
}

/** The windshield form fixes a windshield product's group and offers it to any car, with no code, package or extras. */
function windshieldProblems(values: ServiceValues, before: ServiceDetails): FieldError[] {
  const problems: FieldError[] = [];
  const unused = 'Ei käytössä tuulilasituotteella';
  if (values.groupId !== before.groupId) problems.push({ path: 'groupId', message: 'Tuulilasituote pysyy tuulilasipalveluiden ryhmässä' });
  for (const field of ['makeId', 'minKm', 'maxKm', 'vehicleClass'] as const) if (values[field] !== null) problems.push({ path: field, message: unused });
  if (values.serviceCode !== null && values.serviceCode !== '') problems.push({ path: 'serviceCode', message: unused });
  for (const field of ['includes', 'extras'] as const) if (values[field].length > 0) problems.push({ path: field, message: unused });
  if (windshieldPriceMissing(values)) problems.push({ path: 'priceCents', message: 'Aseta hinta ennen kuin otat tuotteen käyttöön' });
  return problems;
}

function columnsOf(values: ServiceValues, sort: number): ServiceColumns {
  return {
    group_id: values.groupId,
    description: values.name,
    info_html: values.infoHtml === '' ? null : values.infoHtml,
    price_cents: values.priceCents,
    normal_price_cents: values.normalPriceCents,
    duration_minutes: values.durationMinutes,
    work_kind: values.workKind,
    vehicle_class: values.vehicleClass,
    make_id: values.makeId,
    min_km: values.minKm,
    max_km: values.maxKm,
    service_code: values.serviceCode === '' ? null : values.serviceCode,
    included_product_ids: values.includes,
    image_ids: values.imageIds,
    valid_from: values.validFrom,
    valid_to: values.validTo,
    active: values.active,
    sort,
  };
}

/**
 * Adds a service, last in its group, in the caller's transaction (the values are parsed
 * again, so the import may pass its own): 400 naming code when any product has it, and each
 * field checkReferences refuses.
 */
export async function createService(trx: Executor, input: CreateServiceBody | CreateServiceValues, staffUserId: number | null): Promise<ServiceDetails> {
  const values = parse(createServiceBody, input);
  if (await productIdTaken(trx, values.code)) throw new ValidationError([{ path: 'code', message: 'Tunnus on jo käytössä' }]);
  await checkReferences(trx, values.code, values);
  await insertService(trx, values.code, columnsOf(values, await nextServiceSort(trx, values.groupId)));
  await replaceOperations(trx, values.code, values.operations);
  await replaceExtras(trx, values.code, values.extras);
  const after = (await serviceDetails(trx, values.code))!;
  await recordAudit(trx, { staffUserId, entity: 'SERVICE', entityId: values.code, action: 'CREATED', after });
  return after;
}

/**
 * Changes every field of a service in the caller's transaction: its operations and the
 * extras offered under it are replaced by the given ones, in their order. A service moved
 * to another group goes last there. 404 for an unknown code; 400 naming each field
 * checkReferences refuses. A save that changes nothing writes no audit row.
 */
export async function updateService(trx: Executor, code: string, input: ServiceValues | CreateServiceBody, staffUserId: number | null): Promise<ServiceDetails> {
  const values = parse(serviceBody, input);
  const row = await findServiceRow(trx, code, true);
  if (!row) throw serviceNotFound();
  const before = (await serviceDetails(trx, code))!;
  await checkReferences(trx, code, values, before);
  const sort = values.groupId === row.group_id ? row.sort : await nextServiceSort(trx, values.groupId);
  await updateServiceRow(trx, code, columnsOf(values, sort));
  await replaceOperations(trx, code, values.operations);
  await replaceExtras(trx, code, values.extras);
  const after = (await serviceDetails(trx, code))!;
  if (JSON.stringify(after) === JSON.stringify(before)) return after;
  const action = before.active === after.active ? 'UPDATED' : after.active ? 'ACTIVATED' : 'DEACTIVATED';
  await recordAudit(trx, { staffUserId, entity: 'SERVICE', entityId: code, action, before, after });
  return after;
}

export const createServiceCall = (db: Db, values: CreateServiceValues, staffUserId: number) =>
  db.transaction().execute((trx) => createService(trx, values, staffUserId));

export const updateServiceCall = (db: Db, code: string, values: ServiceValues, staffUserId: number) =>
  db.transaction().execute((trx) => updateService(trx, code, values, staffUserId));
