import type { Booking, OrderItem } from '@huolto/domain';
import { orderItemToCartItem } from '@/features/services/api/cart-item.ts';
import { useSaveExtraOrderItems } from '@/features/services/api/save-extra-order-items.ts';
import { useCartChange } from '@/features/services/hooks/use-cart-change.ts';

/**
 * The remove buttons of the cart panel: a service or product leaves with
 * remove-products-from-cart (in its own stage), an extra order item by saving the list
 * without it. Composed here because the cart (booking) and the catalogue (services)
 * are separate features.
 */
export function useCartPanelActions(booking: Booking) {
  const cart = useCartChange();
  const saveExtras = useSaveExtraOrderItems();
  const removeItem = (item: OrderItem) => cart.change(orderItemToCartItem(item), false, item.stage);
  const removeExtraItem = (id: string) =>
    saveExtras.mutateAsync(booking.extra_order_items.map((i) => i.id).filter((other) => other !== id));
  return {
    busy: cart.isPending || saveExtras.isPending,
    removeItem,
    removeExtraItem,
    /** Both remove buttons, as the cart panel's props. */
    panel: { onRemoveItem: removeItem, onRemoveExtraItem: removeExtraItem },
  };
}
