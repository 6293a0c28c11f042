import {
  INSTALLATION_TYPE,
  type BookingAccess,
  type FeedbackBody,
  type FreeTimesForBookingBody,
  type FreeTimesForBookingResponse,
  type ManageResponse,
  type MoveBookingBody,
  type MoveBookingResponse,
  type OpenBookingResponse,
} from '@huolto/domain';
import { api } from '@/lib/api-client.ts';

/** What identifies a saved booking: its key and the car's registration number. */
export type BookingRef = Pick<BookingAccess, 'bookingKey' | 'registerNumber'>;

const body = (ref: BookingRef) => ({ ...ref, installationType: INSTALLATION_TYPE });

export const openBooking = (ref: BookingRef) => api.post<OpenBookingResponse>('/open-booking', body(ref), { handleErrors: true });
export const cancelBooking = (ref: BookingRef) => api.post<ManageResponse>('/cancel-booking', body(ref), { handleErrors: true });
export const sendEditRequest = (ref: BookingRef, message: string) =>
  api.post<ManageResponse>('/send-edit-request', { ...body(ref), message }, { handleErrors: true });

/** POST /free-times-for-booking: the office's free times for moving the booking, 'YYYY-MM-DD' start to end. */
export const freeTimesForBooking = (ref: BookingRef, range: { start: string; end: string }) =>
  api.post<FreeTimesForBookingResponse>(
    '/free-times-for-booking',
    { ...body(ref), ...(range satisfies Pick<FreeTimesForBookingBody, 'start' | 'end'>) },
    { handleErrors: true },
  );

/** POST /move-booking: the booking to the new time 'start|end'; a lost time answers NOT_AVAILABLE. */
export const moveBooking = (ref: BookingRef, reservation: string) =>
  api.post<MoveBookingResponse>('/move-booking', { ...body(ref), reservation: reservation satisfies MoveBookingBody['reservation'] }, { handleErrors: true });

/** POST /send-email: the confirmation e-mail again, to the address of the booking. */
export const resendConfirmation = (ref: BookingRef) => api.post<ManageResponse>('/send-email', body(ref), { handleErrors: true });

/**
 * The customer's rating, 1 (very dissatisfied) to 5 (very satisfied), and free text of
 * at most FEEDBACK_MESSAGE_MAX characters; a blank text is sent as null.
 */
export type Feedback = Pick<FeedbackBody, 'rating'> & { message: string };

/** POST /feedback/v2: the customer's rating and comment, linked to the booking by its key. */
export const sendFeedback = (bookingKey: string, feedback: Feedback) =>
  api.post<ManageResponse>(
    '/feedback/v2',
    { bookingKey, rating: feedback.rating, message: feedback.message.trim() || null },
    { handleErrors: true },
  );
