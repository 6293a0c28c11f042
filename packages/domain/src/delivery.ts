/**
 * How the car is brought in (SPEC §4 "Vehicle delivery") and the booking's flags that
 * carry it: choosing one option clears the others. The flags go to
 * POST /reservation-details/v2; the option codes that are product parameters go to
 * POST /product-parameter, one call each with 'true' or 'false'.
 */
import type { VehicleDeliveryOption } from './enums.ts';

/** The flags of POST /reservation-details/v2 that a delivery option sets. */
export interface DeliveryFlags {
  customerWaiting: boolean;
  vehicleLeftForDay: boolean;
  usingKeyLocker: boolean;
}

/** The delivery options that are also stored as product parameters of the booking. */
export const DELIVERY_PARAMETER_CODES = ['VEHICLE_LEFT_FOR_DAY', 'BRINGS_CAR_OUTSIDE_OFFICE_HOURS', 'CONTACT_REQUEST'] as const;
export type DeliveryParameterCode = (typeof DELIVERY_PARAMETER_CODES)[number];

/** Option → flags: exactly the chosen option's flag is set (CONTACT_REQUEST sets none). */
export function deliveryFlagsOf(option: VehicleDeliveryOption): DeliveryFlags {
  return {
    customerWaiting: option === 'CUSTOMER_WAITING',
    vehicleLeftForDay: option === 'VEHICLE_LEFT_FOR_DAY',
    usingKeyLocker: option === 'BRINGS_CAR_OUTSIDE_OFFICE_HOURS',
  };
}

/** Option → the product parameters it sets: each code 'true' when it is the option, else 'false'. */
export function deliveryParametersOf(option: VehicleDeliveryOption): { parameterCode: DeliveryParameterCode; selectedValue: string }[] {
  return DELIVERY_PARAMETER_CODES.map((code) => ({ parameterCode: code, selectedValue: String(option === code) }));
}

/** What a booking carries of its delivery option (the get-booking/v2 fields). */
export interface DeliveryOfBooking {
  customer_waiting: boolean;
  vehicle_left_for_day: boolean;
  product_parameters: readonly { parameterCode: string; selectedValue: string }[];
}

/**
 * Flags → option: the delivery option a booking already carries (SPEC §4: "restored
 * from the booking"), or null when none was chosen. The waiting and left-for-day flags
 * come first; the key locker and a contact request are read from the product parameters.
 */
export function deliveryOptionOf(booking: DeliveryOfBooking): VehicleDeliveryOption | null {
  if (booking.customer_waiting) return 'CUSTOMER_WAITING';
  if (booking.vehicle_left_for_day) return 'VEHICLE_LEFT_FOR_DAY';
  const flagged = booking.product_parameters.find(
    (p) =>
      p.selectedValue === 'true' &&
      (p.parameterCode === 'BRINGS_CAR_OUTSIDE_OFFICE_HOURS' || p.parameterCode === 'CONTACT_REQUEST'),
  );
  return (flagged?.parameterCode as VehicleDeliveryOption | undefined) ?? null;
}

/** The heading of the drop-off instruction on the thanks page and in the confirmation e-mail. */
export const DROP_OFF_HEADING = 'Auton tuominen';

/**
 * How to bring the car in after booking (SPEC "Reservation page" drop-off texts: 7.30–8.00
 * in the morning, or about 20 minutes before the agreed time when waiting), as the thanks
 * page and the confirmation e-mail say it. A lead has no agreed time: the office calls
 * first. Null when the booking carries no delivery option.
 */
export function dropOffInstruction(option: VehicleDeliveryOption | null, booking: { lead: boolean }): string | null {
  if (booking.lead) return 'Otamme sinuun yhteyttä ja sovimme tarkan ajan sekä sen, milloin tuot auton.';
  switch (option) {
    case 'CUSTOMER_WAITING':
      return 'Tuo auto noin 20 minuuttia ennen sovittua aikaa. Voit odottaa toimipisteessä, kunnes työ on valmis.';
    case 'VEHICLE_LEFT_FOR_DAY':
      return 'Tuo auto klo 7.30–8.00 varauspäivän aamuna. Auto jää korjaamolle päiväksi.';
    case 'BRINGS_CAR_OUTSIDE_OFFICE_HOURS':
      return 'Tuo auto aukioloaikojen ulkopuolella, viimeistään varauspäivän aamuna ennen klo 7.30: pysäköi se toimipisteen pihaan ja jätä avain toimipisteen avainautomaattiin. Merkitse avaimeen auton rekisterinumero.';
    case 'CONTACT_REQUEST':
      return 'Otamme sinuun yhteyttä ennen varattua aikaa ja sovimme, miten auto tuodaan korjaamolle.';
    default:
      return null;
  }
}
