import type { CartProductItem, ProductSuggestion } from '@huolto/domain';

/** The cart item of a product suggestion (SPEC §3 "Cart product item"). */
export function toCartItem(product: ProductSuggestion, calculatorId: string | null): CartProductItem {
  return {
    productId: product.product.id,
    amount: 1,
    provider: product.product.provider,
    description: product.description,
    calculatorId,
  };
}
