/**
 * Query keys shared across features (features do not import each other, but several
 * of them refresh the booking). Session-bound keys carry the process token, so a new
 * session never reads the previous one's cache.
 *
 * Every list of service groups lives under the 'services' prefix (its source as the
 * last part), so one invalidation of `allServices` refreshes the `selected` flags of
 * all of them after a cart change (requirements §4 "Product selection").
 */
export const queryKeys = {
  booking: (token: string | null) => ['booking', token] as const,
  organizations: (token: string | null) => ['organizations', token] as const,
  tireChangeOrganizations: (token: string | null) => ['organizations', token, 'tire-change'] as const,
  services: (token: string | null, organizationId: number | null) => ['services', token, organizationId, 'primary'] as const,
  /** Service groups of another source: 'additional', 'extra:<stage>', 'service-code:<code>'. */
  serviceGroups: (token: string | null, organizationId: number | null, source: string) =>
    ['services', token, organizationId, source] as const,
  /** Tire search results; under 'services' so that a cart change refreshes their `selected`. */
  tireSearch: (token: string | null, query: unknown) => ['services', token, 'tires', query] as const,
  tireSizes: (token: string | null, registerNumber: string | null) => ['tire-sizes', token, registerNumber] as const,
  productAdditionalData: (token: string | null, productId: string) => ['product-additional-data', token, productId] as const,
  extraOrderItems: (token: string | null, organizationId: number | null) => ['extra-order-items', token, organizationId] as const,
  liftsOffers: (token: string | null) => ['lifts-offers', token] as const,
  freeTimes: (token: string | null, organizationId: number | null, monday: string) =>
    ['free-times', token, organizationId, monday] as const,
  /** Prefixes for invalidation. */
  allBooking: ['booking'] as const,
  allServices: ['services'] as const,
  allExtraOrderItems: ['extra-order-items'] as const,
  allLiftsOffers: ['lifts-offers'] as const,
  allFreeTimes: ['free-times'] as const,
};
