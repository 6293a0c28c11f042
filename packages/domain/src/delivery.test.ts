import { describe, expect, it } from 'vitest';
import {
  VEHICLE_DELIVERY_OPTIONS,
  deliveryFlagsOf,
  deliveryOptionOf,
  deliveryParametersOf,
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
