/**
 * The links a saved booking is reached by without a session: its own page (/oma-varaus)
 * and its calendar file. Both carry the booking key and the car's registration number,
 * the pair that opens a saved booking; the confirmation e-mail and the thanks page build
 * them here, so they link to the same place. Plain functions without zod, for the web's
 * step chunks.
 */
import { API_BASE } from './http.ts';

/** The web app's page of a saved booking; ?varaus=<key>&rekisteri=<plate>. */
export const MANAGE_BOOKING_PATH = '/oma-varaus';

/** The API call that answers a saved booking's .ics file (under API_BASE). */
export const BOOKING_CALENDAR_PATH = '/booking-calendar';

/** '/oma-varaus?varaus=…&rekisteri=…': the booking's own page, relative to the site. */
export function manageBookingPath(bookingKey: string, registerNumber: string): string {
  return `${MANAGE_BOOKING_PATH}?varaus=${encodeURIComponent(bookingKey)}&rekisteri=${encodeURIComponent(registerNumber)}`;
}

/** The booking's .ics file, relative to the site: the same event as the confirmation e-mail's attachment. */
export function bookingCalendarPath(bookingKey: string, registerNumber: string): string {
  return `${API_BASE}${BOOKING_CALENDAR_PATH}?bookingKey=${encodeURIComponent(bookingKey)}&registerNumber=${encodeURIComponent(registerNumber)}`;
}

/** The file name a booking's .ics is saved as. */
export function bookingCalendarFileName(bookingKey: string): string {
  return `varaus-${bookingKey}.ics`;
}

/** The office's address on a map (Google Maps search URL): the confirmation e-mail and /oma-varaus link to it. */
export function officeMapUrl(office: { name?: string | undefined; address: string; post_code: string; post_office: string }): string {
  const query = [office.name, `${office.address}, ${office.post_code} ${office.post_office}`].filter(Boolean).join(', ');
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(query)}`;
}

/**
 * The thanks page's heading and the confirmation e-mail's subject: a booked time is
 * reserved, a request (a wished date, a price quote) is received and the office calls.
 */
export const CONFIRMATION_TITLES = { booked: 'Aikasi on varattu', request: 'Palvelupyyntösi on vastaanotettu' } as const;

/** `time`: the booking has an agreed time; `quote`: it asks for a price quote (price-display.ts), a request even with a time. */
export function confirmationTitle(booking: { time: boolean; quote: boolean }): string {
  return booking.time && !booking.quote ? CONFIRMATION_TITLES.booked : CONFIRMATION_TITLES.request;
}
