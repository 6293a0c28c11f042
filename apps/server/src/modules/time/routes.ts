import type { FastifyInstance } from 'fastify';
import {
  customerSelectedResourcesBody,
  freeTimesBody,
  freeTimesOnOrganizationBody,
  leadBody,
  lockerReservedTimesBody,
  reservationDetailsBody,
  reserveTimeBody,
  resourceForCustomerQuery,
} from '@huolto/domain';
import type { Db } from '../../db/database.ts';
import { parse } from '../../lib/parse.ts';
import { updateProcess } from '../process/repository.ts';
import { releaseHolds } from './repository.ts';
import { concurrencyGate, type RouteLimits } from '../../plugins/rate-limit.ts';
import type { AddressLimits } from './fair-share.ts';
import {
  freeTimes,
  freeTimesOnOrganizations,
  lockerReservedTimes,
  reserveTime,
  resourceForCustomer,
  selectableResources,
  setLead,
  setSelectedResources,
} from './service.ts';

/**
 * free-times-on-organization computes the calendars of every compatible office: at most two
 * run at once in this process, the rest wait a moment in line (or are answered 503 BUSY), so
 * that its callers cannot slow every other customer's calls.
 */
const otherOfficesGate = concurrencyGate({ concurrency: 2, maxQueue: 20, maxWaitMs: 5_000 });

export interface TimeRouteDeps {
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

export function registerTimeRoutes(app: FastifyInstance, db: Db, deps: TimeRouteDeps) {
  app.post('/free-times', async (request) => {
    const body = parse(freeTimesBody, request.body);
    return freeTimes(db, request.process, body);
  });

  /** Only the MORNING shift: starts before 12:00 (day-only: room between opening and 12:00). */
  app.post('/free-times/morning', async (request) => {
    const body = parse(freeTimesBody, request.body);
    return freeTimes(db, request.process, body, 'MORNING');
  });

  /** Only the EVENING shift: starts at or after 12:00 (day-only: room between 12:00 and closing). */
  app.post('/free-times/evening', async (request) => {
    const body = parse(freeTimesBody, request.body);
    return freeTimes(db, request.process, body, 'EVENING');
  });

  app.post('/free-times-on-organization', { config: deps.rateLimits.freeTimesOnOrganization }, async (request, reply) => {
    const body = parse(freeTimesOnOrganizationBody, request.body);
    return otherOfficesGate(reply, () => freeTimesOnOrganizations(db, request.process, body));
  });

  app.post('/reserve-time', { config: deps.rateLimits.reserveTime }, async (request, reply) => {
    const body = parse(reserveTimeBody, request.body);
    const outcome = await reserveTime(db, request.process.token, body, new Date(), deps.addressLimits);
    if (outcome.responseCode === 'TOO_MANY_REQUESTS') {
      return reply
        .status(429)
        .header('retry-after', String(outcome.retryAfterSeconds))
        .send({ error: 'TOO_MANY_REQUESTS', message: outcome.message });
    }
    return outcome;
  });

  app.delete('/remove-reservation', async (request) => {
    await releaseHolds(db, request.process.token);
    return { responseCode: 'SUCCESS' };
  });

  app.post('/reservation-details/v2', async (request) => {
    const body = parse(reservationDetailsBody, request.body);
    await updateProcess(db, request.process.token, {
      customer_waiting: body.customerWaiting,
      vehicle_left_for_day: body.vehicleLeftForDay,
      using_key_locker: body.usingKeyLocker,
    });
    return { responseCode: 'SUCCESS' };
  });

  app.post('/locker/reserved-times', async (request) => {
    const body = parse(lockerReservedTimesBody, request.body);
    return { reservedTimes: await lockerReservedTimes(db, request.process, body.startTimes) };
  });

  app.post('/lead', async (request) => {
    const body = parse(leadBody, request.body);
    await setLead(db, request.process.token, body.leadDate);
    return { responseCode: 'SUCCESS' };
  });

  app.get('/customer-selectable-resources', async (request) => selectableResources(db, request.process));

  app.get(
    '/resource-for-customer',
    { config: deps.rateLimits.resourceForCustomer },
    async (request) => {
      const query = parse(resourceForCustomerQuery, request.query);
      return { resource: await resourceForCustomer(db, request.process, query.phoneNumber) };
    },
  );

  app.post('/customer-selected-resources', async (request) => {
    const body = parse(customerSelectedResourcesBody, request.body);
    await setSelectedResources(db, request.process.token, body.resourceIds);
    return { responseCode: 'SUCCESS' };
  });
}
