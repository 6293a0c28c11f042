/**
 * The staff API's offices (staff.ts): the offices a user runs with their resources, the
 * usual opening hours and the exceptions of a day, and the resources' absences.
 */
import { z } from 'zod';
import { isRealLocalDateTime } from './time.ts';
import { id, dateString, localDateTime, clockTime, line } from './staff-fields.ts';
import { STAFF_REASON_MAX_LENGTH } from './staff.ts';

// ---- Offices, resources and opening hours ----

export const staffResourceSchema = z.object({ id: z.number().int(), name: z.string() });
export const openingExceptionSchema = z.object({
  date: z.string(),
  /** null with closingTime null: closed all day. */
  openingTime: z.string().nullable(),
  closingTime: z.string().nullable(),
  reason: z.string(),
});
export type OpeningException = z.infer<typeof openingExceptionSchema>;
export const staffOfficeSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** Where new, moved and cancelled bookings are told (null: nowhere). */
  email: z.string().nullable(),
  /** Usual hours, Monday–Friday, 'HH:mm'. */
  openingTime: z.string(),
  closingTime: z.string(),
  resources: z.array(staffResourceSchema),
});
export type StaffOffice = z.infer<typeof staffOfficeSchema>;
export const staffOfficesResponse = z.array(staffOfficeSchema);

export const openingHoursBody = z
  .object({ openingTime: clockTime, closingTime: clockTime })
  .refine((b) => b.openingTime < b.closingTime, { path: ['closingTime'], message: 'Sulkemisaika ennen avaamisaikaa' });
export const openingExceptionParams = z.object({ officeId: id, date: dateString });
export const openingExceptionBody = z
  .object({
    closed: z.boolean(),
    openingTime: clockTime.nullable().default(null),
    closingTime: clockTime.nullable().default(null),
    reason: line(STAFF_REASON_MAX_LENGTH).default(''),
  })
  .refine((b) => b.closed || (b.openingTime !== null && b.closingTime !== null), {
    path: ['openingTime'],
    message: 'Anna aukioloajat tai merkitse suljetuksi',
  })
  .refine((b) => b.closed || b.openingTime === null || b.closingTime === null || b.openingTime < b.closingTime, {
    path: ['closingTime'],
    message: 'Sulkemisaika ennen avaamisaikaa',
  });
export type OpeningExceptionBody = z.input<typeof openingExceptionBody>;
export const openingResponse = z.object({
  openingTime: z.string(),
  closingTime: z.string(),
  exceptions: z.array(openingExceptionSchema),
});

// ---- Absences ----

export const absenceSchema = z.object({
  id: z.number().int(),
  resourceId: z.number().int(),
  start: z.string(),
  end: z.string(),
  reason: z.string(),
  /** Bookings (not cancelled) that fall in the absence: they stay, and are flagged. */
  bookingsInside: z.number().int(),
  /** Their ids, earliest first, for the absence to link to them. */
  bookingIdsInside: z.array(z.number().int()),
});
export type Absence = z.infer<typeof absenceSchema>;
export const absencesResponse = z.array(absenceSchema);
export const absenceBody = z
  .object({
    resourceId: id,
    start: localDateTime,
    end: localDateTime,
    reason: line(STAFF_REASON_MAX_LENGTH).default(''),
  })
  .refine((b) => !isRealLocalDateTime(b.start) || !isRealLocalDateTime(b.end) || b.start < b.end, {
    path: ['end'],
    message: 'Loppu ennen alkua',
  });
export type AbsenceBody = z.input<typeof absenceBody>;

// ---- Additions ----

/** DELETE /offices/:officeId/absences/:id */
export const absenceParams = z.object({ officeId: id, id });
/** The longest range of GET /offices/:officeId/absences, in days. */
export const ABSENCE_LIST_MAX_DAYS = 366;
