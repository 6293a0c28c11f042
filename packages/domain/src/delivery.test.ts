import { describe, expect, it } from 'vitest';
import {
  DELIVERY_NOTICE_LABELS,
  DELIVERY_OPTION_LABELS,
  DELIVERY_SHORT_LABELS,
  DELIVERY_STAFF_LABELS,
  DROP_OFF_HINTS,
  VEHICLE_DELIVERY_OPTIONS,
  deliveryFlagsOf,
  deliveryOptionOf,
  deliveryParametersOf,
  dropOffInstructions,
  dropOffTime,
  type VehicleDeliveryOption,
} from './index.ts';

/** A booking as get-booking/v2 answers it after a delivery option was saved. */
function bookingAfterSaving(option: VehicleDeliveryOption) {
  const flags = deliveryFlagsOf(option);
  return {
    customer_waiting: flags.customerWaiting,
    vehicle_left_for_day: flags.vehicleLeftForDay,
    product_parameters: deliveryParametersOf(option),
  };
}

describe('delivery options and the booking flags', () => {
  it('set exactly the chosen option\'s flag', () => {
    expect(deliveryFlagsOf('CUSTOMER_WAITING')).toEqual({ customerWaiting: true, vehicleLeftForDay: false, usingKeyLocker: false });
    expect(deliveryFlagsOf('VEHICLE_LEFT_FOR_DAY')).toEqual({ customerWaiting: false, vehicleLeftForDay: true, usingKeyLocker: false });
    expect(deliveryFlagsOf('BRINGS_CAR_OUTSIDE_OFFICE_HOURS')).toEqual({
      customerWaiting: false,
      vehicleLeftForDay: false,
      usingKeyLocker: true,
    });
    expect(deliveryFlagsOf('CONTACT_REQUEST')).toEqual({ customerWaiting: false, vehicleLeftForDay: false, usingKeyLocker: false });
  });

  it('clear the other option parameters', () => {
    expect(deliveryParametersOf('CONTACT_REQUEST')).toEqual([
      { parameterCode: 'VEHICLE_LEFT_FOR_DAY', selectedValue: 'false' },
      { parameterCode: 'BRINGS_CAR_OUTSIDE_OFFICE_HOURS', selectedValue: 'false' },
      { parameterCode: 'CONTACT_REQUEST', selectedValue: 'true' },
    ]);
    expect(deliveryParametersOf('CUSTOMER_WAITING').every((p) => p.selectedValue === 'false')).toBe(true);
  });

  it.each(VEHICLE_DELIVERY_OPTIONS)('restore %s from the booking it was saved to', (option) => {
    expect(deliveryOptionOf(bookingAfterSaving(option))).toBe(option);
  });

  it('restore nothing when no option was chosen', () => {
    expect(deliveryOptionOf({ customer_waiting: false, vehicle_left_for_day: false, product_parameters: [] })).toBeNull();
    expect(
      deliveryOptionOf({
        customer_waiting: false,
        vehicle_left_for_day: false,
        product_parameters: [{ parameterCode: 'OTHER', selectedValue: 'true' }],
      }),
    ).toBeNull();
  });
});

describe('when and how the car is brought in', () => {
  const work = { start: '2026-03-02T10:00:00', end: '2026-03-02T12:00:00' };

  it('puts the calendar event at the drop-off, not at the work', () => {
    expect(dropOffTime('VEHICLE_LEFT_FOR_DAY', work)).toMatchObject({ start: '2026-03-02T07:30:00', end: '2026-03-02T08:00:00' });
    expect(dropOffTime('CUSTOMER_WAITING', work)).toMatchObject({ start: '2026-03-02T09:40:00', end: '2026-03-02T12:00:00' });
    expect(dropOffTime('BRINGS_CAR_OUTSIDE_OFFICE_HOURS', work)).toMatchObject({ start: '2026-03-02T07:00:00', end: '2026-03-02T07:30:00' });
    expect(dropOffTime('CONTACT_REQUEST', work)).toMatchObject({ start: work.start, end: work.end });
    expect(dropOffTime(null, work)).toMatchObject({ start: work.start, end: work.end });
  });

  it('never after the work has started', () => {
    const early = { start: '2026-03-02T07:45:00', end: '2026-03-02T09:00:00' };
    const t = dropOffTime('VEHICLE_LEFT_FOR_DAY', early);
    expect(t.start).toBe('2026-03-02T07:30:00');
    expect(t.end).toBe('2026-03-02T07:45:00');
  });

  it('tells where the key locker is, how the key is left and by when', () => {
    const office = { address: 'Kauppamiehentie 1', post_code: '02150', post_office: 'Espoo' };
    const i = dropOffInstructions('BRINGS_CAR_OUTSIDE_OFFICE_HOURS', { lead: false, office })!;
    expect(i.summary).toMatch(/avainautomaattiin viimeistään varauspäivän aamuna klo 7\.30/);
    const steps = i.steps.join(' ');
    expect(steps).toContain('osoitteessa Kauppamiehentie 1, 02150 Espoo');
    expect(steps).toMatch(/avainkuori.*rekisterinumero/);
    expect(steps).toMatch(/edeltävänä iltana/);
  });

  it('gives every option of a booked time its instructions; a waiting customer the clock time', () => {
    for (const option of VEHICLE_DELIVERY_OPTIONS) expect(dropOffInstructions(option, { lead: false })?.summary).toBeTruthy();
    expect(dropOffInstructions('VEHICLE_LEFT_FOR_DAY', { lead: false })!.summary).toMatch(/^Tuo auto klo 7\.30–8\.00/);
    const waiting = dropOffInstructions('CUSTOMER_WAITING', { lead: false, start: '2026-03-02T10:00:00' })!;
    expect(waiting.summary).toMatch(/^Tuo auto noin 20 minuuttia ennen sovittua aikaa\./);
    expect(waiting.steps[0]).toContain('klo 9.40');
  });
});

describe('the key-locker flag', () => {
  it('makes the booking one of the key locker even without its product parameter', () => {
    expect(deliveryOptionOf({ customer_waiting: false, vehicle_left_for_day: false, using_key_locker: true, product_parameters: [] })).toBe('BRINGS_CAR_OUTSIDE_OFFICE_HOURS');
  });
});

describe('the delivery labels', () => {
  it('name every option for the customer, the staff, the printed list and the office notice', () => {
    for (const labels of [DELIVERY_OPTION_LABELS, DELIVERY_STAFF_LABELS, DELIVERY_SHORT_LABELS, DELIVERY_NOTICE_LABELS]) {
      expect(Object.keys(labels).sort()).toEqual([...VEHICLE_DELIVERY_OPTIONS].sort());
    }
    expect(DELIVERY_STAFF_LABELS.CUSTOMER_WAITING).toBe('Asiakas odottaa paikan päällä');
    expect(DELIVERY_SHORT_LABELS.CONTACT_REQUEST).toBe('Soita asiakkaalle');
    expect(DELIVERY_NOTICE_LABELS.VEHICLE_LEFT_FOR_DAY).toBe('Auto jätetään päiväksi (tuodaan klo 7.30–8.00)');
    expect(DELIVERY_NOTICE_LABELS.BRINGS_CAR_OUTSIDE_OFFICE_HOURS).toBe(DELIVERY_STAFF_LABELS.BRINGS_CAR_OUTSIDE_OFFICE_HOURS);
  });

  it("give the reservation page's one-line drop-off hint as the instructions begin", () => {
    expect(DROP_OFF_HINTS).toEqual({ VEHICLE_LEFT_FOR_DAY: 'Tuo auto klo 7.30–8.00', CUSTOMER_WAITING: 'Tuo auto noin 20 minuuttia ennen sovittua aikaa' });
    for (const option of ['VEHICLE_LEFT_FOR_DAY', 'CUSTOMER_WAITING'] as const) {
      expect(dropOffInstructions(option, { lead: false })!.summary.startsWith(DROP_OFF_HINTS[option]!)).toBe(true);
    }
    expect(DROP_OFF_HINTS.CONTACT_REQUEST).toBeUndefined();
  });
});
