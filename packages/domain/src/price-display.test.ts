import { describe, expect, it } from 'vitest';
import {
  FROM_PRICE_PRODUCT_IDS,
  PRODUCT_PARAMETER_CODES,
  WINDSHIELD_PRODUCTS,
  formatPrice,
  isFromPriceProduct,
  isQuoteRequest,
  linePriceDisplay,
  totalPriceDisplay,
} from './index.ts';

const change = { product: { id: WINDSHIELD_PRODUCTS.change } };
const repair = { product: { id: WINDSHIELD_PRODUCTS.repair } };
const reserve = [{ parameterCode: 'WINDSHIELD_CHANGE_BOOKING_TYPE', selectedValue: 'RESERVE_TIME' }];
const quote = [{ parameterCode: 'WINDSHIELD_CHANGE_BOOKING_TYPE', selectedValue: 'LEAD' }];

describe('price display', () => {
  it('the windshield replacement is a from-price; a repair and other products are not', () => {
    expect(FROM_PRICE_PRODUCT_IDS).toEqual([WINDSHIELD_PRODUCTS.change]);
    expect(isFromPriceProduct(WINDSHIELD_PRODUCTS.change)).toBe(true);
    expect(isFromPriceProduct(WINDSHIELD_PRODUCTS.repair)).toBe(false);
    expect(isFromPriceProduct('TIRE-CHANGE')).toBe(false);
    expect(PRODUCT_PARAMETER_CODES).toContain('WINDSHIELD_CHANGE_BOOKING_TYPE');
  });

  it('a replacement with a time shows "alkaen", as a quote request no price', () => {
    expect(linePriceDisplay(change.product.id, { product_parameters: reserve })).toBe('from');
    expect(linePriceDisplay(change.product.id, { product_parameters: [] })).toBe('from');
    expect(linePriceDisplay(change.product.id, { product_parameters: quote })).toBe('quote');
    expect(linePriceDisplay(repair.product.id, { product_parameters: quote })).toBe('exact');
    expect(isQuoteRequest(quote)).toBe(true);
    expect(isQuoteRequest(reserve)).toBe(false);
  });

  it('the total follows its lines', () => {
    expect(totalPriceDisplay({ order_items: [change], product_parameters: reserve })).toBe('from');
    expect(totalPriceDisplay({ order_items: [change], product_parameters: quote })).toBe('quote');
    expect(totalPriceDisplay({ order_items: [repair], product_parameters: [] })).toBe('exact');
    expect(totalPriceDisplay({ order_items: [], product_parameters: quote })).toBe('exact');
  });

  it('formats the three ways', () => {
    expect(formatPrice(39000)).toBe('390\u00a0€');
    expect(formatPrice(39000, 'from')).toBe('alkaen 390\u00a0€');
    expect(formatPrice(39000, 'quote')).toBe('Hinta tarjouksen mukaan');
  });
});
