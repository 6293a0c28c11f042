/**
 * redirects.csv: the makes whose maintenance (or another process) is booked on the make's own
 * site (requirements §4 "Redirect after vehicle step"; redirect_setting), keyed by the make's
 * name as the vehicle register writes it. After the vehicle step the customer of such a make
 * sees the message and is sent on after the delay. Every row is checked before any is
 * written; a column the file leaves out keeps the stored value (delay, processes, active). A
 * redirect is never removed: `active` ei turns it off. REDIRECT_URL_<MAKE>, where set, still
 * wins over the file's address for its make.
 */
import { PROCESS_TYPES, isStorableText } from '@huolto/domain';
import type { Executor } from '#src/db/database.ts';
import { formatBoolean, formatList, parseList, type CsvRow, type CsvTable } from './csv.ts';
import { RowErrors, cellOf, columnsOf, changeOf, uniqueByKey, type Change, type FileKind } from './file-kind.ts';
import { booleanCell, integerCell, requiredText } from './catalogue-cells.ts';
import { findMakesByName } from './catalogue-repository.ts';
import { findRedirects, insertRedirect, updateRedirect, type RedirectRow } from './redirects-repository.ts';

export const REDIRECT_COLUMNS = columnsOf('redirects');

/** The longest address and message (the page shows the message whole). */
const MAX_URL = 500;
const MAX_MESSAGE = 500;
/** Seconds before the customer is sent on: the table's range (migration 007), 5 when not given. */
const MAX_DELAY = 60;
const DEFAULT_DELAY = 5;
/** The processes a redirect covers when the file does not say (the table's default). */
const DEFAULT_PROCESSES = ['MAINTENANCE'];
/** An http(s) address without spaces or markup, as the company's addresses (and the table's CHECK). */
const HTTP_URL = /^https?:\/\/[^\s<>"]+$/;

interface Redirect {
  line: number;
  key: string;
  url: string;
  message: string;
  /** undefined or null: absent or empty (the stored delay stays; a new one 5 s). */
  delay: number | null | undefined;
  /** undefined: absent (the stored ones stay); empty: MAINTENANCE. */
  processes: string[] | undefined;
  active: boolean | undefined;
}

function readRow(row: CsvRow, errors: RowErrors): Redirect | undefined {
  const before = errors.list.length;
  const make = requiredText(row, errors, 'make', 100);
  const url = cellOf(row, 'url') ?? '';
  if (url === '') errors.add(row.line, 'url', 'Pakollinen tieto');
  else if (url.length > MAX_URL || !isStorableText(url) || !HTTP_URL.test(url)) errors.add(row.line, 'url', 'Anna osoite muodossa https://…');
  const message = requiredText(row, errors, 'message', MAX_MESSAGE);
  const delay = integerCell(row, errors, 'delay_seconds', 0, MAX_DELAY, `Viive sekunteina, kokonaisluku 0–${MAX_DELAY}`);
  const processesCell = cellOf(row, 'processes');
  let processes: string[] | undefined;
  if (processesCell !== undefined) {
    processes = parseList(processesCell).map((p) => p.toUpperCase());
    const unknown = processes.filter((p) => !(PROCESS_TYPES as readonly string[]).includes(p));
    if (unknown.length > 0) errors.add(row.line, 'processes', `Tuntematon palvelu ${unknown.join(', ')}: palvelut ovat ${PROCESS_TYPES.join(', ')}`);
    else if (new Set(processes).size !== processes.length) errors.add(row.line, 'processes', 'Sama palvelu kahdesti');
    if (processes.length === 0) processes = [...DEFAULT_PROCESSES];
  }
  const active = booleanCell(row, errors, 'active', true);
  if (errors.list.length > before) return undefined;
  return { line: row.line, key: make, url, message, delay, processes, active };
}

async function run(trx: Executor, table: CsvTable): Promise<{ changes: Change[]; errors: RowErrors['list'] }> {
  const errors = new RowErrors();
  const read = table.rows.map((r) => readRow(r, errors)).filter((i): i is Redirect => i !== undefined);
  const redirects = uniqueByKey(read, errors, 'make', 'Merkki');
  const makes = await findMakesByName(trx);
  const makeByName = new Map(makes.map((m) => [m.name.toLowerCase(), m]));
  for (const r of redirects) {
    if (!makeByName.has(r.key.toLowerCase())) {
      errors.add(r.line, 'make', `Tuntematon merkki ${r.key}: kirjoita merkki kuten ajoneuvorekisterissä, esim. ${makes[0]?.name ?? 'Toyota'}`);
    }
  }
  if (errors.any) return { changes: [], errors: errors.list };

  const stored = new Map((await findRedirects(trx)).map((r) => [r.make_id, r]));
  const changes: Change[] = [];
  for (const r of redirects) {
    const make = makeByName.get(r.key.toLowerCase())!;
    const found = stored.get(make.id);
    const before: RedirectRow | undefined = found && {
      make_id: found.make_id,
      redirect_url: found.redirect_url,
      redirect_message: found.redirect_message,
      redirect_delay: found.redirect_delay,
      process_types: found.process_types,
      active: found.active,
    };
    const after: RedirectRow = {
      make_id: make.id,
      redirect_url: r.url,
      redirect_message: r.message,
      redirect_delay: r.delay ?? before?.redirect_delay ?? DEFAULT_DELAY,
      process_types: r.processes ?? before?.process_types ?? [...DEFAULT_PROCESSES],
      active: r.active ?? before?.active ?? true,
    };
    const change = changeOf(make.name, before, after, {
      url: 'redirect_url',
      message: 'redirect_message',
      delay_seconds: 'redirect_delay',
      processes: 'process_types',
      active: 'active',
    });
    changes.push(change);
    const { make_id: _id, ...values } = after;
    if (!before) await insertRedirect(trx, after);
    else if (change.action === 'UPDATE') await updateRedirect(trx, make.id, values);
  }
  return { changes, errors: [] };
}

async function rows(db: Executor): Promise<string[][]> {
  return (await findRedirects(db)).map((r) => {
    const cells: Record<string, string> = {
      make: r.make,
      url: r.redirect_url,
      message: r.redirect_message,
      delay_seconds: String(r.redirect_delay),
      processes: formatList(r.process_types),
      active: formatBoolean(r.active),
    };
    return REDIRECT_COLUMNS.map((c) => cells[c.name] ?? '');
  });
}

export const redirectsFile: FileKind = {
  file: 'redirects',
  columns: REDIRECT_COLUMNS,
  run: (trx, table) => run(trx, table),
  rows,
};
