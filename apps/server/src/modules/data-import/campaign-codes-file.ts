/**
 * campaign-codes.csv: the codes a customer enters for a percentage off the order's services
 * (campaign_code, migrations 003 and 022), keyed by the code, written in capitals (a code
 * written in small letters is the same code). Every row is checked before any is written; a
 * column the file leaves out keeps the stored value (members_only, valid_from, valid_to,
 * active). A code is never removed: `active` ei turns it off, and a saved booking keeps its code.
 */
import { CAMPAIGN_CODE_PATTERN } from '@huolto/domain';
import type { Executor } from '#src/db/database.ts';
import { formatBoolean, parseInteger, type CsvRow, type CsvTable } from './csv.ts';
import { RowErrors, cellOf, columnsOf, changeOf, uniqueByKey, type Change, type FileKind } from './file-kind.ts';
import { DATES_IN_ORDER_MESSAGE, booleanCell, dateCell, requiredText } from './catalogue-cells.ts';
import { findCampaignCodes, insertCampaignCode, updateCampaignCode, type CampaignCodeRow } from './catalogue-repository.ts';

export const CAMPAIGN_CODE_COLUMNS = columnsOf('campaign-codes');

interface CodeItem {
  line: number;
  key: string;
  description: string;
  percentOff: number;
  /** undefined: the column is absent (the stored value stays, a new code takes the default). */
  membersOnly: boolean | undefined;
  validFrom: string | null | undefined;
  validTo: string | null | undefined;
  active: boolean | undefined;
}

function readRow(row: CsvRow, errors: RowErrors): CodeItem | undefined {
  const before = errors.list.length;
  const line = row.line;
  const code = (cellOf(row, 'code') ?? '').toUpperCase();
  if (!CAMPAIGN_CODE_PATTERN.test(code)) errors.add(line, 'code', 'Koodissa on 1–40 kirjainta (A–Z), numeroa, - tai _');
  const description = requiredText(row, errors, 'description', 200);
  const percentOff = parseInteger(cellOf(row, 'percent_off') ?? '');
  if (percentOff === undefined || percentOff < 1 || percentOff > 100) errors.add(line, 'percent_off', 'Alennus prosentteina, kokonaisluku 1–100');
  const membersOnly = booleanCell(row, errors, 'members_only', false);
  const validFrom = dateCell(row, errors, 'valid_from');
  const validTo = dateCell(row, errors, 'valid_to');
  const active = booleanCell(row, errors, 'active', true);
  if (errors.list.length > before) return undefined;
  return { line, key: code, description, percentOff: percentOff!, membersOnly, validFrom, validTo, active };
}

async function run(trx: Executor, table: CsvTable): Promise<{ changes: Change[]; errors: RowErrors['list'] }> {
  const errors = new RowErrors();
  const read = table.rows.map((r) => readRow(r, errors)).filter((i): i is CodeItem => i !== undefined);
  const items = uniqueByKey(read, errors, 'code', 'Koodi');
  const stored = new Map((await findCampaignCodes(trx)).map((c) => [c.code, c]));

  const afters: [CodeItem, CampaignCodeRow][] = [];
  for (const item of items) {
    const before = stored.get(item.key);
    const keep = <T,>(value: T | undefined, storedValue: T | undefined, otherwise: T): T => (value !== undefined ? value : before ? (storedValue as T) : otherwise);
    const after: CampaignCodeRow = {
      code: item.key,
      description: item.description,
      percent_off: item.percentOff,
      members_only: keep(item.membersOnly, before?.members_only, false),
      valid_from: keep(item.validFrom, before?.valid_from, null),
      valid_to: keep(item.validTo, before?.valid_to, null),
      active: keep(item.active, before?.active, true),
    };
    if (after.valid_from !== null && after.valid_to !== null && after.valid_from > after.valid_to) {
      errors.add(item.line, item.validTo !== undefined ? 'valid_to' : 'valid_from', DATES_IN_ORDER_MESSAGE);
    }
    afters.push([item, after]);
  }
  if (errors.any) return { changes: [], errors: errors.list };

  const changes: Change[] = [];
  for (const [item, after] of afters) {
    const before = stored.get(item.key);
    const change = changeOf(item.key, before, after, {
      description: 'description',
      percent_off: 'percent_off',
      members_only: 'members_only',
      valid_from: 'valid_from',
      valid_to: 'valid_to',
      active: 'active',
    });
    changes.push(change);
    const { code, ...values } = after;
    if (!before) await insertCampaignCode(trx, after);
    else if (change.action === 'UPDATE') await updateCampaignCode(trx, code, values);
  }
  return { changes, errors: [] };
}

async function rows(db: Executor): Promise<string[][]> {
  return (await findCampaignCodes(db)).map((c) => {
    const cells: Record<string, string> = {
      code: c.code,
      description: c.description,
      percent_off: String(c.percent_off),
      members_only: formatBoolean(c.members_only),
      valid_from: c.valid_from ?? '',
      valid_to: c.valid_to ?? '',
      active: formatBoolean(c.active),
    };
    return CAMPAIGN_CODE_COLUMNS.map((col) => cells[col.name] ?? '');
  });
}

export const campaignCodesFile: FileKind = {
  file: 'campaign-codes',
  columns: CAMPAIGN_CODE_COLUMNS,
  run: (trx, table) => run(trx, table),
  rows,
};
