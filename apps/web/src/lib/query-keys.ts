/**
 * Query keys shared across features (features do not import each other, but several
 * of them refresh the booking). Session-bound keys carry the process token, so a new
 * session never reads the previous one's cache.
 */
export const queryKeys = {
  booking: (token: string | null) => ['booking', token] as const,
  organizations: (token: string | null) => ['organizations', token] as const,
  services: (token: string | null, organizationId: number | null) => ['services', token, organizationId] as const,
  freeTimes: (token: string | null, organizationId: number | null, monday: string) =>
    ['free-times', token, organizationId, monday] as const,
  /** Prefixes for invalidation. */
  allBooking: ['booking'] as const,
  allServices: ['services'] as const,
  allFreeTimes: ['free-times'] as const,
};
