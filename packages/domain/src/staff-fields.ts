/**
 * The fields the staff API's schemas share (staff.ts and its parts): ids, storable lines,
 * the back-office's dates and local date-times, clock times. Not exported from the
 * package, except the date limits, which staff.ts passes on.
 */
import { z } from 'zod';
import { FIELD_ERRORS } from './messages.ts';
import { PG_INT_MAX, isStorableText } from './storable.ts';
import { cleanLine } from './validation.ts';
import { DATE_PATTERN, LOCAL_DATE_TIME_PATTERN, existsInHelsinki, isRealDate, isRealLocalDateTime } from './time.ts';

export const storable = { error: FIELD_ERRORS.unstorable };
export const id = z.coerce.number().int().positive().max(PG_INT_MAX);
/**
 * The dates the back-office works with: its views, absences and exceptions lie in these
 * years. A date outside them is refused as input (400 naming the field), so no day or week
 * computed from a date can run off the end of the calendar (9999-12-31 + 1 day).
 */
export const STAFF_FIRST_DATE = '2000-01-01';
export const STAFF_LAST_DATE = '2099-12-31';
export const dateString = z
  .string()
  .regex(DATE_PATTERN, { error: 'Päivämäärä muodossa VVVV-KK-PP', abort: true })
  .refine(isRealDate, { error: 'Päivämäärä ei ole kelvollinen', abort: true })
  .refine((d) => d >= STAFF_FIRST_DATE && d <= STAFF_LAST_DATE, {
    error: `Päivämäärä vuosilta ${STAFF_FIRST_DATE.slice(0, 4)}–${STAFF_LAST_DATE.slice(0, 4)}`,
    abort: true,
  });
export const localDateTime = z
  .string()
  .regex(LOCAL_DATE_TIME_PATTERN, { error: 'Aika muodossa VVVV-KK-PPTHH:mm:ss', abort: true })
  .refine(isRealLocalDateTime, { error: 'Päivämäärä tai kellonaika ei ole kelvollinen', abort: true })
  .refine(existsInHelsinki, { error: 'Kellonaikaa ei ole: kello siirtyy silloin kesäaikaan', abort: true });
/** 'HH:mm', 00:00–23:59. */
export const clockTime = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: 'Kellonaika muodossa HH:MM' });
export const line = (max: number) =>
  z.string().max(max, { error: FIELD_ERRORS.tooLong }).refine(isStorableText, storable).transform(cleanLine);
