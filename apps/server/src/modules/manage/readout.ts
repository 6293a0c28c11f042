import { deliveryOptionOf, linePriceDisplay, totalPriceDisplay, type Booking, type ManagedBooking } from '@huolto/domain';

/**
 * What /oma-varaus shows of a saved booking beside its time and lines, read from the
 * snapshot taken when it was saved, as the thanks page showed it: each line's price
 * display ('alkaen', a quote), the symptoms and the delivery option.
 */
export function bookingReadout(
  snapshot: Partial<Booking>,
  orderItems: readonly { [key: string]: unknown }[],
  usingKeyLocker: boolean,
): Pick<ManagedBooking, 'totalDisplay' | 'symptoms' | 'deliveryOption'> & { lineDisplays: ManagedBooking['items'][number]['priceDisplay'][] } {
  const parameters = snapshot.product_parameters ?? [];
  const option = deliveryOptionOf({
    customer_waiting: snapshot.customer_waiting ?? false,
    vehicle_left_for_day: snapshot.vehicle_left_for_day ?? false,
    product_parameters: parameters,
  });
  // Rows stored before the product was kept read as ordinary prices.
  const products = orderItems.map((i) => ({ product: { id: String((i.product as { id?: unknown } | undefined)?.id ?? '') } }));
  return {
    lineDisplays: products.map((i) => linePriceDisplay(i.product.id, { product_parameters: parameters })),
    totalDisplay: totalPriceDisplay({ order_items: products, product_parameters: parameters }),
    symptoms: (snapshot.symptoms ?? []).map((s) => s.description).filter((d) => d.trim() !== ''),
    deliveryOption: option ?? (usingKeyLocker ? 'BRINGS_CAR_OUTSIDE_OFFICE_HOURS' : null),
  };
}
