import type { FastifyInstance } from 'fastify';
import {
  MESSAGES,
  customerBody,
  sanitizeNotes,
  symptomsBody,
  valueBody,
} from '@huolto/domain';
import type { Db } from '../../db/database.ts';
import { parse } from '../../lib/parse.ts';
import { updateProcess } from '../process/repository.ts';
import type { Mailer } from '../mail/outbox.ts';
import { saveBooking } from './service.ts';
import { bookingView } from './view.ts';

export interface BookingRouteDeps {
  mailer: Mailer;
  publicUrl: string;
  /** save-booking calls allowed per client address per minute. */
  saveRateLimit: number;
  /** Counts bookings saved, by process type. */
  bookingsSaved?: { inc(labels: { process_type: string }): void };
}

export function registerBookingRoutes(app: FastifyInstance, db: Db, deps: BookingRouteDeps) {
  app.get('/get-booking/v2', async (request) => bookingView(db, request.process));

  app.post('/customer/v2', async (request) => {
    const customer = parse(customerBody, request.body);
    await updateProcess(db, request.process.token, { customer, service_contract: customer.service_contract });
    return { responseCode: 'SUCCESS' };
  });

  app.post('/save-notes', async (request) => {
    const body = parse(valueBody, request.body);
    const notes = body.value === null ? null : sanitizeNotes(body.value).trim() || null;
    await updateProcess(db, request.process.token, { notes });
    return { responseCode: 'SUCCESS' };
  });

  /** Replaces the symptom list; an empty list deletes the symptom. */
  app.post('/symptoms', async (request) => {
    const list = parse(symptomsBody, request.body);
    const symptoms = list.map((s, i) => ({ id: i + 1, description: sanitizeNotes(s.description).trim() }));
    await updateProcess(db, request.process.token, { symptoms });
    return { responseCode: 'SUCCESS' };
  });

  app.post('/save-booking', { config: { rateLimit: { max: deps.saveRateLimit, timeWindow: '1 minute' } } }, async (request, reply) => {
    // A process that already has a booking answers its key again: not a new booking.
    const alreadySaved = request.process.booking_id !== null;
    const outcome = await saveBooking(db, request.process.token, { publicUrl: deps.publicUrl });
    if (outcome.responseCode === 'SUCCESS') {
      if (!alreadySaved) deps.bookingsSaved?.inc({ process_type: request.process.process_type });
      // Sent after commit; the outbox keeps it if sending fails now.
      deps.mailer.kick();
    } else {
      reply.status(200);
      return { ...outcome, message: outcome.message ?? MESSAGES.saveFailed.text };
    }
    return outcome;
  });
}
