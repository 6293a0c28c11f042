/**
 * The cells the catalogue's files (services, operations, extra-items, campaign-codes) read
 * alike: a line of text, a price in euros, a date, a yes/no, a list of codes. Each reader adds
 * its refusal at the cell's column and answers undefined for a column the file does not have
 * (the stored value stays), null for an empty optional cell (the documented default).
 */
import { CATALOGUE_MAX_PRICE_CENTS, DATE_PATTERN, STAFF_FIRST_DATE, STAFF_LAST_DATE, cleanLine, isRealDate, isStorableText } from '@huolto/domain';
import { parseBoolean, parseInteger, parseScaled, type CsvRow } from './csv.ts';
import { cellOf, type RowErrors } from './file-kind.ts';

/** The price's refusal: a negative price, a third decimal or one past the catalogue's highest. */
export const PRICE_MESSAGE = `Hinta euroina, esim. 89,00 (0–${String(CATALOGUE_MAX_PRICE_CENTS / 100).replace(/\B(?=(\d{3})+$)/g, ' ')} €, enintään kaksi desimaalia)`;

/** A required line of text of at most `max` characters ('' when refused). */
export function requiredText(row: CsvRow, errors: RowErrors, column: string, max: number): string {
  const v = cleanLine(cellOf(row, column) ?? '');
  if (v === '') errors.add(row.line, column, 'Pakollinen tieto');
  else if (v.length > max) errors.add(row.line, column, `Teksti on liian pitkä (enintään ${max} merkkiä)`);
  else if (!isStorableText(v)) errors.add(row.line, column, 'Tekstissä on merkkejä, joita ei voi tallentaa');
  return v;
}

/** An optional line of text: undefined when absent, null when empty. */
export function optionalText(row: CsvRow, errors: RowErrors, column: string, max: number): string | null | undefined {
  const cell = cellOf(row, column);
  if (cell === undefined) return undefined;
  const v = cleanLine(cell);
  if (v === '') return null;
  if (v.length > max) errors.add(row.line, column, `Teksti on liian pitkä (enintään ${max} merkkiä)`);
  else if (!isStorableText(v)) errors.add(row.line, column, 'Tekstissä on merkkejä, joita ei voi tallentaa');
  return v;
}

/** A price in euros as cents (0 … CATALOGUE_MAX_PRICE_CENTS), or undefined when refused or (optional) absent; null when empty and optional. */
export function priceCell(row: CsvRow, errors: RowErrors, column: string, optional: boolean): number | null | undefined {
  const cell = cellOf(row, column);
  if (optional && cell === undefined) return undefined;
  if (optional && cell === '') return null;
  const cents = parseScaled(cell ?? '', 2);
  if (cents === undefined || cents < 0 || cents > CATALOGUE_MAX_PRICE_CENTS) {
    errors.add(row.line, column, cents !== undefined && cents < 0 ? `Hinta ei voi olla negatiivinen: ${PRICE_MESSAGE}` : PRICE_MESSAGE);
    return undefined;
  }
  return cents;
}

/** A whole number from `min` to `max`: undefined when absent or refused, null when empty. */
export function integerCell(row: CsvRow, errors: RowErrors, column: string, min: number, max: number, message: string): number | null | undefined {
  const cell = cellOf(row, column);
  if (cell === undefined) return undefined;
  if (cell === '') return null;
  const n = parseInteger(cell);
  if (n === undefined || n < min || n > max) {
    errors.add(row.line, column, message);
    return undefined;
  }
  return n;
}

/** A date 'VVVV-KK-PP' of the back-office's years: undefined when absent or refused, null when empty. */
export function dateCell(row: CsvRow, errors: RowErrors, column: string): string | null | undefined {
  const cell = cellOf(row, column);
  if (cell === undefined) return undefined;
  if (cell === '') return null;
  if (!DATE_PATTERN.test(cell)) errors.add(row.line, column, 'Päivämäärä muodossa VVVV-KK-PP, esim. 2027-03-01');
  else if (!isRealDate(cell)) errors.add(row.line, column, `Päivämäärää ${cell} ei ole kalenterissa`);
  else if (cell < STAFF_FIRST_DATE || cell > STAFF_LAST_DATE) {
    errors.add(row.line, column, `Päivämäärä vuosilta ${STAFF_FIRST_DATE.slice(0, 4)}–${STAFF_LAST_DATE.slice(0, 4)}`);
  } else return cell;
  return undefined;
}

/** kyllä/ei: undefined when absent or refused, `empty` when empty. */
export function booleanCell(row: CsvRow, errors: RowErrors, column: string, empty: boolean): boolean | undefined {
  const cell = cellOf(row, column);
  if (cell === undefined) return undefined;
  if (cell === '') return empty;
  const v = parseBoolean(cell);
  if (v === undefined) errors.add(row.line, column, 'Kirjoita kyllä tai ei');
  return v;
}

/** The message of a last day before the first (the domain's). */
export const DATES_IN_ORDER_MESSAGE = 'Viimeinen päivä ennen ensimmäistä';

/** The same list in the same order. */
export const sameList = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((v, i) => v === b[i]);
