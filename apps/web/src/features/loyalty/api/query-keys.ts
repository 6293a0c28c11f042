/**
 * Query keys of the loyalty account. They carry the loyalty token (not the process
 * token): the account outlives a booking process, and a new login never reads the
 * previous one's data.
 */
export const loyaltyKeys = {
  all: ['loyalty'] as const,
  userInfo: (token: string | null) => ['loyalty', 'user-info', token] as const,
  activeCars: (token: string | null) => ['loyalty', 'active-cars', token] as const,
};
