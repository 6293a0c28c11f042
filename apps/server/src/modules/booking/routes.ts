import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { MESSAGES, bookingSchema, customerBody, responseSchema, saveBookingResponse, symptomsBody, valueBody } from '@huolto/domain';
import type { Db } from '#src/db/database.ts';
import { callSchema } from '#src/openapi/route-schema.ts';
import type { Mailer } from '../mail/index.ts';
import { bookingView } from '../booking-view/index.ts';
import type { CatalogueCache } from '../catalogue/index.ts';
import { saveBooking, setCustomer, setNotes, setSymptoms } from './service.ts';

export interface BookingRouteDeps {
  mailer: Mailer;
  publicUrl: string;
  /** save-booking calls allowed per client address per minute. */
  saveRateLimit: number;
  /** Counts bookings saved, by process type. */
  bookingsSaved?: { inc(labels: { process_type: string }): void };
  /** The catalogue kept under the catalogue version (catalogue/catalogue-cache.ts). */
  catalogue: CatalogueCache;
}

export function registerBookingRoutes(app: FastifyInstance, db: Db, deps: BookingRouteDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/get-booking/v2',
    {
      schema: callSchema({
        tag: 'Customer and booking',
        summary: 'The booking: office, vehicle, customer, order items, prices, the held time.',
        responseSchema: bookingSchema,
      }),
    },
    async (request) =>
      bookingView(db, request.session, {
        catalogue: deps.catalogue.at(db, await request.versions()),
        held: { value: request.heldTime },
      }),
  );

  r.post(
    '/customer/v2',
    {
      schema: callSchema({
        tag: 'Customer and booking',
        summary: 'The customer details (omat tiedot).',
        body: customerBody,
        responseSchema: responseSchema,
      }),
    },
    async (request) => {
      await setCustomer(db, request.session.token, request.body);
      return { responseCode: 'SUCCESS' };
    },
  );

  r.post(
    '/save-notes',
    {
      schema: callSchema({
        tag: 'Customer and booking',
        summary: 'Free-text notes for the workshop; null clears them.',
        body: valueBody,
        responseSchema: responseSchema,
      }),
    },
    async (request) => {
      await setNotes(db, request.session.token, request.body.value);
      return { responseCode: 'SUCCESS' };
    },
  );

  /** Replaces the symptom list; an empty list deletes the symptom. */
  r.post(
    '/symptoms',
    {
      schema: callSchema({
        tag: 'Customer and booking',
        summary: 'Replaces the list of symptoms (vikakuvaus); an empty list deletes it.',
        body: symptomsBody,
        responseSchema: responseSchema,
      }),
    },
    async (request) => {
      await setSymptoms(db, request.session.token, request.body);
      return { responseCode: 'SUCCESS' };
    },
  );

  r.post(
    '/save-booking',
    {
      config: { rateLimit: { max: deps.saveRateLimit, timeWindow: '1 minute' } },
      schema: callSchema({
        tag: 'Customer and booking',
        summary: 'Saves the booking and queues the confirmation e-mail.',
        response: 'responseCode SUCCESS with the booking key, or INVALID / NOT_AVAILABLE with a message.',
        description:
          '409 SERVICE_UNAVAILABLE (field `cart`) with a Finnish message naming them when services of the cart are no longer ' +
          'offered (deactivated or past their last day since they were chosen); nothing is saved.',
        responseSchema: saveBookingResponse,
      }),
    },
    async (request, reply) => {
      // A process that already has a booking answers its key again: not a new booking.
      const alreadySaved = request.session.booking_id !== null;
      const outcome = await saveBooking(db, request.session.token, { publicUrl: deps.publicUrl });
      if (outcome.responseCode === 'SUCCESS') {
        if (!alreadySaved) deps.bookingsSaved?.inc({ process_type: request.session.process_type });
        // Sent after commit; the outbox keeps it if sending fails now.
        deps.mailer.kick();
      } else {
        reply.status(200);
        return { ...outcome, message: outcome.message ?? MESSAGES.saveFailed.text };
      }
      return outcome;
    },
  );
}
