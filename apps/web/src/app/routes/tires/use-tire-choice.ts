import { useCallback, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { TIRE_TYPE_LABELS, type CartProductItem } from '@huolto/domain';
import { queryKeys } from '@/lib/query-keys.ts';
import { pushEvent } from '@/lib/analytics.ts';
import { addProductsToCart } from '@/features/services/api/add-products-to-cart.ts';
import { removeProductsFromCart } from '@/features/services/api/remove-products-from-cart.ts';
import { orderItemToCartItem } from '@/features/services/api/cart-item.ts';
import { addTireChangeProducts } from '@/features/tires/api/add-tire-change-products.ts';
import { getOrderItemsByStage } from '@/features/tires/api/order-items-by-stage.ts';
import type { TireSuggestion } from '@/features/tires/api/search-tires.ts';

/** Order-item parameter that carries a tire's size (the parameters map has Finnish keys, requirements §3). */
export const TIRE_SIZE_PARAMETER = 'Rengaskoko';

/** '205/55R16' of '205/55R16 91H'. */
export const baseSize = (sizeInfo: string) => sizeInfo.split(' ')[0] ?? sizeInfo;

export function tireCartItem(tire: TireSuggestion, amount: number): CartProductItem {
  const t = tire.suggested_tire;
  return {
    productId: tire.product.id,
    provider: tire.product.provider,
    amount,
    description: `${t.make} ${t.description} ${t.size_info}`,
    parameters: {
      [TIRE_SIZE_PARAMETER]: baseSize(t.size_info),
      Rengastyyppi: TIRE_TYPE_LABELS[t.tire_type],
    },
  };
}

/**
 * Choosing and removing tires. A car takes one set per size, so a tire chosen in place
 * of another of the same size replaces it: the stage's lines are read from the server
 * (order-items-by-stage) so that a choice made earlier — before Back, or in another
 * tab — is never left behind in the cart. Different sizes (front and rear) stay side by
 * side. Tire change books tires with its own call (`via: 'tire-change'`).
 */
export function useTireChoice(via: 'cart' | 'tire-change') {
  const queryClient = useQueryClient();
  const [pending, setPending] = useState(0);

  const refresh = useCallback(
    () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.allBooking }),
        queryClient.invalidateQueries({ queryKey: queryKeys.allServices }),
      ]),
    [queryClient],
  );

  const track = useCallback(
    async <T,>(work: () => Promise<T>) => {
      setPending((n) => n + 1);
      try {
        return await work();
      } finally {
        await refresh();
        setPending((n) => n - 1);
      }
    },
    [refresh],
  );

  const choose = useCallback(
    (tire: TireSuggestion, amount: number) =>
      track(async () => {
        const size = baseSize(tire.suggested_tire.size_info);
        const lines = await getOrderItemsByStage('TIRE_SERVICES');
        const replaced = lines.filter((l) => l.parameters[TIRE_SIZE_PARAMETER] === size && l.product.id !== tire.product.id);
        if (replaced.length > 0) {
          await removeProductsFromCart({ items: replaced.map(orderItemToCartItem), stage: 'TIRE_SERVICES' });
        }
        const item = tireCartItem(tire, amount);
        await (via === 'tire-change' ? addTireChangeProducts([item]) : addProductsToCart({ items: [item], stage: 'TIRE_SERVICES' }));
        pushEvent({ event: 'add_to_cart', productId: item.productId });
      }),
    [track, via],
  );

  const remove = useCallback(
    (tire: TireSuggestion) =>
      track(async () => {
        await removeProductsFromCart({ items: [tireCartItem(tire, 1)], stage: 'TIRE_SERVICES' });
        pushEvent({ event: 'remove_from_cart', productId: tire.product.id });
      }),
    [track],
  );

  return { choose, remove, isPending: pending > 0 };
}
