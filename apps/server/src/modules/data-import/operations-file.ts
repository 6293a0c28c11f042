/**
 * operations.csv: the operations of the catalogue's services ("Näytä huollon sisältö",
 * product_operation) with their spare parts, a row per operation keyed by the service's code
 * and the operation's position. The file replaces the operations of each service it names,
 * numbered 1, 2, 3 … without gaps; a stored operation past the file's last position of its
 * service is removed (answered as an UPDATE of its position, both columns emptied). A
 * service the file does not name keeps its operations. Positions are the operations' order,
 * so an export numbers each service's operations 1 … n whatever their stored numbers.
 */
import { OPERATION_MAX_SPARE_PARTS, SERVICE_MAX_OPERATIONS, cleanLine, isStorableText } from '@huolto/domain';
import type { Executor } from '#src/db/database.ts';
import { formatList, parseInteger, parseList, type CsvRow, type CsvTable } from './csv.ts';
import { RowErrors, cellOf, columnsOf, changeOf, uniqueByKey, type Change, type FileKind } from './file-kind.ts';
import { requiredText } from './catalogue-cells.ts';
import { findCatalogueProductsByIds, findOperations, replaceOperations } from './catalogue-repository.ts';
import { SERVICE_GROUP_KINDS, SERVICE_STAGES, findServiceGroups } from './repository.ts';

export const OPERATION_COLUMNS = columnsOf('operations');

interface OperationItem {
  line: number;
  /** 'service / position'. */
  key: string;
  serviceCode: string;
  position: number;
  description: string;
  spareParts: string[];
}

const keyOf = (serviceCode: string, position: number) => `${serviceCode} / ${position}`;

function readRow(row: CsvRow, errors: RowErrors): OperationItem | undefined {
  const before = errors.list.length;
  const line = row.line;
  const serviceCode = cellOf(row, 'service_code') ?? '';
  if (serviceCode === '') errors.add(line, 'service_code', 'Pakollinen tieto');
  const position = parseInteger(cellOf(row, 'position') ?? '');
  if (position === undefined || position < 1 || position > SERVICE_MAX_OPERATIONS) {
    errors.add(line, 'position', `Järjestysnumero on kokonaisluku 1–${SERVICE_MAX_OPERATIONS}`);
  }
  const description = requiredText(row, errors, 'description', 300);
  const spareParts = parseList(cellOf(row, 'spare_parts') ?? '').map(cleanLine);
  if (spareParts.length > OPERATION_MAX_SPARE_PARTS) errors.add(line, 'spare_parts', `Enintään ${OPERATION_MAX_SPARE_PARTS} varaosaa`);
  else if (spareParts.some((p) => p.length > 200)) errors.add(line, 'spare_parts', 'Varaosan nimi on liian pitkä (enintään 200 merkkiä)');
  else if (!spareParts.every(isStorableText)) errors.add(line, 'spare_parts', 'Tekstissä on merkkejä, joita ei voi tallentaa');
  if (errors.list.length > before) return undefined;
  return { line, key: keyOf(serviceCode, position!), serviceCode, position: position!, description, spareParts };
}

async function run(trx: Executor, table: CsvTable): Promise<{ changes: Change[]; errors: RowErrors['list'] }> {
  const errors = new RowErrors();
  const read = table.rows.map((r) => readRow(r, errors)).filter((i): i is OperationItem => i !== undefined);
  const unique = uniqueByKey(read, errors, 'position', 'Työvaihe', false);

  // The services named: the catalogue's, by their code as stored.
  const groups = new Map((await findServiceGroups(trx)).map((g) => [g.id, g]));
  const named = [...new Set(unique.map((i) => i.serviceCode))];
  const products = await findCatalogueProductsByIds(trx, named);
  const productByCode = new Map(products.map((p) => [p.id, p]));
  const items: OperationItem[] = [];
  for (const item of unique) {
    const product = productByCode.get(item.serviceCode);
    const group = product && groups.get(product.group_id);
    if (!product || !group) {
      errors.add(item.line, 'service_code', `Tuntematon palvelu ${item.serviceCode}: tuo palvelu ensin tiedostossa services.csv`);
    } else if (!(SERVICE_STAGES as readonly string[]).includes(group.stage) || !(SERVICE_GROUP_KINDS as readonly string[]).includes(group.kind)) {
      errors.add(item.line, 'service_code', `Tunnus ${item.serviceCode} ei ole palveluluettelon palvelu (esim. rengas tai tuulilasituote)`);
    } else {
      items.push(item);
    }
  }

  // Each service's positions run 1 … n without gaps.
  const byService = new Map<string, OperationItem[]>();
  for (const item of items) byService.set(item.serviceCode, [...(byService.get(item.serviceCode) ?? []), item]);
  for (const [code, ops] of byService) {
    const positions = new Set(ops.map((o) => o.position));
    for (const op of ops) {
      if (op.position <= ops.length) continue;
      const missing = Array.from({ length: op.position - 1 }, (_, i) => i + 1).filter((p) => !positions.has(p));
      errors.add(op.line, 'position', `Palvelun ${code} työvaiheet numeroidaan 1, 2, 3 … ilman aukkoja: vaihe ${missing.join(', ')} puuttuu`);
    }
  }
  if (errors.any) return { changes: [], errors: errors.list };

  const stored = new Map<string, { description: string; spare_parts: string[] }[]>();
  for (const op of await findOperations(trx, [...byService.keys()])) stored.set(op.product_id, [...(stored.get(op.product_id) ?? []), op]);
  const changes: Change[] = [];
  for (const [code, ops] of byService) {
    const ordered = [...ops].sort((a, b) => a.position - b.position);
    const before = stored.get(code) ?? [];
    const serviceChanges = ordered.map((op) => {
      const was = before[op.position - 1];
      return changeOf(op.key, was && { description: was.description, spareParts: was.spare_parts.join('|') }, { description: op.description, spareParts: op.spareParts.join('|') }, {
        description: 'description',
        spare_parts: 'spareParts',
      });
    });
    const removed = before.slice(ordered.length).map((_, i): Change => ({ key: keyOf(code, ordered.length + i + 1), action: 'UPDATE', fields: ['description', 'spare_parts'] }));
    // By service (in the order the file first names them) and position, the removed ones last.
    changes.push(...serviceChanges, ...removed);
    if (removed.length > 0 || serviceChanges.some((c) => c.action !== 'UNCHANGED')) {
      await replaceOperations(trx, code, ordered.map((o) => ({ description: o.description, spareParts: o.spareParts })));
    }
  }
  return { changes, errors: [] };
}

async function rows(db: Executor): Promise<string[][]> {
  const position = new Map<string, number>();
  return (await findOperations(db)).map((o) => {
    const n = (position.get(o.product_id) ?? 0) + 1;
    position.set(o.product_id, n);
    const cells: Record<string, string> = { service_code: o.product_id, position: String(n), description: o.description, spare_parts: formatList(o.spare_parts) };
    return OPERATION_COLUMNS.map((c) => cells[c.name] ?? '');
  });
}

export const operationsFile: FileKind = {
  file: 'operations',
  columns: OPERATION_COLUMNS,
  run: (trx, table) => run(trx, table),
  rows,
};
