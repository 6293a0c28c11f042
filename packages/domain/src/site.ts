/**
 * The contract of the site-wide calls (requirements §7 "Session and settings", "Organizations",
 * "Finance"): redirect settings, the loan calculator's calls, billing references, office
 * lists and info texts, module settings and process types. Money is integer cents, except
 * where the loan calculator answers whole euros as it shows them.
 */
import { z } from 'zod';
import { HIDDEN_PROCESS_TYPES, PROCESS_TYPES, TIME_SELECTION_TYPES } from './enums.ts';
import { LOAN_TERMS, type LoanYears } from './finance.ts';
import { FIELD_ERRORS } from './messages.ts';
import { organizationSchema } from './api.ts';
import { PG_INT_MAX } from './storable.ts';
import { registerNumberSchema } from './validation.ts';

/** A query value that must be present: blank counts as missing (z.coerce would make '' a 0). */
const requiredQueryNumber = z
  .string({ error: FIELD_ERRORS.required })
  .trim()
  .min(1, { error: FIELD_ERRORS.required })
  .transform(Number)
  .pipe(z.number({ error: 'Anna luku' }).refine(Number.isFinite, { message: 'Anna luku' }));

const queryInt = (min: number, max: number) =>
  z
    .string({ error: FIELD_ERRORS.required })
    .trim()
    .min(1, { error: FIELD_ERRORS.required })
    .regex(/^-?\d{1,10}$/, { error: 'Anna kokonaisluku' })
    .transform(Number)
    .pipe(z.number().int().min(min).max(max));

// ---- Redirect settings (requirements §3, §4) ----------------------------------------

/** GET /redirect-settings: where the booking's make books instead, or null. */
const redirectSettingsSchema = z.object({
  redirectUrl: z.string(),
  redirectMessage: z.string(),
  /** Seconds before the customer is sent on. */
  redirectDelay: z.number().int().min(0),
});
export const redirectSettingsResponse = redirectSettingsSchema.nullable();
export type RedirectSettingsResponse = z.infer<typeof redirectSettingsResponse>;

/** The makes that book on their own site (requirements §4), keyed as in the REDIRECT_URL_<MAKE> variables. */
export const REDIRECT_MAKES = ['BMW', 'MINI', 'KIA', 'MITSUBISHI'] as const;
export type RedirectMake = (typeof REDIRECT_MAKES)[number];

// ---- Finance (requirements §2 loan calculator, §9) ---------------------------------------

/** The smallest price for credit when no setting says otherwise, in cents (2 000 €). */
export const DEFAULT_MINIMUM_PRICE_FOR_CREDIT_CENTS = LOAN_TERMS.minEuros * 100;

export const minimumPriceForCreditBody = z.object({ organizationId: z.number({ error: FIELD_ERRORS.required }).int().positive().max(PG_INT_MAX) });
export const minimumPriceForCreditResponse = z.object({ minimumPrice: z.number().int() });
export type MinimumPriceForCreditResponse = z.infer<typeof minimumPriceForCreditResponse>;

export const creditAmountBody = z.object({
  /** The price in cents. */
  price: z.number({ error: FIELD_ERRORS.required }).int().min(0).max(100_000_000),
  years: z
    .number({ error: FIELD_ERRORS.required })
    .int()
    .min(1)
    .max(6)
    .transform((v) => v as LoanYears),
});
/** POST /financing/get-credit-amount: the monthly payment in whole euros over `months`. */
export const creditAmountResponse = z.object({
  years: z.number().int(),
  monthlyPayment: z.number().int(),
  months: z.number().int(),
  /** monthlyPayment × months, in euros. */
  totalEuros: z.number().int(),
});
export type CreditAmountResponse = z.infer<typeof creditAmountResponse>;

/** A booking key as printed in the confirmation: letters and digits, read case-insensitively. */
export const bookingKeySchema = z
  .string({ error: FIELD_ERRORS.required })
  .trim()
  .toUpperCase()
  .min(1, { error: FIELD_ERRORS.required })
  .regex(/^[A-Z0-9]{6,40}$/, { error: 'Tarkista varaustunnus' });

/**
 * POST /billing-reference: with a booking key, the car's registration number too (the key
 * alone does not identify a booking to a stranger); without a key, neither.
 */
export const billingReferenceBody = z
  .object({ bookingKey: bookingKeySchema.nullish(), registerNumber: z.nullish(registerNumberSchema) })
  .refine((b) => !b.bookingKey || b.registerNumber, { path: ['registerNumber'], message: FIELD_ERRORS.required });
/** POST /billing-reference: a Finnish reference number (viitenumero), digits only. */
export const billingReferenceResponse = z.object({ reference: z.string() });

/** Every process type the backend knows: the public ones and the hidden ones (requirements §1). */
const ALL_PROCESS_TYPES = [...PROCESS_TYPES, ...HIDDEN_PROCESS_TYPES] as const;

export const bookingSettingsOrganizationQuery = z.object({
  organizationId: queryInt(1, 2_147_483_647),
  processType: z.enum(ALL_PROCESS_TYPES),
});
export const bookingSettingsOrganizationResponse = z.object({
  organizationId: z.number().int(),
  processType: z.enum(ALL_PROCESS_TYPES),
  timeSelectionType: z.enum(TIME_SELECTION_TYPES),
  showStaticLoanCalculator: z.boolean(),
  leadOnly: z.boolean(),
  customerSelectsResource: z.boolean(),
});
export type BookingSettingsOrganization = z.infer<typeof bookingSettingsOrganizationResponse>;

/** GET /booking-settings/v2: the booking's process type, its office's way of booking times, the hold time. */
export const processBookingSettingsResponse = z.object({
  processType: z.enum(ALL_PROCESS_TYPES),
  timeSelectionType: z.enum(TIME_SELECTION_TYPES),
  /** How long a held time is kept, in minutes. */
  holdMinutes: z.number().int(),
});
export type ProcessBookingSettings = z.infer<typeof processBookingSettingsResponse>;

// ---- Organizations (requirements §7) --------------------------------------------------

export const organizationsBySiteQuery = z.object({
  /** A town (post office), case-insensitive. */
  site: z.string({ error: FIELD_ERRORS.required }).trim().min(1, { error: FIELD_ERRORS.required }).max(60),
});

export const findOrganizationsQuery = z.object({
  latitude: requiredQueryNumber.pipe(z.number().min(-90).max(90)),
  longitude: requiredQueryNumber.pipe(z.number().min(-180).max(180)),
  numberOfResults: queryInt(1, 50).optional().default(5),
});
export const organizationWithDistanceSchema = organizationSchema.extend({
  /** Great-circle distance from the asked point, in kilometres (one decimal). */
  distanceKm: z.number(),
});
export type OrganizationWithDistance = z.infer<typeof organizationWithDistanceSchema>;

export const organizationsByOfficeNumberQuery = z.object({ officeNumber: queryInt(1, 2_147_483_647) });

export const organizationInfoTextsBody = z.object({
  organizationIds: z.array(z.number().int().positive().max(PG_INT_MAX)).max(100),
});
const organizationInfoTextSchema = z.object({ organizationId: z.number().int(), text: z.string() });
export type OrganizationInfoText = z.infer<typeof organizationInfoTextSchema>;
export const organizationInfoTextsResponse = z.array(organizationInfoTextSchema);
export const activeOrganizationInfoTextResponse = z.object({ text: z.string().nullable() });
export type ActiveOrganizationInfoText = z.infer<typeof activeOrganizationInfoTextResponse>;

// ---- Settings (requirements §7) ----------------------------------------------------

/** GET /servicelane-settings: the drive-in reception lane, on at the listed offices. */
export const servicelaneSettingsSchema = z.object({
  enabled: z.boolean(),
  organizationIds: z.array(z.number().int()),
  message: z.string().nullable(),
});
export type ServicelaneSettings = z.infer<typeof servicelaneSettingsSchema>;

export const moduleSettingQuery = z.object({
  module: z
    .string({ error: FIELD_ERRORS.required })
    .trim()
    .regex(/^[A-Za-z0-9_.-]{1,60}$/, { error: 'Anna moduulin nimi (kirjaimia, numeroita, _ . -)' }),
});
export const moduleSettingResponse = z.object({ module: z.string(), enabled: z.boolean() });

/** Modules and whether they are on when the settings say nothing. */
export const DEFAULT_MODULES: Readonly<Record<string, boolean>> = {
  LOAN_CALCULATOR: true,
  LOYALTY: true,
  KEY_LOCKER: true,
  CUSTOMER_SELECTS_RESOURCE: true,
  INSTALMENT_BILLING: true,
  FEEDBACK: true,
  TIRE_HOTEL: false,
  SERVICE_LANE: false,
};

/** GET /active-processes and /enabled-processes-generic-online. */
export const processAvailabilitySchema = z.object({
  processType: z.enum(ALL_PROCESS_TYPES),
  enabled: z.boolean(),
  /** Shown as a route of the web app (requirements §2). */
  public: z.boolean(),
});
export type ProcessAvailability = z.infer<typeof processAvailabilitySchema>;

/** The four public processes are on; the backend's further types have no screens (requirements §1). */
export const PROCESS_AVAILABILITY: readonly ProcessAvailability[] = [
  ...PROCESS_TYPES.map((processType) => ({ processType, enabled: true, public: true })),
  ...HIDDEN_PROCESS_TYPES.map((processType) => ({ processType, enabled: false, public: false })),
];

/** External links of the site's pages (get-generic-online-settings `links`). */
export const siteLinksSchema = z.object({
  damageInspection: z.string(),
  phoneBooking: z.string(),
  frontPage: z.string(),
  instalmentBilling: z.string(),
  /** The company's privacy statement (tietosuojaseloste), linked where the customer gives their details. */
  privacy: z.string(),
});
export type SiteLinks = z.infer<typeof siteLinksSchema>;

/**
 * The links when the settings give none: none at all, so a page leaves the link or tile out
 * until the company's details name them (the demo seed stores its own).
 */
export const DEFAULT_SITE_LINKS: SiteLinks = {
  damageInspection: '',
  phoneBooking: '',
  frontPage: '',
  instalmentBilling: '',
  privacy: '',
};

/** The booking line when the bookingPhone setting gives none: none, and the landing page shows no number. */
export const DEFAULT_BOOKING_PHONE = '';

/** The company's name when the companyName setting gives none: none, and the site and the e-mails say just 'Ajanvaraus'. */
export const DEFAULT_COMPANY_NAME = '';

/** What the site and the e-mails call the service when the company has no name yet. */
export const NEUTRAL_SERVICE_NAME = 'Ajanvaraus';

/** A notice of a service break of the booking (the serviceBreak setting), Helsinki wall clock or ISO instants. */
export const serviceBreakSchema = z.object({ start: z.string(), end: z.string(), message: z.string().nullish() });
export type ServiceBreak = z.infer<typeof serviceBreakSchema>;

/**
 * GET /settings and /get-generic-online-settings: the public settings of the site. `links`
 * is the stored links setting over DEFAULT_SITE_LINKS (a stored link of another name is
 * answered too); `bookingByPhone` repeats `phoneBooking` under its older name.
 */
export const siteSettingsResponse = z.object({
  locale: z.string(),
  currency: z.string(),
  timeZone: z.string(),
  /** How long a held time is kept, in minutes. */
  holdMinutes: z.number().int(),
  serviceBreak: serviceBreakSchema.nullable(),
  links: siteLinksSchema.extend({ bookingByPhone: z.string() }).catchall(z.string()),
  /** The booking line as it is written ('010 525 4000'); the stored bookingPhone setting or DEFAULT_BOOKING_PHONE. */
  bookingPhone: z.string(),
  /** The company's name (the companyName setting); '' before the company's details are given. */
  companyName: z.string(),
  /**
   * The site takes bookings: at least one active office offers at least one public process and
   * has at least one active resource. False on an empty start until an office is set up.
   */
  bookingOpen: z.boolean(),
  /**
   * The company's loyalty programme (the LOYALTY module, modules setting over DEFAULT_MODULES):
   * the login and registration of the booking's vehicle and details steps and the loyalty API.
   * Off on an empty start, where the company has no programme.
   */
  loyalty: z.boolean(),
  /**
   * The loyalty programme's name from the company's details (the loyaltyName setting), or ''
   * for none: the pages then say 'Kanta-asiakkuus' (loyalty-name.ts).
   */
  loyaltyName: z.string(),
  /**
   * The company's tag manager container ('GTM-…'), or '' for none: with one, the customer pages
   * ask for consent and load it only after the customer agrees (docs/decisions/021-personal-data.md).
   */
  tagManagerId: z.string(),
});
export type SiteSettings = z.infer<typeof siteSettingsResponse>;

/** Mean radius of the earth in kilometres (IUGG). */
const EARTH_RADIUS_KM = 6371.0088;

/** Great-circle distance between two points in kilometres (haversine formula). */
export function distanceKm(a: { latitude: number; longitude: number }, b: { latitude: number; longitude: number }): number {
  const rad = (deg: number) => (deg * Math.PI) / 180;
  const dLat = rad(b.latitude - a.latitude);
  const dLon = rad(b.longitude - a.longitude);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.latitude)) * Math.cos(rad(b.latitude)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}
