import { formatFinnishDate, formatFinnishDateLong, formatFinnishTime, linePriceDisplay, totalPriceDisplay, type Booking } from '@huolto/domain';
import type { SavedBookingSummary } from '@/stores/wizard-state.tsx';

/** The parts of a booking that the cart and the thanks page show. */
export type BookingSummaryModel = Omit<SavedBookingSummary, 'bookingKey' | 'processType' | 'email'>;

export function vehicleText(v: Booking['vehicle'] | null | undefined): string | null {
  if (!v) return null;
  return [v.make, v.model, v.model_year ?? null].filter((x) => x !== null && x !== '').join(' ');
}

export function bookingToSummary(booking: Booking): BookingSummaryModel {
  return {
    registerNumber: booking.vehicle?.register_number ?? null,
    vehicle: vehicleText(booking.vehicle),
    office: booking.organization
      ? {
          name: booking.organization.name,
          address: booking.organization.address,
          post_code: booking.organization.post_code,
          post_office: booking.organization.post_office,
        }
      : null,
    start: booking.booking_total_duration?.start ?? null,
    end: booking.booking_total_duration?.end ?? null,
    leadDate: booking.booking_total_duration ? null : (booking.lead_date ?? null),
    items: [
      ...booking.order_items.map((i) => ({
        description: i.display_description,
        price: i.price,
        priceDisplay: linePriceDisplay(i.product.id, booking),
        amount: i.amount,
      })),
      ...booking.extra_order_items.map((i) => ({ description: i.description, price: i.price })),
    ],
    symptoms: booking.symptoms.map((s) => s.description),
    total: booking.price.active_price,
    totalDisplay: totalPriceDisplay(booking),
  };
}

/** 'ti 24.11.2026 klo 8.00–9.30' and its spoken form. */
export function formatReservation(start: string, end: string | null): { text: string; label: string } {
  const [date = '', startTime = ''] = start.split('T');
  const endTime = end?.split('T')[1];
  const range = endTime ? `${formatFinnishTime(startTime)}–${formatFinnishTime(endTime)}` : formatFinnishTime(startTime);
  const spokenRange = endTime
    ? `kello ${formatFinnishTime(startTime)}–${formatFinnishTime(endTime)}`
    : `kello ${formatFinnishTime(startTime)}`;
  return {
    text: `${formatFinnishDate(date, true)} klo ${range}`,
    label: `${formatFinnishDateLong(date)} ${spokenRange}`,
  };
}
