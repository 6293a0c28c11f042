import { useCallback } from 'react';
import type { CartProductItem, ServicesStage } from '@huolto/domain';
import { pushEvent } from '@/lib/analytics.ts';
import { useAddProductsToCart } from '@/features/services/api/add-products-to-cart.ts';
import { useRemoveProductsFromCart } from '@/features/services/api/remove-products-from-cart.ts';

/**
 * Product selection (requirements §4): adds or removes one product, which refetches the booking
 * and every list of service groups, then pushes the analytics event.
 */
export function useCartChange() {
  const add = useAddProductsToCart();
  const remove = useRemoveProductsFromCart();
  const addAsync = add.mutateAsync;
  const removeAsync = remove.mutateAsync;

  const change = useCallback(
    async (item: CartProductItem, select: boolean, stage: ServicesStage = 'DEFAULT') => {
      await (select ? addAsync : removeAsync)({ items: [item], stage });
      pushEvent({ event: select ? 'add_to_cart' : 'remove_from_cart', productId: item.productId });
    },
    [addAsync, removeAsync],
  );

  return { change, isPending: add.isPending || remove.isPending };
}
