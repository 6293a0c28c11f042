import type { SaveBookingResponse } from '@huolto/domain';
import { api } from '@/lib/api-client.ts';

/** POST /save-booking: the page shows 'Tilauksen tallentaminen epäonnistui' itself. */
export const saveBooking = () => api.post<SaveBookingResponse>('/save-booking', undefined, { handleErrors: true });
