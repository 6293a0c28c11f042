import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  customerSelectableResourcesResponse,
  customerSelectedResourcesBody,
  freeTimeDaySchema,
  freeTimesBody,
  freeTimesOnOrganizationBody,
  freeTimesOnOrganizationResponse,
  leadBody,
  lockerReservedTimesBody,
  lockerReservedTimesResponse,
  reservationDetailsBody,
  reserveTimeBody,
  resourceForCustomerQuery,
  resourceForCustomerResponse,
  responseSchema,
} from '@huolto/domain';
import type { Db } from '#src/db/database.ts';
import { callSchema } from '#src/openapi/route-schema.ts';
import { concurrencyGate, type RouteLimits } from '#src/plugins/rate-limit.ts';
import type { AddressLimits } from './fair-share.ts';
import type { AvailabilityCache } from './availability-cache.ts';
import type { CatalogueCache } from '../catalogue/index.ts';
import { calendarContextOf, selectableResources } from './service.ts';
import { freeTimes, freeTimesOnOrganizations } from './calendars.ts';
import { reserveTime } from './reserve.ts';
import {
  lockerReservedTimes,
  removeReservation,
  resourceForCustomer,
  setLead,
  setReservationDetails,
  setSelectedResources,
} from './session-choices.ts';

/**
 * free-times-on-organization computes the calendars of the compatible offices (all of them, or
 * a page of the nearest with `limit`): at most two
 * run at once in this process, the rest wait a moment in line (or are answered 503 BUSY), so
 * that its callers cannot slow every other customer's calls.
 */
const otherOrganizationsGate = concurrencyGate({ concurrency: 2, maxQueue: 20, maxWaitMs: 5_000 });

export interface TimeRouteDeps {
  /** The process's kept calendars (availability-cache.ts). */
  availability: AvailabilityCache;
  /** The catalogue kept under the catalogue version (catalogue/catalogue-cache.ts). */
  catalogue: CatalogueCache;
  /** What one client address may hold at one office (docs/decisions/007). */
  addressLimits: AddressLimits;
  /** Per client address and per booking session (plugins/rate-limit.ts `limits`). */
  rateLimits: {
    reserveTime: RouteLimits;
    freeTimesOnOrganization: RouteLimits;
    /** A phone number look-up. */
    resourceForCustomer: RouteLimits;
  };
}

const freeTimeDays = z.array(freeTimeDaySchema);

export function registerTimeRoutes(app: FastifyInstance, db: Db, deps: TimeRouteDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const calendarContext = (request: FastifyRequest) => calendarContextOf(db, request, deps);

  r.post(
    '/free-times',
    {
      schema: callSchema({
        tag: 'Time',
        summary: 'Free times of the booking\u2019s office for the cart, for every date of a range of at most 62 days.',
        body: freeTimesBody,
        responseSchema: freeTimeDays,
      }),
    },
    async (request) => freeTimes(db, await calendarContext(request), request.session, request.body),
  );

  /** Only the MORNING shift: starts before 12:00 (day-only: room between opening and 12:00). */
  r.post(
    '/free-times/morning',
    {
      schema: callSchema({
        tag: 'Time',
        summary: 'The same as POST /free-times, only times that start before 12:00.',
        body: freeTimesBody,
        responseSchema: freeTimeDays,
      }),
    },
    async (request) => freeTimes(db, await calendarContext(request), request.session, request.body, 'MORNING'),
  );

  /** Only the EVENING shift: starts at or after 12:00 (day-only: room between 12:00 and closing). */
  r.post(
    '/free-times/evening',
    {
      schema: callSchema({
        tag: 'Time',
        summary: 'The same as POST /free-times, only times that start at or after 12:00.',
        body: freeTimesBody,
        responseSchema: freeTimeDays,
      }),
    },
    async (request) => freeTimes(db, await calendarContext(request), request.session, request.body, 'EVENING'),
  );

  r.post(
    '/free-times-on-organization',
    {
      config: deps.rateLimits.freeTimesOnOrganization,
      schema: callSchema({
        tag: 'Time',
        summary:
          'The free days of every other office the booking could move to, or of a page of the nearest ones; with firstOnly only each office\u2019s first free time.',
        description:
          'Without limit: every compatible office with a free day, sorted by the first free date, then name. With limit ' +
          '(1\u201350): the limit nearest offices that have a free day, nearest to latitude/longitude (the customer\u2019s ' +
          'location, both or neither) or else to the booking\u2019s office, sorted the same way; a shorter answer than limit ' +
          'means there are no more. Each office\u2019s calendar holds its free days and freeDays counts them. With ' +
          'firstOnly: true (default false) the calendar holds only the first free day with only its first time (a day-only ' +
          'day has no times), freeDays still counting every free day of the range: the light answer the time step shows.',
        body: freeTimesOnOrganizationBody,
        responseSchema: freeTimesOnOrganizationResponse,
      }),
    },
    async (request, reply) => otherOrganizationsGate(reply, async () => freeTimesOnOrganizations(db, await calendarContext(request), request.session, request.body)),
  );

  r.post(
    '/reserve-time',
    {
      config: deps.rateLimits.reserveTime,
      schema: callSchema({
        tag: 'Time',
        summary: 'Holds a time for the booking for 15 minutes, at most 30 minutes after the session first held one.',
        body: reserveTimeBody,
        response:
          'responseCode SUCCESS, or NOT_AVAILABLE with a message. 429 TOO_MANY_REQUESTS with Retry-After when the client address already has its share of the office (HOLDS_PER_ADDRESS times, HOLD_HOURS_PER_ADDRESS hours of work: live holds and bookings saved in the last hour); 412 SESSION_EXPIRED once the session has held times for 30 minutes.',
        responseSchema: responseSchema,
      }),
    },
    async (request, reply) => {
      const outcome = await reserveTime(db, request.session.token, request.body, new Date(), deps.addressLimits);
      if (outcome.responseCode === 'TOO_MANY_REQUESTS') {
        return reply
          .status(429)
          .header('retry-after', String(outcome.retryAfterSeconds))
          .send({ error: 'TOO_MANY_REQUESTS', message: outcome.message });
      }
      return outcome;
    },
  );

  r.delete(
    '/remove-reservation',
    { schema: callSchema({ tag: 'Time', summary: 'Releases the held time.', responseSchema: responseSchema }) },
    async (request) => {
      await removeReservation(db, request.session.token);
      return { responseCode: 'SUCCESS' };
    },
  );

  r.post(
    '/reservation-details/v2',
    {
      schema: callSchema({
        tag: 'Time',
        summary: 'Waiting at the office, leaving the car for the day, using the key locker.',
        body: reservationDetailsBody,
        responseSchema: responseSchema,
      }),
    },
    async (request) => {
      await setReservationDetails(db, request.session.token, request.body);
      return { responseCode: 'SUCCESS' };
    },
  );

  r.post(
    '/locker/reserved-times',
    {
      schema: callSchema({
        tag: 'Time',
        summary: 'Of the asked start times, those whose half-day has no free key-locker compartment.',
        body: lockerReservedTimesBody,
        responseSchema: lockerReservedTimesResponse,
      }),
    },
    async (request) => ({ reservedTimes: await lockerReservedTimes(db, request.session, request.body.startTimes) }),
  );

  r.post(
    '/lead',
    {
      schema: callSchema({
        tag: 'Time',
        summary: 'Lead mode: the date the customer would like to be contacted about, instead of a time.',
        body: leadBody,
        responseSchema: responseSchema,
      }),
    },
    async (request) => {
      await setLead(db, request.session.token, request.body.leadDate);
      return { responseCode: 'SUCCESS' };
    },
  );

  r.get(
    '/customer-selectable-resources',
    {
      schema: callSchema({
        tag: 'Time',
        summary: "The mechanics customers may choose at the booking's office.",
        responseSchema: customerSelectableResourcesResponse,
      }),
    },
    async (request) => selectableResources(db, request.session),
  );

  r.get(
    '/resource-for-customer',
    {
      config: deps.rateLimits.resourceForCustomer,
      schema: callSchema({
        tag: 'Time',
        summary:
          "The choosable mechanic who served the latest earlier booking at the office with this phone number and the session's car, or null (also when the session has no car).",
        query: resourceForCustomerQuery,
        responseSchema: resourceForCustomerResponse,
      }),
    },
    async (request) => ({ resource: await resourceForCustomer(db, request.session, request.query.phoneNumber) }),
  );

  r.post(
    '/customer-selected-resources',
    {
      schema: callSchema({
        tag: 'Time',
        summary: 'The mechanics to book with; an empty list means anyone.',
        body: customerSelectedResourcesBody,
        responseSchema: responseSchema,
      }),
    },
    async (request) => {
      await setSelectedResources(db, request.session.token, request.body.resourceIds);
      return { responseCode: 'SUCCESS' };
    },
  );
}
