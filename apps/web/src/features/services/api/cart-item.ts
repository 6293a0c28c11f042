import type { CartProductItem, OrderItem, ProductSuggestion } from '@huolto/domain';

/** The cart item of a product suggestion (requirements §3 "Cart product item"). */
export function toCartItem(product: ProductSuggestion, calculatorId: string | null): CartProductItem {
  return {
    productId: product.product.id,
    amount: 1,
    provider: product.product.provider,
    description: product.description,
    calculatorId,
  };
}

/** The cart item that removes an order item of the booking. */
export function orderItemToCartItem(item: OrderItem): CartProductItem {
  return {
    productId: item.product.id,
    amount: item.amount,
    provider: item.product.provider,
    description: item.display_description,
  };
}

function isSuggestion(value: unknown): value is ProductSuggestion {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Partial<ProductSuggestion>;
  return (
    typeof v.product?.id === 'string' &&
    typeof v.description === 'string' &&
    typeof v.price === 'number' &&
    Array.isArray(v.suggestion_sub_rows)
  );
}

/**
 * The products offered under a selected product (docs/api.md: same shape as a
 * suggestion). The contract types them loosely, so anything else is skipped.
 */
export function additionalProductsOf(product: ProductSuggestion): ProductSuggestion[] {
  return product.additional_products.filter(isSuggestion).map((p) => ({
    ...p,
    additional_data: p.additional_data ?? { infoDescription: null, imageIds: [] },
    additional_products: [],
  }));
}
