/**
 * The booking API's times (requirements §7): free times, reserving a time, the reservation's
 * details, first free times of offices, the key locker's taken times, a lead date and the
 * resources a customer may choose.
 */
import { z } from 'zod';
import { SHIFT_POSITIONS, TIME_SELECTION_TYPES } from './enums.ts';
import { PHONE_PATTERN } from './validation.ts';
import { LOCAL_DATE_TIME_PATTERN, isRealLocalDateTime } from './time.ts';
import { PG_INT_MAX } from './storable.ts';
import { dateString, localDateTime, dateOrLocalDateTime, dateRangeChecks } from './api-fields.ts';
import { organizationSchema } from './api.ts';
import { OTHER_OFFICES_MAX_LIMIT } from './rules.ts';

// ---- Time ------------------------------------------------------------------

/**
 * POST /free-times: real dates, start ≤ end, covering at most FREE_TIMES_MAX_RANGE_DAYS days. The
 * server also keeps the range within the booking horizon (reservation.ts).
 */
export const freeTimesBody = dateRangeChecks(
  z.object({
    start: dateString,
    end: dateString,
    resourceTimeSelectionTypes: z.array(z.enum(TIME_SELECTION_TYPES)).max(4).optional(),
  }),
);
export type FreeTimesBody = z.input<typeof freeTimesBody>;

const calendarSlotSchema = z.object({ startTime: z.string(), endTime: z.string() });
export const freeTimeDaySchema = z.object({
  date: z.string(),
  exactTimesAvailable: z.boolean(),
  onlyDayTimesAvailable: z.boolean(),
  calendarSlots: z.array(calendarSlotSchema),
});
export type FreeTimeDay = z.infer<typeof freeTimeDaySchema>;

/**
 * A reservation as 'start|end' local date-times (requirements §4), both real (no hour 24, no
 * 30 February), start before end. The server also keeps it within the booking horizon.
 */
const reservationString = z
  .string()
  .max(50)
  .refine(
    (v) => {
      const [s, e, ...rest] = v.split('|');
      return rest.length === 0 && !!s && !!e && LOCAL_DATE_TIME_PATTERN.test(s) && LOCAL_DATE_TIME_PATTERN.test(e);
    },
    { message: 'Varaus muodossa alku|loppu (VVVV-KK-PPTHH:mm:ss)', abort: true },
  )
  .refine(
    (v) => {
      const [s = '', e = ''] = v.split('|');
      return isRealLocalDateTime(s) && isRealLocalDateTime(e);
    },
    { message: 'Varauksen päivämäärä tai kellonaika ei ole kelvollinen', abort: true },
  )
  .refine(
    (v) => {
      const [s = '', e = ''] = v.split('|');
      return s < e;
    },
    { message: 'Varauksen loppu ennen alkua' },
  );

export const reserveTimeBody = z.object({
  reservation: reservationString,
  timeSelectionType: z.enum(['EXACT_TIME', 'DAY_ONLY']),
  workshiftPosition: z.enum(SHIFT_POSITIONS).nullable().optional(),
});
export type ReserveTimeBody = z.input<typeof reserveTimeBody>;

export const reservationDetailsBody = z.object({
  customerWaiting: z.boolean().default(false),
  vehicleLeftForDay: z.boolean().default(false),
  importDate: dateOrLocalDateTime.nullable().optional(),
  pickupDate: dateOrLocalDateTime.nullable().optional(),
  towingRequired: z.boolean().default(false),
  usingKeyLocker: z.boolean().default(false),
});
export type ReservationDetailsBody = z.input<typeof reservationDetailsBody>;

/** A date range of at most 62 days, start ≤ end (free-times-on-organization, free-times-for-booking). */
export const freeTimesRangeBody = dateRangeChecks(z.object({ start: dateString, end: dateString }));

const BOTH_COORDINATES = 'Anna sekä leveys- että pituusaste';

/**
 * POST /free-times-on-organization: a date range of at most 62 days; optionally `limit`, a
 * page of the nearest offices that have free days (nearest to `latitude`/`longitude`, the
 * customer's location, both or neither, or else to the booking's own office), and
 * `firstOnly`: each office's first free day with only its first time (organizationFreeTimesSchema).
 */
export const freeTimesOnOrganizationBody = freeTimesRangeBody
  .safeExtend({
    limit: z.number().int().min(1).max(OTHER_OFFICES_MAX_LIMIT).optional(),
    latitude: z.number().min(-90).max(90).optional(),
    longitude: z.number().min(-180).max(180).optional(),
    firstOnly: z.boolean().default(false),
  })
  .refine((b) => b.latitude === undefined || b.longitude !== undefined, { path: ['longitude'], message: BOTH_COORDINATES })
  .refine((b) => b.longitude === undefined || b.latitude !== undefined, { path: ['latitude'], message: BOTH_COORDINATES });
export type FreeTimesOnOrganizationBody = z.input<typeof freeTimesOnOrganizationBody>;

/**
 * Another office's availability for the booking (requirements §3 "Organization transfer info"):
 * `calendar` holds only the days that have free times (asked `firstOnly`, only the first of
 * them with only its first time; a day-only day has no times); `freeDays` counts the days with
 * free times in the range either way.
 */
export const organizationFreeTimesSchema = z.object({
  organization: organizationSchema,
  calendar: z.array(freeTimeDaySchema),
  freeDays: z.number().int().nonnegative(),
});
export type OrganizationFreeTimes = z.infer<typeof organizationFreeTimesSchema>;
export const freeTimesOnOrganizationResponse = z.array(organizationFreeTimesSchema);

/**
 * POST /first-free-times: the offices of a list (the one the customer is choosing from),
 * 1–100 ids; unknown and inactive offices are left out of the answer.
 */
export const firstFreeTimesBody = z.object({
  organizationIds: z.array(z.number().int().positive().max(PG_INT_MAX)).min(1).max(100),
});
export type FirstFreeTimesBody = z.infer<typeof firstFreeTimesBody>;
/** An office's first free time for the booking's work within the looked-at weeks. */
export const officeFirstFreeTimeSchema = z.object({
  organizationId: z.number().int(),
  /** The first day with a free time, or null: none within the weeks looked at, or a lead-only office. */
  date: dateString.nullable(),
  /** Its first start 'HH:mm:ss' at an EXACT_TIME office; null at a DAY_ONLY office (the day is booked). */
  startTime: z.string().nullable(),
  /** The office takes only a wished date (lead mode), never a time. */
  leadOnly: z.boolean(),
});
export type OfficeFirstFreeTime = z.infer<typeof officeFirstFreeTimeSchema>;
export const firstFreeTimesResponse = z.object({
  /** How many weeks were looked at: the current week and the calendar's auto-advance (requirements §4, §9). */
  weeks: z.number().int(),
  /** The last date looked at, 'YYYY-MM-DD'. */
  until: dateString,
  /** The length of work the times are for, minutes: the cart's, or an hour before anything is chosen. */
  minutes: z.number().int(),
  /** In the order asked. */
  organizations: z.array(officeFirstFreeTimeSchema),
});
export type FirstFreeTimes = z.infer<typeof firstFreeTimesResponse>;

/** POST /locker/reserved-times: start times as local 'YYYY-MM-DDTHH:mm:ss', 1–20 of them. */
export const lockerReservedTimesBody = z.object({
  startTimes: z.array(localDateTime).min(1).max(20),
});
export type LockerReservedTimesBody = z.infer<typeof lockerReservedTimesBody>;
/** The asked start times whose half-day has no free key-locker compartment left. */
export const lockerReservedTimesResponse = z.object({ reservedTimes: z.array(z.string()) });
export type LockerReservedTimesResponse = z.infer<typeof lockerReservedTimesResponse>;

/** POST /lead: the date the customer would like to be contacted about (lead mode). */
export const leadBody = z.object({ leadDate: dateString });
export type LeadBody = z.infer<typeof leadBody>;

/** A mechanic the customer may choose (GET /customer-selectable-resources). */
const selectableResourceSchema = z.object({ id: z.number().int(), name: z.string() });
export type SelectableResource = z.infer<typeof selectableResourceSchema>;
export const customerSelectableResourcesResponse = z.array(selectableResourceSchema);

/** GET /resource-for-customer?phoneNumber= */
export const resourceForCustomerQuery = z.object({
  phoneNumber: z.string().trim().max(30).regex(PHONE_PATTERN, { error: 'Virheellinen puhelinnumero' }),
});
export const resourceForCustomerResponse = z.object({ resource: selectableResourceSchema.nullable() });
export type ResourceForCustomerResponse = z.infer<typeof resourceForCustomerResponse>;

/** POST /customer-selected-resources: the mechanics to book with; an empty list means anyone. */
export const customerSelectedResourcesBody = z.object({
  resourceIds: z.array(z.number().int().positive()).max(10),
});
export type CustomerSelectedResourcesBody = z.infer<typeof customerSelectedResourcesBody>;
