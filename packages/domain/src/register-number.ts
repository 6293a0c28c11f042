/*
 * The registration number's plain rules, in a module without zod: the web app's first
 * step checks the plate with them before any schema code has loaded (validation.ts
 * builds registerNumberSchema on them).
 */

/**
 * Finnish registration number (requirements §5): 1–3 letters (å ä ö included), a hyphen and
 * 1–3 digits; or C, 0–3 letters, a hyphen and 1–5 digits. Matched after upper-casing.
 */
export const REGISTER_NUMBER_PATTERN = /^(?:[A-ZÅÄÖ]{1,3}-\d{1,3}|C[A-ZÅÄÖ]{0,3}-\d{1,5})$/;

/** Upper-cases and trims a registration number as typed (requirements §5). */
export function normalizeRegisterNumber(input: string): string {
  return input.trim().toLocaleUpperCase('fi-FI');
}

export function isValidRegisterNumber(input: string): boolean {
  return REGISTER_NUMBER_PATTERN.test(normalizeRegisterNumber(input));
}
