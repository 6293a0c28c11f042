/**
 * The form rules of SPEC §5. Written with zod/mini: the web app's steps validate with these
 * schemas, and zod/mini keeps that to a few kilobytes where zod's classic API costs about
 * 25 kB gzip on every step (scripts/check-web-budget.mjs). The server's request schemas
 * (api.ts, classic zod) embed them; the two APIs share zod's core and mix freely.
 */
import * as z from 'zod/mini';
import { FIELD_ERRORS } from './messages.ts';
import { isStorableText } from './storable.ts';

/**
 * Finnish registration number (SPEC §5): 1–3 letters (å ä ö included), a hyphen and
 * 1–3 digits; or C, 0–3 letters, a hyphen and 1–5 digits. Matched after upper-casing.
 */
export const REGISTER_NUMBER_PATTERN = /^(?:[A-ZÅÄÖ]{1,3}-\d{1,3}|C[A-ZÅÄÖ]{0,3}-\d{1,5})$/;

/** Upper-cases and trims a registration number as typed (SPEC §5). */
export function normalizeRegisterNumber(input: string): string {
  return input.trim().toLocaleUpperCase('fi-FI');
}

export function isValidRegisterNumber(input: string): boolean {
  return REGISTER_NUMBER_PATTERN.test(normalizeRegisterNumber(input));
}

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
 * Notes: characters outside letters, digits, punctuation and separators are stripped
 * before saving (SPEC §5). Marks (\p{M}) are kept so that decomposed ä/ö survive.
 */
export function sanitizeNotes(input: string): string {
  return input.replace(/[^\p{L}\p{M}\p{N}\p{P}\p{Z}\p{S}\n]/gu, '').replace(/[<>]/g, '');
}

/** A blank service code is sent as null (SPEC §5). */
export function normalizeServiceCode(input: string | null | undefined): string | null {
  const v = (input ?? '').trim();
  return v.length === 0 ? null : v.toUpperCase();
}

const trimmed = (max: number) => z.string().check(z.trim(), z.maxLength(max, { error: FIELD_ERRORS.tooLong }));
const requiredText = (max: number) => trimmed(max).check(z.minLength(1, { error: FIELD_ERRORS.required }));
/** Text that the database can store: no NUL, no unpaired surrogate (storable.ts). */
const storable = () => z.refine<string>(isStorableText, { error: FIELD_ERRORS.unstorable });
/** An optional text field: missing is ''. */
const optionalText = (text: ReturnType<typeof trimmed>) => z._default(z.optional(text), '');

/** Finnish or international phone number: digits with optional +, spaces and hyphens. */
export const PHONE_PATTERN = /^\+?[0-9][0-9 \-]{5,18}[0-9]$/;

/** The customer form of SPEC §5, as typed by the user. */
export const customerFormSchema = z.object({
  first_name: requiredText(100).check(storable()),
  last_name: requiredText(100).check(storable()),
  phone_number: requiredText(30).check(z.regex(PHONE_PATTERN, { error: FIELD_ERRORS.phone })),
  email: z.pipe(requiredText(254), z.email({ error: FIELD_ERRORS.email })),
  address: optionalText(trimmed(200).check(storable())),
  post_code: optionalText(trimmed(5).check(z.regex(/^(\d{5})?$/, { error: FIELD_ERRORS.postCode }))),
  post_office: optionalText(trimmed(100).check(storable())),
});
export type CustomerForm = z.input<typeof customerFormSchema>;

/** The customer as sent to customer/v2 (SPEC §3 "Customer (sent)"). */
export const customerSchema = z.extend(customerFormSchema, {
  preferred_contact_method: z._default(z.literal('EMAIL'), 'EMAIL'),
  company_name: z._default(z.null(), null),
  customer_type: z._default(z.null(), null),
  direct_marketing_allowed: z._default(z.boolean(), false),
  service_contract: z._default(z.boolean(), false),
});
export type Customer = z.output<typeof customerSchema>;

/** Symptom description: required, free text (SPEC §5). */
export const symptomSchema = z.object({
  id: z.optional(z.number().check(z.int(), z.positive())),
  description: requiredText(1000),
});
