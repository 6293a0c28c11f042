/**
 * services.csv: the catalogue's services and their prices (product and service_group,
 * migrations 001, 002, 012, 020 and 022). A row is a product, keyed by its code; its group is
 * named by title within its stage and made when new. The file holds the groups of the
 * catalogue's stages (DEFAULT, FIXED_CAMPAIGN_SERVICES, TIRE_SERVICES) and kinds (PRIMARY,
 * ADDITIONAL, EXTRA, CODE), as the back-office's catalogue does, and the windshield products:
 * a row of kind WINDSHIELD (stage DEFAULT) names one of WINDSHIELD_PRODUCT_IDS, is put in the
 * windshield group (found by its kind, whose title the row's group sets) and takes no fit,
 * code, package or extras; it is active only priced. A code of another group's product (a
 * tire) is refused. Besides its price and duration a row
 * holds what the service fits (vehicle class, make, mileage), the service code that shows it,
 * the services it includes and the extras offered under it (product_additional), its
 * pictures, its validity and its place in the group. A column the file leaves out keeps the
 * stored value; an empty cell is the column's default (docs/data-import.md). Its operations
 * are operations.csv's.
 */
import {
  PG_INT_MAX,
  PRODUCT_CODE_PATTERN,
  SERVICE_INFO_MAX_CHARS,
  SERVICE_MAX_DURATION_MINUTES,
  SERVICE_MAX_KM,
  WINDSHIELD_GROUP_KIND,
  WINDSHIELD_PER_UNIT_PRODUCT_IDS,
  WINDSHIELD_PRODUCT_IDS,
  WINDSHIELD_PROVIDER,
  cleanMultilineText,
  isStorableText,
  isWindshieldProduct,
  windshieldPriceMissing,
} from '@huolto/domain';
import type { Executor } from '#src/db/database.ts';
import { MILEAGE_CALCULATOR } from '#src/modules/catalogue/index.ts';
import { formatBoolean, formatCents, formatList, parseInteger, parseList, type CsvRow, type CsvTable } from './csv.ts';
import { RowErrors, cellOf, columnsOf, changeOf, uniqueByKey, type Change, type FileKind } from './file-kind.ts';
import { DATES_IN_ORDER_MESSAGE, booleanCell, dateCell, integerCell, optionalText, priceCell, requiredText } from './catalogue-cells.ts';
import {
  existingMediaIds,
  existingProductIds,
  findCatalogueProducts,
  findCatalogueProductsByIds,
  findExtras,
  findMakesByName,
  insertCatalogueProduct,
  replaceExtras,
  updateCatalogueProduct,
  updateGroupTitle,
  type CatalogueProductRow,
  type CatalogueProductValues,
} from './catalogue-repository.ts';
import {
  SERVICE_GROUP_KINDS,
  SERVICE_STAGES,
  findServiceGroups,
  findWorkKinds,
  insertServiceGroup,
  maxProductSort,
  updateServiceGroupKind,
  type ServiceGroupRow,
} from './repository.ts';

export const SERVICE_COLUMNS = columnsOf('services');

const IMAGE_ID_PATTERN = /^[A-Za-z0-9_.-]{1,100}$/;
const MAX_IMAGES = 10;
const MAX_LINKED = 100;

/** A row as read; undefined: the column is absent (the stored value stays, a new service takes the default). */
interface ServiceItem {
  line: number;
  key: string;
  group: string;
  stage: string;
  kind: string;
  name: string;
  priceCents: number;
  durationMinutes: number;
  /** null: any resource. */
  workKind: string | null | undefined;
  active: boolean | undefined;
  normalPriceCents: number | null | undefined;
  infoHtml: string | null | undefined;
  vehicleClass: number | null | undefined;
  /** The make's name as written. */
  make: string | null | undefined;
  minKm: number | null | undefined;
  maxKm: number | null | undefined;
  serviceCode: string | null | undefined;
  includes: string[] | undefined;
  extras: string[] | undefined;
  images: string[] | undefined;
  validFrom: string | null | undefined;
  validTo: string | null | undefined;
  /** null: empty, the service keeps its place (a new one goes last). */
  sort: number | null | undefined;
}

/** 'A, B tai C'. */
const orList = (items: readonly string[]) => `${items.slice(0, -1).join(', ')} tai ${items.at(-1)}`;

/** A list of service codes: each of the code's form, none twice, not the row's own. */
function codeList(row: CsvRow, errors: RowErrors, column: string, own: string): string[] | undefined {
  const cell = cellOf(row, column);
  if (cell === undefined) return undefined;
  const codes = parseList(cell);
  const bad = codes.find((c) => !PRODUCT_CODE_PATTERN.test(c));
  if (bad !== undefined) errors.add(row.line, column, `Palvelun tunnus ${bad} ei kelpaa: tunnuksessa on 1–60 kirjainta (a–z), numeroa, - tai _`);
  else if (new Set(codes).size !== codes.length) errors.add(row.line, column, 'Sama palvelu kahdesti');
  else if (codes.includes(own)) errors.add(row.line, column, 'Palvelu ei voi viitata itseensä');
  else if (codes.length > MAX_LINKED) errors.add(row.line, column, `Enintään ${MAX_LINKED} palvelua`);
  else return codes;
  return undefined;
}

/** A mileage: refused past PG's integer here, past SERVICE_MAX_KM in run (where the stored value is known). */
const kmCell = (row: CsvRow, errors: RowErrors, column: string) => integerCell(row, errors, column, 0, PG_INT_MAX, `Kilometrit kokonaislukuna 0–${SERVICE_MAX_KM}`);

function readRow(row: CsvRow, errors: RowErrors): ServiceItem | undefined {
  const before = errors.list.length;
  const line = row.line;
  const code = cellOf(row, 'code') ?? '';
  if (!PRODUCT_CODE_PATTERN.test(code)) errors.add(line, 'code', 'Tunnuksessa on 1–60 kirjainta (a–z), numeroa, - tai _');
  const group = requiredText(row, errors, 'group', 100);
  const stage = (cellOf(row, 'stage') ?? '').toUpperCase();
  const kind = (cellOf(row, 'kind') ?? '').toUpperCase();
  const windshield = kind === WINDSHIELD_GROUP_KIND || isWindshieldProduct(code);
  if (!windshield) {
    if (!(SERVICE_STAGES as readonly string[]).includes(stage)) errors.add(line, 'stage', `Vaihe on ${orList(SERVICE_STAGES)}`);
    if (!(SERVICE_GROUP_KINDS as readonly string[]).includes(kind)) errors.add(line, 'kind', `Tyyppi on ${orList(SERVICE_GROUP_KINDS)}`);
  } else if (!isWindshieldProduct(code)) {
    errors.add(line, 'code', `Tyyppi ${WINDSHIELD_GROUP_KIND} on vain tuulilasituotteilla: ${WINDSHIELD_PRODUCT_IDS.join(', ')}`);
  } else {
    if (kind !== WINDSHIELD_GROUP_KIND) errors.add(line, 'kind', `${code} on tuulilasituote: tyyppi on ${WINDSHIELD_GROUP_KIND}`);
    if (stage !== 'DEFAULT') errors.add(line, 'stage', `${code} on tuulilasituote: vaihe on DEFAULT`);
  }
  const name = requiredText(row, errors, 'name', 200);
  const priceCents = priceCell(row, errors, 'price', false);
  const durationMinutes = parseInteger(cellOf(row, 'duration_minutes') ?? '');
  if (durationMinutes === undefined || durationMinutes < 0 || durationMinutes > SERVICE_MAX_DURATION_MINUTES) {
    errors.add(line, 'duration_minutes', `Kesto minuutteina, kokonaisluku 0–${SERVICE_MAX_DURATION_MINUTES}`);
  }
  const workKindCell = cellOf(row, 'work_kind');
  const workKind = workKindCell === undefined ? undefined : workKindCell === '' ? null : workKindCell.toUpperCase();
  const active = booleanCell(row, errors, 'active', true);
  const normalPriceCents = priceCell(row, errors, 'normal_price', true);

  const infoCell = row.cells.get('info_html');
  let infoHtml: string | null | undefined;
  if (infoCell !== undefined) {
    if (!isStorableText(infoCell)) errors.add(line, 'info_html', 'Tekstissä on merkkejä, joita ei voi tallentaa');
    const v = cleanMultilineText(infoCell).trim();
    if (v.length > SERVICE_INFO_MAX_CHARS) errors.add(line, 'info_html', `Teksti on liian pitkä (enintään ${SERVICE_INFO_MAX_CHARS} merkkiä)`);
    infoHtml = v === '' ? null : v;
  }
  const vehicleClass = integerCell(row, errors, 'vehicle_class', 1, 2, 'Ajoneuvoluokka on 1 (henkilöauto) tai 2 (pakettiauto)');
  const makeCell = cellOf(row, 'make');
  const make = makeCell === undefined ? undefined : makeCell === '' ? null : makeCell;
  const minKm = kmCell(row, errors, 'min_km');
  const maxKm = kmCell(row, errors, 'max_km');
  const serviceCode = optionalText(row, errors, 'service_code', 40);
  const includes = codeList(row, errors, 'includes', code);
  const extras = codeList(row, errors, 'extras', code);
  const imagesCell = cellOf(row, 'images');
  let images: string[] | undefined;
  if (imagesCell !== undefined) {
    images = parseList(imagesCell);
    const bad = images.find((i) => !IMAGE_ID_PATTERN.test(i));
    if (bad !== undefined) errors.add(line, 'images', `Kuvan tunnus ${bad} ei kelpaa`);
    else if (new Set(images).size !== images.length) errors.add(line, 'images', 'Sama kuva kahdesti');
    else if (images.length > MAX_IMAGES) errors.add(line, 'images', `Enintään ${MAX_IMAGES} kuvaa`);
  }
  const validFrom = dateCell(row, errors, 'valid_from');
  const validTo = dateCell(row, errors, 'valid_to');
  const sort = integerCell(row, errors, 'sort', 0, 999_999_999, 'Järjestys on kokonaisluku 0 tai suurempi');
  if (windshield) {
    // The windshield form offers its products to any car, with no code, package or extras.
    const unused = { vehicle_class: vehicleClass, make, min_km: minKm, max_km: maxKm, service_code: serviceCode, includes, extras };
    for (const [column, value] of Object.entries(unused)) {
      if (value !== undefined && value !== null && !(Array.isArray(value) && value.length === 0)) errors.add(line, column, 'Ei käytössä tuulilasituotteella: jätä tyhjäksi');
    }
  }
  if (errors.list.length > before) return undefined;
  return {
    line,
    key: code,
    group,
    stage,
    kind,
    name,
    priceCents: priceCents!,
    durationMinutes: durationMinutes!,
    workKind,
    active,
    normalPriceCents,
    infoHtml,
    vehicleClass,
    make,
    minKm,
    maxKm,
    serviceCode,
    includes,
    extras,
    images,
    validFrom,
    validTo,
    sort,
  };
}

/** A new group's id from its title: 'Öljynvaihto' → 'oljynvaihto', made unique among `taken`. */
export function groupIdOf(title: string, taken: Set<string>): string {
  const base =
    title
      .toLowerCase()
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 40) || 'ryhma';
  let id = base;
  for (let n = 2; taken.has(id); n++) id = `${base}-${n}`;
  taken.add(id);
  return id;
}

const isServiceGroup = (g: ServiceGroupRow) =>
  (SERVICE_STAGES as readonly string[]).includes(g.stage) && (SERVICE_GROUP_KINDS as readonly string[]).includes(g.kind);
const isWindshieldGroup = (g: ServiceGroupRow | undefined) => g?.kind === WINDSHIELD_GROUP_KIND;
const groupKey = (stage: string, title: string) => `${stage}\u0000${title.toLowerCase()}`;
const isPackage = (r: Resolved) => r.make_id !== null || r.min_km !== null || r.max_km !== null;
/** Stored info text as the file compares it: trimmed, none for blank. */
const storedInfo = (html: string | null) => (html === null || html.trim() === '' ? null : html.trim());

/** A product's values of the file's columns after the row (absent columns: the stored value, or the default). */
type Resolved = Omit<CatalogueProductValues, 'group_id' | 'sort'> & { extras: string[]; sort: number | null };

function resolve(item: ServiceItem, before: CatalogueProductRow | undefined, beforeExtras: string[], makeId: number | null | undefined): Resolved {
  const keep = <T,>(value: T | undefined, stored: T | undefined, otherwise: T): T => (value !== undefined ? value : before ? (stored as T) : otherwise);
  return {
    description: item.name,
    price_cents: item.priceCents,
    duration_minutes: item.durationMinutes,
    work_kind: keep(item.workKind, before?.work_kind, null),
    active: keep(item.active, before?.active, true),
    normal_price_cents: keep(item.normalPriceCents, before?.normal_price_cents, null),
    info_html: keep(item.infoHtml, before && storedInfo(before.info_html), null),
    vehicle_class: keep(item.vehicleClass, before?.vehicle_class, null),
    make_id: keep(makeId, before?.make_id, null),
    min_km: keep(item.minKm, before?.min_km, null),
    max_km: keep(item.maxKm, before?.max_km, null),
    service_code: keep(item.serviceCode, before?.service_code, null),
    included_product_ids: keep(item.includes, before?.included_product_ids, []),
    extras: keep(item.extras, beforeExtras, []),
    image_ids: keep(item.images, before?.image_ids, []),
    valid_from: keep(item.validFrom, before?.valid_from, null),
    valid_to: keep(item.validTo, before?.valid_to, null),
    sort: item.sort ?? before?.sort ?? null,
  };
}

/** The columns compared for a row's change, by the file's column name. */
const COMPARED = {
  name: 'description',
  price: 'price_cents',
  duration_minutes: 'duration_minutes',
  work_kind: 'work_kind',
  active: 'active',
  normal_price: 'normal_price_cents',
  info_html: 'info_html',
  vehicle_class: 'vehicle_class',
  make: 'make_id',
  min_km: 'min_km',
  max_km: 'max_km',
  service_code: 'service_code',
  includes: 'included_product_ids',
  extras: 'extras',
  images: 'image_ids',
  valid_from: 'valid_from',
  valid_to: 'valid_to',
  sort: 'sort',
} as const;

/** What changeOf compares: the ordered lists (extras, pictures) as text, so that a new order is a change. */
const comparable = (r: Resolved) => ({ ...r, extras: r.extras.join('|'), image_ids: r.image_ids.join('|') });

async function run(trx: Executor, table: CsvTable): Promise<{ changes: Change[]; errors: RowErrors['list'] }> {
  const errors = new RowErrors();
  const read = table.rows.map((r) => readRow(r, errors)).filter((i): i is ServiceItem => i !== undefined);
  const items = uniqueByKey(read, errors, 'code', 'Tunnus');

  // Every row of a group says the same kind.
  const kindOfGroup = new Map<string, { kind: string; line: number }>();
  for (const item of items) {
    const k = groupKey(item.stage, item.group);
    const first = kindOfGroup.get(k);
    if (!first) kindOfGroup.set(k, { kind: item.kind, line: item.line });
    else if (first.kind !== item.kind) errors.add(item.line, 'kind', `Ryhmän "${item.group}" tyyppi on rivillä ${first.line} ${first.kind}`);
  }

  const workKinds = new Map((await findWorkKinds(trx)).map((k) => [k.code, k]));
  const makes = await findMakesByName(trx);
  const makeByName = new Map(makes.map((m) => [m.name.toLowerCase(), m.id]));
  const groups = await findServiceGroups(trx);
  const groupById = new Map(groups.map((g) => [g.id, g]));
  const groupByKey = new Map<string, ServiceGroupRow>();
  for (const g of groups.filter(isServiceGroup)) if (!groupByKey.has(groupKey(g.stage, g.title))) groupByKey.set(groupKey(g.stage, g.title), g);
  const keys = items.map((i) => i.key);
  const existing = new Map((await findCatalogueProductsByIds(trx, keys)).map((p) => [p.id, p]));
  const existingExtras = await findExtras(trx, keys);
  // The codes a row may name: the file's own (made in this import) and every product stored.
  const inFile = new Set(keys);
  const linked = items.flatMap((i) => [...(i.includes ?? []), ...(i.extras ?? [])]).filter((c) => !inFile.has(c));
  const storedLinked = await existingProductIds(trx, [...new Set(linked)]);
  const media = await existingMediaIds(trx, [...new Set(items.flatMap((i) => i.images ?? []))]);

  const resolved = new Map<string, Resolved>();
  for (const item of items) {
    const before = existing.get(item.key);
    const storedGroup = before && groupById.get(before.group_id)!;
    if (storedGroup && !isServiceGroup(storedGroup) && !(item.kind === WINDSHIELD_GROUP_KIND && isWindshieldGroup(storedGroup))) {
      errors.add(item.line, 'code', `Tunnus ${item.key} on jo muun kuin palveluluettelon tuotteen (esim. renkaan tai tuulilasituotteen) käytössä`);
    }
    if (item.workKind) {
      const kind = workKinds.get(item.workKind);
      if (!kind) errors.add(item.line, 'work_kind', `Tuntematon työlaji ${item.workKind}: työlajit ovat ${[...workKinds.keys()].join(', ')}`);
      else if (!kind.active && before?.work_kind !== item.workKind) errors.add(item.line, 'work_kind', `Työlaji ${item.workKind} ei ole käytössä`);
    }
    let makeId: number | null | undefined = item.make === null ? null : undefined;
    if (item.make) {
      makeId = makeByName.get(item.make.toLowerCase());
      if (makeId === undefined) errors.add(item.line, 'make', `Tuntematon merkki ${item.make}: kirjoita merkki kuten ajoneuvorekisterissä, esim. ${makes[0]?.name ?? 'Toyota'}`);
    }
    for (const column of ['includes', 'extras'] as const) {
      const unknown = (item[column] ?? []).filter((c) => !inFile.has(c) && !storedLinked.has(c));
      if (unknown.length) errors.add(item.line, column, `Tuntematon palvelu ${unknown.join(', ')}: tuo se tässä tiedostossa tai ensin`);
      const windshield = (item[column] ?? []).filter(isWindshieldProduct);
      if (windshield.length) errors.add(item.line, column, `${windshield.join(', ')} on tuulilasituote: sitä tarjotaan vain tuulilasipalvelussa`);
    }
    const missingImages = (item.images ?? []).filter((i) => !media.has(i));
    if (missingImages.length) errors.add(item.line, 'images', `Tuntematon kuva ${missingImages.join(', ')}: lataa kuva ensin ylläpidossa`);
    if (item.make && makeId === undefined) continue;
    const after = resolve(item, before, existingExtras.get(item.key) ?? [], makeId);
    // A mileage past today's limit is refused when it changes (an older package keeps its open end).
    for (const [column, field] of [['min_km', 'min_km'], ['max_km', 'max_km']] as const) {
      const km = after[field];
      if (km !== null && km > SERVICE_MAX_KM && km !== before?.[field]) errors.add(item.line, column, `Kilometrit kokonaislukuna 0–${SERVICE_MAX_KM}`);
    }
    if (after.min_km !== null && after.max_km !== null && after.min_km > after.max_km) {
      errors.add(item.line, item.maxKm !== undefined ? 'max_km' : 'min_km', 'Yläraja on pienempi kuin alaraja');
    }
    if (after.valid_from !== null && after.valid_to !== null && after.valid_from > after.valid_to) {
      errors.add(item.line, item.validTo !== undefined ? 'valid_to' : 'valid_from', DATES_IN_ORDER_MESSAGE);
    }
    if (item.kind === WINDSHIELD_GROUP_KIND && windshieldPriceMissing({ active: after.active, priceCents: after.price_cents, normalPriceCents: after.normal_price_cents })) {
      errors.add(item.line, 'price', 'Aseta hinta ennen kuin otat tuotteen käyttöön (active = kyllä)');
    }
    resolved.set(item.key, after);
  }
  if (errors.any) return { changes: [], errors: errors.list };

  const changes: Change[] = [];
  const takenIds = new Set(groups.map((g) => g.id));
  let nextGroupSort = Math.max(0, ...groups.map((g) => g.sort));
  const nextSort = new Map<string, number>();
  const madeKinds = new Set<string>();
  const extrasToWrite: [string, string[]][] = [];
  // The windshield products' one group, found by its kind: its title is the rows' group.
  let windshieldGroup = groups.find(isWindshieldGroup);
  for (const item of items) {
    const k = groupKey(item.stage, item.group);
    let group = item.kind === WINDSHIELD_GROUP_KIND ? windshieldGroup : groupByKey.get(k);
    if (item.kind === WINDSHIELD_GROUP_KIND && !group) {
      group = windshieldGroup = { id: groupIdOf('windshield', takenIds), stage: 'DEFAULT', kind: WINDSHIELD_GROUP_KIND, title: item.group, sort: 0 };
      await insertServiceGroup(trx, group);
    } else if (item.kind === WINDSHIELD_GROUP_KIND && group!.title !== item.group) {
      await updateGroupTitle(trx, group!.id, item.group);
      group = windshieldGroup = { ...group!, title: item.group };
    }
    if (!group) {
      group = { id: groupIdOf(item.group, takenIds), stage: item.stage, kind: item.kind, title: item.group, sort: (nextGroupSort += 10) };
      // A group of maintenance packages (a row with a make or a mileage) is priced by mileage:
      // a car is offered its make's own packages where there are any (modules/catalogue).
      const packages = items.some((i) => groupKey(i.stage, i.group) === k && isPackage(resolved.get(i.key)!));
      await insertServiceGroup(trx, group, packages ? MILEAGE_CALCULATOR : null);
      groupByKey.set(k, group);
    }
    const groupKindBefore = group.kind;
    if (group.kind !== item.kind && !madeKinds.has(group.id)) {
      await updateServiceGroupKind(trx, group.id, item.kind);
      madeKinds.add(group.id);
    }
    const before = existing.get(item.key);
    const beforeGroup = before ? groupById.get(before.group_id) : undefined;
    const after = resolved.get(item.key)!;
    const was = before && {
      ...comparable({
        ...before,
        info_html: storedInfo(before.info_html),
        extras: existingExtras.get(item.key) ?? [],
      }),
      group: beforeGroup!.title,
      stage: beforeGroup!.stage,
      kind: before.group_id === group.id ? groupKindBefore : beforeGroup!.kind,
    };
    const change = changeOf(
      item.key,
      was,
      { ...comparable(after), group: group.title, stage: group.stage, kind: item.kind },
      { group: 'group', stage: 'stage', kind: 'kind', ...COMPARED },
    );
    // The group's own title: a file that only changes its case keeps the group and its title
    // (the windshield group's title is the rows').
    if (was && before!.group_id === group.id && item.kind !== WINDSHIELD_GROUP_KIND) change.fields = change.fields.filter((f) => f !== 'group');
    if (change.action === 'UPDATE' && change.fields.length === 0) change.action = 'UNCHANGED';
    changes.push(change);
    const { extras, sort, ...values } = after;
    if (!before) {
      const place = sort ?? (nextSort.get(group.id) ?? (await maxProductSort(trx, group.id))) + 10;
      nextSort.set(group.id, Math.max(place, nextSort.get(group.id) ?? 0));
      const windshieldColumns =
        item.kind === WINDSHIELD_GROUP_KIND ? { provider: WINDSHIELD_PROVIDER, duration_per_unit: WINDSHIELD_PER_UNIT_PRODUCT_IDS.includes(item.key) } : {};
      await insertCatalogueProduct(trx, item.key, { ...values, ...windshieldColumns, group_id: group.id, sort: place });
      if (extras.length) extrasToWrite.push([item.key, extras]);
    } else if (change.action === 'UPDATE') {
      // Only what changed: a stored info text's spaces or an old package's open mileage stay as they are.
      const set: Partial<CatalogueProductValues> = { group_id: group.id };
      for (const column of change.fields) {
        const field = COMPARED[column as keyof typeof COMPARED];
        if (field === 'extras') extrasToWrite.push([item.key, extras]);
        else if (field === 'sort') set.sort = sort!;
        else if (field) (set as Record<string, unknown>)[field] = values[field];
      }
      await updateCatalogueProduct(trx, item.key, set);
    }
  }
  // After every row's product exists: an extra may be a service made by a later row.
  for (const [code, extras] of extrasToWrite) await replaceExtras(trx, code, extras);
  return { changes, errors: [] };
}

async function rows(db: Executor): Promise<string[][]> {
  const groups = new Map((await findServiceGroups(db)).map((g) => [g.id, g]));
  const makes = new Map((await findMakesByName(db)).map((m) => [m.id, m.name]));
  const extras = await findExtras(db);
  const text = (v: string | number | null) => (v === null ? '' : String(v));
  return (await findCatalogueProducts(db)).map((p) => {
    const g = groups.get(p.group_id)!;
    const cells: Record<string, string> = {
      code: p.id,
      group: g.title,
      stage: g.stage,
      kind: g.kind,
      name: p.description,
      price: formatCents(p.price_cents),
      duration_minutes: String(p.duration_minutes),
      work_kind: text(p.work_kind),
      active: formatBoolean(p.active),
      normal_price: p.normal_price_cents === null ? '' : formatCents(p.normal_price_cents),
      info_html: storedInfo(p.info_html) ?? '',
      vehicle_class: text(p.vehicle_class),
      make: p.make_id === null ? '' : (makes.get(p.make_id) ?? ''),
      min_km: text(p.min_km),
      max_km: text(p.max_km),
      service_code: text(p.service_code),
      includes: formatList(p.included_product_ids),
      extras: formatList(extras.get(p.id) ?? []),
      images: formatList(p.image_ids),
      valid_from: text(p.valid_from),
      valid_to: text(p.valid_to),
      sort: String(p.sort),
    };
    return SERVICE_COLUMNS.map((c) => cells[c.name] ?? '');
  });
}

export const servicesFile: FileKind = {
  file: 'services',
  columns: SERVICE_COLUMNS,
  run: (trx, table) => run(trx, table),
  rows,
};
