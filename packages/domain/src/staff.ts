/**
 * The contract of the staff API (the workshop's back-office at /hallinta): every call is
 * under `${API_BASE}/staff`, signed in with the staff session cookie. Times are Helsinki
 * wall-clock 'YYYY-MM-DDTHH:mm:ss' like the rest of the API; money is integer cents.
 */
import { z } from 'zod';
import { PROCESS_TYPES, VEHICLE_DELIVERY_OPTIONS } from './enums.ts';
import { FIELD_ERRORS } from './messages.ts';
import { PG_INT_MAX, cleanMultilineText, isStorableText } from './storable.ts';
import { cleanLine } from './validation.ts';
import { DATE_PATTERN, LOCAL_DATE_TIME_PATTERN, existsInHelsinki, isRealDate, isRealLocalDateTime } from './time.ts';

export * from './staff-move.ts';

export const STAFF_API_PATH = '/staff';
/** The staff session cookie: HttpOnly, SameSite=Strict, Secure on https, path the staff API. */
export const STAFF_SESSION_COOKIE = 'hallinta-istunto';
/** A staff session lasts a working day from sign-in. */
export const STAFF_SESSION_HOURS = 12;
/** The back-office's address in the web app. */
export const STAFF_APP_PATH = '/hallinta';

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

export const BOOKING_EVENT_ACTIONS = ['CREATED', 'MOVED', 'CANCELLED', 'STATUS', 'NOTE'] as const;
export type BookingEventAction = (typeof BOOKING_EVENT_ACTIONS)[number];
export const BOOKING_EVENT_LABELS: Record<BookingEventAction, string> = {
  CREATED: 'Varaus tehty',
  MOVED: 'Varaus siirretty',
  CANCELLED: 'Varaus peruttu',
  STATUS: 'Tila muutettu',
  NOTE: 'Sisäinen muistiinpano',
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

const storable = { error: FIELD_ERRORS.unstorable };
const id = z.coerce.number().int().positive().max(PG_INT_MAX);
export const staffIdParams = z.object({ id });
export const staffOfficeParams = z.object({ officeId: id });

/**
 * The dates the back-office works with: its views, absences and exceptions lie in these
 * years. A date outside them is refused as input (400 naming the field), so no day or week
 * computed from a date can run off the end of the calendar (9999-12-31 + 1 day).
 */
export const STAFF_FIRST_DATE = '2000-01-01';
export const STAFF_LAST_DATE = '2099-12-31';
const dateString = z
  .string()
  .regex(DATE_PATTERN, { error: 'Päivämäärä muodossa VVVV-KK-PP', abort: true })
  .refine(isRealDate, { error: 'Päivämäärä ei ole kelvollinen', abort: true })
  .refine((d) => d >= STAFF_FIRST_DATE && d <= STAFF_LAST_DATE, {
    error: `Päivämäärä vuosilta ${STAFF_FIRST_DATE.slice(0, 4)}–${STAFF_LAST_DATE.slice(0, 4)}`,
    abort: true,
  });
const localDateTime = z
  .string()
  .regex(LOCAL_DATE_TIME_PATTERN, { error: 'Aika muodossa VVVV-KK-PPTHH:mm:ss', abort: true })
  .refine(isRealLocalDateTime, { error: 'Päivämäärä tai kellonaika ei ole kelvollinen', abort: true })
  .refine(existsInHelsinki, { error: 'Kellonaikaa ei ole: kello siirtyy silloin kesäaikaan', abort: true });
/** 'HH:mm', 00:00–23:59. */
const clockTime = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: 'Kellonaika muodossa HH:MM' });
const line = (max: number) =>
  z.string().max(max, { error: FIELD_ERRORS.tooLong }).refine(isStorableText, storable).transform(cleanLine);

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

// ---- Bookings ----

export const staffBookingSummarySchema = z.object({
  id: z.number().int(),
  bookingKey: z.string(),
  processType: z.enum(PROCESS_TYPES),
  status: z.enum(['CONFIRMED', 'CANCELLED']),
  visitStatus: z.enum(VISIT_STATUSES).nullable(),
  /** null for a lead (a wished day, no time). */
  start: z.string().nullable(),
  end: z.string().nullable(),
  leadDate: z.string().nullable(),
  resourceIds: z.array(z.number().int()),
  registerNumber: z.string(),
  customerName: z.string(),
  customerPhone: z.string(),
  /** The booked services and products, one short line. */
  summary: z.string(),
  totalCents: z.number().int(),
  usingKeyLocker: z.boolean(),
  /** The booking lies (partly) in an absence of one of its resources. */
  inAbsence: z.boolean(),
  /** Make and model as one line ('' when the car was not found). */
  car: z.string(),
  symptoms: z.array(z.string()),
  /** The customer's own message. */
  customerNotes: z.string(),
  deliveryOption: z.enum(VEHICLE_DELIVERY_OPTIONS).nullable(),
});
export type StaffBookingSummary = z.infer<typeof staffBookingSummarySchema>;

export const staffHoldSchema = z.object({ resourceId: z.number().int(), start: z.string(), end: z.string(), expiresAt: z.string() });

export const staffDayResponse = z.object({
  date: z.string(),
  office: staffOfficeRefSchema,
  resources: z.array(staffResourceSchema),
  /** The day's hours: null when the office is closed. */
  opening: z.object({ openingTime: z.string(), closingTime: z.string() }).nullable(),
  exception: openingExceptionSchema.nullable(),
  bookings: z.array(staffBookingSummarySchema),
  /** Times held by customers in the middle of booking, until they expire. */
  holds: z.array(staffHoldSchema),
  absences: z.array(absenceSchema),
  /** The Helsinki date of the office's next confirmed booking after this day; null when there is none. */
  nextBookingDate: z.string().nullable(),
});
export type StaffDay = z.infer<typeof staffDayResponse>;

export const staffWeekResponse = z.object({
  /** Monday of the week. */
  weekStart: z.string(),
  office: staffOfficeRefSchema,
  resources: z.array(staffResourceSchema),
  days: z.array(
    z.object({
      date: z.string(),
      opening: z.object({ openingTime: z.string(), closingTime: z.string() }).nullable(),
      /** The office's exception for the day (closed or other hours, with its reason). */
      exception: openingExceptionSchema.nullable(),
      bookings: z.array(staffBookingSummarySchema),
      absences: z.array(absenceSchema),
      /**
       * The day's load: minutes booked on the office's resources within its hours, and the
       * resource-minutes open (hours × resources, less absences); null when closed.
       */
      load: z.object({ bookedMinutes: z.number().int(), openMinutes: z.number().int() }).nullable(),
    }),
  ),
});
export type StaffWeek = z.infer<typeof staffWeekResponse>;

export const bookingEventSchema = z.object({
  id: z.number().int(),
  at: z.string(),
  actor: z.enum(BOOKING_EVENT_ACTORS),
  /** The staff member's name when staff did it. */
  staffName: z.string().nullable(),
  action: z.enum(BOOKING_EVENT_ACTIONS),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
  note: z.string().nullable(),
});
export type BookingEvent = z.infer<typeof bookingEventSchema>;

/** A message about the booking: to whom, by which channel, and whether it has gone. */
export const bookingMessageSchema = z.object({
  id: z.number().int(),
  kind: z.enum(BOOKING_MESSAGE_KINDS),
  channel: z.enum(['EMAIL', 'SMS']),
  recipient: z.string(),
  status: z.enum(BOOKING_MESSAGE_STATUSES),
  /** When it was queued, and when it was sent (null until then); Helsinki wall clock. */
  createdAt: z.string(),
  sentAt: z.string().nullable(),
});
export type BookingMessage = z.infer<typeof bookingMessageSchema>;

export const staffBookingItemSchema = z.object({
  name: z.string(),
  quantity: z.number(),
  /** The line's price in cents (quantity included). */
  priceCents: z.number().int(),
});

export const staffBookingDetailSchema = staffBookingSummarySchema.extend({
  office: staffOfficeRefSchema,
  createdAt: z.string(),
  customer: z.object({
    firstname: z.string(),
    lastname: z.string(),
    email: z.string(),
    phone: z.string(),
    address: z.string(),
    postCode: z.string(),
    city: z.string(),
  }),
  vehicle: z.object({
    registerNumber: z.string(),
    make: z.string(),
    model: z.string(),
    kilometers: z.number().nullable(),
  }),
  items: z.array(staffBookingItemSchema),
  campaignCode: z.string().nullable(),
  /** Created, moved, cancelled, status and notes, oldest first. */
  events: z.array(bookingEventSchema),
  /** The e-mails and text messages about the booking, oldest first. */
  messages: z.array(bookingMessageSchema),
});
export type StaffBookingDetail = z.infer<typeof staffBookingDetailSchema>;

// ---- Search ----

/** Search text of GET /bookings: at least this many characters, at most STAFF_SEARCH_MAX_LENGTH. */
export const STAFF_SEARCH_MIN_LENGTH = 2;
export const STAFF_SEARCH_MAX_LENGTH = 50;
/** At most this many bookings answer a search; `more` tells there were others. */
export const STAFF_SEARCH_LIMIT = 20;

/**
 * GET /bookings?q=: a register number or its beginning ('abc12', 'ABC-1'), a booking key,
 * a phone number (at least 5 digits, '+358' as '0'), or a part of the customer's name.
 */
export const staffSearchQuery = z.object({
  q: z
    .string()
    .trim()
    .min(STAFF_SEARCH_MIN_LENGTH, { error: `Anna vähintään ${STAFF_SEARCH_MIN_LENGTH} merkkiä` })
    .max(STAFF_SEARCH_MAX_LENGTH, { error: FIELD_ERRORS.tooLong })
    .refine(isStorableText, storable),
});
export const staffSearchResultSchema = staffBookingSummarySchema.extend({ office: staffOfficeRefSchema });
export type StaffSearchResult = z.infer<typeof staffSearchResultSchema>;
/** Upcoming bookings first (soonest first), then past ones (latest first). */
export const staffSearchResponse = z.object({ results: z.array(staffSearchResultSchema), more: z.boolean() });
export type StaffSearch = z.infer<typeof staffSearchResponse>;

export const staffMoveBody = z.object({ start: localDateTime, resourceId: id });
export type StaffMoveBody = z.input<typeof staffMoveBody>;
export const staffCancelBody = z.object({ reason: line(STAFF_REASON_MAX_LENGTH).default('') });
export const staffStatusBody = z.object({ visitStatus: z.enum(VISIT_STATUSES).nullable() });
export const staffNoteBody = z.object({
  text: z
    .string()
    .max(STAFF_NOTE_MAX_LENGTH, { error: FIELD_ERRORS.tooLong })
    .refine(isStorableText, storable)
    .transform(cleanMultilineText)
    .refine((t) => t.trim().length > 0, { error: FIELD_ERRORS.required }),
});

// ---- Staff accounts (admin) ----

export const staffUserSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  name: z.string(),
  role: z.enum(STAFF_ROLES),
  active: z.boolean(),
  officeIds: z.array(z.number().int()),
});
export type StaffUser = z.infer<typeof staffUserSchema>;
export const staffUsersResponse = z.array(staffUserSchema);

const staffPassword = z
  .string()
  .min(STAFF_PASSWORD_MIN_LENGTH, { error: `Salasanassa on vähintään ${STAFF_PASSWORD_MIN_LENGTH} merkkiä` })
  .max(200);
const staffName = line(100).refine((n) => n.length > 0, { error: FIELD_ERRORS.required });
const officeIds = z.array(id).max(200);
export const createStaffUserBody = z.object({
  email: z.string().trim().toLowerCase().pipe(z.email({ error: FIELD_ERRORS.email })).pipe(z.string().max(254)),
  name: staffName,
  role: z.enum(STAFF_ROLES),
  officeIds: officeIds.default([]),
  password: staffPassword,
});
export type CreateStaffUserBody = z.input<typeof createStaffUserBody>;
export const updateStaffUserBody = z.object({
  name: staffName.optional(),
  role: z.enum(STAFF_ROLES).optional(),
  officeIds: officeIds.optional(),
  active: z.boolean().optional(),
  password: staffPassword.optional(),
});
export type UpdateStaffUserBody = z.input<typeof updateStaffUserBody>;
/** POST /me/password: the signed-in user's own new password, given with the current one. */
export const changeOwnPasswordBody = z
  .object({
    currentPassword: z.string().min(1, { error: FIELD_ERRORS.required }).max(200),
    newPassword: staffPassword,
  })
  .refine((b) => b.currentPassword !== b.newPassword, { path: ['newPassword'], message: 'Uusi salasana on sama kuin nykyinen' });
export type ChangeOwnPasswordBody = z.input<typeof changeOwnPasswordBody>;
export const WRONG_CURRENT_PASSWORD_MESSAGE = 'Nykyinen salasana on väärin';

// ---- Additions ----

/** DELETE /offices/:officeId/absences/:id */
export const absenceParams = z.object({ officeId: id, id });
/** The longest range of GET /offices/:officeId/absences, in days. */
export const ABSENCE_LIST_MAX_DAYS = 366;
