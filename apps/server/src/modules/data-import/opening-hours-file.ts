/**
 * opening-hours.csv: an office's usual hours Monday–Friday (day 'ma-pe': organization's
 * opening_time and closing_time) and the exceptions of a date (opening_exception; both
 * times empty: closed). The capacity page's rules apply (modules/staff-capacity): the
 * domain's openingHoursBody and openingExceptionBody, the first slot kept inside new usual
 * hours, and an exception only on a working day from today to the booking horizon — a
 * date checked only when its row changes, so an older file still reads back unchanged. A
 * row never removes an exception; the capacity page does.
 */
import { openingExceptionBody, openingHoursBody, todayInHelsinki } from '@huolto/domain';
import { z } from 'zod';
import type { Executor } from '#src/db/database.ts';
import { ValidationError } from '#src/lib/errors.ts';
import { assertExceptionDate, updateOpeningHours, upsertOpeningException } from '#src/modules/staff-capacity/index.ts';
import { parseClock, type CsvTable } from './csv.ts';
import { RowErrors, cellOf, columnsOf, changeOf, uniqueByKey, type Change, type FileKind, type ImportContext } from './file-kind.ts';
import { findOfficeCodes, findOpeningExceptions } from './repository.ts';

export const OPENING_HOURS_COLUMNS = columnsOf('opening-hours');

/** The day of the usual hours. */
export const USUAL_DAYS = 'ma-pe';
const DATE = z.iso.date();

const COLUMN_OF_FIELD: Record<string, string> = { openingTime: 'opening_time', closingTime: 'closing_time', reason: 'reason', date: 'day', closed: 'opening_time' };
const columnOf = (path: string) => COLUMN_OF_FIELD[path] ?? null;

interface HoursItem {
  line: number;
  key: string;
  officeCode: string;
  /** USUAL_DAYS or a date. */
  day: string;
  openingTime: string | null;
  closingTime: string | null;
  reason: string;
}

function readRow(row: CsvTable['rows'][number], errors: RowErrors): HoursItem | undefined {
  const before = errors.list.length;
  const line = row.line;
  const officeCode = cellOf(row, 'office_code') ?? '';
  if (officeCode === '') errors.add(line, 'office_code', 'Pakollinen tieto');
  const dayCell = (cellOf(row, 'day') ?? '').toLowerCase().replace(/[–—]/g, '-');
  const day = dayCell === USUAL_DAYS ? USUAL_DAYS : dayCell;
  if (day !== USUAL_DAYS && !DATE.safeParse(day).success) errors.add(line, 'day', `Päivä on ${USUAL_DAYS} (tavalliset aukioloajat) tai päivämäärä muodossa VVVV-KK-PP`);
  const time = (column: string) => {
    const cell = cellOf(row, column) ?? '';
    if (cell === '') return null;
    const clock = parseClock(cell);
    if (clock === undefined) errors.add(line, column, 'Kellonaika muodossa HH:MM, esim. 08:00');
    return clock ?? null;
  };
  const openingTime = time('opening_time');
  const closingTime = time('closing_time');
  if (errors.list.length > before) return undefined;
  return { line, key: `${officeCode} / ${day}`, officeCode, day, openingTime, closingTime, reason: cellOf(row, 'reason') ?? '' };
}

async function run(trx: Executor, table: CsvTable, ctx: ImportContext): Promise<{ changes: Change[]; errors: RowErrors['list'] }> {
  const errors = new RowErrors();
  const read = table.rows.map((r) => readRow(r, errors)).filter((i): i is HoursItem => i !== undefined);
  const items = uniqueByKey(read, errors, 'day', 'Päivä');
  const offices = new Map((await findOfficeCodes(trx)).map((o) => [o.code.toLowerCase(), o]));
  const exceptions = new Map((await findOpeningExceptions(trx)).map((e) => [`${e.organization_id}/${e.day}`, e]));

  const changes: Change[] = [];
  const writes: (() => Promise<void>)[] = [];
  for (const item of items) {
    const office = offices.get(item.officeCode.toLowerCase());
    if (!office) {
      errors.add(item.line, 'office_code', `Tuntematon toimipiste ${item.officeCode}: tuo toimipiste ensin tiedostossa offices.csv`);
      continue;
    }
    const key = `${office.code} / ${item.day}`;
    if (item.day === USUAL_DAYS) {
      const parsed = openingHoursBody.safeParse({ openingTime: item.openingTime ?? '', closingTime: item.closingTime ?? '' });
      if (!parsed.success) {
        errors.addZod(item.line, parsed.error, columnOf);
        continue;
      }
      const after = { opening: parsed.data.openingTime, closing: parsed.data.closingTime };
      const change = changeOf(key, { opening: office.opening_time, closing: office.closing_time }, after, { opening_time: 'opening', closing_time: 'closing' });
      changes.push(change);
      if (change.action !== 'UNCHANGED') writes.push(() => updateOpeningHours(trx, office.id, after.opening, after.closing));
      continue;
    }
    const closed = item.openingTime === null && item.closingTime === null;
    const parsed = openingExceptionBody.safeParse({ closed, openingTime: item.openingTime, closingTime: item.closingTime, reason: item.reason });
    if (!parsed.success) {
      errors.addZod(item.line, parsed.error, columnOf);
      continue;
    }
    const body = parsed.data;
    const after = { opening: body.closed ? null : body.openingTime, closing: body.closed ? null : body.closingTime, reason: body.reason };
    const current = exceptions.get(`${office.id}/${item.day}`);
    const change = changeOf(key, current && { opening: current.opening_time, closing: current.closing_time, reason: current.reason }, after, {
      opening_time: 'opening',
      closing_time: 'closing',
      reason: 'reason',
    });
    if (change.action === 'UNCHANGED') {
      changes.push(change);
      continue;
    }
    try {
      assertExceptionDate(item.day, ctx.now);
    } catch (err) {
      if (!(err instanceof ValidationError)) throw err;
      errors.addRefusal(item.line, err, columnOf);
      continue;
    }
    changes.push(change);
    writes.push(() =>
      upsertOpeningException(trx, { organizationId: office.id, day: item.day, openingTime: after.opening, closingTime: after.closing, reason: after.reason }),
    );
  }
  if (errors.any) return { changes: [], errors: errors.list };
  for (const write of writes) await write();
  return { changes, errors: [] };
}

/** Each office's usual hours, then its exceptions from today on, by office code and date. */
async function rows(db: Executor, now: Date): Promise<string[][]> {
  const offices = await findOfficeCodes(db);
  const byOffice = new Map<number, Awaited<ReturnType<typeof findOpeningExceptions>>>();
  for (const e of await findOpeningExceptions(db, todayInHelsinki(now))) byOffice.set(e.organization_id, [...(byOffice.get(e.organization_id) ?? []), e]);
  return offices.flatMap((o) => [
    [o.code, USUAL_DAYS, o.opening_time, o.closing_time, ''],
    ...(byOffice.get(o.id) ?? []).map((e) => [o.code, e.day, e.opening_time ?? '', e.closing_time ?? '', e.reason]),
  ]);
}

export const openingHoursFile: FileKind = { file: 'opening-hours', columns: OPENING_HOURS_COLUMNS, run, rows };
