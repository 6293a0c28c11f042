/**
 * Personal data as the law and customers expect (docs/decisions/021-personal-data.md):
 * how long it is kept, how an admin finds, downloads and erases what is held about a person,
 * a loyalty customer's own download and account deletion, the privacy notice's facts and the
 * accessibility statement's feedback form. Which cookies and stored values the site uses is
 * written here once: the privacy notice lists them and a browser test holds the site to them.
 */
import { z } from 'zod';
import { FIELD_ERRORS } from './messages.ts';
import { PHONE_PATTERN, registerNumberSchema } from './validation.ts';
import { normalizePhoneNumber } from './reservation.ts';
import { cleanMultilineText, isStorableText } from './storable.ts';
import { LOYALTY_TOKEN_KEY, PROCESS_TOKEN_HEADER, XSRF_COOKIE } from './http.ts';
import { STAFF_SESSION_COOKIE } from './staff.ts';

// ---- Retention ----------------------------------------------------------------------

/** Months after the visit a booking's personal data is kept (PERSONAL_DATA_RETENTION_MONTHS). */
export const DEFAULT_PERSONAL_DATA_RETENTION_MONTHS = 24;
/** Days after sending an e-mail's or text message's body is kept (OUTBOX_BODY_RETENTION_DAYS). */
export const DEFAULT_OUTBOX_BODY_RETENTION_DAYS = 30;
/** Days a loyalty registration that was never confirmed is kept. */
export const LOYALTY_REGISTRATION_RETENTION_DAYS = 7;

// ---- A person's data on request (admin) ----------------------------------------------

const optionalEmail = z
  .string()
  .trim()
  .toLowerCase()
  .max(254, { error: FIELD_ERRORS.tooLong })
  .refine((v) => v === '' || z.email().safeParse(v).success, { error: FIELD_ERRORS.email });
const optionalPhone = z
  .string()
  .trim()
  .max(30, { error: FIELD_ERRORS.tooLong })
  .refine((v) => v === '' || PHONE_PATTERN.test(v), { error: FIELD_ERRORS.phone })
  .transform((v) => (v === '' ? '' : normalizePhoneNumber(v)));

/**
 * POST /staff/personal-data/{search,export,erase}: whom the request is about — an e-mail
 * address, a phone number or a registration number, at least one (a body, so that none of
 * them lands in an address or a log). Every booking, loyalty account, message and feedback
 * that matches any given one is the person's. The phone is compared as normalizePhoneNumber
 * writes it, the e-mail lower-cased, the plate as the register writes it.
 */
export const personalDataQuery = z
  .object({
    email: optionalEmail.optional().default(''),
    phone: optionalPhone.optional().default(''),
    registerNumber: z.union([z.literal(''), registerNumberSchema]).optional().default(''),
  })
  .refine((q) => q.email !== '' || q.phone !== '' || q.registerNumber !== '', {
    path: ['email'],
    message: 'Anna sähköposti, puhelinnumero tai rekisterinumero',
  });
export type PersonalDataQuery = z.input<typeof personalDataQuery>;

/** A booking as the search lists it. */
const foundBookingSchema = z.object({
  id: z.number().int(),
  bookingKey: z.string(),
  officeName: z.string(),
  /** The visit's start, ISO with offset, or null for a lead without a time. */
  start: z.string().nullable(),
  status: z.string(),
  registerNumber: z.string(),
  customerName: z.string(),
  /** The visit is still ahead and the booking is not cancelled. */
  upcoming: z.boolean(),
  /** Its personal data has already been removed (retention or an earlier erasure). */
  removed: z.boolean(),
});
const foundLoyaltyAccountSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  vehicles: z.number().int(),
  vouchers: z.number().int(),
});

/** POST /staff/personal-data/search: what is held about the person, listed and counted. */
export const personalDataFoundResponse = z.object({
  bookings: z.array(foundBookingSchema),
  loyaltyAccounts: z.array(foundLoyaltyAccountSchema),
  /** E-mails and text messages sent (or waiting) to the person or about their bookings. */
  messages: z.number().int(),
  feedback: z.number().int(),
  /** Bookings still ahead: an erasure is refused while there are any (cancel them first). */
  upcoming: z.number().int(),
});
export type PersonalDataFound = z.infer<typeof personalDataFoundResponse>;

const exportedRecord = z.record(z.string(), z.unknown());
/**
 * POST /staff/personal-data/export and the loyalty API's getUserData: everything held about
 * the person as one document — `summary` in plain Finnish lines for the person to read,
 * then the records themselves as stored.
 */
export const personalDataExportResponse = z.object({
  generatedAt: z.string(),
  summary: z.array(z.string()),
  bookings: z.array(exportedRecord),
  loyaltyAccounts: z.array(exportedRecord),
  messages: z.array(exportedRecord),
  feedback: z.array(exportedRecord),
});
export type PersonalDataExport = z.infer<typeof personalDataExportResponse>;

/** POST /staff/personal-data/erase: what was erased, counted. */
export const personalDataErasureResponse = z.object({
  bookings: z.number().int(),
  loyaltyAccounts: z.number().int(),
  messages: z.number().int(),
  feedback: z.number().int(),
});
export type PersonalDataErasure = z.infer<typeof personalDataErasureResponse>;

/** The 409 of an erasure while the person has bookings ahead. */
export const UPCOMING_BOOKINGS_MESSAGE = 'Henkilöllä on tulevia varauksia. Peru ne ensin: asiakas saa perumisesta viestin.';

/**
 * The loyalty API's deleteUser body, defined with the other loyalty API bodies in loyalty.ts: the
 * customer's form imports it from there without this module (and the staff and privacy-notice
 * modules this one brings), which the booking steps would otherwise load with the form.
 */
export { deleteLoyaltyUserBody } from './loyalty.ts';

// ---- Privacy notice -----------------------------------------------------------------

/** A cookie or a value stored in the browser, as the privacy notice lists it. */
export interface StoredValue {
  name: string;
  /** What it is for, in Finnish. */
  purpose: string;
  /** How long it lives, in Finnish. */
  lifetime: string;
}

/**
 * Every cookie the service sets; no other may appear (a browser test walks a whole booking and
 * a loyalty login and compares). All are needed for the service to work: none is set for
 * analytics or marketing.
 */
export const SITE_COOKIES: readonly StoredValue[] = [
  { name: XSRF_COOKIE, purpose: 'Suojaa lomakkeiden lähetykset väärennetyiltä pyynnöiltä.', lifetime: 'Selaimen istunto' },
  {
    name: 'omalaakkonen-laite',
    purpose: 'Tunnistaa laitteen, jolla kanta-asiakas on kirjautunut, jotta väärien salasanojen lukitus ei estä häntä.',
    lifetime: '180 päivää',
  },
  {
    name: 'omalaakkonen-rekisteroityminen',
    purpose: 'Yhdistää kanta-asiakasrekisteröitymisen vahvistuskoodin samaan selaimeen.',
    lifetime: 'Kunnes rekisteröityminen on vahvistettu, enintään 1 vuorokausi',
  },
  { name: STAFF_SESSION_COOKIE, purpose: 'Henkilökunnan kirjautuminen hallintaan.', lifetime: '12 tuntia' },
  { name: 'hallinta-laite', purpose: 'Tunnistaa laitteen, jolla henkilökunta on kirjautunut.', lifetime: '180 päivää' },
];

/** The values the customer pages keep in the browser's own storage (not cookies: never sent to the server). */
export const SITE_STORAGE: readonly StoredValue[] = [
  { name: PROCESS_TOKEN_HEADER, purpose: 'Keskeneräisen ajanvarauksen tunniste.', lifetime: 'Selaimen välilehden istunto' },
  { name: 'x-process-type', purpose: 'Keskeneräisen ajanvarauksen palvelu.', lifetime: 'Selaimen välilehden istunto' },
  { name: 'huolto-wizard-state', purpose: 'Ajanvarauksen vaiheissa tehdyt valinnat.', lifetime: 'Selaimen välilehden istunto' },
  { name: 'customer-draft', purpose: 'Yhteystietolomakkeen keskeneräiset tiedot, ettei niitä tarvitse kirjoittaa uudelleen.', lifetime: 'Selaimen välilehden istunto' },
  { name: 'huolto.customer-location', purpose: 'Asiakkaan antama sijainti lähimpien toimipisteiden järjestämiseen.', lifetime: 'Selaimen välilehden istunto' },
  { name: LOYALTY_TOKEN_KEY, purpose: 'Kanta-asiakkaan kirjautuminen.', lifetime: 'Selaimen välilehden istunto' },
  { name: 'huolto.consent', purpose: 'Valinta analytiikan hyväksymisestä (vain kun analytiikka on käytössä).', lifetime: 'Kunnes valinta muutetaan' },
];

/** Where the consent choice is kept (SITE_STORAGE lists it). */
export const CONSENT_STORAGE_KEY = 'huolto.consent';

/**
 * GET /privacy-notice: the facts of the privacy notice that are not the code's own — the
 * controller from the company's details, the retention periods as configured, the
 * recipients as configured. The cookies and stored values are SITE_COOKIES and SITE_STORAGE.
 */
export const privacyNoticeResponse = z.object({
  controller: z.object({
    name: z.string(),
    businessId: z.string(),
    address: z.string(),
    email: z.string(),
    phone: z.string(),
  }),
  retention: z.object({
    personalDataMonths: z.number().int(),
    outboxBodyDays: z.number().int(),
    loyaltyRegistrationDays: z.number().int(),
  }),
  recipients: z.object({
    /** E-mails are sent (an SMTP service is configured); its host, without credentials. */
    mailHost: z.string().nullable(),
    /** Text-message reminders are on. */
    sms: z.boolean(),
    /** A tag manager is configured (analytics only after consent). */
    tagManager: z.boolean(),
  }),
  /** The company's own, longer statement, if it has one ('' for none). */
  companyPrivacyUrl: z.string(),
  loyalty: z.boolean(),
});
export type PrivacyNotice = z.infer<typeof privacyNoticeResponse>;

// ---- Accessibility statement ----------------------------------------------------------

/** POST /accessibility-feedback: a customer's feedback on the site's accessibility, sent to the company's e-mail. */
export const accessibilityFeedbackBody = z.object({
  message: z
    .string({ error: FIELD_ERRORS.required })
    .max(2000, { error: FIELD_ERRORS.tooLong })
    .refine(isStorableText, { error: FIELD_ERRORS.unstorable })
    .transform((v) => cleanMultilineText(v).trim())
    .refine((v) => v.length > 0, { error: FIELD_ERRORS.required }),
  /** Where to answer, if the customer wants an answer. */
  email: optionalEmail.optional().default(''),
  /** The page the feedback is about (a path of the site), if given. */
  page: z
    .string()
    .trim()
    .max(200, { error: FIELD_ERRORS.tooLong })
    .refine((v) => v === '' || /^\/[^\s<>"]*$/.test(v), { error: 'Anna sivun osoite muodossa /polku' })
    .optional()
    .default(''),
});
export type AccessibilityFeedbackBody = z.input<typeof accessibilityFeedbackBody>;
/** The 409 when the company has no e-mail address to receive feedback. */
export const NO_COMPANY_EMAIL_MESSAGE = 'Palautetta ei voi nyt lähettää verkossa. Soita meille tai käy toimipisteessä.';
