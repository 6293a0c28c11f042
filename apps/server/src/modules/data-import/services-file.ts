/**
 * services.csv: the services customers book and their prices (product and service_group,
 * migrations 001, 012 and 020). A row is a product, keyed by its code; its group is named
 * by title within its stage and made when new. The booking flow lists the PRIMARY and
 * ADDITIONAL groups of the DEFAULT stage (maintenance) and of TIRE_SERVICES (tire change)
 * (modules/catalogue), so those are the groups this file holds; what a product may be tied
 * to besides (a make, a mileage, a vehicle class, operations, pictures) stays as it is.
 */
import { cleanLine, isStorableText } from '@huolto/domain';
import type { Executor } from '#src/db/database.ts';
import { formatBoolean, formatCents, parseBoolean, parseInteger, parseScaled, type CsvTable } from './csv.ts';
import { RowErrors, cellOf, columnsOf, changeOf, uniqueByKey, type Change, type FileKind } from './file-kind.ts';
import {
  SERVICE_GROUP_KINDS,
  SERVICE_STAGES,
  findProductsByIds,
  findServiceGroups,
  findServiceProducts,
  findWorkKinds,
  insertProduct,
  insertServiceGroup,
  maxProductSort,
  updateProduct,
  updateServiceGroupKind,
  type ServiceGroupRow,
  type ServiceProductRow,
} from './repository.ts';

export const SERVICE_COLUMNS = columnsOf('services');

/** A product's code: the import's key and the cart's product id. */
const PRODUCT_CODE_PATTERN = /^[A-Za-z0-9_-]{1,60}$/;
/** The dearest service the file takes, in cents (a price is an integer of cents in the database). */
const MAX_PRICE_CENTS = 100_000_00;
/** The longest service, in minutes: a working day and a half. */
const MAX_DURATION_MINUTES = 720;

interface ServiceItem {
  line: number;
  key: string;
  group: string;
  stage: string;
  kind: string;
  name: string;
  priceCents: number;
  durationMinutes: number;
  /** undefined: the column is absent (kept, or none for a new service); null: any resource. */
  workKind: string | null | undefined;
  active: boolean | undefined;
}

function text(errors: RowErrors, line: number, column: string, value: string | undefined, max: number): string {
  const v = cleanLine(value ?? '');
  if (v === '') errors.add(line, column, 'Pakollinen tieto');
  else if (v.length > max) errors.add(line, column, `Teksti on liian pitkä (enintään ${max} merkkiä)`);
  else if (!isStorableText(v)) errors.add(line, column, 'Tekstissä on merkkejä, joita ei voi tallentaa');
  return v;
}

function readRow(row: CsvTable['rows'][number], errors: RowErrors): ServiceItem | undefined {
  const before = errors.list.length;
  const line = row.line;
  const code = cellOf(row, 'code') ?? '';
  if (!PRODUCT_CODE_PATTERN.test(code)) errors.add(line, 'code', 'Tunnuksessa on 1–60 kirjainta (a–z), numeroa, - tai _');
  const group = text(errors, line, 'group', cellOf(row, 'group'), 100);
  const stage = (cellOf(row, 'stage') ?? '').toUpperCase();
  if (!(SERVICE_STAGES as readonly string[]).includes(stage)) errors.add(line, 'stage', `Vaihe on ${SERVICE_STAGES.join(' tai ')}`);
  const kind = (cellOf(row, 'kind') ?? '').toUpperCase();
  if (!(SERVICE_GROUP_KINDS as readonly string[]).includes(kind)) errors.add(line, 'kind', `Tyyppi on ${SERVICE_GROUP_KINDS.join(' tai ')}`);
  const name = text(errors, line, 'name', cellOf(row, 'name'), 200);
  const priceCents = parseScaled(cellOf(row, 'price') ?? '', 2);
  if (priceCents === undefined || priceCents < 0 || priceCents > MAX_PRICE_CENTS) {
    errors.add(line, 'price', 'Hinta euroina, esim. 89,00 (0–100 000 €, enintään kaksi desimaalia)');
  }
  const durationMinutes = parseInteger(cellOf(row, 'duration_minutes') ?? '');
  if (durationMinutes === undefined || durationMinutes < 0 || durationMinutes > MAX_DURATION_MINUTES) {
    errors.add(line, 'duration_minutes', `Kesto minuutteina, kokonaisluku 0–${MAX_DURATION_MINUTES}`);
  }
  const workKindCell = cellOf(row, 'work_kind');
  const workKind = workKindCell === undefined ? undefined : workKindCell === '' ? null : workKindCell.toUpperCase();
  const activeCell = cellOf(row, 'active');
  const active = activeCell === undefined ? undefined : activeCell === '' ? true : parseBoolean(activeCell);
  if (activeCell !== undefined && active === undefined) errors.add(line, 'active', 'Kirjoita kyllä tai ei');
  if (errors.list.length > before) return undefined;
  return { line, key: code, group, stage, kind, name, priceCents: priceCents!, durationMinutes: durationMinutes!, workKind, active };
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
const groupKey = (stage: string, title: string) => `${stage}\u0000${title.toLowerCase()}`;

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
  const groups = await findServiceGroups(trx);
  const groupById = new Map(groups.map((g) => [g.id, g]));
  const groupByKey = new Map<string, ServiceGroupRow>();
  for (const g of groups.filter(isServiceGroup)) if (!groupByKey.has(groupKey(g.stage, g.title))) groupByKey.set(groupKey(g.stage, g.title), g);
  const existing = new Map((await findProductsByIds(trx, items.map((i) => i.key))).map((p) => [p.id, p]));

  for (const item of items) {
    const before = existing.get(item.key);
    if (before && !isServiceGroup(groupById.get(before.group_id)!)) {
      errors.add(item.line, 'code', `Tunnus ${item.key} on jo muun kuin huollon tai renkaanvaihdon tuotteen (esim. renkaan tai lisätuotteen) käytössä`);
    }
    if (item.workKind) {
      const kind = workKinds.get(item.workKind);
      if (!kind) errors.add(item.line, 'work_kind', `Tuntematon työlaji ${item.workKind}: työlajit ovat ${[...workKinds.keys()].join(', ')}`);
      else if (!kind.active && before?.work_kind !== item.workKind) errors.add(item.line, 'work_kind', `Työlaji ${item.workKind} ei ole käytössä`);
    }
  }
  if (errors.any) return { changes: [], errors: errors.list };

  const changes: Change[] = [];
  const takenIds = new Set(groups.map((g) => g.id));
  let nextGroupSort = Math.max(0, ...groups.map((g) => g.sort));
  const nextSort = new Map<string, number>();
  const madeKinds = new Set<string>();
  for (const item of items) {
    const k = groupKey(item.stage, item.group);
    let group = groupByKey.get(k);
    if (!group) {
      group = { id: groupIdOf(item.group, takenIds), stage: item.stage, kind: item.kind, title: item.group, sort: (nextGroupSort += 10) };
      await insertServiceGroup(trx, group);
      groupByKey.set(k, group);
    }
    const groupKindBefore = group.kind;
    if (group.kind !== item.kind && !madeKinds.has(group.id)) {
      await updateServiceGroupKind(trx, group.id, item.kind);
      madeKinds.add(group.id);
    }
    const before = existing.get(item.key);
    const beforeGroup = before ? groupById.get(before.group_id) : undefined;
    const after = {
      group: group.title,
      stage: group.stage,
      kind: item.kind,
      name: item.name,
      price: item.priceCents,
      duration: item.durationMinutes,
      workKind: item.workKind === undefined ? (before?.work_kind ?? null) : item.workKind,
      active: item.active ?? before?.active ?? true,
    };
    const was = before && {
      group: beforeGroup!.title,
      stage: beforeGroup!.stage,
      kind: before.group_id === group.id ? groupKindBefore : beforeGroup!.kind,
      name: before.description,
      price: before.price_cents,
      duration: before.duration_minutes,
      workKind: before.work_kind,
      active: before.active,
    };
    const change = changeOf(item.key, was, after, {
      group: 'group',
      stage: 'stage',
      kind: 'kind',
      name: 'name',
      price: 'price',
      duration_minutes: 'duration',
      work_kind: 'workKind',
      active: 'active',
    });
    // The group's own title: a file that only changes its case keeps the group and its title.
    if (was && before!.group_id === group.id) change.fields = change.fields.filter((f) => f !== 'group');
    if (change.action === 'UPDATE' && change.fields.length === 0) change.action = 'UNCHANGED';
    changes.push(change);
    const values = {
      group_id: group.id,
      description: after.name,
      price_cents: after.price,
      duration_minutes: after.duration,
      work_kind: after.workKind,
      active: after.active,
    };
    if (!before) {
      const sort = (nextSort.get(group.id) ?? (await maxProductSort(trx, group.id))) + 10;
      nextSort.set(group.id, sort);
      await insertProduct(trx, { id: item.key, sort, ...values });
    } else if (change.action === 'UPDATE') {
      await updateProduct(trx, item.key, values);
    }
  }
  return { changes, errors: [] };
}

async function rows(db: Executor): Promise<string[][]> {
  const groups = new Map((await findServiceGroups(db)).map((g) => [g.id, g]));
  return (await findServiceProducts(db)).map((p: ServiceProductRow) => {
    const g = groups.get(p.group_id)!;
    return [
      p.id,
      g.title,
      g.stage,
      g.kind,
      p.description,
      formatCents(p.price_cents),
      String(p.duration_minutes),
      p.work_kind ?? '',
      formatBoolean(p.active),
    ];
  });
}

export const servicesFile: FileKind = {
  file: 'services',
  columns: SERVICE_COLUMNS,
  run: (trx, table) => run(trx, table),
  rows,
};
