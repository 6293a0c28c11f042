/**
 * The contract of the staff API (the workshop's back-office at /hallinta): every call is
 * under `${API_BASE}/staff`, signed in with the staff session cookie. Times are Helsinki
 * wall-clock 'YYYY-MM-DDTHH:mm:ss' like the rest of the API; money is integer cents. This
 * file: the constants, roles, visit statuses, labels, limits, the common parameters and
 * the sign-in (its addresses, STAFF_API_PATH and STAFF_APP_PATH, in staff-paths.ts); offices, hours and absences in staff-offices.ts, bookings in
 * staff-bookings.ts, accounts in staff-users.ts, the move grid in staff-move.ts.
 */
import { z } from 'zod';
import { FIELD_ERRORS } from './messages.ts';
import { isStorableText } from './storable.ts';
import { isRealDate } from './time.ts';
import { storable, id, dateString } from './staff-fields.ts';

/** The staff session cookie: HttpOnly, SameSite=Strict, Secure on https, path the staff API. */
export const STAFF_SESSION_COOKIE = 'hallinta-istunto';
/** A staff session lasts a working day from sign-in. */
export const STAFF_SESSION_HOURS = 12;

export const STAFF_ROLES = ['ADMIN', 'OFFICE'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];
export const STAFF_ROLE_LABELS: Record<StaffRole, string> = { ADMIN: 'Pääkäyttäjä', OFFICE: 'Toimipisteen käyttäjä' };

/** What happened at the visit; null: nothing marked yet. */
export const VISIT_STATUSES = ['ARRIVED', 'DONE', 'NO_SHOW'] as const;
export type VisitStatus = (typeof VISIT_STATUSES)[number];
export const VISIT_STATUS_LABELS: Record<VisitStatus, string> = { ARRIVED: 'Saapunut', DONE: 'Valmis', NO_SHOW: 'Ei saapunut' };
/** Why a visit cannot be marked yet: every visit status says the day has come. */
export const VISIT_STATUS_TOO_EARLY = 'Käynnin tilan voi merkitä vasta käynnin päivänä';

/**
 * Whether a visit's status may be set: from the visit's day on (its Helsinki date, or a
 * lead's wished day), never before. Clearing a status is always allowed.
 */
export function visitStatusAllowed(visitDate: string | null, today: string): boolean {
  return visitDate !== null && visitDate <= today;
}

export const BOOKING_EVENT_ACTIONS = ['CREATED', 'MOVED', 'CANCELLED', 'STATUS', 'NOTE', 'CHANGED'] as const;
export type BookingEventAction = (typeof BOOKING_EVENT_ACTIONS)[number];
export const BOOKING_EVENT_LABELS: Record<BookingEventAction, string> = {
  CREATED: 'Varaus tehty',
  MOVED: 'Varaus siirretty',
  CANCELLED: 'Varaus peruttu',
  STATUS: 'Tila muutettu',
  NOTE: 'Sisäinen muistiinpano',
  CHANGED: 'Sisältö muutettu',
};
export const BOOKING_EVENT_ACTORS = ['CUSTOMER', 'STAFF', 'SYSTEM'] as const;

/** The messages sent about a booking (the outbox's kinds), and how staff read them. */
export const BOOKING_MESSAGE_KINDS = ['CONFIRMATION', 'REGISTRATION', 'MOVED', 'CANCELLED', 'OFFICE_NOTICE', 'REMINDER'] as const;
export type BookingMessageKind = (typeof BOOKING_MESSAGE_KINDS)[number];
export const BOOKING_MESSAGE_LABELS: Record<BookingMessageKind, string> = {
  CONFIRMATION: 'Varausvahvistus',
  REGISTRATION: 'Rekisteröityminen',
  MOVED: 'Siirron vahvistus',
  CANCELLED: 'Peruutusilmoitus',
  OFFICE_NOTICE: 'Ilmoitus toimipisteelle',
  REMINDER: 'Muistutus',
};
/** PENDING: queued; SENDING: being sent (retried if the sender stops); SENT; FAILED: given up after the retries. */
export const BOOKING_MESSAGE_STATUSES = ['PENDING', 'SENDING', 'SENT', 'FAILED'] as const;

/** Longest internal note, absence reason and exception reason, in characters. */
export const STAFF_NOTE_MAX_LENGTH = 2000;
export const STAFF_REASON_MAX_LENGTH = 200;
/** A staff password: at least this long. */
export const STAFF_PASSWORD_MIN_LENGTH = 12;
/** Longest absence, in days (a longer leave is entered in parts). */
export const ABSENCE_MAX_DAYS = 62;

export const staffIdParams = z.object({ id });
export const staffOfficeParams = z.object({ officeId: id });
/** The years of the back-office's dates: a date outside them is refused as input (staff-fields.ts). */
export { STAFF_FIRST_DATE, STAFF_LAST_DATE } from './staff-fields.ts';

export const staffDateQuery = z.object({ date: dateString });
export const staffRangeQuery = z
  .object({ from: dateString, to: dateString })
  .refine((q) => !isRealDate(q.from) || !isRealDate(q.to) || q.from <= q.to, { path: ['to'], message: 'Loppupäivä ennen alkupäivää' });

// ---- Sign-in ----

export const staffLoginBody = z.object({
  email: z.string().trim().toLowerCase().min(1, { error: FIELD_ERRORS.required }).max(254).refine(isStorableText, storable),
  password: z.string().min(1, { error: FIELD_ERRORS.required }).max(200),
});
export type StaffLoginBody = z.input<typeof staffLoginBody>;

export const staffOfficeRefSchema = z.object({ id: z.number().int(), name: z.string() });
export const staffMeSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  name: z.string(),
  role: z.enum(STAFF_ROLES),
  /** The offices this user runs (every office for an admin). */
  offices: z.array(staffOfficeRefSchema),
});
export type StaffMe = z.infer<typeof staffMeSchema>;
