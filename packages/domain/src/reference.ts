/**
 * Finnish bank reference numbers (viitenumero): a base of 3–19 digits followed by a check
 * digit computed with the weights 7, 3, 1 repeated from the rightmost digit of the base.
 */

const REFERENCE_WEIGHTS = [7, 3, 1] as const;

/** The check digit of a reference base of 3–19 digits. */
export function referenceCheckDigit(base: string): number {
  if (!/^\d{3,19}$/.test(base)) throw new RangeError(`A reference base is 3–19 digits, got '${base}'`);
  let sum = 0;
  for (let i = 0; i < base.length; i++) {
    const digit = Number(base[base.length - 1 - i]);
    sum += digit * REFERENCE_WEIGHTS[i % 3]!;
  }
  return (10 - (sum % 10)) % 10;
}

/** A complete reference number: the base and its check digit (leading zeros dropped). */
export function makeReference(base: string): string {
  const trimmed = base.replace(/^0+/, '');
  return `${trimmed}${referenceCheckDigit(trimmed)}`;
}

/** Whether a reference number is valid: 4–20 digits (spaces allowed), no leading zero, right check digit. */
export function isValidReference(reference: string): boolean {
  const digits = reference.replace(/\s+/g, '');
  if (!/^[1-9]\d{3,19}$/.test(digits)) return false;
  return referenceCheckDigit(digits.slice(0, -1)) === Number(digits.slice(-1));
}

/** A reference number written in groups of five digits from the right, as on a bill. */
export function formatReference(reference: string): string {
  const digits = reference.replace(/\s+/g, '');
  const groups: string[] = [];
  for (let end = digits.length; end > 0; end -= 5) groups.unshift(digits.slice(Math.max(0, end - 5), end));
  return groups.join(' ');
}
