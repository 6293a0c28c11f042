import { describe, expect, it } from 'vitest';
import {
  DEFAULT_SERVICE_BREAK,
  LOAN_YEARS,
  isWithinWindow,
  monthlyPayment,
  redirectForm,
  showLoanCalculator,
} from './index.ts';

describe('loan calculator', () => {
  it('every period: the price times its rate, rounded', () => {
    // 5 000,00 €: 9 %, 5 %, 3.3 %, 2.8 %, 2.1 %, 1.7 %.
    expect(LOAN_YEARS.map((y) => monthlyPayment(500_000, y))).toEqual([450, 250, 165, 140, 105, 85]);
    // Rounded to the nearest euro: 3 333 € × 3.3 % = 109.989 → 110.
    expect(monthlyPayment(333_300, 3)).toBe(110);
    expect(monthlyPayment(250_050, 5)).toBe(53); // 52.51 → 53
  });

  it('never below 50 euros a month', () => {
    // 2 000 €: 6 years at 1.7 % would be 34 €.
    expect(monthlyPayment(200_000, 6)).toBe(50);
    expect(monthlyPayment(200_000, 5)).toBe(50); // 42 €
    expect(monthlyPayment(294_200, 6)).toBe(50); // 50.01 → 50
    expect(monthlyPayment(300_000, 6)).toBe(51);
  });

  it('is shown only with the office setting, an active price and at least the minimum', () => {
    const base = { officeSetting: true, activePriceCents: 250_000, minimumPriceCents: 200_000 };
    expect(showLoanCalculator(base)).toBe(true);
    expect(showLoanCalculator({ ...base, activePriceCents: 200_000 })).toBe(true);
    expect(showLoanCalculator({ ...base, activePriceCents: 199_999 })).toBe(false);
    expect(showLoanCalculator({ ...base, officeSetting: false })).toBe(false);
    expect(showLoanCalculator({ ...base, activePriceCents: null })).toBe(false);
    expect(showLoanCalculator({ ...base, minimumPriceCents: null })).toBe(false);
  });
});

describe('redirect form', () => {
  const settings = { redirectUrl: 'https://booking.example/huolto' };
  it('bmw and mini: license and mileage in thousands rounded up', () => {
    expect(redirectForm(settings, 'BMW', 'BMW-123', 45_001)).toEqual({ method: 'POST', action: settings.redirectUrl, fields: { license: 'BMW-123', mileage: '46' } });
    expect(redirectForm(settings, 'Mini', 'MIN-1', 45_000).fields).toEqual({ license: 'MIN-1', mileage: '45' });
  });
  it('kia and mitsubishi: vrm and mileage', () => {
    expect(redirectForm(settings, 'Kia', 'KIA-123', 12_345).fields).toEqual({ vrm: 'KIA-123', mileage: '12345' });
    expect(redirectForm(settings, 'MITSUBISHI', 'MIT-1', 7).fields).toEqual({ vrm: 'MIT-1', mileage: '7' });
  });
  it('other makes: registerNumber and kilometers', () => {
    expect(redirectForm(settings, 'Toyota', 'TOY-123', 60_000).fields).toEqual({ registerNumber: 'TOY-123', kilometers: '60000' });
    expect(redirectForm(settings, 'Volkswagen', 'ABC-123', null).fields).toEqual({ registerNumber: 'ABC-123', kilometers: '0' });
  });
});

describe('service-break window', () => {
  it('starts at 29.11.2024 17:00 and ends before 2.12.2024 06:00, Finnish time', () => {
    // 17:00 in Helsinki (UTC+2) is 15:00 UTC.
    expect(isWithinWindow(DEFAULT_SERVICE_BREAK, new Date('2024-11-29T14:59:59Z'))).toBe(false);
    expect(isWithinWindow(DEFAULT_SERVICE_BREAK, new Date('2024-11-29T15:00:00Z'))).toBe(true);
    expect(isWithinWindow(DEFAULT_SERVICE_BREAK, new Date('2024-12-02T03:59:59Z'))).toBe(true);
    expect(isWithinWindow(DEFAULT_SERVICE_BREAK, new Date('2024-12-02T04:00:00Z'))).toBe(false);
    expect(isWithinWindow({ start: 'bad', end: '2024-12-02T06:00:00' }, new Date('2024-12-01T00:00:00Z'))).toBe(false);
  });
});
