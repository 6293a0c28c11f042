/**
 * extra-items.csv: the small items a customer adds to the order beside the services (wiper
 * blades, bulbs, washer fluid; extra_order_item), keyed by their code (the item's id, which a
 * saved booking's added rows name). Every row is checked before any is written; a column the
 * file leaves out keeps the stored value (sort, active). An item is never removed: `active`
 * ei takes it off offer.
 */
import { PRODUCT_CODE_PATTERN } from '@huolto/domain';
import type { Executor } from '#src/db/database.ts';
import { formatBoolean, formatCents, type CsvRow, type CsvTable } from './csv.ts';
import { RowErrors, cellOf, columnsOf, changeOf, uniqueByKey, type Change, type FileKind } from './file-kind.ts';
import { booleanCell, integerCell, priceCell, requiredText } from './catalogue-cells.ts';
import { findExtraItems, insertExtraItem, updateExtraItem, type ExtraItemRow } from './catalogue-repository.ts';

export const EXTRA_ITEM_COLUMNS = columnsOf('extra-items');

interface ExtraItem {
  line: number;
  key: string;
  name: string;
  priceCents: number;
  /** undefined or null: the column is absent or empty (the item keeps its place; a new one goes last). */
  sort: number | null | undefined;
  active: boolean | undefined;
}

function readRow(row: CsvRow, errors: RowErrors): ExtraItem | undefined {
  const before = errors.list.length;
  const code = cellOf(row, 'code') ?? '';
  if (!PRODUCT_CODE_PATTERN.test(code)) errors.add(row.line, 'code', 'Tunnuksessa on 1–60 kirjainta (a–z), numeroa, - tai _');
  const name = requiredText(row, errors, 'name', 200);
  const priceCents = priceCell(row, errors, 'price', false);
  const sort = integerCell(row, errors, 'sort', 0, 999_999_999, 'Järjestys on kokonaisluku 0 tai suurempi');
  const active = booleanCell(row, errors, 'active', true);
  if (errors.list.length > before) return undefined;
  return { line: row.line, key: code, name, priceCents: priceCents!, sort, active };
}

async function run(trx: Executor, table: CsvTable): Promise<{ changes: Change[]; errors: RowErrors['list'] }> {
  const errors = new RowErrors();
  const read = table.rows.map((r) => readRow(r, errors)).filter((i): i is ExtraItem => i !== undefined);
  const items = uniqueByKey(read, errors, 'code', 'Tunnus');
  if (errors.any) return { changes: [], errors: errors.list };

  const stored = await findExtraItems(trx);
  // A code matches its item whatever its case: the file's WIPER-BLADES and wiper-blades are one item.
  const byCode = new Map(stored.map((i) => [i.id.toLowerCase(), i]));
  let lastSort = Math.max(0, ...stored.map((i) => i.sort));
  const changes: Change[] = [];
  for (const item of items) {
    const before = byCode.get(item.key.toLowerCase());
    const id = before?.id ?? item.key;
    const after: ExtraItemRow = {
      id,
      description: item.name,
      price_cents: item.priceCents,
      sort: item.sort ?? before?.sort ?? (lastSort += 10),
      active: item.active ?? before?.active ?? true,
    };
    lastSort = Math.max(lastSort, after.sort);
    const change = changeOf(id, before, after, { name: 'description', price: 'price_cents', sort: 'sort', active: 'active' });
    changes.push(change);
    const { id: _id, ...values } = after;
    if (!before) await insertExtraItem(trx, after);
    else if (change.action === 'UPDATE') await updateExtraItem(trx, id, values);
  }
  return { changes, errors: [] };
}

async function rows(db: Executor): Promise<string[][]> {
  return (await findExtraItems(db)).map((i) => {
    const cells: Record<string, string> = { code: i.id, name: i.description, price: formatCents(i.price_cents), sort: String(i.sort), active: formatBoolean(i.active) };
    return EXTRA_ITEM_COLUMNS.map((c) => cells[c.name] ?? '');
  });
}

export const extraItemsFile: FileKind = {
  file: 'extra-items',
  columns: EXTRA_ITEM_COLUMNS,
  run: (trx, table) => run(trx, table),
  rows,
};
