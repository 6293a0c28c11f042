/**
 * GET /booking-calendar: a saved booking's calendar event as an .ics file, opened like
 * the booking's own page by its key and the car's registration number.
 */
import { z } from 'zod';
import { registerNumberSchema } from './validation.ts';
import { bookingKeySchema } from './site.ts';

export const bookingCalendarQuery = z.object({
  bookingKey: bookingKeySchema,
  registerNumber: registerNumberSchema,
});
export type BookingCalendarQuery = z.input<typeof bookingCalendarQuery>;
