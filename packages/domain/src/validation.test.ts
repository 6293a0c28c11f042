import { describe, expect, it } from 'vitest';
import {
  customerFormSchema,
  isValidRegisterNumber,
  normalizeRegisterNumber,
  normalizeServiceCode,
  registerNumberSchema,
  sanitizeNotes,
} from './index.ts';

describe('registration number (SPEC §5)', () => {
  it.each(['ABC-123', 'A-1', 'AB-12', 'ÅÄÖ-999', 'öää-1', 'C-1', 'C-12345', 'CA-1', 'CABC-12345', 'abc-123'])('accepts %s', (plate) => {
    expect(isValidRegisterNumber(plate)).toBe(true);
  });

  it.each(['ABC123', 'ABCD-123', 'ABC-1234', '-123', 'ABC-', 'CABCD-1', 'C-123456', 'AB1-123', 'ABC 123', '', 'ABC-12A'])(
    'rejects %s',
    (plate) => {
      expect(isValidRegisterNumber(plate)).toBe(false);
    },
  );

  it('upper-cases, Finnish letters included', () => {
    expect(normalizeRegisterNumber(' åäö-12 ')).toBe('ÅÄÖ-12');
    expect(registerNumberSchema.parse('abc-123')).toBe('ABC-123');
  });

  it('gives Finnish messages', () => {
    const r = registerNumberSchema.safeParse('1234');
    expect(r.success).toBe(false);
    expect(r.error!.issues[0]!.message).toMatch(/rekisterinumero/i);
    expect(registerNumberSchema.safeParse('').error!.issues[0]!.message).toBe('Pakollinen tieto');
  });
});

describe('customer form (SPEC §5)', () => {
  const valid = { first_name: 'Maija', last_name: 'Mallikas', phone_number: '+358 40 123 4567', email: 'maija@example.com' };

  it('needs first name, last name, phone and e-mail; address fields are optional', () => {
    expect(customerFormSchema.safeParse(valid).success).toBe(true);
    for (const key of Object.keys(valid)) {
      const r = customerFormSchema.safeParse({ ...valid, [key]: '' });
      expect(r.success, key).toBe(false);
      expect(r.error!.issues[0]!.path).toEqual([key]);
    }
  });

  it('checks the e-mail address and the postcode', () => {
    expect(customerFormSchema.safeParse({ ...valid, email: 'maija@' }).success).toBe(false);
    expect(customerFormSchema.safeParse({ ...valid, post_code: '0010' }).success).toBe(false);
    expect(customerFormSchema.safeParse({ ...valid, post_code: '00100' }).success).toBe(true);
  });
});

describe('notes and service code', () => {
  it('strips characters outside letters, digits, punctuation and separators', () => {
    expect(sanitizeNotes('Hei!\u0000\u0007 Äänet 123.')).toBe('Hei! Äänet 123.');
    expect(sanitizeNotes('<script>')).toBe('script');
  });

  it('sends a blank service code as null', () => {
    expect(normalizeServiceCode('   ')).toBeNull();
    expect(normalizeServiceCode(undefined)).toBeNull();
    expect(normalizeServiceCode(' kampanja1 ')).toBe('KAMPANJA1');
  });
});
