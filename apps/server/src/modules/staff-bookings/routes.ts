import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  DESK_NEAREST_TIMES,
  STAFF_MOVE_STEP_MINUTES,
  deskContentsBody,
  deskExtraRowsResponse,
  STAFF_SEARCH_LIMIT,
  STAFF_SEARCH_MAX_LENGTH,
  STAFF_SEARCH_MIN_LENGTH,
  VISIT_STATUS_LABELS,
  staffBookingDetailSchema,
  staffCancelBody,
  staffDateQuery,
  staffDayResponse,
  staffIdParams,
  staffMoveBody,
  staffNoteBody,
  staffOfficeParams,
  staffOfficesResponse,
  staffSearchQuery,
  staffSearchResponse,
  staffStatusBody,
  staffWeekResponse,
} from '@huolto/domain';
import type { Db } from '#src/db/database.ts';
import { callSchema } from '#src/openapi/route-schema.ts';
import { concurrencyGate } from '#src/plugins/rate-limit.ts';
import type { Mailer } from '../mail/index.ts';
import { staffOf } from '../staff/index.ts';
import { staffAddNote, staffBookingDetail, staffCancelBooking, staffOffices, staffSetVisitStatus } from './service.ts';
import { staffDay, staffWeek } from './views.ts';
import { searchStaffBookings } from './search.ts';
import { TIME_TAKEN_MESSAGE, staffMoveBooking } from './move.ts';
import { DOES_NOT_FIT_MESSAGE, DoesNotFit, NEAREST_DAYS, staffChangeContents } from './contents.ts';
import { staffExtraRows } from './extra-rows.ts';

export interface StaffBookingRouteDeps {
  mailer: Mailer;
  config: {
    publicUrl: string;
    staffSearchRateLimit: number;
    /** Day and week views (the print list is a day view) per client address per minute, one count. */
    staffViewRateLimit: number;
    /** Day, week and search per staff account per minute, one count. */
    staffAccountRateLimit: number;
    /** Of those, how many this process computes at once. */
    staffHeavyConcurrency: number;
  };
}

const tag = 'Staff API';
const detail = "The booking's detail after the change, its history included.";

/**
 * The offices a staff member runs, their days and weeks, and a booking's detail and
 * actions (move, cancel, visit status, internal note). Every office's and booking's data
 * only for the staff who run its office (403); an unknown booking is 404.
 */
export function registerStaffBookingRoutes(scope: FastifyInstance, db: Db, deps: StaffBookingRouteDeps) {
  const r = scope.withTypeProvider<ZodTypeProvider>();
  const publicUrl = deps.config.publicUrl;
  // The heavy reads (a week of bookings, a day, a search) are limited per staff account
  // and per client address, and only a few are computed at once in this process, the
  // others waiting a moment in line (or answered 503 BUSY): one staff member's script or
  // stuck browser cannot slow the customers' calendars.
  const heavy = concurrencyGate({ concurrency: deps.config.staffHeavyConcurrency, maxQueue: 20, maxWaitMs: 5_000 });
  const perAccount = { staffRateLimit: { max: deps.config.staffAccountRateLimit, timeWindow: '1 minute', groupId: 'staff-heavy' } };
  const viewLimits = {
    rateLimit: { max: deps.config.staffViewRateLimit, timeWindow: '1 minute', groupId: 'staff-views' },
    ...perAccount,
  };

  r.get(
    '/offices',
    {
      schema: callSchema({
        tag,
        summary: 'The offices the signed-in staff member runs (every office for an admin), with their resources by id.',
        responseSchema: staffOfficesResponse,
      }),
    },
    async (request) => staffOffices(db, staffOf(request)),
  );

  r.get(
    '/offices/:officeId/day',
    {
      config: viewLimits,
      schema: callSchema({
        tag,
        summary: "An office's day: resources, opening hours (exceptions included), bookings and leads, live holds and absences.",
        description:
          'Bookings are the confirmed and cancelled ones whose time overlaps the day, and leads wished for the day (start and end null); inAbsence flags a booking lying in an absence of its resource; nextBookingDate is the date of the office\'s next confirmed booking after the day (null when none), for an empty day to point to.',
        params: staffOfficeParams,
        query: staffDateQuery,
        responseSchema: staffDayResponse,
      }),
    },
    async (request, reply) => heavy(reply, () => staffDay(db, staffOf(request), request.params.officeId, request.query.date)),
  );

  r.get(
    '/offices/:officeId/week',
    {
      config: viewLimits,
      schema: callSchema({
        tag,
        summary: "An office's week, Monday to Sunday, around any of its dates: each day's hours, bookings and absences.",
        params: staffOfficeParams,
        query: staffDateQuery,
        responseSchema: staffWeekResponse,
      }),
    },
    async (request, reply) => heavy(reply, () => staffWeek(db, staffOf(request), request.params.officeId, request.query.date)),
  );

  r.get(
    '/bookings',
    {
      // A search reads many rows: enough for a busy front desk, not for a script.
      config: { rateLimit: { max: deps.config.staffSearchRateLimit, timeWindow: '1 minute' }, ...perAccount },
      schema: callSchema({
        tag,
        summary: "Bookings of the staff member's offices found by a register number's beginning, a booking key, a phone number or a part of the customer's name or e-mail.",
        description: `Upcoming bookings first (soonest first), then past ones (latest first), at most ${STAFF_SEARCH_LIMIT}; more tells that others match. Confirmed and cancelled bookings and leads; each with its office. 400 naming q for fewer than ${STAFF_SEARCH_MIN_LENGTH} or more than ${STAFF_SEARCH_MAX_LENGTH} characters.`,
        query: staffSearchQuery,
        responseSchema: staffSearchResponse,
      }),
    },
    async (request, reply) => heavy(reply, () => searchStaffBookings(db, staffOf(request), request.query.q)),
  );

  r.get(
    '/bookings/:id',
    {
      schema: callSchema({
        tag,
        summary: "A booking's detail: customer, car, lines with prices in cents, symptoms, notes, delivery, key locker and its history.",
        params: staffIdParams,
        responseSchema: staffBookingDetailSchema,
      }),
    },
    async (request) => staffBookingDetail(db, staffOf(request), request.params.id),
  );

  r.post(
    '/bookings/:id/move',
    {
      schema: callSchema({
        tag,
        summary: `Moves a booking to another start (any ${STAFF_MOVE_STEP_MINUTES} minutes within the office's hours of the day) or resource of its office, keeping its length.`,
        description: `One transaction: the exclusion constraint decides; a time already taken is 409 NOT_AVAILABLE "${TIME_TAKEN_MESSAGE}" and nothing changes. The customer gets a new confirmation with its .ics, the office a notice; the move is recorded in the booking's history. 409 for a cancelled booking or a lead; 400 naming resourceId for another office's resource, start for a time off the quarter hours, past, beyond the booking horizon, or outside the day's hours.`,
        params: staffIdParams,
        body: staffMoveBody,
        responseSchema: staffBookingDetailSchema,
        response: detail,
      }),
    },
    async (request) => {
      const staff = staffOf(request);
      await staffMoveBooking(db, staff, request.params.id, request.body, publicUrl);
      void deps.mailer.kick();
      return staffBookingDetail(db, staff, request.params.id);
    },
  );

  r.get(
    '/bookings/:id/extra-rows',
    {
      schema: callSchema({
        tag,
        summary: "The extra rows a booking may hold: the extra-order-items catalogue's active items with their prices in cents and the booking's amount of each (0 for none), then the booking's rows of an item no longer offered.",
        params: staffIdParams,
        responseSchema: deskExtraRowsResponse,
      }),
    },
    async (request) => staffExtraRows(db, staffOf(request), request.params.id),
  );

  r.put(
    '/bookings/:id/contents',
    {
      schema: callSchema({
        tag,
        summary: "Changes what a booking holds: its services and tires (the items replace the booking's lines), its extra rows (extraRows replace the rows added to it), the kilometres, the symptoms and the customer's details; with start and resourceId it also moves there.",
        description: `One transaction. The items are checked, priced and timed by the customer's cart rules for the car (400 naming items.N.productId for a product not offered for it); rows added to the booking afterwards stay, except those of a product the items hold. extraRows replace the added rows: a product whose amount stays keeps its rows and prices, the others are priced as the customer's add-rows prices them (400 naming extraRows.N.productId for an unknown or inactive extra item or one given twice). A longer work keeps its start when the following time on its resource is free within the day's hours (the exclusion constraint decides); otherwise nothing changes and the answer is 409 {code: DOES_NOT_FIT, message: "${DOES_NOT_FIT_MESSAGE}", nearest} with at most ${DESK_NEAREST_TIMES} starts where it fits within ${NEAREST_DAYS} days, the booking's own resource first, then by distance from its start. The change is recorded in the booking's history (CHANGED, before and after); when the time or the total changed, the customer gets one updated confirmation with its .ics. 409 for a cancelled or past booking; a lead's contents change without a time.`,
        params: staffIdParams,
        body: deskContentsBody,
        responseSchema: staffBookingDetailSchema,
        response: detail,
      }),
    },
    async (request, reply) => {
      const staff = staffOf(request);
      try {
        await staffChangeContents(db, staff, request.params.id, request.body, publicUrl);
      } catch (err) {
        if (err instanceof DoesNotFit) {
          return reply.status(409).send({ error: err.code, code: err.code, message: err.message, nearest: err.nearest } as never);
        }
        throw err;
      }
      void deps.mailer.kick();
      return staffBookingDetail(db, staff, request.params.id);
    },
  );

  r.post(
    '/bookings/:id/cancel',
    {
      schema: callSchema({
        tag,
        summary: 'Cancels a booking: its time is freed at once, the customer and the office are e-mailed, the reason kept in its history.',
        description: '409 ALREADY_CANCELLED for a booking already cancelled.',
        params: staffIdParams,
        body: staffCancelBody,
        responseSchema: staffBookingDetailSchema,
        response: detail,
      }),
    },
    async (request) => {
      const staff = staffOf(request);
      await staffCancelBooking(db, staff, request.params.id, request.body.reason, publicUrl);
      void deps.mailer.kick();
      return staffBookingDetail(db, staff, request.params.id);
    },
  );

  r.post(
    '/bookings/:id/status',
    {
      schema: callSchema({
        tag,
        summary: `Marks what happened at the visit (${Object.values(VISIT_STATUS_LABELS).join(', ')}) or clears it (null); recorded in the booking's history.`,
        description: '409 CANCELLED for a cancelled booking.',
        params: staffIdParams,
        body: staffStatusBody,
        responseSchema: staffBookingDetailSchema,
        response: detail,
      }),
    },
    async (request) => {
      const staff = staffOf(request);
      await staffSetVisitStatus(db, staff, request.params.id, request.body.visitStatus);
      return staffBookingDetail(db, staff, request.params.id);
    },
  );

  r.post(
    '/bookings/:id/notes',
    {
      schema: callSchema({
        tag,
        summary: "Adds an internal note to the booking's history (staff only; never shown to the customer).",
        params: staffIdParams,
        body: staffNoteBody,
        responseSchema: staffBookingDetailSchema,
        response: detail,
      }),
    },
    async (request) => {
      const staff = staffOf(request);
      await staffAddNote(db, staff, request.params.id, request.body.text);
      return staffBookingDetail(db, staff, request.params.id);
    },
  );
}
