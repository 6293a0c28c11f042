import { randomBytes } from 'node:crypto';
import type { z } from 'zod';
import {
  STAFF_SESSION_HOURS,
  WRONG_CURRENT_PASSWORD_MESSAGE,
  type createStaffUserBody,
  type StaffMe,
  type StaffUser,
  type updateStaffUserBody,
} from '@huolto/domain';
import type { Db } from '#src/db/database.ts';
import { DomainError, badRequest } from '#src/lib/errors.ts';
import { dummyPasswordHash, hashPassword, sha256, verifyPassword } from '#src/lib/password.ts';
import { accountKey, clearAttempts, countSignInAttempt, takeAttempts } from '../sign-in/index.ts';
import { principalOfCookie, type StaffPrincipal } from './guard.ts';
import * as repo from './repository.ts';

const loginFailed = () => new DomainError(401, 'UNAUTHORIZED', 'Sähköposti tai salasana on väärin.');

/**
 * Signs in: a wrong password, an unknown and a deactivated account answer alike and take
 * alike long. Failures are counted before the comparison, a remembered browser (its device
 * cookie) apart from the account-wide count (sign-in/service.ts). Answers the session's
 * secret (for the cookie), the browser's new device cookie value and who signed in.
 */
export async function login(
  db: Db,
  email: string,
  password: string,
  address: string,
  deviceToken?: string,
): Promise<{ secret: string; device: string; me: StaffMe }> {
  const attempt = await countSignInAttempt(db, { kind: 'staff', account: email, address, deviceToken });
  const found = await repo.findAccountForLogin(db, email);
  const ok = await verifyPassword(password, found?.password_hash ?? (await dummyPasswordHash()));
  if (!found || !ok || !found.active) throw loginFailed();
  const device = await attempt.succeeded();
  const secret = randomBytes(32).toString('base64url');
  await repo.insertSession(db, sha256(secret), found.id, STAFF_SESSION_HOURS);
  await repo.deleteExpiredSessions(db);
  const principal = await principalOfCookie(db, secret);
  if (!principal) throw loginFailed();
  return { secret, device, me: await meOf(db, principal) };
}

export async function logout(db: Db, secret: string | undefined) {
  if (secret && secret.length <= 100) await repo.deleteSession(db, sha256(secret));
}

export async function meOf(db: Db, staff: StaffPrincipal): Promise<StaffMe> {
  const offices = await repo.officesByIds(db, staff.officeIds);
  return { id: staff.id, email: staff.email, name: staff.name, role: staff.role, offices };
}

const userOf = (a: repo.StaffAccount): StaffUser => ({
  id: a.id,
  email: a.email,
  name: a.name,
  role: a.role,
  active: a.active,
  officeIds: a.officeIds,
});

export async function listUsers(db: Db): Promise<StaffUser[]> {
  return (await repo.listAccounts(db)).map(userOf);
}

/** 400 naming officeIds when one of them is no office. */
async function checkOffices(db: Db, ids: readonly number[]) {
  const unique = [...new Set(ids)];
  const found = await repo.officesByIds(db, unique);
  if (found.length !== unique.length) throw badRequest('officeIds', 'Tuntematon toimipiste');
  return unique;
}

export async function createUser(db: Db, body: z.output<typeof createStaffUserBody>): Promise<StaffUser> {
  const officeIds = await checkOffices(db, body.officeIds);
  if (body.role === 'OFFICE' && officeIds.length === 0) throw badRequest('officeIds', 'Valitse vähintään yksi toimipiste');
  const passwordHash = await hashPassword(body.password);
  const id = await db.transaction().execute(async (trx) => {
    const newId = await repo.insertAccount(trx, { email: body.email, name: body.name, role: body.role, passwordHash });
    if (newId === undefined) return undefined;
    await repo.setAccountOffices(trx, newId, officeIds);
    return newId;
  });
  if (id === undefined) throw badRequest('email', 'Sähköpostiosoitteella on jo käyttäjätunnus');
  return userOf((await repo.findAccount(db, id))!);
}

export async function updateUser(db: Db, actor: StaffPrincipal, id: number, body: z.output<typeof updateStaffUserBody>): Promise<StaffUser> {
  const officeIds = body.officeIds ? await checkOffices(db, body.officeIds) : undefined;
  const passwordHash = body.password ? await hashPassword(body.password) : undefined;
  await db.transaction().execute(async (trx) => {
    const current = await repo.lockAccount(trx, id);
    if (!current) throw new DomainError(404, 'NOT_FOUND', 'Käyttäjää ei löytynyt.');
    const role = body.role ?? current.role;
    const active = body.active ?? current.active;
    if (current.role === 'ADMIN' && current.active && (role !== 'ADMIN' || !active)) {
      if (id === actor.id) throw badRequest(body.active === false ? 'active' : 'role', 'Et voi poistaa omia pääkäyttäjän oikeuksiasi');
      if ((await repo.countOtherActiveAdmins(trx, id)) === 0) throw badRequest('role', 'Viimeistä pääkäyttäjää ei voi poistaa');
    }
    await repo.updateAccount(trx, id, {
      ...(body.name !== undefined ? { name: body.name } : {}),
      ...(body.role !== undefined ? { role: body.role } : {}),
      ...(body.active !== undefined ? { active: body.active } : {}),
      ...(passwordHash ? { passwordHash } : {}),
    });
    if (officeIds) await repo.setAccountOffices(trx, id, officeIds);
    const after = await repo.findAccount(trx, id);
    if (after!.role === 'OFFICE' && after!.officeIds.length === 0) throw badRequest('officeIds', 'Valitse vähintään yksi toimipiste');
    // A new password or a deactivation signs the account out everywhere.
    if (passwordHash || !active) await repo.deleteSessionsOf(trx, id);
  });
  return userOf((await repo.findAccount(db, id))!);
}

/**
 * The signed-in user changes their own password, giving the current one. A wrong current
 * password is 400 naming currentPassword and counts as a failed sign-in of the account (a
 * session's holder cannot guess faster than a stranger); the account's other sessions end,
 * the one in use stays.
 */
export async function changeOwnPassword(
  db: Db,
  actor: StaffPrincipal,
  sessionSecret: string,
  body: { currentPassword: string; newPassword: string },
): Promise<void> {
  const account = accountKey('staff', actor.email);
  await takeAttempts(db, [account]);
  // The slow hashing runs outside the transaction: on the embedded database an open
  // transaction holds its only connection.
  const stored = await repo.findPasswordHash(db, actor.id);
  if (!stored || !(await verifyPassword(body.currentPassword, stored))) throw badRequest('currentPassword', WRONG_CURRENT_PASSWORD_MESSAGE);
  const newHash = await hashPassword(body.newPassword);
  const changed = await db.transaction().execute(async (trx) => {
    // Changed meanwhile (by an admin, or a second request of one's own): the password given is no longer the current one.
    if ((await repo.findPasswordHash(trx, actor.id, true)) !== stored) return false;
    await repo.updateAccount(trx, actor.id, { passwordHash: newHash });
    await repo.deleteOtherSessionsOf(trx, actor.id, sha256(sessionSecret));
    return true;
  });
  if (!changed) throw badRequest('currentPassword', WRONG_CURRENT_PASSWORD_MESSAGE);
  await clearAttempts(db, [account]);
}

/**
 * Adds an account from the command line (npm run staff:add): the first admin of a
 * deployment. Answers false when the address is taken.
 */
export async function addAccount(db: Db, a: { email: string; name: string; role: 'ADMIN' | 'OFFICE'; password: string; officeIds: number[] }) {
  const passwordHash = await hashPassword(a.password);
  return db.transaction().execute(async (trx) => {
    const id = await repo.insertAccount(trx, { email: a.email, name: a.name, role: a.role, passwordHash });
    if (id === undefined) return false;
    await repo.setAccountOffices(trx, id, a.officeIds);
    return true;
  });
}
