/**
 * The contract of the booking API (requirements §7): zod schemas of request bodies and queries,
 * and of the responses. The server validates with these; the web app types its calls
 * with them. Money is integer cents everywhere in the API. This file: the answer's
 * response code, the session, the vehicle and the organizations; the services and cart
 * in api-cart.ts, times in api-time.ts, the booking in api-booking.ts.
 */
import { z } from 'zod';
import { INSTALLATION_TYPE, PROCESS_TYPES, RESPONSE_CODES, SERVICES_STAGES } from './enums.ts';
import { cleanLine, kilometersSchema, registerNumberSchema, vehicleMakeText, vehicleModelText } from './validation.ts';
import { PG_INT_MAX, isStorableText } from './storable.ts';
import { bookingVehicleSchema, id, storable } from './api-fields.ts';

// API_BASE, the headers and the XSRF names are in http.ts (no zod there).

const responseCodeSchema = z.enum(RESPONSE_CODES);
export const responseSchema = z.object({ responseCode: responseCodeSchema, message: z.string().optional() });
export type ApiResponse = z.infer<typeof responseSchema>;

// ---- Session --------------------------------------------------------------

export const initSessionQuery = z.object({
  organizationId: id.optional(),
  installationType: z.literal(INSTALLATION_TYPE).default(INSTALLATION_TYPE),
  usedProcessType: z.enum(PROCESS_TYPES),
  usedFrontEnd: z.string().max(50).optional(),
});

// ---- Vehicle ---------------------------------------------------------------

export const searchVehicleBody = z.object({
  registerNumber: registerNumberSchema,
  kilometers: z.optional(z.nullable(kilometersSchema)),
});
export type SearchVehicleBody = z.input<typeof searchVehicleBody>;

/**
 * The payload for a vehicle that the register does not know (requirements §3). The make is a name:
 * one of GET /vehicle-makes, or any other make the customer types ("Muu merkki").
 */
export const setVehicleBody = z.object({
  // One line each: a line break or any other control character never reaches the stored vehicle.
  make: vehicleMakeText,
  regNbr: registerNumberSchema,
  model: vehicleModelText,
  classification: z.object({ id: z.number().int().positive(), name: z.string().max(60).optional() }),
  introductionDate: z.null().optional(),
});

export type SetVehicleBody = z.input<typeof setVehicleBody>;

export const setVehicleKilometersBody = z.object({ kilometers: kilometersSchema });
export const valueBody = z.object({ value: z.string().max(2000).nullable() });
/** GET extra-services/v2 and POST remove-services, order-items-by-stage: one stage of the cart. */
export const stageQuery = z.object({ stage: z.enum(SERVICES_STAGES) });
/** GET additional-services/v2: one service group, or every one. */
export const categoryQuery = z.object({ categoryId: z.string().min(1).max(80).refine(isStorableText, storable).optional() });
/** GET product-additional-data. */
export const productIdQuery = z.object({ productId: z.string().min(1).max(80).refine(isStorableText, storable) });
/** POST extra-order-items: the chosen small items, at most 20. */
export const extraOrderItemsBody = z.object({ ids: z.array(z.string().min(1).max(80)).max(20) });
/** GET media: an image stored in the database, by id. */
export const mediaQuery = z.object({ id: z.string().min(1).max(100).refine(isStorableText, storable) });

/** PUT /set-service-code: a code is looked up as it is, so it must be storable text. */
export const serviceCodeBody = z.object({ value: z.string().max(2000).refine(isStorableText, storable).transform(cleanLine).nullable() });

export type BookingVehicle = z.infer<typeof bookingVehicleSchema>;

/** POST /search-vehicle: the car found in the register (then stored on the booking), or NOT_FOUND. */
export const searchVehicleResponse = z.object({
  responseCode: z.enum(['SUCCESS', 'NOT_FOUND']),
  vehicle: bookingVehicleSchema.optional(),
});
export type SearchVehicleResponse = z.infer<typeof searchVehicleResponse>;

export const vehicleMakeSchema = z.object({ id: z.number(), name: z.string() });
export type VehicleMake = z.infer<typeof vehicleMakeSchema>;

// ---- Organizations ---------------------------------------------------------

export const organizationSchema = z.object({
  id: z.number(),
  name: z.string(),
  address: z.string(),
  post_code: z.string(),
  post_office: z.string(),
  brand_dealer: z.boolean(),
  /** The office's opening and closing time, Helsinki wall clock 'HH:mm' (requirements §9). */
  opening_time: z.string().regex(/^\d{2}:\d{2}$/),
  closing_time: z.string().regex(/^\d{2}:\d{2}$/),
});
export type Organization = z.infer<typeof organizationSchema>;

export const compatibleOrganizationsQuery = z.object({
  ignoreCompatibility: z.enum(['true', 'false']).optional(),
  parentId: id.optional(),
});

export const activeOrganizationBody = z.object({ organizationId: z.number().int().positive().max(PG_INT_MAX) });
export const transferOrganizationBody = z.object({
  organizationId: z.number().int().positive().max(PG_INT_MAX),
  /** true when picked on the organizations page, false when switched on the reservation page. */
  flag: z.boolean().default(true),
});
export type TransferOrganizationBody = z.input<typeof transferOrganizationBody>;
