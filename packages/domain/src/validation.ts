/**
 * The form rules of requirements §5. Written with zod/mini: the web app's steps validate with these
 * schemas, and zod/mini keeps that to a few kilobytes where zod's classic API costs about
 * 25 kB gzip on every step (scripts/check-web-budget.mjs). The server's request schemas
 * (api.ts, classic zod) embed them; the two APIs share zod's core and mix freely.
 */
import * as z from 'zod/mini';
import { FIELD_ERRORS } from './messages.ts';
import { cleanText, isStorableText } from './storable.ts';
import { normalizeRegisterNumber, REGISTER_NUMBER_PATTERN } from './register-number.ts';

export { isValidRegisterNumber, normalizeRegisterNumber, REGISTER_NUMBER_PATTERN } from './register-number.ts';

export const registerNumberSchema = z
  .pipe(z.string({ error: FIELD_ERRORS.required }), z.transform(normalizeRegisterNumber))
  .check(
    z.refine((v) => v.length > 0, { message: FIELD_ERRORS.required }),
    z.refine((v) => REGISTER_NUMBER_PATTERN.test(v), { message: FIELD_ERRORS.registerNumber }),
  );

/** Mileage in kilometres; a car's odometer stays well under ten million. */
export const kilometersSchema = z.coerce
  .number({ error: FIELD_ERRORS.kilometers })
  .check(
    z.int({ error: FIELD_ERRORS.kilometers }),
    z.gte(0, { error: FIELD_ERRORS.kilometers }),
    z.lte(9_999_999, { error: FIELD_ERRORS.kilometers }),
  );

/**
 * Notes and symptom descriptions (requirements §5): "characters outside letters, digits,
 * punctuation and separators are stripped before saving". What stays: letters (\p{L}),
 * digits (\p{N}), punctuation (\p{P}) and space separators (\p{Zs}); combining marks
 * (\p{M}) only where they belong to a letter, so that a decomposed ä or ö survives while a
 * mark left over from a stripped emoji (the variation selector of ♥️, a keycap) does not.
 * Symbols (\p{S}: emoji, ♥, but also € + = < >) and format and control characters are
 * stripped. A line break is a control character, not a separator: the textarea's line
 * breaks (CR LF, CR, LF, and LINE or PARAGRAPH SEPARATOR, which some readers also take as
 * one), and tabs, become a single space rather than vanish, so that the words on either
 * side stay apart and the stored text is one line. Not trimmed.
 */
export function sanitizeNotes(input: string): string {
  return input
    .replace(/[ \t]*(?:\r\n|[\n\v\f\r\u0085\u2028\u2029])+[ \t]*/g, ' ')
    .replace(/\t/g, ' ')
    .replace(/(\p{L}\p{M}*)|[^\p{L}\p{N}\p{P}\p{Zs}]/gu, (_, letter: string | undefined) => letter ?? '');
}

/** A blank service code is sent as null (requirements §5). */
export function normalizeServiceCode(input: string | null | undefined): string | null {
  const v = (input ?? '').trim();
  return v.length === 0 ? null : v.toUpperCase();
}

const trimmed = (max: number) => z.string().check(z.trim(), z.maxLength(max, { error: FIELD_ERRORS.tooLong }));
const requiredText = (max: number) => trimmed(max).check(z.minLength(1, { error: FIELD_ERRORS.required }));
/** Text that the database can store: no NUL, no unpaired surrogate (storable.ts). */
const storable = () => z.refine<string>(isStorableText, { error: FIELD_ERRORS.unstorable });
/** One line of free text as stored: without control characters (storable.ts cleanText), trimmed. */
export const cleanLine = (value: string): string => cleanText(value).trim();
/**
 * Free text of one line, at most `max` characters: refused when it cannot be stored at all
 * (NUL, unpaired surrogate), otherwise stored without its control characters.
 */
const cleanedText = (max: number) => z.pipe(trimmed(max).check(storable()), z.transform(cleanLine));
/** As cleanedText, and required: text that was only control characters and spaces is missing. */
const requiredCleanedText = (max: number) =>
  cleanedText(max).check(z.refine((v: string) => v.length > 0, { error: FIELD_ERRORS.required }));
/** An optional text field: missing is ''. */
const optionalText = (text: ReturnType<typeof cleanedText>) => z._default(z.optional(text), '');

/** Longest make of a car the register does not know, in characters (set-vehicle). */
export const VEHICLE_MAKE_MAX_LENGTH = 60;
/** Longest model of a car the register does not know, in characters (set-vehicle). */
export const VEHICLE_MODEL_MAX_LENGTH = 80;
/** A make as the customer types it (a listed make or "Muu merkki"): one storable line, required. */
export const vehicleMakeText = requiredCleanedText(VEHICLE_MAKE_MAX_LENGTH);
/** A model as the customer types it: one storable line, required. */
export const vehicleModelText = requiredCleanedText(VEHICLE_MODEL_MAX_LENGTH);

/** Finnish or international phone number: digits with optional +, spaces and hyphens. */
export const PHONE_PATTERN = /^\+?[0-9][0-9 -]{5,18}[0-9]$/;

/** The customer form of requirements §5, as typed by the user. */
export const customerFormSchema = z.object({
  // Names are free text (requirements §5 asks only that they are given): a name may hold any
  // letters and signs, so none is refused; e-mails show them as text that cannot be a link.
  first_name: requiredCleanedText(100),
  last_name: requiredCleanedText(100),
  phone_number: requiredText(30).check(z.regex(PHONE_PATTERN, { error: FIELD_ERRORS.phone })),
  email: z.pipe(requiredText(254), z.email({ error: FIELD_ERRORS.email })),
  address: optionalText(cleanedText(200)),
  post_code: z._default(z.optional(trimmed(5).check(z.regex(/^(\d{5})?$/, { error: FIELD_ERRORS.postCode }))), ''),
  post_office: optionalText(cleanedText(100)),
});
export type CustomerForm = z.input<typeof customerFormSchema>;

/** The customer as sent to customer/v2 (requirements §3 "Customer (sent)"). */
export const customerSchema = z.extend(customerFormSchema, {
  preferred_contact_method: z._default(z.literal('EMAIL'), 'EMAIL'),
  company_name: z._default(z.null(), null),
  customer_type: z._default(z.null(), null),
  direct_marketing_allowed: z._default(z.boolean(), false),
  service_contract: z._default(z.boolean(), false),
});
export type Customer = z.output<typeof customerSchema>;

/**
 * Symptom description: required, free text (requirements §5), saved as sanitizeNotes leaves it; a
 * description with nothing left after that (only emoji, say) is missing.
 */
export const symptomSchema = z.object({
  id: z.optional(z.number().check(z.int(), z.positive())),
  description: z
    .pipe(trimmed(1000), z.transform((v: string) => sanitizeNotes(v).trim()))
    .check(z.refine((v: string) => v.length > 0, { error: FIELD_ERRORS.required })),
});

