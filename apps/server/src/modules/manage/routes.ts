import type { FastifyInstance } from 'fastify';
import {
  addRowsBody,
  cancelBookingBody,
  feedbackBody,
  openBookingBody,
  sendEditRequestBody,
  sendEmailBody,
  type ManageResponse,
  type OpenBookingResponse,
} from '@huolto/domain';
import type { Db } from '../../db/database.ts';
import { parse } from '../../lib/parse.ts';
import type { Mailer } from '../mail/outbox.ts';
import { addRows, cancelBooking, openBooking, resendConfirmation, saveFeedback, sendEditRequest } from './service.ts';

/**
 * Managing a saved booking from the link in its confirmation (/oma-varaus): no booking
 * session, the key and the car's registration number instead. A key could be guessed, so
 * every call is rate-limited per client address like search-vehicle; XSRF applies as to
 * every POST.
 */
export function registerManageRoutes(app: FastifyInstance, db: Db, deps: { mailer: Mailer; publicUrl: string; rateLimit: number }) {
  const opts = { config: { session: false, rateLimit: { max: deps.rateLimit, timeWindow: '1 minute' } } };
  const sent = (code: ManageResponse['responseCode']): ManageResponse => {
    // Queued in the database; sent after the commit, with retries if it fails now.
    if (code === 'SUCCESS') void deps.mailer.kick();
    return { responseCode: code };
  };

  app.post('/open-booking', opts, async (request): Promise<OpenBookingResponse> => openBooking(db, parse(openBookingBody, request.body)));

  app.post('/cancel-booking', opts, async (request) => sent(await cancelBooking(db, parse(cancelBookingBody, request.body))));

  app.post('/send-edit-request', opts, async (request) => {
    const body = parse(sendEditRequestBody, request.body);
    return sent(await sendEditRequest(db, body, body.message));
  });

  app.post('/send-email', opts, async (request) =>
    sent(await resendConfirmation(db, parse(sendEmailBody, request.body), deps.publicUrl)),
  );

  app.post('/booking/cd/add-rows', opts, async (request) => {
    const body = parse(addRowsBody, request.body);
    return sent(await addRows(db, body, body.rows));
  });

  app.post('/feedback/v2', opts, async (request) => {
    await saveFeedback(db, parse(feedbackBody, request.body));
    return { responseCode: 'SUCCESS' as const };
  });
}
