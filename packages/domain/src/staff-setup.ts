/**
 * The staff API's set-up of a chain (staff.ts): the company's details, the set-up list an
 * admin follows from an empty start, the offices (admin creates and deactivates; an office
 * user edits their own), the offices' resources with the kinds of work each can do, and the
 * admin-editable list of kinds of work. Every change is one transaction with an audit row
 * and moves the office's availability version, so customers' calendars follow at once.
 */
import { z } from 'zod';
import { FIELD_ERRORS } from './messages.ts';
import { PROCESS_TYPES, type ProcessType } from './enums.ts';
import { PHONE_PATTERN } from './validation.ts';
import { id, line, clockTime, dateString, localDateTime, storable } from './staff-fields.ts';
import { cleanMultilineText, isStorableText } from './storable.ts';
import { isRealLocalDateTime } from './time.ts';
import { LOYALTY_NAME_MAX } from './loyalty-name.ts';
import { TAG_MANAGER_ID_PATTERN } from './tag-manager.ts';

const required = (max: number) => line(max).refine((v) => v.length > 0, { error: FIELD_ERRORS.required });
/** An http(s) address, or '' for none (the page then leaves its link out). */
const httpUrlOrEmpty = z
  .string()
  .trim()
  .max(500, { error: FIELD_ERRORS.tooLong })
  .refine(isStorableText, { ...storable, abort: true })
  .refine((v) => v === '' || /^https?:\/\/[^\s<>"]+$/.test(v), { error: 'Anna osoite muodossa https://…' });
const phoneOrEmpty = z
  .string()
  .trim()
  .max(30, { error: FIELD_ERRORS.tooLong })
  .refine((v) => v === '' || PHONE_PATTERN.test(v), { error: FIELD_ERRORS.phone });
const emailOrEmpty = z
  .string()
  .trim()
  .toLowerCase()
  .max(254, { error: FIELD_ERRORS.tooLong })
  .refine((v) => v === '' || z.email().safeParse(v).success, { error: FIELD_ERRORS.email });

// ---- Company details (admin) ----

/** The company's service-break notice: shown to customers while their clock is inside it. */
export const serviceBreakBody = z
  .object({ start: localDateTime, end: localDateTime, message: required(500) })
  .refine((b) => !isRealLocalDateTime(b.start) || !isRealLocalDateTime(b.end) || b.start < b.end, {
    path: ['end'],
    message: 'Loppu ennen alkua',
  });

/**
 * GET/PUT /company: what the customer site and the e-mails say of the company. An empty
 * address leaves its link out of the pages.
 */
export const companyDetailsBody = z.object({
  /** The company's name: the site's header, page titles, the e-mails' signature. */
  name: required(100),
  /** The booking line, as written on the landing page ('010 525 4000'); '' for none. */
  bookingPhone: phoneOrEmpty,
  /** The company's own front page (the thanks page links to it). */
  frontPageUrl: httpUrlOrEmpty,
  /** The landing page's damage-inspection tile. */
  damageInspectionUrl: httpUrlOrEmpty,
  /** The landing page's booking-by-phone tile. */
  phoneBookingUrl: httpUrlOrEmpty,
  /** The company's privacy statement, linked where the customer gives their details. */
  privacyUrl: httpUrlOrEmpty,
  /** The sender name of the e-mails ('Yritys ajanvaraus'); the address stays MAIL_FROM's. */
  mailSenderName: required(100).refine((v) => !/[<>"\\@,;]/.test(v), { error: 'Nimessä ei voi olla merkkejä < > " \\ @ , ;' }),
  serviceBreak: serviceBreakBody.nullable(),
  /** The business ID (Y-tunnus, '1234567-8'): the privacy notice names the controller with it; '' for none. */
  businessId: z
    .string()
    .trim()
    .max(9, { error: FIELD_ERRORS.tooLong })
    .refine((v) => v === '' || /^\d{7}-\d$/.test(v), { error: 'Anna Y-tunnus muodossa 1234567-8' })
    .optional()
    .default(''),
  /** The company's postal address, one line ('Katu 1, 00100 Helsinki'): the privacy notice's controller. */
  address: line(200).optional().default(''),
  /**
   * The company's e-mail for customers' privacy requests and the accessibility statement's
   * feedback (the feedback form sends there); '' for none, and the form then asks to call.
   */
  email: emailOrEmpty.optional().default(''),
  /**
   * A Google Tag Manager container ('GTM-XXXXXXX'), or '' for none. With one, the customer
   * pages ask for consent and load it only after the customer has agreed; without, no banner.
   */
  tagManagerId: z
    .string()
    .trim()
    .toUpperCase()
    .max(20, { error: FIELD_ERRORS.tooLong })
    .refine((v) => v === '' || TAG_MANAGER_ID_PATTERN.test(v), { error: 'Anna tunnus muodossa GTM-XXXXXXX' })
    .optional()
    .default(''),
  /**
   * The loyalty programme (the LOYALTY module of the `modules` setting): the members' login and
   * registration on the vehicle and details steps, their codes and benefits, and the loyalty API.
   * An empty start has it off. Left out, the stored switch stays as it is.
   */
  loyalty: z.boolean().optional(),
  /**
   * The loyalty programme's name as customers see it ('OmaLaakkonen'): the loyalty card's
   * heading, the registration and the members' e-mails; '' for none, and they then say
   * 'Kanta-asiakkuus' / 'kanta-asiakastili'. Left out, the stored name stays as it is.
   */
  loyaltyName: line(LOYALTY_NAME_MAX).optional(),
});
export type CompanyDetailsBody = z.input<typeof companyDetailsBody>;
export const companyDetailsSchema = z.object({
  name: z.string(),
  bookingPhone: z.string(),
  frontPageUrl: z.string(),
  damageInspectionUrl: z.string(),
  phoneBookingUrl: z.string(),
  privacyUrl: z.string(),
  mailSenderName: z.string(),
  serviceBreak: z.object({ start: z.string(), end: z.string(), message: z.string() }).nullable(),
  businessId: z.string(),
  address: z.string(),
  email: z.string(),
  tagManagerId: z.string(),
  /** The loyalty programme is on (the LOYALTY module as the customers' pages read it). */
  loyalty: z.boolean(),
  /** The loyalty programme's name; '' for none. */
  loyaltyName: z.string(),
});
export type CompanyDetails = z.infer<typeof companyDetailsSchema>;

// ---- The set-up list (admin) ----

/** The steps of an empty start, in order; each is ticked when the data it asks for exists. */
export const SETUP_STEPS = ['company', 'office', 'resources', 'hours', 'services'] as const;
export type SetupStep = (typeof SETUP_STEPS)[number];
export const SETUP_STEP_LABELS: Record<SetupStep, string> = {
  company: 'Yrityksen tiedot',
  office: 'Ensimmäinen toimipiste',
  resources: 'Toimipisteen nostimet ja mekaanikot',
  hours: 'Aukioloajat',
  services: 'Palvelut ja hinnat',
};
/** GET /setup */
export const setupResponse = z.object({
  steps: z.array(z.object({ step: z.enum(SETUP_STEPS), done: z.boolean() })),
  /** Every step is done: the customer site takes bookings. */
  complete: z.boolean(),
});
export type SetupStatus = z.infer<typeof setupResponse>;

// ---- Offices ----

export const OFFICE_PROCESS_LABELS: Record<ProcessType, string> = {
  MAINTENANCE: 'Huolto',
  TIRE_CHANGE: 'Renkaanvaihto ja rengashotelli',
  TIRE_SALES: 'Rengasmyynti',
  WINDSHIELD: 'Tuulilasipalvelu',
};
/** How an office's customers book: an exact start, or only the day. */
export const OFFICE_TIME_SELECTION_TYPES = ['EXACT_TIME', 'DAY_ONLY'] as const;
export const TIME_SELECTION_LABELS: Record<(typeof OFFICE_TIME_SELECTION_TYPES)[number], string> = {
  EXACT_TIME: 'Tarkka kellonaika',
  DAY_ONLY: 'Vain päivä',
};
/** An office's own code: the natural key of the data import. */
export const OFFICE_CODE_PATTERN = /^[A-Za-z0-9_-]{1,30}$/;
export const officeCode = z
  .string()
  .trim()
  .regex(OFFICE_CODE_PATTERN, { error: 'Tunnuksessa on 1–30 kirjainta (a–z), numeroa, - tai _' });
/** The slot grid's steps a workshop can choose, in minutes. */
export const SLOT_STEP_MINUTES = [15, 20, 30, 45, 60, 90, 120] as const;

/** POST /offices (admin) and PUT /offices/:officeId/details: every detail of an office. */
export const officeBody = z
  .object({
    code: officeCode,
    name: required(100),
    address: required(200),
    postCode: z.string().trim().regex(/^\d{5}$/, { error: FIELD_ERRORS.postCode }),
    postOffice: required(100),
    /**
     * WGS84 degrees; both null: taken from the post code's area (post-codes.ts), for the
     * nearest-first list. Finland lies within 59–71 N, 19–32 E.
     */
    latitude: z.number().min(59, { error: 'Leveysaste 59–71' }).max(71, { error: 'Leveysaste 59–71' }).nullable().default(null),
    longitude: z.number().min(19, { error: 'Pituusaste 19–32' }).max(32, { error: 'Pituusaste 19–32' }).nullable().default(null),
    phone: phoneOrEmpty.default(''),
    /** Where the office's notices of new, moved and cancelled bookings go; '' for nowhere. */
    email: emailOrEmpty.default(''),
    /** Makes the office is an authorised dealer for. */
    dealerMakeIds: z.array(id).max(200).default([]),
    processes: z
      .array(z.enum(PROCESS_TYPES))
      .max(PROCESS_TYPES.length)
      .refine((p) => p.length > 0, { error: 'Valitse vähintään yksi palvelu' })
      .refine((p) => new Set(p).size === p.length, { error: 'Sama palvelu kahdesti' }),
    timeSelectionType: z.enum(OFFICE_TIME_SELECTION_TYPES).default('EXACT_TIME'),
    /** The office takes only leads (a wished day), no reserved times. */
    leadOnly: z.boolean().default(false),
    /** The slot grid: the first start of a day and the step between starts. */
    firstSlotTime: clockTime.default('08:00'),
    slotStepMinutes: z
      .number()
      .int()
      .refine((m) => (SLOT_STEP_MINUTES as readonly number[]).includes(m), { error: `Väli on jokin näistä: ${SLOT_STEP_MINUTES.join(', ')} min` })
      .default(60),
    lockerCompartments: z.number().int().min(0, { error: 'Lokeroita 0–99' }).max(99, { error: 'Lokeroita 0–99' }).default(0),
    /** A standing notice shown to the office's customers, its lines kept; '' for none. */
    customerNotice: z
      .string()
      .max(2000, { error: FIELD_ERRORS.tooLong })
      .refine(isStorableText, storable)
      .transform(cleanMultilineText)
      .default(''),
    showLoanCalculator: z.boolean().default(false),
    /** Customers may choose their mechanic by name (the resources marked selectable). */
    customerSelectsResource: z.boolean().default(false),
    /** The office does damage inspections for insurers (the landing page's list). */
    damageInspection: z.boolean().default(false),
  })
  .refine((b) => (b.latitude === null) === (b.longitude === null), {
    path: ['longitude'],
    message: 'Anna molemmat koordinaatit tai ei kumpaakaan',
  });
export type OfficeBody = z.input<typeof officeBody>;
export type OfficeValues = z.output<typeof officeBody>;

/** An office as the set-up pages read it. */
export const officeDetailsSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  address: z.string(),
  postCode: z.string(),
  postOffice: z.string(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  phone: z.string(),
  email: z.string(),
  dealerMakeIds: z.array(z.number().int()),
  processes: z.array(z.enum(PROCESS_TYPES)),
  timeSelectionType: z.enum(OFFICE_TIME_SELECTION_TYPES),
  leadOnly: z.boolean(),
  firstSlotTime: z.string(),
  slotStepMinutes: z.number().int(),
  lockerCompartments: z.number().int(),
  customerNotice: z.string(),
  showLoanCalculator: z.boolean(),
  customerSelectsResource: z.boolean(),
  damageInspection: z.boolean(),
  /** Usual hours, Monday–Friday, 'HH:mm' (set on the capacity page). */
  openingTime: z.string(),
  closingTime: z.string(),
  active: z.boolean(),
});
export type OfficeDetails = z.infer<typeof officeDetailsSchema>;
/** GET /office-admin (admin): every office, active or not, by name. */
export const officeAdminListResponse = z.array(
  z.object({
    id: z.number().int(),
    code: z.string(),
    name: z.string(),
    postOffice: z.string(),
    active: z.boolean(),
    /** Active resources. */
    resources: z.number().int(),
  }),
);

/** A confirmed booking from today on that keeps a resource or office from being deactivated. */
export const futureBookingSchema = z.object({
  id: z.number().int(),
  /** Helsinki wall clock 'YYYY-MM-DDTHH:mm:ss'. */
  start: z.string(),
  registerNumber: z.string(),
  resourceId: z.number().int().nullable(),
});
export type FutureBooking = z.infer<typeof futureBookingSchema>;
/**
 * POST /offices/:officeId/deactivate (admin): the office takes no new bookings and leaves
 * the customers' lists at once; its bookings stay, and are answered for staff to handle.
 */
export const deactivateOfficeResponse = z.object({
  office: officeDetailsSchema,
  futureBookings: z.array(futureBookingSchema),
});

// ---- An office's dated notices to customers (info texts) ----

/**
 * A notice an office shows its customers on the Helsinki dates validFrom … validTo, both
 * included, while active: on the services and time steps and in the confirmation, before the
 * office's standing customerNotice. A text is never deleted; one taken out of use is inactive.
 */
export const infoTextSchema = z.object({
  id: z.number().int(),
  text: z.string(),
  /** 'YYYY-MM-DD', the first day shown. */
  validFrom: z.string(),
  /** 'YYYY-MM-DD', the last day shown. */
  validTo: z.string(),
  active: z.boolean(),
});
export type InfoText = z.infer<typeof infoTextSchema>;
/**
 * GET /offices/:officeId/info-texts: the office's texts, active or not, that have not ended
 * or ended within the last INFO_TEXT_LIST_ENDED_DAYS days, newest first (by first day).
 */
export const infoTextsResponse = z.array(infoTextSchema);
/** How long an ended text stays on the office's list, in days. */
export const INFO_TEXT_LIST_ENDED_DAYS = 30;
export const INFO_TEXT_MAX_CHARS = 2000;
const infoTextFields = {
  /** The notice, its lines kept. */
  text: z
    .string()
    .max(INFO_TEXT_MAX_CHARS, { error: FIELD_ERRORS.tooLong })
    .refine(isStorableText, { ...storable, abort: true })
    .transform(cleanMultilineText)
    .refine((v) => v.trim().length > 0, { error: FIELD_ERRORS.required })
    .transform((v) => v.trim()),
  validFrom: dateString,
  validTo: dateString,
};
const lastDayNotBeforeFirst = <T extends { validFrom: string; validTo: string }>(b: T) => b.validTo >= b.validFrom;
const lastDayBeforeFirst = { path: ['validTo'], message: 'Viimeinen päivä on ennen ensimmäistä' };
/** POST /offices/:officeId/info-texts: a new text, active. */
export const infoTextBody = z.object(infoTextFields).refine(lastDayNotBeforeFirst, lastDayBeforeFirst);
export type InfoTextBody = z.input<typeof infoTextBody>;
/** PUT /offices/:officeId/info-texts/:infoTextId: its text and days, and `active` to take it out of use or back. */
export const updateInfoTextBody = z
  .object({ ...infoTextFields, active: z.boolean().default(true) })
  .refine(lastDayNotBeforeFirst, lastDayBeforeFirst);
export type UpdateInfoTextBody = z.input<typeof updateInfoTextBody>;
export const infoTextParams = z.object({ officeId: id, infoTextId: id });

// ---- Kinds of work (admin) ----

export const WORK_KIND_CODE_PATTERN = /^[A-Z0-9_]{1,40}$/;
export const workKindSchema = z.object({ code: z.string(), name: z.string(), sort: z.number().int(), active: z.boolean() });
export type WorkKind = z.infer<typeof workKindSchema>;
export const workKindsResponse = z.array(workKindSchema);
export const createWorkKindBody = z.object({
  code: z
    .string()
    .trim()
    .toUpperCase()
    .regex(WORK_KIND_CODE_PATTERN, { error: 'Tunnuksessa on 1–40 isoa kirjainta (A–Z), numeroa tai _' }),
  name: required(100),
});
export const updateWorkKindBody = z.object({ name: required(100).optional(), active: z.boolean().optional() });
export const workKindParams = z.object({ code: z.string().regex(WORK_KIND_CODE_PATTERN) });

// ---- Resources (an office's lifts and mechanics) ----

export const staffResourceDetailsSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** The name customers choose by ('Mekaanikko Mikko'); null: not shown by name. */
  displayName: z.string().nullable(),
  /** Customers may choose this resource by name (when the office lets them). */
  selectable: z.boolean(),
  active: z.boolean(),
  sort: z.number().int(),
  /** The kinds of work it can do (work kind codes). */
  workKinds: z.array(z.string()),
});
export type StaffResourceDetails = z.infer<typeof staffResourceDetailsSchema>;
export const staffResourcesResponse = z.array(staffResourceDetailsSchema);
export const resourceBody = z.object({
  name: required(100),
  displayName: line(100).nullable().default(null).transform((v) => (v === '' ? null : v)),
  selectable: z.boolean().default(false),
  workKinds: z
    .array(z.string().regex(WORK_KIND_CODE_PATTERN))
    .max(50)
    .refine((k) => new Set(k).size === k.length, { error: 'Sama työlaji kahdesti' }),
});
export type ResourceBody = z.input<typeof resourceBody>;
/** PUT /offices/:officeId/resources/:resourceId: its details, and `active` to (de)activate it. */
export const updateResourceBody = resourceBody.extend({ active: z.boolean().default(true) });
export type UpdateResourceBody = z.input<typeof updateResourceBody>;
export const resourceParams = z.object({ officeId: id, resourceId: id });
/** PUT /offices/:officeId/resources/order: every resource of the office, in the new order. */
export const resourceOrderBody = z.object({
  resourceIds: z
    .array(id)
    .min(1)
    .max(200)
    .refine((ids) => new Set(ids).size === ids.length, { error: 'Sama resurssi kahdesti' }),
});
/**
 * 409 RESOURCE_HAS_BOOKINGS: a resource with confirmed bookings from now on is not
 * deactivated; they are listed for staff to move first (nothing is dropped silently).
 */
export const RESOURCE_HAS_BOOKINGS_MESSAGE = 'Resurssilla on tulevia varauksia: siirrä ne ensin toiselle resurssille';
export const resourceHasBookingsResponse = z.object({
  responseCode: z.literal('RESOURCE_HAS_BOOKINGS'),
  message: z.string(),
  bookings: z.array(futureBookingSchema),
});

// ---- Data import and export (admin; columns in docs/data-import.md) ----

/**
 * The files of the import, in the order a new chain imports them: offices first (their
 * codes are the other files' keys), then their resources and opening hours, then the
 * catalogue: services (their groups made by name), their operations, the windshield products'
 * choices, the extra items, the
 * offer cards beside the extras step (each sells a service), campaign codes, the tires (a
 * supplier's price and stock list), the vehicle register, and the makes booked on their own
 * site (after the register, whose new makes they may name).
 * Semicolon-separated UTF-8 text with a header row.
 */
export const DATA_FILES = ['offices', 'resources', 'opening-hours', 'services', 'operations', 'product-parameters', 'extra-items', 'offers', 'campaign-codes', 'tires', 'vehicles', 'redirects'] as const;
export type DataFile = (typeof DATA_FILES)[number];
export const DATA_FILE_LABELS: Record<DataFile, string> = {
  offices: 'Toimipisteet',
  resources: 'Nostimet ja mekaanikot',
  'opening-hours': 'Aukioloajat',
  services: 'Palvelut ja hinnat',
  operations: 'Palveluiden työvaiheet ja varaosat',
  'product-parameters': 'Tuulilasituotteiden valinnat',
  'extra-items': 'Lisätuotteet',
  offers: 'Tarjouskortit',
  'campaign-codes': 'Kampanjakoodit',
  tires: 'Renkaat: hinnasto ja varasto',
  vehicles: 'Ajoneuvorekisteri',
  redirects: 'Merkkien ohjaukset omille sivuilleen',
};
/** The largest file the import takes, in characters (a tire list of 20,000 rows fits). */
export const DATA_IMPORT_MAX_CHARS = 5_000_000;
/**
 * The most rows one file may have: every row is checked and written in one transaction,
 * which holds the embedded database, so a file may not take it for minutes. The set-up's
 * files are written row by row (about a second for 200; a national chain imports its lifts
 * in parts); the tire list and the register are written a few statements a file.
 */
export const DATA_IMPORT_MAX_ROWS: Record<DataFile, number> = {
  offices: 200,
  resources: 200,
  'opening-hours': 200,
  services: 500,
  operations: 2000,
  'product-parameters': 200,
  'extra-items': 200,
  offers: 200,
  'campaign-codes': 200,
  tires: 20_000,
  vehicles: 20_000,
  redirects: 200,
};
/**
 * The files whose refused rows an import may leave out when asked (skipRefused): a
 * supplier's list or a register extract with a few bad lines still brings the rest; the
 * tires and cars of the refused lines stay as they were.
 */
export const DATA_FILES_SKIPPING_REFUSED: readonly DataFile[] = ['tires', 'vehicles'];
/** The most changes an answer lists (the counts are always whole). */
export const DATA_IMPORT_LISTED_CHANGES = 1000;
export const dataFileParams = z.object({ file: z.enum(DATA_FILES) });
/**
 * POST /data/import: one file. Without `apply` nothing changes and the answer says what
 * would; with it, everything or nothing changes in one transaction. The same file again
 * changes nothing.
 */
export const dataImportBody = z.object({
  file: z.enum(DATA_FILES),
  csv: z.string().max(DATA_IMPORT_MAX_CHARS, { error: 'Tiedosto on liian suuri' }),
  apply: z.boolean().default(false),
  /** Tires and vehicles: apply the rows that pass and leave the refused ones out (they are answered). */
  skipRefused: z.boolean().default(false),
});
export type DataImportBody = z.input<typeof dataImportBody>;
/** OUT_OF_STOCK: a supplier's tire that its new list no longer has (stock set to 0, kept for past bookings). */
export const DATA_CHANGE_ACTIONS = ['CREATE', 'UPDATE', 'UNCHANGED', 'OUT_OF_STOCK'] as const;
/** A refused row: the file, its line (1 is the header) and column, in Finnish. */
export const dataImportErrorSchema = z.object({
  file: z.string(),
  line: z.number().int(),
  column: z.string().nullable(),
  message: z.string(),
});
export type DataImportError = z.infer<typeof dataImportErrorSchema>;
export const dataImportResponse = z.object({
  file: z.enum(DATA_FILES),
  applied: z.boolean(),
  changes: z.array(
    z.object({
      /** The row's natural key ('HKI1', 'HKI1 / Nosturi 1', 'HKI1 / ma-pe'). */
      key: z.string(),
      action: z.enum(DATA_CHANGE_ACTIONS),
      /** The columns that change (UPDATE). */
      fields: z.array(z.string()),
    }),
  ),
  /** Every row's action, counted (the list of changes stops at DATA_IMPORT_LISTED_CHANGES). */
  counts: z.object({ CREATE: z.number().int(), UPDATE: z.number().int(), UNCHANGED: z.number().int(), OUT_OF_STOCK: z.number().int() }),
  /** Changes past the listed ones. */
  moreChanges: z.number().int(),
  /** With skipRefused (tires, vehicles): the rows left out, with their reasons. */
  refused: z.array(dataImportErrorSchema),
});
export type DataImportResult = z.infer<typeof dataImportResponse>;
/** 400 IMPORT_INVALID: nothing changed; every refused row is listed. */
export const dataImportRefusedResponse = z.object({
  responseCode: z.literal('IMPORT_INVALID'),
  message: z.string(),
  errors: z.array(dataImportErrorSchema),
});
