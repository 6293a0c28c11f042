import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  addRowsBody,
  cancelBookingBody,
  feedbackBody,
  manageResponse,
  openBookingBody,
  openBookingResponse,
  responseSchema,
  sendEditRequestBody,
  sendEmailBody,
  type ManageResponse,
  type OpenBookingResponse,
} from '@huolto/domain';
import type { Db } from '../../db/database.ts';
import { callSchema } from '../../openapi/route-schema.ts';
import type { Mailer } from '../mail/outbox.ts';
import { addRows, cancelBooking, openBooking, resendConfirmation, saveFeedback, sendEditRequest } from './service.ts';

/**
 * Managing a saved booking from the link in its confirmation (/oma-varaus): no booking
 * session, the key and the car's registration number instead. A key could be guessed, so
 * every call is rate-limited per client address like search-vehicle; XSRF applies as to
 * every POST.
 */
export function registerManageRoutes(app: FastifyInstance, db: Db, deps: { mailer: Mailer; publicUrl: string; rateLimit: number }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const config = { session: false, rateLimit: { max: deps.rateLimit, timeWindow: '1 minute' } };
  const sent = (code: ManageResponse['responseCode']): ManageResponse => {
    // Queued in the database; sent after the commit, with retries if it fails now.
    if (code === 'SUCCESS') void deps.mailer.kick();
    return { responseCode: code };
  };
  const tag = 'Managing a saved booking';

  r.post(
    '/open-booking',
    {
      config,
      schema: callSchema({ tag, summary: 'The saved booking of a key and registration number.', body: openBookingBody, responseSchema: openBookingResponse }),
    },
    async (request): Promise<OpenBookingResponse> => openBooking(db, request.body),
  );

  r.post(
    '/cancel-booking',
    {
      config,
      schema: callSchema({
        tag,
        summary: 'Cancels the booking up to two hours before its start; the time is free at once.',
        body: cancelBookingBody,
        responseSchema: manageResponse,
      }),
    },
    async (request) => sent(await cancelBooking(db, request.body)),
  );

  r.post(
    '/send-edit-request',
    {
      config,
      schema: callSchema({ tag, summary: 'E-mails the office a change request.', body: sendEditRequestBody, responseSchema: manageResponse }),
    },
    async (request) => sent(await sendEditRequest(db, request.body, request.body.message)),
  );

  r.post(
    '/send-email',
    {
      config,
      schema: callSchema({ tag, summary: 'Sends the confirmation e-mail again.', body: sendEmailBody, responseSchema: manageResponse }),
    },
    async (request) => sent(await resendConfirmation(db, request.body, deps.publicUrl)),
  );

  r.post(
    '/booking/cd/add-rows',
    {
      config,
      schema: callSchema({
        tag,
        summary: 'Adds extra order items to a confirmed booking that is still ahead and e-mails the office.',
        body: addRowsBody,
        responseSchema: manageResponse,
      }),
    },
    async (request) => sent(await addRows(db, request.body, request.body.rows)),
  );

  r.post(
    '/feedback/v2',
    {
      config,
      schema: callSchema({
        tag,
        summary: 'Feedback: a rating of 1\u20135 and a message, linked to the booking when the key is one.',
        body: feedbackBody,
        responseSchema: responseSchema,
      }),
    },
    async (request) => {
      await saveFeedback(db, request.body);
      return { responseCode: 'SUCCESS' as const };
    },
  );
}
