/**
 * The fields the booking API's schemas share (api.ts and its parts): ids, storable text,
 * real dates and date-times, and the date range of the free-time calls. Not exported from
 * the package: each schema file imports what it uses.
 */
import { z } from 'zod';
import { DATE_PATTERN, LOCAL_DATE_TIME_PATTERN, isRealDate, isRealLocalDateTime } from './time.ts';
import { FREE_TIMES_RANGE_MESSAGE, isWithinFreeTimesRange } from './reservation.ts';
import { FIELD_ERRORS } from './messages.ts';
import { PG_INT_MAX } from './storable.ts';

export const id = z.coerce.number().int().positive().max(PG_INT_MAX);
/** Text that the database can store: no NUL, no unpaired surrogate (storable.ts). */
export const storable = { error: FIELD_ERRORS.unstorable };
/** A real calendar date 'YYYY-MM-DD' (time.ts isRealDate): '2027-02-30' and year 0000 are refused. */
export const dateString = z
  .string()
  .regex(DATE_PATTERN, { error: 'Päivämäärä muodossa VVVV-KK-PP', abort: true })
  .refine(isRealDate, { error: 'Päivämäärä ei ole kelvollinen', abort: true });
/** A real local date-time 'YYYY-MM-DDTHH:mm:ss': hour 00–23, minute and second 00–59. */
export const localDateTime = z
  .string()
  .regex(LOCAL_DATE_TIME_PATTERN, { error: 'Aika muodossa VVVV-KK-PPTHH:mm:ss', abort: true })
  .refine(isRealLocalDateTime, { error: 'Päivämäärä tai kellonaika ei ole kelvollinen', abort: true });
/** A real date or local date-time. */
export const dateOrLocalDateTime = z
  .string()
  .max(19)
  .refine((v) => isRealDate(v) || isRealLocalDateTime(v), { error: 'Päivämäärä ei ole kelvollinen' });
/** Start not after end, covering at most FREE_TIMES_MAX_RANGE_DAYS days (reservation.ts, as the server's whole rule). */
export const dateRangeChecks = <T extends z.ZodType<{ start: string; end: string }>>(schema: T) =>
  schema
    .refine((b) => !isRealDate(b.start) || !isRealDate(b.end) || b.start <= b.end, {
      path: ['end'],
      message: 'Loppupäivä ennen alkupäivää',
    })
    .refine((b) => !isRealDate(b.start) || !isRealDate(b.end) || isWithinFreeTimesRange(b.start, b.end), {
      path: ['end'],
      message: FREE_TIMES_RANGE_MESSAGE,
    });

/** A product as a line of the cart or the booking names it. */
export const productRefSchema = z.object({ id: z.string(), provider: z.string() });

/** A tire of the car as the vehicle search finds it. */
const vehicleTireSchema = z.object({
  width: z.number(),
  aspectRatio: z.number(),
  constructionType: z.string(),
  rimDiameter: z.number(),
  loadIndex: z.number(),
});

/** The car as the session and the booking carry it. */
export const bookingVehicleSchema = z.object({
  register_number: z.string(),
  make: z.string(),
  model: z.string(),
  model_year: z.number().nullable().optional(),
  classification: z.object({ id: z.number() }),
  tires: z.object({ front: vehicleTireSchema.nullable(), rear: vehicleTireSchema.nullable() }).nullable(),
});
