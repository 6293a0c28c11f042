import { describe, expect, it } from 'vitest';
import { formatPhoneNumber, phoneHref } from './phone.ts';

describe('formatPhoneNumber', () => {
  it('writes Finnish mobile numbers in one form, however they were typed', () => {
    for (const typed of ['0401234567', '040 123 4567', '040-1234567', '+358 40 123 4567', '+358401234567', '00358401234567', '(040) 123 4567']) {
      expect(formatPhoneNumber(typed)).toBe('040 123 4567');
    }
    expect(formatPhoneNumber('050 123456')).toBe('050 123 456');
    expect(formatPhoneNumber('0451234567')).toBe('045 123 4567');
  });

  it('writes landlines with their area code, foreign numbers with their country code, and leaves other text as it was', () => {
    expect(formatPhoneNumber('09 1234567')).toBe('09 123 4567');
    expect(formatPhoneNumber('+358 9 12345678')).toBe('09 1234 5678');
    expect(formatPhoneNumber('+46 70 123 45 67')).toBe('+46701234567');
    expect(formatPhoneNumber('  ')).toBe('');
    expect(formatPhoneNumber('ei puhelinta')).toBe('ei puhelinta');
    expect(formatPhoneNumber('112')).toBe('112');
  });
});

describe('phoneHref', () => {
  it('dials a Finnish number with the country code, a foreign one as typed', () => {
    expect(phoneHref('040 123 4567')).toBe('tel:+358401234567');
    expect(phoneHref('+46 70 123 45 67')).toBe('tel:+46701234567');
  });
});
