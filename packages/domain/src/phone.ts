import { normalizePhoneNumber } from './reservation.ts';

/** Finnish mobile prefixes: 040–050 (04x and 050), written as three digits before the number. */
const MOBILE = /^(04\d|050)(\d{5,8})$/;
/** Other Finnish numbers: the area code ('09', '02', … and '013'–'019'). */
const AREA = /^(01\d|0[235-9])(\d{5,8})$/;

/** Groups of three, the last one or two of four: '1234567' → '123 4567', '123456' → '123 456'. */
function groups(rest: string): string {
  if (rest.length <= 4) return rest;
  if (rest.length === 7) return `${rest.slice(0, 3)} ${rest.slice(3)}`;
  if (rest.length === 8) return `${rest.slice(0, 4)} ${rest.slice(4)}`;
  return `${rest.slice(0, 3)} ${groups(rest.slice(3))}`;
}

/**
 * A customer's phone number as the back-office writes it everywhere: a Finnish number in
 * the domestic form with spaces ('+358401234567', '040-1234567' → '040 123 4567';
 * '0912345678' → '09 1234 5678'); a foreign number (another country code) as '+' and its
 * digits; anything else as it was typed.
 */
export function formatPhoneNumber(raw: string): string {
  const text = raw.trim();
  if (text === '') return '';
  const digits = normalizePhoneNumber(text);
  if (!/^[+\d\s()./-]+$/.test(text) || digits.length < 6) return text;
  const mobile = MOBILE.exec(digits);
  if (mobile) return `${mobile[1]} ${groups(mobile[2]!)}`;
  if (digits.startsWith('0') && !digits.startsWith('00')) {
    const area = AREA.exec(digits);
    if (area) return `${area[1]} ${groups(area[2]!)}`;
    return digits;
  }
  const foreign = /^(?:\+|00)(\d+)$/.exec(text.replace(/[\s()./-]/g, ''));
  return foreign ? `+${foreign[1]}` : digits;
}

/** The number for a tel: link: '+358401234567' for a Finnish number, else '+' and the digits as typed. */
export function phoneHref(raw: string): string {
  const digits = normalizePhoneNumber(raw);
  if (digits.startsWith('0') && !digits.startsWith('00')) return `tel:+358${digits.slice(1)}`;
  return `tel:${raw.replace(/[^\d+]/g, '')}`;
}
