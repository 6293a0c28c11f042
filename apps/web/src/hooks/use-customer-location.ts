import { useSyncExternalStore } from 'react';
import { getCustomerLocation, subscribeCustomerLocation, type Coordinates } from '@/lib/customer-location.ts';

/** The customer's coordinates for this session (after they asked for the nearest offices), or null. */
export function useCustomerLocation(): Coordinates | null {
  return useSyncExternalStore(subscribeCustomerLocation, getCustomerLocation, () => null);
}
