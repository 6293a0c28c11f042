import {
  deliveryFlagsOf,
  deliveryParametersOf,
  type ProductParameterBody,
  type ReservationDetailsBody,
  type VehicleDeliveryOption,
} from '@huolto/domain';
import { api } from '@/lib/api-client.ts';

/**
 * Tells the booking how the car is brought in (requirements §4 "Vehicle delivery": choosing
 * one option clears the other flags). POST /reservation-details/v2 carries the
 * waiting / left-for-day flags and the key locker; POST /product-parameter the
 * option codes. Runs in the background: the choice also stays in the wizard state,
 * so a failure here does not block the customer.
 */
export async function saveDeliveryOption(option: VehicleDeliveryOption): Promise<void> {
  const silent = { handleErrors: true } as const;
  await Promise.allSettled([
    api.post(
      '/reservation-details/v2',
      {
        ...deliveryFlagsOf(option),
        towingRequired: false,
        importDate: null,
        pickupDate: null,
      } satisfies ReservationDetailsBody,
      silent,
    ),
    ...deliveryParametersOf(option).map((parameter) =>
      api.post('/product-parameter', parameter satisfies ProductParameterBody, silent),
    ),
  ]);
}
