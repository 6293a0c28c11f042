import { describe, expect, it } from 'vitest';
import {
  CANCEL_LIMIT_HOURS,
  PROCESS_AVAILABILITY,
  bookingAccessBody,
  creditAmountBody,
  findOrganizationsQuery,
  formatReference,
  isCancellable,
  isValidReference,
  makeReference,
  referenceCheckDigit,
} from './index.ts';

describe('Finnish reference numbers', () => {
  it('computes the 7-3-1 check digit from the right', () => {
    expect(referenceCheckDigit('123')).toBe(2);
    expect(referenceCheckDigit('1234567')).toBe(2);
    expect(makeReference('1234567')).toBe('12345672');
    // A sum that is a multiple of ten gives 0: 5 × 7 + 5 × 3 = 50.
    expect(referenceCheckDigit('055')).toBe(0);
  });

  it('validates, with spaces and without', () => {
    expect(isValidReference('12345672')).toBe(true);
    expect(isValidReference('123 45672')).toBe(true);
    expect(isValidReference('12345673')).toBe(false);
    expect(isValidReference('123')).toBe(false);
    expect(isValidReference('01232')).toBe(false);
    expect(isValidReference('1'.repeat(21))).toBe(false);
  });

  it('refuses a base that is too short or not digits', () => {
    expect(() => referenceCheckDigit('12')).toThrow(RangeError);
    expect(() => referenceCheckDigit('12a4')).toThrow(RangeError);
  });

  it('writes groups of five from the right', () => {
    expect(formatReference('1234567890123')).toBe('123 45678 90123');
    expect(formatReference('12345')).toBe('12345');
  });
});

describe('booking management rules', () => {
  const now = new Date('2026-03-02T10:00:00Z');
  it('cancellable: confirmed and more than two hours ahead, or a lead', () => {
    const hours = (h: number) => new Date(now.getTime() + h * 3600_000);
    expect(CANCEL_LIMIT_HOURS).toBe(2);
    expect(isCancellable({ status: 'CONFIRMED', kind: 'RESERVATION', start: hours(2.01) }, now)).toBe(true);
    expect(isCancellable({ status: 'CONFIRMED', kind: 'RESERVATION', start: hours(2) }, now)).toBe(false);
    expect(isCancellable({ status: 'CONFIRMED', kind: 'RESERVATION', start: hours(-1) }, now)).toBe(false);
    expect(isCancellable({ status: 'CONFIRMED', kind: 'LEAD', start: null }, now)).toBe(true);
    expect(isCancellable({ status: 'CANCELLED', kind: 'LEAD', start: null }, now)).toBe(false);
  });

  it('reads a key case-insensitively and a plate as typed', () => {
    const parsed = bookingAccessBody.parse({ bookingKey: ' abcdef2345 ', registerNumber: 'abc-123' });
    expect(parsed).toEqual({ bookingKey: 'ABCDEF2345', registerNumber: 'ABC-123', installationType: 'LAAKKONEN_PUBLIC' });
    expect(bookingAccessBody.safeParse({ bookingKey: 'AB-CD', registerNumber: 'ABC-123' }).success).toBe(false);
  });
});

describe('site schemas', () => {
  it('credit amount: cents from 0 and 1–6 years', () => {
    expect(creditAmountBody.safeParse({ price: 250000, years: 6 }).success).toBe(true);
    expect(creditAmountBody.safeParse({ price: -1, years: 1 }).success).toBe(false);
    expect(creditAmountBody.safeParse({ price: 1.5, years: 1 }).success).toBe(false);
    expect(creditAmountBody.safeParse({ price: 100, years: 7 }).success).toBe(false);
  });

  it('find-organizations: blank coordinates are missing, results default to 5', () => {
    expect(findOrganizationsQuery.parse({ latitude: '60.17', longitude: '24.94' })).toEqual({ latitude: 60.17, longitude: 24.94, numberOfResults: 5 });
    expect(findOrganizationsQuery.safeParse({ latitude: '', longitude: '24.94' }).success).toBe(false);
    expect(findOrganizationsQuery.safeParse({ latitude: 'x', longitude: '24.94' }).success).toBe(false);
    expect(findOrganizationsQuery.safeParse({ latitude: '91', longitude: '24.94' }).success).toBe(false);
    expect(findOrganizationsQuery.safeParse({ latitude: '60', longitude: '24', numberOfResults: '51' }).success).toBe(false);
  });

  it('lists the four public processes as enabled and the hidden ones as not public', () => {
    expect(PROCESS_AVAILABILITY.filter((p) => p.public).map((p) => p.processType)).toEqual(['MAINTENANCE', 'TIRE_CHANGE', 'TIRE_SALES', 'WINDSHIELD']);
    expect(PROCESS_AVAILABILITY).toHaveLength(10);
  });
});

describe('distanceKm', () => {
  it('Helsinki to Tampere is about 160 km, and a point is 0 km from itself', async () => {
    const { distanceKm } = await import('./index.ts');
    const helsinki = { latitude: 60.1699, longitude: 24.9384 };
    const tampere = { latitude: 61.4978, longitude: 23.761 };
    expect(distanceKm(helsinki, tampere)).toBeGreaterThan(155);
    expect(distanceKm(helsinki, tampere)).toBeLessThan(165);
    expect(distanceKm(helsinki, helsinki)).toBe(0);
  });
});
