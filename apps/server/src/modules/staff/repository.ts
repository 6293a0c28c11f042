import { sql } from 'kysely';
import type { StaffRole } from '@huolto/domain';
import type { Executor } from '#src/db/database.ts';

/** A staff account with the offices it runs (every active office for an admin). */
export interface StaffAccount {
  id: number;
  email: string;
  name: string;
  role: StaffRole;
  active: boolean;
  /** The offices listed for the account (an admin's list is not used for access). */
  officeIds: number[];
}

const officeIdsOf = sql<number[]>`coalesce((
    SELECT array_agg(o.organization_id ORDER BY o.organization_id) FROM staff_user_office o WHERE o.staff_user_id = u.id
  ), '{}')`;

/**
 * The signed-in account of a session cookie's hash, in one statement; nothing for an
 * unknown or expired session or a deactivated account.
 */
export async function findSessionAccount(db: Executor, tokenHash: string): Promise<StaffAccount | undefined> {
  const { rows } = await sql<StaffAccount>`
    SELECT u.id, u.email, u.name, u.role, u.active, ${officeIdsOf} AS "officeIds"
    FROM staff_session s JOIN staff_user u ON u.id = s.staff_user_id
    WHERE s.token_hash = ${tokenHash} AND s.expires_at > now() AND u.active`.execute(db);
  return rows[0];
}

export async function findAccountForLogin(db: Executor, email: string) {
  return db.selectFrom('staff_user').select(['id', 'password_hash', 'active']).where('email', '=', email).executeTakeFirst();
}

export async function insertSession(db: Executor, tokenHash: string, staffUserId: number, hours: number) {
  await db
    .insertInto('staff_session')
    .values({ token_hash: tokenHash, staff_user_id: staffUserId, expires_at: sql<Date>`now() + make_interval(hours => ${hours})` })
    .execute();
}

export async function deleteSession(db: Executor, tokenHash: string) {
  await db.deleteFrom('staff_session').where('token_hash', '=', tokenHash).execute();
}

/** Sessions past their time go; a user's sessions go when it is deactivated or its password changes. */
export async function deleteExpiredSessions(db: Executor) {
  await db.deleteFrom('staff_session').where('expires_at', '<=', sql<Date>`now()`).execute();
}

export async function deleteSessionsOf(db: Executor, staffUserId: number) {
  await db.deleteFrom('staff_session').where('staff_user_id', '=', staffUserId).execute();
}

/** Ends a user's sessions but the one it is using. */
export async function deleteOtherSessionsOf(db: Executor, staffUserId: number, keepTokenHash: string) {
  await db.deleteFrom('staff_session').where('staff_user_id', '=', staffUserId).where('token_hash', '<>', keepTokenHash).execute();
}

/** An active account's password hash; `forUpdate` locks its row for the transaction. */
export async function findPasswordHash(db: Executor, id: number, forUpdate = false): Promise<string | undefined> {
  let q = db.selectFrom('staff_user').select('password_hash').where('id', '=', id).where('active', '=', true);
  if (forUpdate) q = q.forUpdate();
  return (await q.executeTakeFirst())?.password_hash;
}

export async function listAccounts(db: Executor): Promise<StaffAccount[]> {
  const { rows } = await sql<StaffAccount>`
    SELECT u.id, u.email, u.name, u.role, u.active, ${officeIdsOf} AS "officeIds"
    FROM staff_user u ORDER BY u.name, u.id`.execute(db);
  return rows;
}

export async function findAccount(db: Executor, id: number): Promise<StaffAccount | undefined> {
  const { rows } = await sql<StaffAccount>`
    SELECT u.id, u.email, u.name, u.role, u.active, ${officeIdsOf} AS "officeIds"
    FROM staff_user u WHERE u.id = ${id}`.execute(db);
  return rows[0];
}

export async function lockAccount(db: Executor, id: number) {
  return db.selectFrom('staff_user').select(['id', 'role', 'active']).where('id', '=', id).forUpdate().executeTakeFirst();
}

/** Inserts an account; undefined when the e-mail address is taken. */
export async function insertAccount(
  db: Executor,
  a: { email: string; name: string; role: StaffRole; passwordHash: string },
): Promise<number | undefined> {
  const row = await db
    .insertInto('staff_user')
    .values({ email: a.email, name: a.name, role: a.role, password_hash: a.passwordHash })
    .onConflict((oc) => oc.column('email').doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id;
}

export async function updateAccount(
  db: Executor,
  id: number,
  changes: { name?: string; role?: StaffRole; active?: boolean; passwordHash?: string },
) {
  const values = {
    ...(changes.name !== undefined ? { name: changes.name } : {}),
    ...(changes.role !== undefined ? { role: changes.role } : {}),
    ...(changes.active !== undefined ? { active: changes.active } : {}),
    ...(changes.passwordHash !== undefined ? { password_hash: changes.passwordHash } : {}),
  };
  if (Object.keys(values).length) await db.updateTable('staff_user').set(values).where('id', '=', id).execute();
}

export async function setAccountOffices(db: Executor, id: number, officeIds: readonly number[]) {
  await db.deleteFrom('staff_user_office').where('staff_user_id', '=', id).execute();
  if (officeIds.length) {
    await db
      .insertInto('staff_user_office')
      .values(officeIds.map((organization_id) => ({ staff_user_id: id, organization_id })))
      .execute();
  }
}

/** Admins that stay active, other than `exceptId`: the last admin cannot be demoted or deactivated. */
export async function countOtherActiveAdmins(db: Executor, exceptId: number): Promise<number> {
  const row = await db
    .selectFrom('staff_user')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('role', '=', 'ADMIN')
    .where('active', '=', true)
    .where('id', '<>', exceptId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Offices by id (active or not), for names and for checking ids that a request names. */
export async function officesByIds(db: Executor, ids: readonly number[] | 'ALL') {
  let q = db.selectFrom('organization').select(['id', 'name']).orderBy('id');
  if (ids !== 'ALL') {
    if (ids.length === 0) return [];
    q = q.where('id', 'in', ids);
  }
  return q.execute();
}

/** The office of a booking, or undefined for an unknown booking. */
export async function officeOfBooking(db: Executor, bookingId: number): Promise<number | undefined> {
  const row = await db.selectFrom('booking').select('organization_id').where('id', '=', String(bookingId)).executeTakeFirst();
  return row?.organization_id;
}
