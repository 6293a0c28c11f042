/**
 * The booking API's services and cart (requirements §7): the service groups and products, the
 * cart's lines and changes, symptoms, product parameters and the tire search.
 */
import { z } from 'zod';
import { SERVICES_STAGES, PRODUCT_PARAMETER_CODES, TIRE_TYPES } from './enums.ts';
import { cleanLine, symptomSchema } from './validation.ts';
import { tireSearchQuerySchema } from './tires.ts';
import { isStorableText } from './storable.ts';
import { MAX_PARAMETERS_PER_LINE, MAX_PARAMETER_KEY_LENGTH, MAX_PARAMETER_VALUE_LENGTH } from './rules.ts';
import { productRefSchema, storable } from './api-fields.ts';

// ---- Services and cart -----------------------------------------------------

export const productSuggestionSchema = z.object({
  product: productRefSchema,
  description: z.string(),
  /** Price in cents. */
  price: z.number().int(),
  /** Price before campaign, in cents, when a campaign lowers it. */
  normal_price: z.number().int().nullable(),
  duration_minutes: z.number().int(),
  selected: z.boolean(),
  additional_data: z.object({ infoDescription: z.string().nullable(), imageIds: z.array(z.string()) }),
  suggestion_sub_rows: z.array(
    z.object({
      operation: z.object({ description: z.string() }),
      spareParts: z.array(z.object({ description: z.string() })),
    }),
  ),
  additional_products: z.array(z.unknown()),
  suggested_tire: z.unknown().nullable(),
  /** Ids of the products whose work this one already includes (a package's oil change, a bundle's parts). */
  includes: z.array(z.string()).optional(),
  /**
   * The product in the cart that already does this one's work: listed so the page can say
   * why it cannot be chosen ("Sisältyy valitsemaasi palveluun …"); adding it is refused.
   */
  included_in: z.object({ id: z.string(), description: z.string() }).optional(),
});
export type ProductSuggestion = z.infer<typeof productSuggestionSchema>;

export const serviceGroupSchema = z.object({
  id: z.string(),
  title: z.string(),
  calculator_id: z.string().nullable(),
  suggestions: z.array(productSuggestionSchema),
});
export type ServiceGroup = z.infer<typeof serviceGroupSchema>;

/** GET /product-additional-data: a product's info text, images and operations with their spare parts. */
export const productAdditionalDataResponse = z.object({
  productId: z.string(),
  /** HTML of the product's info, or null. */
  infoDescription: z.string().nullable(),
  imageIds: z.array(z.string()),
  operations: z.array(z.object({ description: z.string(), spareParts: z.array(z.object({ description: z.string() })) })),
});
export type ProductAdditionalData = z.infer<typeof productAdditionalDataResponse>;

/** An item of GET /extra-order-items: a small product that can be added to the order. */
export const extraOrderItemSchema = z.object({
  id: z.string(),
  description: z.string(),
  /** Cents. */
  price: z.number().int(),
  /** Whether the booking has it. */
  selected: z.boolean(),
});
export type ExtraOrderItem = z.infer<typeof extraOrderItemSchema>;
export const extraOrderItemsResponse = z.array(extraOrderItemSchema);

/** An offer card of the side column (GET /lifts-offers): the product it adds to the cart, priced. */
export const liftsOfferSchema = z.object({
  id: z.string(),
  title: z.string(),
  text: z.string(),
  imageId: z.string().nullable(),
  /** The product the offer adds to the cart. */
  productId: z.string(),
  /** The product's provider for the cart item. */
  provider: z.string(),
  /** Cents. */
  price: z.number().int(),
  /** Cents, before the offer; null when the product has no other price. */
  normalPrice: z.number().int().nullable(),
  /** Whether the product is in the booking's cart. */
  inCart: z.boolean(),
});
export type LiftsOffer = z.infer<typeof liftsOfferSchema>;
export const liftsOffersResponse = z.array(liftsOfferSchema);

/** A cart product item (requirements §3). */
export const cartProductItemSchema = z.object({
  productId: z.string().min(1).max(80).refine(isStorableText, storable),
  amount: z.number().int().min(1).max(999).default(1),
  provider: z.string().max(40).refine(isStorableText, storable).transform(cleanLine).default('LAAKKONEN'),
  description: z.string().max(300).refine(isStorableText, storable).transform(cleanLine).optional(),
  // The keys and values a product takes are checked by the server against the product
  // (cart-parameters.ts); here only their size is bounded.
  parameters: z
    .record(
      z.string().max(MAX_PARAMETER_KEY_LENGTH).refine(isStorableText, storable).transform(cleanLine),
      z.string().max(MAX_PARAMETER_VALUE_LENGTH).refine(isStorableText, storable).transform(cleanLine),
    )
    .refine((p) => Object.keys(p).length <= MAX_PARAMETERS_PER_LINE, { error: `Enintään ${MAX_PARAMETERS_PER_LINE} lisätietoa` })
    .optional(),
  customizations: z.array(z.unknown()).max(20).optional(),
  calculatorId: z.string().max(80).refine(isStorableText, storable).transform(cleanLine).nullable().optional(),
});
export type CartProductItem = z.infer<typeof cartProductItemSchema>;

export const cartChangeBody = z.object({
  items: z.array(cartProductItemSchema).min(1).max(50),
  stage: z.enum(SERVICES_STAGES).default('DEFAULT'),
});
export type CartChangeBody = z.input<typeof cartChangeBody>;

export const symptomsBody = z.array(symptomSchema).max(10);
export type SymptomsBody = z.input<typeof symptomsBody>;

export const productParameterBody = z.object({
  parameterCode: z.enum(PRODUCT_PARAMETER_CODES),
  selectedValue: z.string().max(100).refine(isStorableText, storable).transform(cleanLine),
});
export type ProductParameterBody = z.input<typeof productParameterBody>;

/** tireSearchQuerySchema (zod/mini, tires.ts) as a classic object for the server's parse and OpenAPI. */
export const tireSearchBody = z.object(tireSearchQuerySchema.shape);

/** GET /tire-sizes (requirements §3 "Tire sizes"): the tire search's choices and the car's own sizes. */
export const tireSizesResponse = z.object({
  suppliers: z.array(z.object({ id: z.number().int(), name: z.string() })),
  widths: z.array(z.number()),
  aspectRatios: z.array(z.number()),
  rimDiameters: z.array(z.number()),
  /** The tire type of the season (defaultTireType). */
  defaultOfferedTireType: z.enum(TIRE_TYPES),
  defaultOfferedSupplierId: z.number().int(),
  /** The car's front and rear sizes, each once. */
  suggestedSizes: z.array(z.object({ width: z.number(), aspectRatio: z.number(), rimDiameter: z.number(), loadIndex: z.number() })),
});
export type TireSizes = z.infer<typeof tireSizesResponse>;
