import type { FastifyInstance } from 'fastify';
import { LOYALTY_API_BASE, carServiceContractsBody, confirmUserBody, loginBody, registerUserBody, tokenBody } from '@huolto/domain';
import type { Db } from '../../db/database.ts';
import { parse } from '../../lib/parse.ts';
import type { Mailer } from '../mail/outbox.ts';
import * as loyalty from './service.ts';

/** The OmaLaakkonen API: POST with JSON bodies (SPEC §7 "Loyalty API"). */
export interface LoyaltyRouteDeps {
  mailer: Mailer;
  /** Calls allowed per client address per minute, on top of the failed-login limits of the service. */
  rateLimits: { login: number; registration: number };
  /** Whether cookies are sent over HTTPS only (the public address is https). */
  secureCookies?: boolean;
}

export function registerLoyaltyRoutes(app: FastifyInstance, db: Db, deps: LoyaltyRouteDeps) {
  const perMinute = (max: number) => ({ config: { rateLimit: { max, timeWindow: '1 minute' } } });

  // Too many failures: the answer says when to try again.
  app.addHook('onError', async (_request, reply, error) => {
    if (error instanceof loyalty.TooManyAttemptsError) reply.header('retry-after', String(error.retryAfter));
  });

  app.post('/login/', perMinute(deps.rateLimits.login), async (request) => {
    const body = parse(loginBody, request.body);
    return loyalty.login(db, body.username, body.password, request.ip);
  });

  app.post('/logout/', async (request) => {
    const { token } = parse(tokenBody, request.body);
    await loyalty.logout(db, token);
    return { responseCode: 'SUCCESS' };
  });

  app.post('/getUserInfo/', async (request) => loyalty.userInfo(db, parse(tokenBody, request.body).token));
  app.post('/getActiveCars/', async (request) => loyalty.activeCars(db, parse(tokenBody, request.body).token));
  app.post('/getUserVouchers/', async (request) => loyalty.userVouchers(db, parse(tokenBody, request.body).token));
  app.post('/getCarServiceContracts/', async (request) => {
    const body = parse(carServiceContractsBody, request.body);
    return loyalty.carServiceContracts(db, body.token, body.license);
  });

  app.post('/registerUser/', perMinute(deps.rateLimits.registration), async (request, reply) => {
    const { browserSecret, ...result } = await loyalty.registerUser(db, parse(registerUserBody, request.body));
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
  });

  app.post('/confirmUser/', perMinute(deps.rateLimits.registration), async (request) => {
    const body = parse(confirmUserBody, request.body);
    return loyalty.confirmUser(db, body.username, body.code, request.cookies[loyalty.REGISTRATION_COOKIE]);
  });
}
