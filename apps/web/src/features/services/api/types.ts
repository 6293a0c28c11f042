/**
 * Response shapes of the maintenance catalogue calls that packages/domain does not
 * type yet (docs/api.md "Services, extras and offers"). Replace with the domain's
 * schemas' types once it exports them.
 */

/** GET /product-additional-data?productId= */
export interface ProductAdditionalData {
  productId: string;
  infoDescription: string | null;
  imageIds: string[];
  operations: { description: string; spareParts: { description: string }[] }[];
}

/** An item of GET /extra-order-items: a small product added to the order. */
export interface ExtraOrderItem {
  id: string;
  description: string;
  /** Cents. */
  price: number;
  selected: boolean;
}
