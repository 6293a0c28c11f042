/**
 * How a price is shown (cart, summary, e-mail): as it is, as a lowest price ('alkaen') or
 * not at all when the customer asks for a quote. Plain code without zod, so that the
 * cart's chunk stays small; the product ids and the parameter code are the windshield's
 * (windshield.ts WINDSHIELD_PRODUCTS, enums.ts PRODUCT_PARAMETER_CODES; a test keeps them equal).
 */
import { formatEuros } from './rules.ts';

/**
 * Products whose catalogue price is the lowest price: a windshield replacement costs
 * 390 € and up, as the glass depends on the car's model and equipment (rain detector,
 * camera). A stone-chip repair has a fixed price per chip.
 */
export const FROM_PRICE_PRODUCT_IDS: readonly string[] = ['windshieldChange'];

/** The product parameter by which a replacement is booked as a time or asked as a quote. */
const BOOKING_TYPE_PARAMETER = 'WINDSHIELD_CHANGE_BOOKING_TYPE';
/** Its value for a price quote (a lead: the office sends a quote and agrees the time). */
const QUOTE_VALUE = 'LEAD';

/** 'exact': the price; 'from': 'alkaen' the price; 'quote': no price, 'Hinta tarjouksen mukaan'. */
export const PRICE_DISPLAYS = ['exact', 'from', 'quote'] as const;
export type PriceDisplay = (typeof PRICE_DISPLAYS)[number];

/** What a quote request shows in place of a price. */
export const QUOTE_PRICE_TEXT = 'Hinta tarjouksen mukaan';

export function isFromPriceProduct(productId: string): boolean {
  return FROM_PRICE_PRODUCT_IDS.includes(productId);
}

/** Whether the booking asks for a price quote (WINDSHIELD_CHANGE_BOOKING_TYPE = LEAD). */
export function isQuoteRequest(productParameters: readonly { parameterCode: string; selectedValue: string }[]): boolean {
  return productParameters.some((p) => p.parameterCode === BOOKING_TYPE_PARAMETER && p.selectedValue === QUOTE_VALUE);
}

interface PricedBooking {
  order_items: readonly { product: { id: string } }[];
  product_parameters: readonly { parameterCode: string; selectedValue: string }[];
}

/** How one order line's price shows: a from-price product is 'from', or 'quote' when the booking asks for a quote. */
export function linePriceDisplay(productId: string, booking: Pick<PricedBooking, 'product_parameters'>): PriceDisplay {
  if (!isFromPriceProduct(productId)) return 'exact';
  return isQuoteRequest(booking.product_parameters) ? 'quote' : 'from';
}

/** How the total shows: a quote if any line is one, 'alkaen' if any line is a from-price, else exact. */
export function totalPriceDisplay(booking: PricedBooking): PriceDisplay {
  const lines = booking.order_items.map((i) => linePriceDisplay(i.product.id, booking));
  return lines.includes('quote') ? 'quote' : lines.includes('from') ? 'from' : 'exact';
}

/** '390 €', 'alkaen 390 €' or 'Hinta tarjouksen mukaan'. */
export function formatPrice(cents: number, display: PriceDisplay = 'exact'): string {
  if (display === 'quote') return QUOTE_PRICE_TEXT;
  return display === 'from' ? `alkaen ${formatEuros(cents)}` : formatEuros(cents);
}
