import type { FastifyInstance, FastifyRequest } from 'fastify';
import { PG_INT_MAX, STAFF_SESSION_COOKIE, type StaffRole } from '@huolto/domain';
import type { Db } from '#src/db/database.ts';
import { DomainError, badRequest } from '#src/lib/errors.ts';
import { sha256 } from '#src/lib/password.ts';
import { findSessionAccount, officeOfBooking, officesByIds } from './repository.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A staff route anyone may call (sign-in). */
    staffPublic?: boolean;
    /** A staff route only this role may call (403 for others). */
    staffRole?: StaffRole;
  }
  interface FastifyRequest {
    /** The signed-in staff member (staff routes). */
    staff: StaffPrincipal | undefined;
  }
}

/** Who is signed in to the back-office, and which offices they run. */
export interface StaffPrincipal {
  id: number;
  email: string;
  name: string;
  role: StaffRole;
  /** The offices this user runs: every office for an admin. */
  officeIds: number[];
}

export const unauthorized = () => new DomainError(401, 'UNAUTHORIZED', 'Kirjaudu sisään.');
export const forbidden = () => new DomainError(403, 'FORBIDDEN', 'Sinulla ei ole oikeutta tähän toimintoon.');

/** The signed-in staff member of a staff route; 401 when nobody is signed in. */
export function staffOf(request: FastifyRequest): StaffPrincipal {
  if (!request.staff) throw unauthorized();
  return request.staff;
}

/** 403 unless the staff member runs the office. */
export function assertOffice(staff: StaffPrincipal, officeId: number): void {
  if (!staff.officeIds.includes(officeId)) throw forbidden();
}

/** The staff member of a session cookie's value, or undefined. */
export async function principalOfCookie(db: Db, cookie: string | undefined): Promise<StaffPrincipal | undefined> {
  if (!cookie || cookie.length > 100) return undefined;
  const account = await findSessionAccount(db, sha256(cookie));
  if (!account) return undefined;
  const officeIds = account.role === 'ADMIN' ? (await officesByIds(db, 'ALL')).map((o) => o.id) : account.officeIds;
  return { id: account.id, email: account.email, name: account.name, role: account.role, officeIds };
}

/** The path parameters that are ids: an office's, a resource's, an info text's, and a booking's, a user's or an absence's. */
const ID_PARAMS = ['officeId', 'id', 'resourceId', 'infoTextId'] as const;

/** An id as a path takes it: digits without a leading zero, within the database's integer; else undefined. */
const idParam = (value: unknown) => {
  if (typeof value !== 'string' || !/^[1-9]\d{0,9}$/.test(value)) return undefined;
  const id = Number(value);
  return id <= PG_INT_MAX ? id : undefined;
};

/**
 * 400 naming the first id parameter of the path that is not in its one form ('02', '+2',
 * '2.0', '0x2', a number past the database's integer): the same answer to everyone, whatever
 * office the id would have named, so no later check (the session, the office, the input)
 * answers first.
 */
function assertCanonicalIds(params: Record<string, unknown>): void {
  for (const name of ID_PARAMS) {
    if (params[name] !== undefined && idParam(params[name]) === undefined) {
      throw badRequest(name, 'Tunniste on positiivinen kokonaisluku ilman etunollia');
    }
  }
}

/**
 * Every route of the staff scope first takes its path's ids only in their canonical form (400
 * naming the parameter, alike for everyone), then needs a signed-in staff member (401), and
 * the role a route names (403), before its input is even read: a caller without the right learns nothing of
 * what a valid request would look like. An office's data (a path with :officeId) and a
 * booking's (/bookings/:id) are refused with 403 to staff of other offices, also before the
 * input is read; the services check the office again where they load the data.
 */
export function registerStaffGuard(scope: FastifyInstance, db: Db) {
  scope.decorateRequest('staff', undefined);
  scope.addHook('onRequest', async (request) => {
    if (request.is404) return;
    const params = request.params as Record<string, unknown>;
    assertCanonicalIds(params);
    const config = request.routeOptions.config;
    request.staff = await principalOfCookie(db, request.cookies[STAFF_SESSION_COOKIE]);
    if (config.staffPublic) return;
    if (!request.staff) throw unauthorized();
    if (config.staffRole && request.staff.role !== config.staffRole) throw forbidden();
    const officeId = idParam(params.officeId);
    if (officeId !== undefined) assertOffice(request.staff, officeId);
    const bookingId = request.routeOptions.url?.includes('/bookings/:id') ? idParam(params.id) : undefined;
    if (bookingId !== undefined) {
      const office = await officeOfBooking(db, bookingId);
      if (office !== undefined) assertOffice(request.staff, office);
    }
  });
}
