/**
 * The staff API's bookings (staff.ts): a booking as listed and in detail, an office's day
 * and week, the booking's history and messages, the search, and what staff do to a
 * booking (move, cancel, mark the visit, add a note).
 */
import { z } from 'zod';
import { PROCESS_TYPES, VEHICLE_DELIVERY_OPTIONS } from './enums.ts';
import { FIELD_ERRORS } from './messages.ts';
import { cleanMultilineText, isStorableText } from './storable.ts';
import { storable, id, localDateTime, line } from './staff-fields.ts';
import {
  VISIT_STATUSES,
  BOOKING_EVENT_ACTIONS,
  BOOKING_EVENT_ACTORS,
  BOOKING_MESSAGE_KINDS,
  BOOKING_MESSAGE_STATUSES,
  STAFF_NOTE_MAX_LENGTH,
  STAFF_REASON_MAX_LENGTH,
  staffOfficeRefSchema,
} from './staff.ts';
import { BOOKING_CHANNELS } from './front-desk.ts';
import { staffResourceSchema, openingExceptionSchema, absenceSchema } from './staff-offices.ts';

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
  /** How it came in (front-desk.ts): online, or made by staff on the phone or at the counter. */
  channel: z.enum(BOOKING_CHANNELS),
  /** The staff member who made it; null for an online booking. */
  createdBy: z.string().nullable(),
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
  /** The catalogue product of the line (for booking again and changing the contents); null for an extra row. */
  productId: z.string().nullable(),
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
