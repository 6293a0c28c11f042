/**
 * The front desk (staff API, /staff/…): a booking made by staff for a customer on the phone
 * or at the counter, the times a desk may offer, the walk-in's first free start, and
 * staff changing what a booking holds. The booking itself is made by the same rules as a
 * customer's (catalogue fit, taking a time, saving, the outbox); these are only the calls'
 * shapes and the desk's limits.
 */
import { z } from 'zod';
import { PROCESS_TYPES, TIRE_TYPES } from './enums.ts';
import { FIELD_ERRORS } from './messages.ts';
import { isStorableText } from './storable.ts';
import { dateString, id, line, localDateTime, storable } from './staff-fields.ts';
import { cartProductItemSchema, tireSearchBody } from './api-cart.ts';
import { cataloguePreviewResponse } from './catalogue-admin.ts';
import { addedRowSchema } from './added-rows.ts';
import { MAX_ADDED_ROWS_PER_BOOKING } from './rules.ts';
import { PHONE_PATTERN, VEHICLE_MAKE_MAX_LENGTH, VEHICLE_MODEL_MAX_LENGTH, kilometersSchema, registerNumberSchema } from './validation.ts';

/** How a booking came in: ONLINE through the customer flow, PHONE and COUNTER made by staff. */
export const BOOKING_CHANNELS = ['ONLINE', 'PHONE', 'COUNTER'] as const;
export type BookingChannel = (typeof BOOKING_CHANNELS)[number];
/** The channels staff make bookings through. */
export const DESK_CHANNELS = ['PHONE', 'COUNTER'] as const;
export type DeskChannel = (typeof DESK_CHANNELS)[number];
export const BOOKING_CHANNEL_LABELS: Record<BookingChannel, string> = {
  ONLINE: 'Verkossa',
  PHONE: 'Puhelimitse',
  COUNTER: 'Tiskillä',
};

/**
 * Bookings one staff account may make in an hour (the desk's own limit, STAFF_BOOKING_RATE_LIMIT):
 * a desk is not a client address, so the customers' fair share does not apply to it, and a
 * stolen staff session cannot empty a calendar either.
 */
export const STAFF_BOOKINGS_PER_HOUR = 60;
/** The nearest fitting times offered when a booking's new work no longer fits its time. */
export const DESK_NEAREST_TIMES = 5;

/** The car of a desk booking: the plate, and make and model typed when the register does not know it. */
export const deskVehicleSchema = z.object({
  registerNumber: registerNumberSchema,
  make: line(VEHICLE_MAKE_MAX_LENGTH).optional(),
  model: line(VEHICLE_MODEL_MAX_LENGTH).optional(),
  kilometers: z.optional(z.nullable(kilometersSchema)),
});

/** The customer as the desk takes them: a name and a phone number; e-mail and address optional. */
export const deskCustomerSchema = z.object({
  first_name: line(100).default(''),
  last_name: line(100).refine((v) => v.length > 0, { error: FIELD_ERRORS.required }),
  phone_number: z.string().trim().max(30, { error: FIELD_ERRORS.tooLong }).regex(PHONE_PATTERN, { error: FIELD_ERRORS.phone }),
  email: z.union([z.literal(''), z.string().trim().max(254, { error: FIELD_ERRORS.tooLong }).pipe(z.email({ error: FIELD_ERRORS.email }))]).default(''),
  address: line(200).default(''),
  post_code: z.string().trim().regex(/^(\d{5})?$/, { error: FIELD_ERRORS.postCode }).default(''),
  post_office: line(100).default(''),
});
export type DeskCustomer = z.output<typeof deskCustomerSchema>;

/** What the work is: the catalogue's products with their amounts, as a customer's cart takes them. */
export const deskItemsSchema = z.array(cartProductItemSchema).min(1, { error: 'Valitse vähintään yksi palvelu' }).max(50);

const symptomsSchema = z
  .array(z.string().max(1000, { error: FIELD_ERRORS.tooLong }).refine(isStorableText, storable))
  .max(10)
  .default([]);

/** A tire size as the customer's tire search asks for it (its width, aspect ratio and rim diameter). */
export const deskTireSizeSchema = tireSearchBody.pick({ width: true, aspectRatio: true, rimDiameter: true });
export type DeskTireSize = z.infer<typeof deskTireSizeSchema>;

/** POST /offices/:officeId/desk/catalogue: what the desk may book for the car at the office. */
export const deskCatalogueBody = z.object({
  processType: z.enum(PROCESS_TYPES).default('MAINTENANCE'),
  vehicle: deskVehicleSchema,
  /** TIRE_SALES: the size the tires are searched by (the car's size in the register when omitted). */
  tireSize: deskTireSizeSchema.optional(),
  /** TIRE_SALES: the tire type searched (the season's, defaultTireType, when omitted). */
  tireType: z.enum(TIRE_TYPES).optional(),
});

/** A tire the desk may sell, as the customer's tire search offers it. */
export const deskTireSchema = z.object({
  productId: z.string(),
  provider: z.string(),
  make: z.string(),
  model: z.string(),
  /** '205/55R16 91H': the size with the load and speed index. */
  size: z.string(),
  tireType: z.enum(TIRE_TYPES),
  /** The price of one tire, in cents (VAT included). */
  priceCents: z.number().int(),
  stock: z.number().int(),
});
export type DeskTire = z.infer<typeof deskTireSchema>;

/**
 * The desk catalogue's answer: the services step's groups, and for TIRE_SALES the size
 * searched (null when neither given nor known by the register) and the tires in stock of it.
 */
export const deskCatalogueResponse = cataloguePreviewResponse.extend({
  tireSize: deskTireSizeSchema.nullable().optional(),
  tireType: z.enum(TIRE_TYPES).optional(),
  tires: z.array(deskTireSchema).optional(),
});
export type DeskCatalogue = z.infer<typeof deskCatalogueResponse>;

/**
 * POST /offices/:officeId/desk/times: the starts of a day where the work fits, per resource
 * that can do it.
 */
export const deskTimesBody = z.object({
  processType: z.enum(PROCESS_TYPES).default('MAINTENANCE'),
  vehicle: deskVehicleSchema,
  items: deskItemsSchema,
  date: dateString,
});
export const deskStartSchema = z.object({
  /** 'HH:mm:ss', Helsinki wall clock, on the staff grid (STAFF_MOVE_STEP_MINUTES). */
  time: z.string(),
  /** Something else holds the resource then (a booking, a customer's hold, an absence). */
  taken: z.boolean(),
  /** At or before now. */
  past: z.boolean(),
  /** One of the times a customer would be offered online (the office's slot grid, free, not too soon). */
  customerTime: z.boolean(),
});
export const deskTimesResponse = z.object({
  date: z.string(),
  /** The work's length in minutes and its price in cents (VAT included), as the customer's cart would have them. */
  minutes: z.number().int(),
  totalCents: z.number().int(),
  /** The resources that can do the work, each with its starts; none on a closed day. */
  resources: z.array(z.object({ id: z.number().int(), name: z.string(), starts: z.array(deskStartSchema) })),
  /** The first start neither taken nor past (the walk-in's "now"); null when the day has none. */
  first: z.object({ resourceId: z.number().int(), time: z.string() }).nullable(),
});
export type DeskTimes = z.infer<typeof deskTimesResponse>;

/** POST /offices/:officeId/bookings: a booking made at the desk. */
export const deskBookingBody = z.object({
  channel: z.enum(DESK_CHANNELS),
  processType: z.enum(PROCESS_TYPES).default('MAINTENANCE'),
  vehicle: deskVehicleSchema,
  items: deskItemsSchema,
  /** Helsinki wall clock, on the staff grid; the resource that does the work. */
  start: localDateTime,
  resourceId: id,
  customer: deskCustomerSchema,
  symptoms: symptomsSchema,
  /** The customer's own message to the workshop, as the customer flow's notes. */
  notes: line(1000).default(''),
});
export type DeskBookingBody = z.input<typeof deskBookingBody>;
export const deskBookingResponse = z.object({ id: z.number().int(), bookingKey: z.string() });

/** A start the booking's work fits, offered instead of its time (409 DOES_NOT_FIT). */
export const deskFitSchema = z.object({ start: z.string(), end: z.string(), resourceId: z.number().int(), resourceName: z.string() });
export const deskDoesNotFitResponse = z.object({
  code: z.literal('DOES_NOT_FIT'),
  message: z.string(),
  /** The nearest starts where the new work fits, the booking's own resource first; at most DESK_NEAREST_TIMES. */
  nearest: z.array(deskFitSchema),
});

/** A booking's extra rows as staff set them: each product once, the amount as the customer's add-rows takes it. */
export const deskExtraRowsSchema = z.array(addedRowSchema).max(MAX_ADDED_ROWS_PER_BOOKING);

/**
 * GET /bookings/:id/extra-rows: the extra-order-items catalogue (active items) with the
 * booking's amount of each, and the booking's rows of an item no longer offered.
 */
export const deskExtraRowsResponse = z.array(
  z.object({
    productId: z.string(),
    description: z.string(),
    /** The catalogue's price of one, in cents (of a row no longer offered: its own). */
    priceCents: z.number().int(),
    /** How many the booking has (0: none). */
    amount: z.number().int(),
    /** What the booking's rows of it cost now, in cents (kept while its amount stays). */
    bookedCents: z.number().int(),
    /** Whether the catalogue still offers it. */
    active: z.boolean(),
  }),
);
export type DeskExtraRow = z.infer<typeof deskExtraRowsResponse>[number];

/**
 * PUT /bookings/:id/contents: what the booking holds, as a whole (the items replace the
 * booking's; omitted fields stay). With `start` and `resourceId` the booking moves there in
 * the same change (one of the nearest times offered).
 */
export const deskContentsBody = z.object({
  items: deskItemsSchema.optional(),
  /**
   * The extra rows (the extra-order-items catalogue's products with their amounts, as the
   * customer adds them on the booking's own page): they replace the booking's added rows.
   */
  extraRows: deskExtraRowsSchema.optional(),
  kilometers: z.optional(z.nullable(kilometersSchema)),
  symptoms: symptomsSchema.optional(),
  customer: deskCustomerSchema.optional(),
  start: localDateTime.optional(),
  resourceId: id.optional(),
});

export const deskDateParams = z.object({ date: dateString });
