/**
 * GET /windshield/products (requirements §3 "Windshield products"): the products and their CHOICE
 * parameters, in classic zod as the server validates and documents them. The windshield
 * rules and forms are in windshield.ts.
 */
import { z } from 'zod';

/** One value of a CHOICE product parameter; `campaign` marks a value that gives the campaign price. */
export const choiceValueSchema = z.object({ value: z.string(), description: z.string(), campaign: z.boolean() });
export type ChoiceValue = z.infer<typeof choiceValueSchema>;

/** A product parameter (requirements §3 "Windshield products"): a CHOICE whose values may carry a campaign. */
const productParameterSchema = z.object({
  parameterCode: z.string(),
  type: z.literal('CHOICE'),
  values: z.array(choiceValueSchema),
});
export type ProductParameter = z.infer<typeof productParameterSchema>;

/** GET /windshield/products: one product. */
const windshieldProductSchema = z.object({
  id: z.string(),
  provider: z.string(),
  description: z.string(),
  /** Cents per unit, after the campaign. */
  price: z.number().int(),
  /** Cents per unit without the campaign; null when there is no campaign. */
  normal_price: z.number().int().nullable(),
  /** Minutes of work per unit (per repair; the whole change). */
  duration_minutes: z.number().int(),
  /** The price is the lowest ('alkaen'): the replacement's glass depends on the car (price-display.ts). */
  from_price: z.boolean(),
  productParameters: z.array(productParameterSchema),
});
export type WindshieldProduct = z.infer<typeof windshieldProductSchema>;
export const windshieldProductsResponse = z.array(windshieldProductSchema);
