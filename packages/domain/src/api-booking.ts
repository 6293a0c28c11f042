/**
 * The booking API's booking (requirements §7): the customer, the order's items, the saved booking
 * and the answer of saving it.
 */
import { z } from 'zod';
import { PROCESS_TYPES, SERVICES_STAGES, VEHICLE_DELIVERY_OPTIONS } from './enums.ts';
import { customerSchema } from './validation.ts';
import { bookingVehicleSchema, productRefSchema } from './api-fields.ts';
import { organizationSchema, responseSchema } from './api.ts';

// ---- Booking ---------------------------------------------------------------

/** customerSchema (zod/mini, validation.ts) as a classic object for the server's parse and OpenAPI. */
export const customerBody = z.object(customerSchema.shape);

export const orderItemSchema = z.object({
  display_description: z.string(),
  /** Line price in cents (unit price × amount). */
  price: z.number().int(),
  product: productRefSchema,
  amount: z.number().int(),
  selected_service_identifier: z.string(),
  parameters: z.record(z.string(), z.string()),
  stage: z.enum(SERVICES_STAGES),
  duration_minutes: z.number().int(),
});
export type OrderItem = z.infer<typeof orderItemSchema>;

export const bookingSchema = z.object({
  process_type: z.enum(PROCESS_TYPES),
  organization: organizationSchema.nullable(),
  vehicle: bookingVehicleSchema.nullable(),
  customer: customerBody.nullable(),
  symptoms: z.array(z.object({ id: z.number(), description: z.string() })),
  notes: z.string().nullable(),
  order_items: z.array(orderItemSchema),
  extra_order_items: z.array(z.object({ id: z.string(), description: z.string(), price: z.number().int() })),
  product_parameters: z.array(z.object({ parameterCode: z.string(), selectedValue: z.string() })),
  customer_waiting: z.boolean(),
  vehicle_left_for_day: z.boolean(),
  booking_total_duration: z
    .object({ start: z.string(), end: z.string(), time_selection_type: z.string(), minutes: z.number() })
    .nullable(),
  /** Minutes of work the cart needs; decides the length of a slot. */
  total_duration_minutes: z.number().int(),
  kilometers: z.number().nullable(),
  price: z.object({ active_price: z.number().int(), normal_price: z.number().int(), has_public_campaign: z.boolean() }),
  service_code: z.string().nullable(),
  /** The campaign code on the booking (OMALAAKKONEN for logged-in members). */
  campaign_code: z.string().nullable(),
  /** Reductions in cents: the campaign code's and each voucher's. */
  discounts: z.array(z.object({ code: z.string(), description: z.string(), amount: z.number().int() })),
  /** Loyalty vouchers applied to the booking. */
  vouchers: z.array(z.object({ voucherId: z.string(), title: z.string(), discount: z.number().int() })),
  service_contract: z.boolean(),
  reservation_expires_at: z.string().nullable(),
  /** The car is left in the office's key locker (reservation-details/v2 usingKeyLocker). */
  using_key_locker: z.boolean(),
  /** Lead mode: the wished date ('YYYY-MM-DD') instead of a reserved time, or null. */
  lead_date: z.string().nullable(),
  /** true when the booking takes a lead date instead of a time (WINDSHIELD_CHANGE_BOOKING_TYPE LEAD, or a lead-only office). */
  lead_mode: z.boolean(),
  /** Mechanics the customer chose (customer-selected-resources); empty: anyone. */
  selected_resource_ids: z.array(z.number().int()),
});
export type Booking = z.infer<typeof bookingSchema>;

export const saveBookingResponse = responseSchema.extend({
  bookingKey: z.string().optional(),
  /** What the thanks page shows after the session is gone, as the confirmation e-mail says it. */
  registerNumber: z.string().optional(),
  deliveryOption: z.enum(VEHICLE_DELIVERY_OPTIONS).nullable().optional(),
  /** The office's notice to customers (its info text active on the day of booking), or null. */
  officeNotice: z.string().nullable().optional(),
});
export type SaveBookingResponse = z.infer<typeof saveBookingResponse>;
