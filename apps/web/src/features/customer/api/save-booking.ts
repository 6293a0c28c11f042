import type { SaveBookingResponse } from '@huolto/domain';
import { api } from '@/lib/api-client.ts';
import type { SavedBookingSummary } from '@/stores/wizard-state.tsx';

/** POST /save-booking: the page shows 'Tilauksen tallentaminen epäonnistui' itself. */
export const saveBooking = () => api.post<SaveBookingResponse>('/save-booking', undefined, { handleErrors: true });

/**
 * What the thanks page keeps of a successful save besides the cart: the key (with the
 * plate it opens the booking's own page and its calendar file), the delivery option and
 * the office's notice, as the confirmation e-mail says them.
 */
export const savedBookingOf = (answer: SaveBookingResponse): Pick<SavedBookingSummary, 'bookingKey' | 'deliveryOption' | 'officeNotice'> => ({
  bookingKey: answer.bookingKey ?? null,
  deliveryOption: answer.deliveryOption ?? null,
  officeNotice: answer.officeNotice ?? null,
});
