import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  addRowsBody,
  cancelBookingBody,
  feedbackBody,
  freeTimesForBookingBody,
  freeTimesForBookingResponse,
  manageResponse,
  moveBookingBody,
  moveBookingResponse,
  openBookingBody,
  openBookingResponse,
  responseSchema,
  sendEditRequestBody,
  sendEmailBody,
  type FreeTimesForBookingResponse,
  type ManageResponse,
  type ManageResponseCode,
  type MoveBookingResponse,
  type OpenBookingResponse,
} from '@huolto/domain';
import type { Db } from '#src/db/database.ts';
import { callSchema } from '#src/openapi/route-schema.ts';
import type { RouteLimits } from '#src/plugins/rate-limit.ts';
import type { Mailer } from '../mail/index.ts';
import { addRows, cancelBooking, openBooking, saveFeedback } from './service.ts';
import { resendConfirmation, sendEditRequest, type MailCapReached } from './mail-requests.ts';
import { freeTimesForBooking, moveBooking } from './move.ts';

/**
 * Managing a saved booking from the link in its confirmation (/oma-varaus): no booking
 * session, the key and the car's registration number instead. A key could be guessed, so
 * the calls by key share one count per client address (`bookingKeyLimits`, with
 * billing-reference and the calendar file); feedback, which reveals nothing of a key, is
 * counted on its own. XSRF applies as to every POST.
 */
export function registerManageRoutes(
  app: FastifyInstance,
  db: Db,
  deps: {
    mailer: Mailer;
    publicUrl: string;
    bookingKeyLimits: RouteLimits;
    feedbackRateLimit: number;
    /** Confirmation resends and change requests per booking per hour, each kind on its own count. */
    bookingMailsPerHour: number;
  },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const config = { session: false, ...deps.bookingKeyLimits };
  const sent = (code: ManageResponse['responseCode']): ManageResponse => {
    // Queued in the database; sent after the commit, with retries if it fails now.
    if (code === 'SUCCESS') void deps.mailer.kick();
    return { responseCode: code };
  };
  const tag = 'Managing a saved booking';
  /** A mail sent, refused, or over the booking's cap: 429 with Retry-After and nothing queued. */
  const mailed = (outcome: ManageResponseCode | MailCapReached, reply: FastifyReply) =>
    typeof outcome === 'string'
      ? sent(outcome)
      : reply.status(429).header('retry-after', String(outcome.retryAfterSeconds)).send({ error: 'TOO_MANY_REQUESTS', message: outcome.message });
  const mailCapDoc = `after ${deps.bookingMailsPerHour} of these per booking within an hour (from any address, counted in the database), with Retry-After and a Finnish message; nothing is sent`;

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
    async (request) => sent(await cancelBooking(db, request.body, new Date(), deps.publicUrl)),
  );

  r.post(
    '/free-times-for-booking',
    {
      config,
      schema: callSchema({
        tag,
        summary: "The booking office's free times for moving the booking: its own length of work, its own time left out.",
        description:
          'Each day of the range (real dates, start ≤ end, at most 62 days, within the booking horizon) as free-times answers it. ' +
          '404 for a wrong key or plate; 409 NOT_MOVABLE for a cancelled booking or a lead, 409 TOO_LATE within two hours of its start.',
        body: freeTimesForBookingBody,
        responseSchema: freeTimesForBookingResponse,
      }),
    },
    async (request): Promise<FreeTimesForBookingResponse> => ({
      responseCode: 'SUCCESS',
      days: await freeTimesForBooking(db, request.body, request.body),
    }),
  );

  r.post(
    '/move-booking',
    {
      config,
      schema: callSchema({
        tag,
        summary: 'Moves the booking to another free time at its office in one transaction; a lost time keeps the old one.',
        description:
          'The new time is taken and the old one released together; SUCCESS answers the booking at its new time and queues a new ' +
          'confirmation with its .ics to the customer and a notice to the office. NOT_AVAILABLE (with a Finnish message): the time ' +
          'was taken meanwhile, is past or on a closed day, and the booking keeps its time. 400 `reservation` for a time off the ' +
          "office's grid, of another length, the booking's own time or past the horizon; 404 for a wrong key or plate; 409 " +
          'NOT_MOVABLE or TOO_LATE as for cancelling (two hours before the start).',
        body: moveBookingBody,
        responseSchema: moveBookingResponse,
      }),
    },
    async (request): Promise<MoveBookingResponse> => {
      const answer = await moveBooking(db, request.body, request.body.reservation, deps.publicUrl);
      // Queued in the database; sent after the commit, with retries if it fails now.
      if (answer.responseCode === 'SUCCESS') void deps.mailer.kick();
      return answer;
    },
  );

  r.post(
    '/send-edit-request',
    {
      config,
      schema: callSchema({
        tag,
        summary: 'E-mails the office a change request.',
        body: sendEditRequestBody,
        responseSchema: manageResponse,
        rateLimited: mailCapDoc,
      }),
    },
    async (request, reply) => mailed(await sendEditRequest(db, request.body, request.body.message, deps.bookingMailsPerHour), reply),
  );

  r.post(
    '/send-email',
    {
      config,
      schema: callSchema({
        tag,
        summary: 'Sends the confirmation e-mail again.',
        body: sendEmailBody,
        responseSchema: manageResponse,
        rateLimited: mailCapDoc,
      }),
    },
    async (request, reply) => mailed(await resendConfirmation(db, request.body, deps.publicUrl, deps.bookingMailsPerHour), reply),
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
      config: { session: false, rateLimit: { max: deps.feedbackRateLimit, timeWindow: '1 minute' } },
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
