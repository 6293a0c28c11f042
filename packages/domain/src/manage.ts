/**
 * Managing a saved booking without a session (requirements §7 "Finish"): open it with its key and
 * the car's registration number, cancel it, ask for a change, get the confirmation again,
 * add extra items, and give feedback.
 */
import { z } from 'zod';
import { INSTALLATION_TYPE, VEHICLE_DELIVERY_OPTIONS } from './enums.ts';
import { PRICE_DISPLAYS } from './price-display.ts';
import { registerNumberSchema } from './validation.ts';
import { bookingKeySchema } from './site.ts';
import { FIELD_ERRORS } from './messages.ts';
import { addedRowSchema } from './added-rows.ts';
import { cleanMultilineText } from './storable.ts';
import { FEEDBACK_MESSAGE_MAX } from './rules.ts';
import { freeTimeDaySchema, freeTimesRangeBody, reserveTimeBody } from './api-time.ts';

/** What identifies a saved booking: its key and the car's registration number. */
export const bookingAccessBody = z.object({
  bookingKey: bookingKeySchema,
  registerNumber: registerNumberSchema,
  installationType: z.literal(INSTALLATION_TYPE).default(INSTALLATION_TYPE),
});
export type BookingAccess = z.input<typeof bookingAccessBody>;

export const openBookingBody = bookingAccessBody;
export const cancelBookingBody = bookingAccessBody;
export const sendEmailBody = bookingAccessBody;

export const sendEditRequestBody = bookingAccessBody.extend({
  message: z
    .string({ error: FIELD_ERRORS.required })
    .trim()
    .min(1, { error: FIELD_ERRORS.required })
    .max(1000, { error: FIELD_ERRORS.tooLong })
    // Lines kept (as LF), every other control character out (storable.ts).
    .transform((v) => cleanMultilineText(v).trim())
    .refine((v) => v.length > 0, { error: FIELD_ERRORS.required }),
});

export const addRowsBody = bookingAccessBody.extend({
  rows: z.array(addedRowSchema).min(1).max(10),
});

/**
 * POST /free-times-for-booking: the free times of the booking's office for the booking's
 * own length of work, on real dates start ≤ end covering at most FREE_TIMES_MAX_RANGE_DAYS days
 * (the server also keeps the range within the booking horizon).
 */
export const freeTimesForBookingBody = freeTimesRangeBody.safeExtend(bookingAccessBody.shape);
export type FreeTimesForBookingBody = z.input<typeof freeTimesForBookingBody>;

export const freeTimesForBookingResponse = z.object({
  responseCode: z.literal('SUCCESS'),
  /** Each day of the range; the booking's own time is not among the slots. */
  days: z.array(freeTimeDaySchema),
});
export type FreeTimesForBookingResponse = z.infer<typeof freeTimesForBookingResponse>;

/** POST /move-booking: the new time as 'start|end' local date-times, as reserve-time takes it. */
export const moveBookingBody = bookingAccessBody.extend({ reservation: reserveTimeBody.shape.reservation });
export type MoveBookingBody = z.input<typeof moveBookingBody>;

export const feedbackBody = z.object({
  bookingKey: bookingKeySchema.nullish(),
  rating: z.number({ error: FIELD_ERRORS.required }).int().min(1).max(5),
  message: z
    .string()
    .max(FEEDBACK_MESSAGE_MAX, { error: FIELD_ERRORS.tooLong })
    .transform((v) => cleanMultilineText(v).trim())
    .nullish(),
});
export type FeedbackBody = z.input<typeof feedbackBody>;

const BOOKING_STATUSES = ['CONFIRMED', 'CANCELLED'] as const;
const BOOKING_KINDS = ['RESERVATION', 'LEAD'] as const;

const managedBookingSchema = z.object({
  bookingKey: z.string(),
  status: z.enum(BOOKING_STATUSES),
  kind: z.enum(BOOKING_KINDS),
  registerNumber: z.string(),
  /** Make and model, e.g. 'Volkswagen Golf'. */
  vehicle: z.string(),
  office: z.object({
    id: z.number().int(),
    name: z.string(),
    address: z.string(),
    post_code: z.string(),
    post_office: z.string(),
    phone: z.string().nullable(),
    email: z.string().nullable(),
    /** The office's opening and closing time, Helsinki wall clock 'HH:mm', as in every office answer. */
    opening_time: z.string().regex(/^\d{2}:\d{2}$/),
    closing_time: z.string().regex(/^\d{2}:\d{2}$/),
  }),
  /** Helsinki wall clock 'YYYY-MM-DDTHH:mm:ss'; null for a lead. */
  start: z.string().nullable(),
  end: z.string().nullable(),
  /** A lead's wished date 'YYYY-MM-DD'; null for a reservation. */
  leadDate: z.string().nullable(),
  /**
   * Lines in cents; reductions are lines with a negative price. They add up to `total`.
   * priceDisplay as on the thanks page (price-display.ts): 'from' says 'alkaen', 'quote' shows no price.
   */
  items: z.array(z.object({ description: z.string(), amount: z.number().int(), price: z.number().int(), priceDisplay: z.enum(PRICE_DISPLAYS) })),
  total: z.number().int(),
  totalDisplay: z.enum(PRICE_DISPLAYS),
  /** The customer's own descriptions of other repairs (Muu korjaus/huolto). */
  symptoms: z.array(z.string()),
  /** How the car is brought in, as booked; null when none was chosen. */
  deliveryOption: z.enum(VEHICLE_DELIVERY_OPTIONS).nullable(),
  customerFirstName: z.string(),
  cancellable: z.boolean(),
});
export type ManagedBooking = z.infer<typeof managedBookingSchema>;

export const openBookingResponse = z.discriminatedUnion('responseCode', [
  z.object({ responseCode: z.literal('SUCCESS'), booking: managedBookingSchema }),
  z.object({ responseCode: z.literal('NOT_FOUND') }),
]);
export type OpenBookingResponse = z.infer<typeof openBookingResponse>;

/**
 * The answer of move-booking: SUCCESS with the booking at its new time, or NOT_AVAILABLE
 * (the time was taken meanwhile, is past or the office is closed then) with a Finnish
 * message; the booking then keeps its time.
 */
export const moveBookingResponse = z.discriminatedUnion('responseCode', [
  z.object({ responseCode: z.literal('SUCCESS'), booking: managedBookingSchema }),
  z.object({ responseCode: z.literal('NOT_AVAILABLE'), message: z.string() }),
]);
export type MoveBookingResponse = z.infer<typeof moveBookingResponse>;

/**
 * Answers of the other management calls: NOT_FOUND when key and plate do not match,
 * NOT_CANCELLABLE when cancelling is no longer possible, NOT_AVAILABLE when a cancelled
 * or past booking cannot take the change.
 */
const MANAGE_RESPONSE_CODES = ['SUCCESS', 'NOT_FOUND', 'NOT_CANCELLABLE', 'NOT_AVAILABLE'] as const;
export type ManageResponseCode = (typeof MANAGE_RESPONSE_CODES)[number];
export const manageResponse = z.object({ responseCode: z.enum(MANAGE_RESPONSE_CODES) });
export type ManageResponse = z.infer<typeof manageResponse>;
