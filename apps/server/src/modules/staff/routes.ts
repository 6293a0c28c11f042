import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  API_BASE,
  STAFF_API_PATH,
  STAFF_SESSION_COOKIE,
  STAFF_SESSION_HOURS,
  changeOwnPasswordBody,
  createStaffUserBody,
  responseSchema,
  staffIdParams,
  staffLoginBody,
  staffMeSchema,
  staffUserSchema,
  staffUsersResponse,
  updateStaffUserBody,
} from '@huolto/domain';
import type { Db } from '#src/db/database.ts';
import { callSchema } from '#src/openapi/route-schema.ts';
import { DEVICE_COOKIES, DEVICE_DAYS, TooManyAttemptsError, deviceCookieOptions } from '../sign-in/index.ts';
import { staffOf } from './guard.ts';
import * as staff from './service.ts';

export interface StaffAuthRouteDeps {
  /** Sign-in calls allowed per client address per minute, on top of the failed-login limits. */
  loginRateLimit: number;
  /** Whether the cookie is sent over HTTPS only (the public address is https). */
  secureCookies: boolean;
}

const tag = 'Staff API';

/** Signing in and out, who is signed in, and the staff accounts (admins only). */
export function registerStaffAuthRoutes(scope: FastifyInstance, db: Db, deps: StaffAuthRouteDeps) {
  const r = scope.withTypeProvider<ZodTypeProvider>();
  const cookieOptions = {
    path: `${API_BASE}${STAFF_API_PATH}`,
    httpOnly: true,
    sameSite: 'strict' as const,
    secure: deps.secureCookies,
  };

  scope.addHook('onError', async (_request, reply, error) => {
    if (error instanceof TooManyAttemptsError) reply.header('retry-after', String(error.retryAfter));
  });

  r.post(
    '/login',
    {
      config: { staffPublic: true, rateLimit: { max: deps.loginRateLimit, timeWindow: '1 minute' } },
      schema: callSchema({
        tag,
        summary: `Signs a staff member in: the session cookie (HttpOnly, SameSite=Strict) is valid for ${STAFF_SESSION_HOURS} hours; the device cookie remembers the browser for ${DEVICE_DAYS} days.`,
        body: staffLoginBody,
        responseSchema: staffMeSchema,
        response: 'Who signed in, with their offices; 401 UNAUTHORIZED for a wrong e-mail or password or a deactivated account.',
        rateLimited:
          'failures are counted before the password is compared, as in the loyalty API: 429 TOO_MANY_ATTEMPTS with Retry-After (one account from one address 5 → 1 min, …); a browser with the device cookie hallinta-laite of an earlier sign-in to the account is counted on its own instead of account-wide',
      }),
    },
    async (request, reply) => {
      const { secret, device, me } = await staff.login(db, request.body.email, request.body.password, request.ip, request.cookies[DEVICE_COOKIES.staff]);
      void reply.setCookie(STAFF_SESSION_COOKIE, secret, { ...cookieOptions, maxAge: STAFF_SESSION_HOURS * 3600 });
      void reply.setCookie(DEVICE_COOKIES.staff, device, deviceCookieOptions(cookieOptions.path, deps.secureCookies));
      return me;
    },
  );

  r.post(
    '/logout',
    {
      config: { staffPublic: true },
      schema: callSchema({ tag, summary: 'Signs out: the session ends and its cookie is cleared.', responseSchema: responseSchema }),
    },
    async (request, reply) => {
      await staff.logout(db, request.cookies[STAFF_SESSION_COOKIE]);
      void reply.clearCookie(STAFF_SESSION_COOKIE, cookieOptions);
      return { responseCode: 'SUCCESS' as const };
    },
  );

  r.get(
    '/me',
    { schema: callSchema({ tag, summary: 'Who is signed in, with the offices they run.', responseSchema: staffMeSchema }) },
    async (request) => staff.meOf(db, staffOf(request)),
  );

  r.post(
    '/me/password',
    {
      schema: callSchema({
        tag,
        summary: "Changes the signed-in user's own password, given the current one; the account's other sessions end, this one stays.",
        body: changeOwnPasswordBody,
        responseSchema: responseSchema,
        response: '400 naming currentPassword when it is wrong (counted as a failed sign-in of the account), newPassword when shorter than 12 characters or the same.',
        rateLimited: 'wrong current passwords are counted with the account\'s failed sign-ins: 429 TOO_MANY_ATTEMPTS with Retry-After',
      }),
    },
    async (request) => {
      await staff.changeOwnPassword(db, staffOf(request), request.cookies[STAFF_SESSION_COOKIE] ?? '', request.body);
      return { responseCode: 'SUCCESS' as const };
    },
  );

  const admin = { config: { staffRole: 'ADMIN' as const } };
  r.get(
    '/users',
    { ...admin, schema: callSchema({ tag, summary: 'The staff accounts (admins only).', responseSchema: staffUsersResponse }) },
    async () => staff.listUsers(db),
  );
  r.post(
    '/users',
    {
      ...admin,
      schema: callSchema({
        tag,
        summary: 'Adds a staff account (admins only); an office user runs the offices listed.',
        body: createStaffUserBody,
        responseSchema: staffUserSchema,
      }),
    },
    async (request) => staff.createUser(db, request.body),
  );
  r.patch(
    '/users/:id',
    {
      ...admin,
      schema: callSchema({
        tag,
        summary: "Changes a staff account's name, role, offices, password or whether it is active (admins only); a new password or a deactivation ends its sessions.",
        params: staffIdParams,
        body: updateStaffUserBody,
        responseSchema: staffUserSchema,
      }),
    },
    async (request) => staff.updateUser(db, staffOf(request), request.params.id, request.body),
  );
}
