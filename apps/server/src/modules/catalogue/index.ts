/**
 * What the rest of the server may import from modules/catalogue/: other modules, jobs/,
 * plugins/ and staff-api.ts import these and no other file of the module (lint enforces it;
 * app.ts and staff-api.ts register its routes.ts, and tests may import any file).
 */
export {
  CART_OFFERS,
  cartItemIssues,
  cartLimitIssues,
  cartWorkOf,
  cartWorkTwiceProblem,
  maxCartMinutes,
  maxCartMinutesOf,
  offeredProducts,
  SERVICE_LISTS,
} from './cart-rules.ts';
export { addToCart } from './cart-service.ts';
export { CatalogueCache, type CatalogueSource, databaseCatalogue } from './catalogue-cache.ts';
export { findProducts, findProductsEverOffered, findWindshieldProductIds, listExtraOrderItems, offeredTires, type TireRow } from './repository.ts';
export {
  type CatalogueFrom,
  hasSymptoms,
  MILEAGE_CALCULATOR,
  orderItemsOf,
  pricedCart,
  pricedExtraOrderItems,
  productParametersOf,
  serviceGroupsFor,
  totalDurationMinutes,
} from './service.ts';
