import type { ResponseCode } from '@huolto/domain';
import { api } from '../../../lib/api-client.ts';

export interface SaveBookingResponse {
  responseCode: ResponseCode;
  bookingKey?: string;
  message?: string;
}

/** POST /save-booking: the page shows 'Tilauksen tallentaminen epäonnistui' itself. */
export const saveBooking = () => api.post<SaveBookingResponse>('/save-booking', undefined, { handleErrors: true });
