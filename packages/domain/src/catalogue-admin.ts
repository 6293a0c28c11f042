/**
 * The staff API's catalogue (admins change it, office users read it): the service groups of
 * each stage, the services with their prices, durations, operations and fit, the campaign
 * codes, the tires' pictures and stock, and the preview of the services step for a plate.
 * Every change is one transaction with an audit row and moves the catalogue version, so
 * every server instance serves the new catalogue at its next request. A saved booking keeps
 * the prices and services it was saved with (booking.order_items).
 */
import { z } from 'zod';
import { FIELD_ERRORS } from './messages.ts';
import { cleanMultilineText, isStorableText } from './storable.ts';
import { REGISTER_NUMBER_PATTERN } from './register-number.ts';
import { dateString, id, line, storable } from './staff-fields.ts';
import { CAMPAIGN_CODE_PATTERN } from './campaign-code-rules.ts';

const required = (max: number) => line(max).refine((v) => v.length > 0, { error: FIELD_ERRORS.required });

// ---- Stages and groups ----

/** The stages of the booking flow whose groups the catalogue holds (requirements §3). */
export const CATALOGUE_STAGES = ['DEFAULT', 'FIXED_CAMPAIGN_SERVICES', 'TIRE_SERVICES'] as const;
export type CatalogueStage = (typeof CATALOGUE_STAGES)[number];
export const CATALOGUE_STAGE_LABELS: Record<CatalogueStage, string> = {
  DEFAULT: 'Huolto',
  FIXED_CAMPAIGN_SERVICES: 'Kampanjapalvelut',
  TIRE_SERVICES: 'Renkaanvaihto ja rengashotelli',
};
/**
 * A group's kind: PRIMARY and ADDITIONAL groups show on the services step, EXTRA groups on
 * the extra services (lisäpalvelut), CODE groups only to a booking that entered a service code.
 */
export const SERVICE_GROUP_KINDS = ['PRIMARY', 'ADDITIONAL', 'EXTRA', 'CODE'] as const;
export type ServiceGroupKind = (typeof SERVICE_GROUP_KINDS)[number];
export const SERVICE_GROUP_KIND_LABELS: Record<ServiceGroupKind, string> = {
  PRIMARY: 'Päälista',
  ADDITIONAL: 'Lisäpalvelut huollon yhteydessä',
  EXTRA: 'Lisäpalvelut ja -tuotteet',
  CODE: 'Vain huoltokoodilla',
};

/**
 * The kind of a service's group as the back-office lists it: a group kind, or WINDSHIELD for
 * the windshield products (requirements §3 "Windshield products"), whose group, codes and
 * choices the windshield form fixes; their prices, texts, durations and state are edited as a
 * service's.
 */
export const CATALOGUE_SERVICE_KINDS = [...SERVICE_GROUP_KINDS, 'WINDSHIELD'] as const;
export type CatalogueServiceKind = (typeof CATALOGUE_SERVICE_KINDS)[number];

/** A service's code: the import's key and the cart's product id. */
export const PRODUCT_CODE_PATTERN = /^[A-Za-z0-9_-]{1,60}$/;
/** The dearest service or item, in cents (100 000 €). */
export const CATALOGUE_MAX_PRICE_CENTS = 100_000_00;
/** The longest service, in minutes: a working day and a half. */
export const SERVICE_MAX_DURATION_MINUTES = 720;
/** The highest mileage a maintenance package names, in km: the odometer's own limit (kilometersSchema). */
export const SERVICE_MAX_KM = 9_999_999;
/** The longest info text (HTML, sanitised where it is shown), in characters. */
export const SERVICE_INFO_MAX_CHARS = 5000;
export const SERVICE_MAX_OPERATIONS = 50;
export const OPERATION_MAX_SPARE_PARTS = 30;

export const catalogueGroupSchema = z.object({
  id: z.string(),
  stage: z.enum(CATALOGUE_STAGES),
  kind: z.enum(SERVICE_GROUP_KINDS),
  title: z.string(),
  sort: z.number().int(),
  /** Its services, active or not. */
  serviceCount: z.number().int(),
});
export type CatalogueGroup = z.infer<typeof catalogueGroupSchema>;
export const catalogueGroupsResponse = z.array(catalogueGroupSchema);
/** POST /catalogue/groups: a new group, last in its stage. */
export const catalogueGroupBody = z.object({
  title: required(100),
  stage: z.enum(CATALOGUE_STAGES),
  kind: z.enum(SERVICE_GROUP_KINDS),
});
export type CatalogueGroupBody = z.input<typeof catalogueGroupBody>;
/** PUT /catalogue/groups/:groupId: its title and kind (its stage stays). */
export const updateCatalogueGroupBody = catalogueGroupBody.omit({ stage: true });
export type UpdateCatalogueGroupBody = z.input<typeof updateCatalogueGroupBody>;
export const catalogueGroupParams = z.object({ groupId: z.string().regex(/^[a-z0-9-]{1,60}$/) });
/** PUT /catalogue/groups/order: a stage's groups in the order customers see them. */
export const catalogueGroupOrderBody = z.object({
  stage: z.enum(CATALOGUE_STAGES),
  groupIds: z
    .array(z.string().max(60))
    .min(1)
    .max(200)
    .refine((ids) => new Set(ids).size === ids.length, { error: 'Sama ryhmä kahdesti' }),
});

// ---- Services ----

const cents = (label: string) =>
  z
    .number({ error: `${label} senteinä` })
    .int({ error: `${label} senteinä` })
    .min(0, { error: `${label} 0–100 000 €` })
    .max(CATALOGUE_MAX_PRICE_CENTS, { error: `${label} 0–100 000 €` });
const km = z.number().int().min(0, { error: `Kilometrit 0–${SERVICE_MAX_KM}` }).max(SERVICE_MAX_KM, { error: `Kilometrit 0–${SERVICE_MAX_KM}` });
const productCode = z.string().trim().regex(PRODUCT_CODE_PATTERN, { error: 'Tunnuksessa on 1–60 kirjainta (a–z), numeroa, - tai _' });
const codeList = z
  .array(productCode)
  .max(100)
  .refine((c) => new Set(c).size === c.length, { error: 'Sama palvelu kahdesti' })
  .default([]);

/** One operation of a service ("Näytä huollon sisältö"), with its spare parts. */
export const serviceOperationBody = z.object({
  description: required(300),
  spareParts: z.array(required(200)).max(OPERATION_MAX_SPARE_PARTS).default([]),
});
export type ServiceOperationBody = z.input<typeof serviceOperationBody>;

const serviceFields = {
  groupId: z.string().regex(/^[a-z0-9-]{1,60}$/, { error: 'Valitse ryhmä' }),
  /** The service as customers see it. */
  name: required(200),
  /** What the service card's "Lisätietoja" shows: HTML, sanitised where shown; '' for none. */
  infoHtml: z
    .string()
    .max(SERVICE_INFO_MAX_CHARS, { error: FIELD_ERRORS.tooLong })
    .refine(isStorableText, storable)
    .transform(cleanMultilineText)
    .default(''),
  /** The price, integer cents, VAT included. */
  priceCents: cents('Hinta'),
  /** The price without the campaign (shown struck through when higher); null: none. */
  normalPriceCents: cents('Normaalihinta').nullable().default(null),
  durationMinutes: z
    .number()
    .int({ error: `Kesto minuutteina 0–${SERVICE_MAX_DURATION_MINUTES}` })
    .min(0, { error: `Kesto minuutteina 0–${SERVICE_MAX_DURATION_MINUTES}` })
    .max(SERVICE_MAX_DURATION_MINUTES, { error: `Kesto minuutteina 0–${SERVICE_MAX_DURATION_MINUTES}` }),
  /** The kind of work it needs (which resources can do it); null: any resource. */
  workKind: z.string().regex(/^[A-Z0-9_]{1,40}$/).nullable().default(null),
  /** The vehicle class it is for (VEHICLE_CLASS: 1 passenger car, 2 van); null: any. */
  vehicleClass: z.union([z.literal(1), z.literal(2)]).nullable().default(null),
  /** Maintenance packages: the make they fit (null: any make) and their mileage range. */
  makeId: id.nullable().default(null),
  minKm: km.nullable().default(null),
  maxKm: km.nullable().default(null),
  /** Shown only to a booking that entered this service code; null: to everyone. */
  serviceCode: line(40).nullable().default(null),
  /** Services whose work this one includes: not offered beside it. */
  includes: codeList,
  /** Extra services offered under it (product_additional), in this order. */
  extras: codeList,
  /** Its pictures (media ids, uploaded with POST /catalogue/images). */
  imageIds: z.array(z.string().regex(/^[A-Za-z0-9_.-]{1,100}$/)).max(10).default([]),
  /** Offered from and to these Finnish dates (both included); null: open. */
  validFrom: dateString.nullable().default(null),
  validTo: dateString.nullable().default(null),
  operations: z.array(serviceOperationBody).max(SERVICE_MAX_OPERATIONS).default([]),
  active: z.boolean().default(true),
};
const kmInOrder = (b: { minKm: number | null; maxKm: number | null }) => b.minKm === null || b.maxKm === null || b.minKm <= b.maxKm;
const datesInOrder = (b: { validFrom: string | null; validTo: string | null }) => b.validFrom === null || b.validTo === null || b.validFrom <= b.validTo;

/** PUT /catalogue/services/:code: every field of a service. */
export const serviceBody = z
  .object(serviceFields)
  .refine(kmInOrder, { path: ['maxKm'], message: 'Yläraja on pienempi kuin alaraja' })
  .refine(datesInOrder, { path: ['validTo'], message: 'Viimeinen päivä ennen ensimmäistä' });
export type ServiceBody = z.input<typeof serviceBody>;
export type ServiceValues = z.output<typeof serviceBody>;
/** POST /catalogue/services: a new service with its code. */
export const createServiceBody = z
  .object({ code: productCode, ...serviceFields })
  .refine(kmInOrder, { path: ['maxKm'], message: 'Yläraja on pienempi kuin alaraja' })
  .refine(datesInOrder, { path: ['validTo'], message: 'Viimeinen päivä ennen ensimmäistä' });
export type CreateServiceBody = z.input<typeof createServiceBody>;
export const serviceParams = z.object({ code: productCode });

/** A service as the back-office shows and edits it. */
export const serviceDetailsSchema = z.object({
  code: z.string(),
  groupId: z.string(),
  groupTitle: z.string(),
  stage: z.enum(CATALOGUE_STAGES),
  kind: z.enum(CATALOGUE_SERVICE_KINDS),
  name: z.string(),
  infoHtml: z.string(),
  priceCents: z.number().int(),
  normalPriceCents: z.number().int().nullable(),
  durationMinutes: z.number().int(),
  workKind: z.string().nullable(),
  vehicleClass: z.number().int().nullable(),
  makeId: z.number().int().nullable(),
  minKm: z.number().int().nullable(),
  maxKm: z.number().int().nullable(),
  serviceCode: z.string().nullable(),
  includes: z.array(z.string()),
  extras: z.array(z.string()),
  imageIds: z.array(z.string()),
  validFrom: z.string().nullable(),
  validTo: z.string().nullable(),
  operations: z.array(z.object({ description: z.string(), spareParts: z.array(z.string()) })),
  active: z.boolean(),
  sort: z.number().int(),
});
export type ServiceDetails = z.infer<typeof serviceDetailsSchema>;
/** GET /catalogue/services: every service of the three stages, by stage, group and order. */
export const serviceListResponse = z.array(
  serviceDetailsSchema.pick({
    code: true,
    groupId: true,
    groupTitle: true,
    stage: true,
    kind: true,
    name: true,
    priceCents: true,
    normalPriceCents: true,
    durationMinutes: true,
    workKind: true,
    validFrom: true,
    validTo: true,
    active: true,
    sort: true,
  }),
);
export type ServiceListItem = z.infer<typeof serviceListResponse>[number];

/**
 * GET /catalogue/preview: the services step as a customer with this plate (and mileage)
 * would see it at an office today: the groups with their services and prices.
 */
export const cataloguePreviewQuery = z.object({
  registerNumber: z.string().trim().toUpperCase().regex(REGISTER_NUMBER_PATTERN, { error: FIELD_ERRORS.registerNumber }),
  officeId: id,
  kilometers: z.coerce.number().int().min(0).max(SERVICE_MAX_KM).optional(),
});
export const cataloguePreviewResponse = z.object({
  vehicle: z.object({ registerNumber: z.string(), make: z.string().nullable(), model: z.string().nullable(), found: z.boolean() }),
  groups: z.array(
    z.object({
      title: z.string(),
      stage: z.enum(CATALOGUE_STAGES),
      kind: z.enum(SERVICE_GROUP_KINDS),
      services: z.array(z.object({ code: z.string(), name: z.string(), priceCents: z.number().int(), normalPriceCents: z.number().int().nullable(), durationMinutes: z.number().int() })),
    }),
  ),
});
export type CataloguePreview = z.infer<typeof cataloguePreviewResponse>;

// ---- Campaign codes ----

export const campaignCodeSchema = z.object({
  code: z.string(),
  description: z.string(),
  percentOff: z.number().int(),
  /** Only for a logged-in loyalty member (the members' code). */
  membersOnly: z.boolean(),
  validFrom: z.string().nullable(),
  validTo: z.string().nullable(),
  active: z.boolean(),
  /** Saved bookings that carry it. */
  bookingCount: z.number().int(),
});
export type CampaignCodeAdmin = z.infer<typeof campaignCodeSchema>;
export const campaignCodesResponse = z.array(campaignCodeSchema);
const campaignCodeFields = {
  description: required(200),
  percentOff: z.number().int({ error: 'Alennus prosentteina 1–100' }).min(1, { error: 'Alennus prosentteina 1–100' }).max(100, { error: 'Alennus prosentteina 1–100' }),
  membersOnly: z.boolean().default(false),
  validFrom: dateString.nullable().default(null),
  validTo: dateString.nullable().default(null),
  active: z.boolean().default(true),
};
/** PUT /catalogue/campaign-codes/:code. */
export const campaignCodeAdminBody = z.object(campaignCodeFields).refine(datesInOrder, { path: ['validTo'], message: 'Viimeinen päivä ennen ensimmäistä' });
export type CampaignCodeAdminBody = z.input<typeof campaignCodeAdminBody>;
/** POST /catalogue/campaign-codes: a new code, written in capitals. */
export const createCampaignCodeBody = z
  .object({
    code: z.string().trim().toUpperCase().regex(CAMPAIGN_CODE_PATTERN, { error: 'Koodissa on 1–40 kirjainta (A–Z), numeroa, - tai _' }),
    ...campaignCodeFields,
  })
  .refine(datesInOrder, { path: ['validTo'], message: 'Viimeinen päivä ennen ensimmäistä' });
export type CreateCampaignCodeBody = z.input<typeof createCampaignCodeBody>;
export const campaignCodeParams = z.object({ code: z.string().toUpperCase().regex(CAMPAIGN_CODE_PATTERN) });

// ---- Pictures and tires ----

/** The pictures the back-office takes: PNG, JPEG or WebP, at most 500 kB. */
export const CATALOGUE_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
export const CATALOGUE_IMAGE_MAX_BYTES = 500_000;
export const catalogueImageResponse = z.object({ imageId: z.string() });
/** PUT /catalogue/tires/:productId/image answers the tire with its new picture. */
export const tireAdminParams = z.object({ productId: z.string().regex(/^[A-Za-z0-9_.-]{1,100}$/) });
/** GET /catalogue/tires: a supplier's tires by product code or size text ('205/55R16'), at most 100. */
export const tireAdminQuery = z.object({
  q: z.string().trim().max(60).refine(isStorableText, storable).default(''),
  supplier: z.string().trim().max(100).refine(isStorableText, storable).optional(),
});
export const tireAdminSchema = z.object({
  productId: z.string(),
  supplier: z.string(),
  supplierCode: z.string(),
  make: z.string(),
  model: z.string(),
  size: z.string(),
  priceCents: z.number().int(),
  stock: z.number().int(),
  imageIds: z.array(z.string()),
  active: z.boolean(),
});
export type TireAdmin = z.infer<typeof tireAdminSchema>;
export const tireAdminListResponse = z.array(tireAdminSchema);
/** PUT /catalogue/tires/:productId/stock. */
export const tireStockBody = z.object({ stock: z.number().int().min(0, { error: 'Varasto 0–100 000' }).max(100_000, { error: 'Varasto 0–100 000' }) });

// ---- Loyalty vouchers ----

/**
 * A loyalty member's voucher: a sum off the member's next booking, applied when the member
 * logs in on the booking (POST /campaign-code/v2 with the members' code) on a Helsinki date
 * validFrom … validTo (both included), and spent by the booking saved with it.
 */
export const voucherAdminSchema = z.object({
  id: z.string(),
  /** The member's e-mail address (their user name, lower-cased). */
  accountEmail: z.string(),
  title: z.string(),
  discountCents: z.number().int(),
  validFrom: z.string(),
  validTo: z.string(),
  /** The booking that spent it; null: not used yet. */
  usedBookingKey: z.string().nullable(),
});
export type VoucherAdmin = z.infer<typeof voucherAdminSchema>;
export const vouchersAdminResponse = z.array(voucherAdminSchema);
/** The largest voucher, in cents: as dear as the dearest service. */
export const VOUCHER_MAX_CENTS = CATALOGUE_MAX_PRICE_CENTS;
/** A member's e-mail address, as their user name is stored: trimmed and lower-cased. */
const memberEmail = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.email({ error: FIELD_ERRORS.email }))
  .pipe(z.string().max(254, { error: FIELD_ERRORS.tooLong }));
/** GET /catalogue/vouchers: the newest 100 vouchers, or one member's (email). */
export const voucherAdminQuery = z.object({ email: memberEmail.optional() });
/** POST /catalogue/vouchers: a voucher for the member whose e-mail address is accountEmail. */
export const createVoucherBody = z
  .object({
    accountEmail: memberEmail,
    title: required(100),
    discountCents: z
      .number()
      .int({ error: 'Etu euroina 0,01–100 000' })
      .min(1, { error: 'Etu euroina 0,01–100 000' })
      .max(VOUCHER_MAX_CENTS, { error: 'Etu euroina 0,01–100 000' }),
    validFrom: dateString,
    validTo: dateString,
  })
  .refine(datesInOrder, { path: ['validTo'], message: 'Viimeinen päivä ennen ensimmäistä' });
export type CreateVoucherBody = z.input<typeof createVoucherBody>;
/** POST /catalogue/vouchers/:voucherId/withdraw: a voucher's id. */
export const voucherParams = z.object({ voucherId: z.string().regex(/^[A-Za-z0-9_-]{1,60}$/) });
