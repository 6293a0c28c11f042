import { describe, expect, it } from 'vitest';
import { bookingCalendarFileName, bookingCalendarPath, manageBookingPath } from './booking-links.ts';
import { dropOffInstruction } from './delivery.ts';

describe('the links of a saved booking', () => {
  it('open its own page and its .ics by key and plate, encoded', () => {
    expect(manageBookingPath('ABC123XYZ', 'ABC-123')).toBe('/oma-varaus?varaus=ABC123XYZ&rekisteri=ABC-123');
    expect(manageBookingPath('K', 'ÅÄÖ-1')).toBe('/oma-varaus?varaus=K&rekisteri=%C3%85%C3%84%C3%96-1');
    expect(bookingCalendarPath('ABC123XYZ', 'ABC-123')).toBe('/ServiceBooking/rest/booking-calendar?bookingKey=ABC123XYZ&registerNumber=ABC-123');
    expect(bookingCalendarFileName('ABC123XYZ')).toBe('varaus-ABC123XYZ.ics');
  });
});

describe('the drop-off instruction', () => {
  it('says 20 minutes before when waiting, 7.30–8.00 when left for the day, the key locker outside office hours', () => {
    expect(dropOffInstruction('CUSTOMER_WAITING', { lead: false })).toMatch(/^Tuo auto noin 20 minuuttia ennen sovittua aikaa\./);
    expect(dropOffInstruction('VEHICLE_LEFT_FOR_DAY', { lead: false })).toMatch(/^Tuo auto klo 7\.30–8\.00/);
    expect(dropOffInstruction('BRINGS_CAR_OUTSIDE_OFFICE_HOURS', { lead: false })).toMatch(/avainautomaattiin/);
    expect(dropOffInstruction('CONTACT_REQUEST', { lead: false })).toMatch(/Otamme sinuun yhteyttä/);
    expect(dropOffInstruction(null, { lead: false })).toBeNull();
  });

  it('gives a lead no time: the office calls first, whatever the option', () => {
    for (const option of ['CUSTOMER_WAITING', 'VEHICLE_LEFT_FOR_DAY', null] as const) {
      const text = dropOffInstruction(option, { lead: true })!;
      expect(text).toMatch(/Otamme sinuun yhteyttä ja sovimme tarkan ajan/);
      expect(text).not.toMatch(/\d/);
    }
  });
});
