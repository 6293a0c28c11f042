import { describe, expect, it } from 'vitest';
import {
  customerFormSchema,
  isValidRegisterNumber,
  normalizeRegisterNumber,
  normalizeServiceCode,
  registerNumberSchema,
  sanitizeNotes,
  symptomSchema,
} from './index.ts';

describe('registration number (requirements §5)', () => {
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

describe('customer form (requirements §5)', () => {
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

describe('customer form: control characters', () => {
  const valid = { first_name: 'Maija', last_name: 'Mallikas', phone_number: '+358 40 123 4567', email: 'maija@example.com' };

  it('stores names, address and town without control characters; a line break becomes a space', () => {
    const r = customerFormSchema.parse({
      ...valid,
      first_name: 'Mai\u0007ja\u202e',
      last_name: 'Malli\rkas\u2066',
      address: 'Katu 1\r\nA 2\u0085',
      post_office: '\u0008Hel\u009bsinki\t',
    });
    expect(r).toMatchObject({ first_name: 'Maija', last_name: 'Malli kas', address: 'Katu 1 A 2', post_office: 'Helsinki' });
  });

  it('a name of only control characters and spaces is missing; NUL is refused, not stripped', () => {
    const blank = customerFormSchema.safeParse({ ...valid, first_name: '\u0007 \u202e' });
    expect(blank.success).toBe(false);
    expect(blank.error!.issues.map((i) => [i.path, i.message])).toEqual([[['first_name'], 'Pakollinen tieto']]);
    const nul = customerFormSchema.safeParse({ ...valid, last_name: 'a\u0000b' });
    expect(nul.error!.issues.map((i) => i.path)).toEqual([['last_name']]);
  });

  it('keeps any letters and signs in a name (requirements §5 sets no character rule)', () => {
    for (const name of ["O'Brien", 'Anna-Liisa', 'Ääkkönen', 'Zoë', 'J. R.', '李']) {
      expect(customerFormSchema.parse({ ...valid, first_name: name }).first_name).toBe(name);
    }
  });
});

describe('notes and symptoms (requirements §5: letters, digits, punctuation and separators stay)', () => {
  it('strips control characters and symbols', () => {
    expect(sanitizeNotes('Hei!\u0000\u0007 Äänet 123.')).toBe('Hei! Äänet 123.');
    expect(sanitizeNotes('<script>')).toBe('script');
  });

  it('strips emoji and other symbols, with what is left of them (variation selectors, joiners, skin tones, keycaps)', () => {
    expect(sanitizeNotes('Kiitos ♥ 😀!')).toBe('Kiitos  !');
    expect(sanitizeNotes('Ok♥️👍🏽 👨‍👩‍👧 1️⃣')).toBe('Ok  1');
    expect(sanitizeNotes('Hinta 20 € + alv = 25 $')).toBe('Hinta 20   alv  25 ');
    expect(sanitizeNotes('a\u00ad\u200bb\u200e\u202ec\ufeff')).toBe('abc');
  });

  it('keeps letters with their marks, digits, punctuation and space separators', () => {
    const kept = 'Äänet (ä, ö) 1.2.2026 klo 8.30 — "kolina" & muuta? 50 %; #3 @ 12/2\u00a0km…';
    expect(sanitizeNotes(kept)).toBe(kept);
    expect(sanitizeNotes('A\u0308a\u0308net')).toBe('A\u0308a\u0308net');
    expect(sanitizeNotes('\u0308x ♥\u0301')).toBe('x ');
    expect(sanitizeNotes('Зимние шины, 冬季轮胎, إطارات')).toBe('Зимние шины, 冬季轮胎, إطارات');
  });

  it('a line break is not a separator: each run of them, with the spaces around, becomes one space', () => {
    expect(sanitizeNotes('Rivi 1\r\nRivi 2\rRivi 3\nRivi 4')).toBe('Rivi 1 Rivi 2 Rivi 3 Rivi 4');
    expect(sanitizeNotes('Alku  \n\n\n  loppu\tsarake\u2028x\u2029y\u0085z')).toBe('Alku loppu sarake x y z');
    expect(sanitizeNotes('x\rDTSTART:20000101T000000Z')).not.toMatch(/[\r\n]/);
  });

  it('a symptom is saved as sanitizeNotes leaves it, and one with nothing left is missing', () => {
    expect(symptomSchema.parse({ description: ' Kolina ♥ edestä\r\n ' }).description).toBe('Kolina  edestä');
    const r = symptomSchema.safeParse({ description: '😀 ♥' });
    expect(r.success).toBe(false);
    expect(r.error!.issues.map((i) => [i.path, i.message])).toEqual([[['description'], 'Pakollinen tieto']]);
  });

  it('sends a blank service code as null', () => {
    expect(normalizeServiceCode('   ')).toBeNull();
    expect(normalizeServiceCode(undefined)).toBeNull();
    expect(normalizeServiceCode(' kampanja1 ')).toBe('KAMPANJA1');
  });
});
