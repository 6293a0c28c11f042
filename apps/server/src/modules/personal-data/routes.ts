import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  UPCOMING_BOOKINGS_MESSAGE,
  deleteLoyaltyUserBody,
  responseSchema,
  tokenBody,
  personalDataErasureResponse,
  personalDataExportResponse,
  personalDataFoundResponse,
  personalDataQuery,
  todayInHelsinki,
} from '@huolto/domain';
import type { Db } from '#src/db/database.ts';
import { callSchema } from '#src/openapi/route-schema.ts';
import { staffOf } from '../staff/index.ts';
import { searchPersonalData } from './find.ts';
import { exportPersonalData } from './export.ts';
import { erasePersonalData } from './erase.ts';
import { WRONG_PASSWORD_MESSAGE, deleteUser, userData } from './self-service.ts';

const tag = 'Staff API';

export interface PersonalDataRouteDeps {
  config: {
    /** Calls per client address per minute (the back-office search's limit). */
    staffSearchRateLimit: number;
    /** Per staff account per minute, counted with the other heavy reads. */
    staffAccountRateLimit: number;
  };
}

const keys =
  'The person is given by an e-mail address (any case), a phone number (any form, +358 as 0) or a registration number, at least one; whatever matches any of them is theirs: bookings by the customer\'s e-mail or phone or by the plate, loyalty accounts by e-mail, phone or a saved car\'s plate, the messages of those bookings and those sent to the addresses (about no other booking), the feedback on the bookings.';
const badInput = '400 naming the field: no key given (email), an e-mail, phone or registration number that is not one.';

/**
 * A person's data on request (GDPR art. 15 and 17): admins find, download and erase what is
 * held about a person. Every call is written in the audit trail (entity PERSONAL_DATA) with
 * counts and the kinds of key given, never the keys or the data.
 */
export function registerPersonalDataRoutes(scope: FastifyInstance, db: Db, deps: PersonalDataRouteDeps) {
  const r = scope.withTypeProvider<ZodTypeProvider>();
  // Each call reads every booking of the person: limited per address and per account as the
  // back-office search is.
  const config = {
    staffRole: 'ADMIN' as const,
    rateLimit: { max: deps.config.staffSearchRateLimit, timeWindow: '1 minute', groupId: 'personal-data' },
    staffRateLimit: { max: deps.config.staffAccountRateLimit, timeWindow: '1 minute', groupId: 'staff-heavy' },
  };

  r.post(
    '/personal-data/search',
    {
      config,
      schema: callSchema({
        tag,
        summary: "What is held about a person (admins only): their bookings, loyalty accounts, and the messages' and feedback's counts.",
        description: `${keys} upcoming counts the bookings not cancelled whose visit is still ahead: an erasure waits for them. An audit row SEARCHED with the counts.`,
        body: personalDataQuery,
        responseSchema: personalDataFoundResponse,
        response: badInput,
      }),
    },
    async (request) => searchPersonalData(db, staffOf(request).id, request.body),
  );

  r.post(
    '/personal-data/export',
    {
      config,
      schema: callSchema({
        tag,
        summary: 'Everything held about a person as one JSON document (admins only), to hand over on request.',
        description: `${keys} summary is the document in plain Finnish lines; bookings, loyaltyAccounts (with cars, vouchers and service contracts), messages and feedback as stored, nothing of another customer's. An audit row EXPORTED with the counts.`,
        body: personalDataQuery,
        responseSchema: personalDataExportResponse,
        responseHeaders: { 'content-disposition': 'attachment; filename="henkilotiedot-YYYY-MM-DD.json": a browser saves the document as a file.' },
        response: badInput,
      }),
    },
    async (request, reply) => {
      const document = await exportPersonalData(db, staffOf(request).id, request.body);
      void reply.header('content-disposition', `attachment; filename="henkilotiedot-${todayInHelsinki()}.json"`);
      return document;
    },
  );

  r.post(
    '/personal-data/erase',
    {
      config,
      schema: callSchema({
        tag,
        summary: "Erases what is held about a person (admins only): the bookings' personal data, the messages' bodies, the loyalty accounts.",
        description: `${keys} In one transaction: the bookings keep what the statistics need (office, dates, services, prices, status) without the customer, plate, notes and symptoms; the messages keep kind, channel, status and times with the recipient only as a hash (a message still waiting to be sent is cleared once sent); the loyalty accounts are deleted with their cars, vouchers, contracts and logins, and the registrations waiting with the e-mail; one audit row ERASED with the counts. Answers what was erased, counted. 409 UPCOMING_BOOKINGS ('${UPCOMING_BOOKINGS_MESSAGE}') while a booking is still ahead, nothing changed.`,
        body: personalDataQuery,
        responseSchema: personalDataErasureResponse,
        response: `${badInput} 409 UPCOMING_BOOKINGS while the person has bookings ahead.`,
      }),
    },
    async (request) => erasePersonalData(db, staffOf(request).id, request.body),
  );
}

/**
 * A loyalty member's own data (GDPR art. 15 and 17), in the loyalty API's scope (registered
 * by app.ts beside registerLoyaltyRoutes, so its hooks apply: no calls while the company has
 * no loyalty programme): getUserData answers the document an admin's export would,
 * deleteUser deletes the account after the password is given again.
 */
export function registerLoyaltySelfServiceRoutes(scope: FastifyInstance, db: Db, deps: { loginRateLimit: number }) {
  const r = scope.withTypeProvider<ZodTypeProvider>();
  const perMinute = (max: number) => ({ config: { rateLimit: { max, timeWindow: '1 minute' } } });
  const tag = 'Loyalty API';

  r.post(
    '/getUserData/',
    {
      ...perMinute(deps.loginRateLimit),
      schema: callSchema({
        tag,
        summary: "Everything held about the member as one document: the account with its cars, vouchers and service contracts, the bookings made with it or its e-mail, their messages and feedback.",
        description: 'summary is the document in plain Finnish lines; the records follow as stored (no password). 401 for a token that is not live.',
        body: tokenBody,
        responseSchema: personalDataExportResponse,
      }),
    },
    async (request) => userData(db, request.body.token),
  );
  r.post(
    '/deleteUser/',
    {
      ...perMinute(deps.loginRateLimit),
      schema: callSchema({
        tag,
        summary: "Deletes the member's account with its cars, vouchers, contracts and logins, after the password is given again; the bookings stay without the link.",
        description: `The token stops working. 400 naming password for a wrong one ('${WRONG_PASSWORD_MESSAGE}'), nothing changed; 401 for a token that is not live.`,
        body: z.object({ ...tokenBody.shape, ...deleteLoyaltyUserBody.shape }),
        responseSchema: responseSchema,
      }),
    },
    async (request) => deleteUser(db, request.body.token, request.body.password),
  );
}
