import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  LOYALTY_API_BASE,
  activeCarsResponse,
  campaignCodeBody,
  campaignCodeResponse,
  carServiceContractsBody,
  carServiceContractsResponse,
  confirmUserBody,
  loginBody,
  loyaltyAccountSchema,
  registerUserBody,
  responseSchema,
  tokenBody,
  userVouchersResponse,
} from '@huolto/domain';
import type { Db } from '#src/db/database.ts';
import { DomainError } from '#src/lib/errors.ts';
import { callSchema } from '#src/openapi/route-schema.ts';
import type { RouteLimits } from '#src/plugins/rate-limit.ts';
import type { Mailer } from '../mail/index.ts';
import * as loyalty from './service.ts';
import { DEVICE_COOKIES, deviceCookieOptions } from '../sign-in/index.ts';
import { loyaltyEnabled } from '../settings/index.ts';

/** The loyalty API's answer (404) while the company has no loyalty programme. */
export const LOYALTY_OFF_MESSAGE = 'Kanta-asiakasohjelma ei ole käytössä.';

/** The OmaLaakkonen API: POST with JSON bodies (requirements §7 "Loyalty API"). */
export interface LoyaltyRouteDeps {
  mailer: Mailer;
  /** Calls allowed per client address per minute, on top of the failed-login limits of the service. */
  rateLimits: { login: number; registration: number };
  /** Whether cookies are sent over HTTPS only (the public address is https). */
  secureCookies?: boolean;
}

export function registerLoyaltyRoutes(app: FastifyInstance, db: Db, deps: LoyaltyRouteDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const perMinute = (max: number) => ({ config: { rateLimit: { max, timeWindow: '1 minute' } } });
  const tag = 'Loyalty API';

  // A company without the loyalty programme (the LOYALTY module off, as on an empty start) has
  // no such API: every call answers 404 before its input is read, and nothing changes.
  app.addHook('onRequest', async () => {
    if (!(await loyaltyEnabled(db))) throw new DomainError(404, 'NOT_FOUND', LOYALTY_OFF_MESSAGE);
  });

  // Too many failures: the answer says when to try again.
  app.addHook('onError', async (_request, reply, error) => {
    if (error instanceof loyalty.TooManyAttemptsError) reply.header('retry-after', String(error.retryAfter));
  });

  r.post(
    '/login/',
    {
      ...perMinute(deps.rateLimits.login),
      schema: callSchema({
        tag,
        summary: 'Logs in; the token is valid for 2 hours.',
        body: loginBody,
        response: 'The token; 401 for a wrong password, an unknown or an unconfirmed user.',
        responseSchema: z.object({ token: z.string() }),
        rateLimited:
          'failures are counted before the password is compared; 429 TOO_MANY_ATTEMPTS with Retry-After: one account from one address 5 → 1 min, 10 → 5 min, 15 → 15 min, then 60 min per 5; one address 20 → 15 min, then 60 min per 20; one account from all addresses 20 → 1 min, 40 → 5 min, 60 → 15 min, then 60 min per 20, except from a browser with the device cookie omalaakkonen-laite of an earlier login to the account, counted on its own (5 → 1 min, …)',
      }),
    },
    async (request, reply) => {
      const { token, device } = await loyalty.login(db, request.body.username, request.body.password, request.ip, request.cookies[DEVICE_COOKIES.loyalty]);
      void reply.setCookie(DEVICE_COOKIES.loyalty, device, deviceCookieOptions(LOYALTY_API_BASE, deps.secureCookies));
      return { token };
    },
  );

  r.post(
    '/logout/',
    { schema: callSchema({ tag, summary: 'Revokes the token.', body: tokenBody, responseSchema: responseSchema }) },
    async (request) => {
      await loyalty.logout(db, request.body.token);
      return { responseCode: 'SUCCESS' };
    },
  );

  r.post(
    '/getUserInfo/',
    { schema: callSchema({ tag, summary: "The member's name and contact details.", body: tokenBody, responseSchema: loyaltyAccountSchema }) },
    async (request) => loyalty.userInfo(db, request.body.token),
  );
  r.post(
    '/getActiveCars/',
    { schema: callSchema({ tag, summary: "The member's saved cars (cars).", body: tokenBody, responseSchema: activeCarsResponse }) },
    async (request) => loyalty.activeCars(db, request.body.token),
  );
  r.post(
    '/getUserVouchers/',
    { schema: callSchema({ tag, summary: "The member's vouchers.", body: tokenBody, responseSchema: userVouchersResponse }) },
    async (request) => loyalty.userVouchers(db, request.body.token),
  );
  r.post(
    '/getCarServiceContracts/',
    { schema: callSchema({ tag, summary: "The service contracts of one of the member's cars.", body: carServiceContractsBody, responseSchema: carServiceContractsResponse }) },
    async (request) => loyalty.carServiceContracts(db, request.body.token, request.body.license),
  );

  r.post(
    '/registerUser/',
    {
      ...perMinute(deps.rateLimits.registration),
      schema: callSchema({
        tag,
        summary:
          'Registers a member; a six-digit confirmation code is e-mailed, and a cookie binds the registration to this browser (an earlier registration of the address is not changed).',
        body: registerUserBody,
        responseSchema: responseSchema,
      }),
    },
    async (request, reply) => {
      const { browserSecret, ...result } = await loyalty.registerUser(db, request.body);
      void deps.mailer.kick();
      // Only this browser can confirm the registration (with the e-mailed code).
      void reply.setCookie(loyalty.REGISTRATION_COOKIE, browserSecret, {
        path: LOYALTY_API_BASE,
        httpOnly: true,
        sameSite: 'strict',
        secure: deps.secureCookies ?? false,
        maxAge: loyalty.CONFIRMATION_LIMITS.validHours * 3600,
      });
      return result;
    },
  );

  r.post(
    '/confirmUser/',
    {
      ...perMinute(deps.rateLimits.registration),
      schema: callSchema({
        tag,
        summary:
          "Confirms this browser's registration with its e-mailed code and opens the account with that registration's password; 5 attempts per code, then register again.",
        body: confirmUserBody,
        responseSchema: responseSchema,
      }),
    },
    async (request) => loyalty.confirmUser(db, request.body.username, request.body.code, request.cookies[loyalty.REGISTRATION_COOKIE]),
  );
}

/**
 * campaign-code/v2 (under the booking API): sets or clears a booking's campaign code; the
 * members' code needs a live loyalty token (service.ts setCampaignCode).
 */
export function registerCampaignRoutes(app: FastifyInstance, db: Db, deps: { codeCheckLimits: RouteLimits }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // A code could be guessed: limited per client address and per session (with service codes).
  r.post(
    '/campaign-code/v2',
    {
      config: deps.codeCheckLimits,
      schema: callSchema({
        tag: 'Services and cart',
        summary: 'Sets or clears the campaign code; the members\u2019 code needs a live loyalty token and applies its vouchers.',
        body: campaignCodeBody,
        response: 'responseCode SUCCESS (with the applied voucher ids) or NOT_FOUND; 401 for a loyalty token that is not live.',
        responseSchema: campaignCodeResponse,
      }),
    },
    async (request) => loyalty.setCampaignCode(db, request.session.token, request.body),
  );
}
