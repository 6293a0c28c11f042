import { INSTALLATION_TYPE } from '@huolto/domain';
import { api } from '../../../lib/api-client.ts';

/** A saved booking as its owner sees it from the e-mail's link (POST /open-booking). */
export interface OpenedBooking {
  bookingKey: string;
  status: 'CONFIRMED' | 'CANCELLED';
  kind: 'RESERVATION' | 'LEAD';
  registerNumber: string;
  vehicle: string;
  office: { id: number; name: string; address: string; post_code: string; post_office: string; phone: string | null; email: string | null };
  /** Local Helsinki date-times 'YYYY-MM-DDTHH:mm:ss'. */
  start: string | null;
  end: string | null;
  leadDate: string | null;
  items: { description: string; amount: number; price: number }[];
  /** Cents. */
  total: number;
  customerFirstName: string;
  cancellable: boolean;
}

export interface BookingRef {
  bookingKey: string;
  registerNumber: string;
}

type Answer<T = object> = ({ responseCode: 'SUCCESS' } & T) | { responseCode: 'NOT_FOUND' | 'NOT_CANCELLABLE' | string };

const body = (ref: BookingRef) => ({ ...ref, installationType: INSTALLATION_TYPE });

export const openBooking = (ref: BookingRef) => api.post<Answer<{ booking: OpenedBooking }>>('/open-booking', body(ref), { handleErrors: true });
export const cancelBooking = (ref: BookingRef) => api.post<Answer>('/cancel-booking', body(ref), { handleErrors: true });
export const sendEditRequest = (ref: BookingRef, message: string) =>
  api.post<Answer>('/send-edit-request', { ...body(ref), message }, { handleErrors: true });

/** POST /send-email: the confirmation e-mail again, to the address of the booking. */
export const resendConfirmation = (ref: BookingRef) => api.post<Answer>('/send-email', body(ref), { handleErrors: true });

export interface Feedback {
  /** 1 (very dissatisfied) to 5 (very satisfied). */
  rating: number;
  /** Free text, at most FEEDBACK_MESSAGE_MAX characters; blank is sent as null. */
  message: string;
}

/** Longest feedback message the server takes (feedbackBody of @huolto/domain). */
export const FEEDBACK_MESSAGE_MAX = 2000;

/** POST /feedback/v2: the customer's rating and comment, linked to the booking by its key. */
export const sendFeedback = (bookingKey: string, feedback: Feedback) =>
  api.post<Answer>(
    '/feedback/v2',
    { bookingKey, rating: feedback.rating, message: feedback.message.trim() || null },
    { handleErrors: true },
  );
