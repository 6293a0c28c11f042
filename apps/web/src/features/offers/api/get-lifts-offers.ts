import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { useProcessSession } from '../../../hooks/use-process-session.ts';

/**
 * An offer card of the side column ("lifts", GLOSSARY). Not yet typed in
 * packages/domain (docs/api.md "Services, extras and offers").
 */
export interface LiftsOffer {
  id: string | number;
  title: string;
  text: string | null;
  imageId: string | null;
  /** The product the offer adds to the cart; null for an offer without a product. */
  productId: string | null;
  /** The product's provider for the cart item. */
  provider?: string;
  /** Cents. */
  price: number | null;
  /** Cents, before the offer. */
  normalPrice: number | null;
}

/** GET /lifts-offers. The panel is optional, so a failure shows no notification. */
export const getLiftsOffers = () => api.get<LiftsOffer[]>('/lifts-offers', { handleErrors: true });

export const liftsOffersQueryOptions = (token: string | null) =>
  queryOptions({
    queryKey: queryKeys.liftsOffers(token),
    queryFn: getLiftsOffers,
    enabled: token !== null,
    staleTime: 5 * 60_000,
  });

export function useLiftsOffers() {
  const { token } = useProcessSession();
  return useQuery(liftsOffersQueryOptions(token));
}
