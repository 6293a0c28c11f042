/**
 * The contract of the booking API (SPEC §7): zod schemas of request bodies and queries,
 * and of the responses. The server validates with these; the web app types its calls
 * with them. Money is integer cents everywhere in the API.
 */
import { z } from 'zod';
import {
  INSTALLATION_TYPE,
  PROCESS_TYPES,
  RESPONSE_CODES,
  SERVICES_STAGES,
  SHIFT_POSITIONS,
  TIME_SELECTION_TYPES,
  PRODUCT_PARAMETER_CODES,
  TIRE_TYPES,
  VEHICLE_DELIVERY_OPTIONS,
} from './enums.ts';
import {
  PHONE_PATTERN,
  cleanLine,
  customerSchema,
  kilometersSchema,
  registerNumberSchema,
  symptomSchema,
  vehicleMakeText,
  vehicleModelText,
} from './validation.ts';
import { DATE_PATTERN, LOCAL_DATE_TIME_PATTERN, isRealDate, isRealLocalDateTime } from './time.ts';
import { FREE_TIMES_RANGE_MESSAGE, isWithinFreeTimesRange } from './reservation.ts';
import { tireSearchQuerySchema } from './tires.ts';
import { FIELD_ERRORS } from './messages.ts';
import { PG_INT_MAX, isStorableText } from './storable.ts';
import { MAX_PARAMETERS_PER_LINE, MAX_PARAMETER_KEY_LENGTH, MAX_PARAMETER_VALUE_LENGTH } from './rules.ts';

// API_BASE, the headers and the XSRF names are in http.ts (no zod there).

const id = z.coerce.number().int().positive().max(PG_INT_MAX);
/** Text that the database can store: no NUL, no unpaired surrogate (storable.ts). */
const storable = { error: FIELD_ERRORS.unstorable };
/** A real calendar date 'YYYY-MM-DD' (time.ts isRealDate): '2027-02-30' and year 0000 are refused. */
const dateString = z
  .string()
  .regex(DATE_PATTERN, { error: 'Päivämäärä muodossa VVVV-KK-PP', abort: true })
  .refine(isRealDate, { error: 'Päivämäärä ei ole kelvollinen', abort: true });
/** A real local date-time 'YYYY-MM-DDTHH:mm:ss': hour 00–23, minute and second 00–59. */
const localDateTime = z
  .string()
  .regex(LOCAL_DATE_TIME_PATTERN, { error: 'Aika muodossa VVVV-KK-PPTHH:mm:ss', abort: true })
  .refine(isRealLocalDateTime, { error: 'Päivämäärä tai kellonaika ei ole kelvollinen', abort: true });
/** A real date or local date-time. */
const dateOrLocalDateTime = z
  .string()
  .max(19)
  .refine((v) => isRealDate(v) || isRealLocalDateTime(v), { error: 'Päivämäärä ei ole kelvollinen' });
/** Start not after end, covering at most FREE_TIMES_MAX_RANGE_DAYS days (reservation.ts, as the server's whole rule). */
const dateRangeChecks = <T extends z.ZodType<{ start: string; end: string }>>(schema: T) =>
  schema
    .refine((b) => !isRealDate(b.start) || !isRealDate(b.end) || b.start <= b.end, {
      path: ['end'],
      message: 'Loppupäivä ennen alkupäivää',
    })
    .refine((b) => !isRealDate(b.start) || !isRealDate(b.end) || isWithinFreeTimesRange(b.start, b.end), {
      path: ['end'],
      message: FREE_TIMES_RANGE_MESSAGE,
    });

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
 * The payload for a vehicle that the register does not know (SPEC §3). The make is a name:
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

const vehicleTireSchema = z.object({
  width: z.number(),
  aspectRatio: z.number(),
  constructionType: z.string(),
  rimDiameter: z.number(),
  loadIndex: z.number(),
});

const bookingVehicleSchema = z.object({
  register_number: z.string(),
  make: z.string(),
  model: z.string(),
  model_year: z.number().nullable().optional(),
  classification: z.object({ id: z.number() }),
  tires: z.object({ front: vehicleTireSchema.nullable(), rear: vehicleTireSchema.nullable() }).nullable(),
});
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
  /** The office's opening and closing time, Helsinki wall clock 'HH:mm' (SPEC §9). */
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

// ---- Services and cart -----------------------------------------------------

const productRefSchema = z.object({ id: z.string(), provider: z.string() });

export const productSuggestionSchema = z.object({
  product: productRefSchema,
  description: z.string(),
  /** Price in cents. */
  price: z.number().int(),
  /** Price before campaign, in cents, when a campaign lowers it. */
  normal_price: z.number().int().nullable(),
  duration_minutes: z.number().int(),
  selected: z.boolean(),
  additional_data: z.object({ infoDescription: z.string().nullable(), imageIds: z.array(z.string()) }),
  suggestion_sub_rows: z.array(
    z.object({
      operation: z.object({ description: z.string() }),
      spareParts: z.array(z.object({ description: z.string() })),
    }),
  ),
  additional_products: z.array(z.unknown()),
  suggested_tire: z.unknown().nullable(),
  /** Ids of the products whose work this one already includes (a package's oil change, a bundle's parts). */
  includes: z.array(z.string()).optional(),
  /**
   * The product in the cart that already does this one's work: listed so the page can say
   * why it cannot be chosen ("Sisältyy valitsemaasi palveluun …"); adding it is refused.
   */
  included_in: z.object({ id: z.string(), description: z.string() }).optional(),
});
export type ProductSuggestion = z.infer<typeof productSuggestionSchema>;

export const serviceGroupSchema = z.object({
  id: z.string(),
  title: z.string(),
  calculator_id: z.string().nullable(),
  suggestions: z.array(productSuggestionSchema),
});
export type ServiceGroup = z.infer<typeof serviceGroupSchema>;

/** GET /product-additional-data: a product's info text, images and operations with their spare parts. */
export const productAdditionalDataResponse = z.object({
  productId: z.string(),
  /** HTML of the product's info, or null. */
  infoDescription: z.string().nullable(),
  imageIds: z.array(z.string()),
  operations: z.array(z.object({ description: z.string(), spareParts: z.array(z.object({ description: z.string() })) })),
});
export type ProductAdditionalData = z.infer<typeof productAdditionalDataResponse>;

/** An item of GET /extra-order-items: a small product that can be added to the order. */
export const extraOrderItemSchema = z.object({
  id: z.string(),
  description: z.string(),
  /** Cents. */
  price: z.number().int(),
  /** Whether the booking has it. */
  selected: z.boolean(),
});
export type ExtraOrderItem = z.infer<typeof extraOrderItemSchema>;
export const extraOrderItemsResponse = z.array(extraOrderItemSchema);

/** An offer card of the side column (GET /lifts-offers): the product it adds to the cart, priced. */
export const liftsOfferSchema = z.object({
  id: z.string(),
  title: z.string(),
  text: z.string(),
  imageId: z.string().nullable(),
  /** The product the offer adds to the cart. */
  productId: z.string(),
  /** The product's provider for the cart item. */
  provider: z.string(),
  /** Cents. */
  price: z.number().int(),
  /** Cents, before the offer; null when the product has no other price. */
  normalPrice: z.number().int().nullable(),
  /** Whether the product is in the booking's cart. */
  inCart: z.boolean(),
});
export type LiftsOffer = z.infer<typeof liftsOfferSchema>;
export const liftsOffersResponse = z.array(liftsOfferSchema);

/** A cart product item (SPEC §3). */
export const cartProductItemSchema = z.object({
  productId: z.string().min(1).max(80).refine(isStorableText, storable),
  amount: z.number().int().min(1).max(999).default(1),
  provider: z.string().max(40).refine(isStorableText, storable).transform(cleanLine).default('LAAKKONEN'),
  description: z.string().max(300).refine(isStorableText, storable).transform(cleanLine).optional(),
  // The keys and values a product takes are checked by the server against the product
  // (cart-parameters.ts); here only their size is bounded.
  parameters: z
    .record(
      z.string().max(MAX_PARAMETER_KEY_LENGTH).refine(isStorableText, storable).transform(cleanLine),
      z.string().max(MAX_PARAMETER_VALUE_LENGTH).refine(isStorableText, storable).transform(cleanLine),
    )
    .refine((p) => Object.keys(p).length <= MAX_PARAMETERS_PER_LINE, { error: `Enintään ${MAX_PARAMETERS_PER_LINE} lisätietoa` })
    .optional(),
  customizations: z.array(z.unknown()).max(20).optional(),
  calculatorId: z.string().max(80).refine(isStorableText, storable).transform(cleanLine).nullable().optional(),
});
export type CartProductItem = z.infer<typeof cartProductItemSchema>;

export const cartChangeBody = z.object({
  items: z.array(cartProductItemSchema).min(1).max(50),
  stage: z.enum(SERVICES_STAGES).default('DEFAULT'),
});
export type CartChangeBody = z.input<typeof cartChangeBody>;

export const symptomsBody = z.array(symptomSchema).max(10);
export type SymptomsBody = z.input<typeof symptomsBody>;

export const productParameterBody = z.object({
  parameterCode: z.enum(PRODUCT_PARAMETER_CODES),
  selectedValue: z.string().max(100).refine(isStorableText, storable).transform(cleanLine),
});
export type ProductParameterBody = z.input<typeof productParameterBody>;

/** tireSearchQuerySchema (zod/mini, tires.ts) as a classic object for the server's parse and OpenAPI. */
export const tireSearchBody = z.object(tireSearchQuerySchema.shape);

/** GET /tire-sizes (SPEC §3 "Tire sizes"): the tire search's choices and the car's own sizes. */
export const tireSizesResponse = z.object({
  suppliers: z.array(z.object({ id: z.number().int(), name: z.string() })),
  widths: z.array(z.number()),
  aspectRatios: z.array(z.number()),
  rimDiameters: z.array(z.number()),
  /** The tire type of the season (defaultTireType). */
  defaultOfferedTireType: z.enum(TIRE_TYPES),
  defaultOfferedSupplierId: z.number().int(),
  /** The car's front and rear sizes, each once. */
  suggestedSizes: z.array(z.object({ width: z.number(), aspectRatio: z.number(), rimDiameter: z.number(), loadIndex: z.number() })),
});
export type TireSizes = z.infer<typeof tireSizesResponse>;

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
 * A reservation as 'start|end' local date-times (SPEC §4), both real (no hour 24, no
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

/** POST /free-times-on-organization: a date range of at most 62 days. */
export const freeTimesOnOrganizationBody = dateRangeChecks(z.object({ start: dateString, end: dateString }));
export type FreeTimesOnOrganizationBody = z.infer<typeof freeTimesOnOrganizationBody>;

/**
 * Another office's availability for the booking (SPEC §3 "Organization transfer info"):
 * `calendar` holds only the days that have free times.
 */
export const organizationFreeTimesSchema = z.object({
  organization: organizationSchema,
  calendar: z.array(freeTimeDaySchema),
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
  /** How many weeks were looked at: the current week and the calendar's auto-advance (SPEC §4, §9). */
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
