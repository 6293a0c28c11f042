import { sql } from 'kysely';
import type { Executor } from '#src/db/database.ts';

/** How long a login lasts, in minutes. */
export const LOYALTY_TOKEN_MINUTES = 120;

export async function findAccountByUsername(db: Executor, username: string) {
  return db.selectFrom('loyalty_account').selectAll().where('username', '=', username).executeTakeFirst();
}

/** The account of a live (unexpired, unrevoked) token hash. */
export async function findAccountByTokenHash(db: Executor, tokenHash: string) {
  return db
    .selectFrom('loyalty_token as t')
    .innerJoin('loyalty_account as a', 'a.id', 't.account_id')
    .selectAll('a')
    .where('t.token_hash', '=', tokenHash)
    .where('t.revoked_at', 'is', null)
    .where('t.expires_at', '>', sql<Date>`now()`)
    .executeTakeFirst();
}

export async function insertToken(db: Executor, tokenHash: string, accountId: number) {
  await db
    .insertInto('loyalty_token')
    .values({
      token_hash: tokenHash,
      account_id: accountId,
      expires_at: sql<Date>`now() + make_interval(mins => ${LOYALTY_TOKEN_MINUTES})`,
    })
    .execute();
}

export async function revokeToken(db: Executor, tokenHash: string) {
  await db.updateTable('loyalty_token').set({ revoked_at: sql<Date>`now()` }).where('token_hash', '=', tokenHash).execute();
}

const int = (n: number) => {
  if (!Number.isSafeInteger(n) || n < 0) throw new Error(`not a count: ${n}`);
  return sql.lit(n);
};

/** Deletes counters forgotten and not waiting, and registrations past their time. */
export async function sweepLoyalty(db: Executor, forgetSeconds: number) {
  await sql`
    DELETE FROM login_throttle
    WHERE last_failure_at < now() - make_interval(secs => ${int(forgetSeconds)})
      AND (blocked_until IS NULL OR blocked_until < now())`.execute(db);
  await db.deleteFrom('loyalty_registration').where('expires_at', '<', sql<Date>`now()`).execute();
}

export interface NewRegistration {
  username: string;
  browserHash: string;
  codeHash: string;
  passwordHash: string;
  firstname: string;
  lastname: string;
  phone: string;
}

/** Stores a registration waiting for its code, and keeps only the newest `keep` of its address. */
export async function insertRegistration(db: Executor, r: NewRegistration, validHours: number, keep: number) {
  await db
    .insertInto('loyalty_registration')
    .values({
      username: r.username,
      browser_hash: r.browserHash,
      code_hash: r.codeHash,
      password_hash: r.passwordHash,
      firstname: r.firstname,
      lastname: r.lastname,
      phone: r.phone,
      expires_at: sql<Date>`now() + make_interval(hours => ${int(validHours)})`,
    })
    .execute();
  await sql`
    DELETE FROM loyalty_registration
    WHERE username = ${r.username}
      AND id NOT IN (SELECT id FROM loyalty_registration WHERE username = ${r.username} ORDER BY id DESC LIMIT ${int(keep)})`.execute(db);
}

/**
 * Counts a code attempt on the live registration of this browser and address, in one
 * statement, before the code is compared: none is answered once maxAttempts were counted.
 */
export async function takeRegistrationAttempt(db: Executor, browserHash: string, username: string, maxAttempts: number) {
  return db
    .updateTable('loyalty_registration')
    .set({ attempts: sql<number>`attempts + 1` })
    .where('browser_hash', '=', browserHash)
    .where('username', '=', username)
    .where('expires_at', '>', sql<Date>`now()`)
    .where('attempts', '<', maxAttempts)
    .returningAll()
    .executeTakeFirst();
}

/** Whether this browser's registration of the address is live but out of attempts. */
export async function registrationOutOfAttempts(db: Executor, browserHash: string, username: string, maxAttempts: number) {
  const row = await db
    .selectFrom('loyalty_registration')
    .select('id')
    .where('browser_hash', '=', browserHash)
    .where('username', '=', username)
    .where('expires_at', '>', sql<Date>`now()`)
    .where('attempts', '>=', maxAttempts)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Opens the account of a confirmed registration with the registration's password and names
 * (an unconfirmed account of an earlier version is taken over by it), and drops the address's
 * other registrations. False when the address already has a confirmed account.
 */
export async function openAccount(
  db: Executor,
  r: { username: string; password_hash: string; firstname: string; lastname: string; phone: string },
) {
  const opened = await db
    .insertInto('loyalty_account')
    .values({
      username: r.username,
      email: r.username,
      password_hash: r.password_hash,
      firstname: r.firstname,
      lastname: r.lastname,
      phone: r.phone,
      confirmed: true,
      confirmation_hash: null,
    })
    .onConflict((oc) =>
      oc
        .column('username')
        .doUpdateSet({
          password_hash: r.password_hash,
          firstname: r.firstname,
          lastname: r.lastname,
          phone: r.phone,
          confirmed: true,
          confirmation_hash: null,
        })
        .where('loyalty_account.confirmed', '=', false),
    )
    .returning('id')
    .executeTakeFirst();
  await db.deleteFrom('loyalty_registration').where('username', '=', r.username).execute();
  return opened !== undefined;
}

export async function listBrands(db: Executor, accountId: number) {
  return db.selectFrom('loyalty_account_brand').select('make_id as id').where('account_id', '=', accountId).orderBy('make_id').execute();
}

export async function listVehicles(db: Executor, accountId: number) {
  return db.selectFrom('loyalty_vehicle').selectAll().where('account_id', '=', accountId).orderBy('license').execute();
}

export async function listVouchers(db: Executor, accountId: number) {
  return db.selectFrom('loyalty_voucher').selectAll().where('account_id', '=', accountId).orderBy('valid_to').orderBy('id').execute();
}

export async function listContracts(db: Executor, accountId: number, license: string) {
  return db
    .selectFrom('loyalty_service_contract')
    .selectAll()
    .where('account_id', '=', accountId)
    .where('license', '=', license)
    .orderBy('contract_type')
    .execute();
}

/** A campaign code's row, active or not (campaignCodeState tells whether it applies). */
export async function findCampaign(db: Executor, code: string) {
  return db.selectFrom('campaign_code').selectAll().where('code', '=', code).executeTakeFirst();
}

/**
 * Deletes a loyalty account and everything that is only its (a member's own deletion and an
 * admin's erasure on request), in the caller's transaction: its saved cars, vouchers,
 * service contracts, brands and login tokens, the registrations waiting with its e-mail
 * address, and the devices remembered for it. Bookings and booking sessions made with it
 * stay (they are the workshop's) without the link. Answers whether an account was deleted.
 */
export async function deleteLoyaltyAccount(db: Executor, accountId: number, deviceAccountKey?: (username: string) => string): Promise<boolean> {
  const account = await db.selectFrom('loyalty_account').select(['id', 'username', 'email']).where('id', '=', accountId).forUpdate().executeTakeFirst();
  if (!account) return false;
  await db.updateTable('booking').set({ loyalty_account_id: null }).where('loyalty_account_id', '=', accountId).execute();
  await db.updateTable('process').set({ loyalty_account_id: null, voucher_ids: sql`'[]'::jsonb` }).where('loyalty_account_id', '=', accountId).execute();
  await db.deleteFrom('loyalty_token').where('account_id', '=', accountId).execute();
  await db.deleteFrom('loyalty_vehicle').where('account_id', '=', accountId).execute();
  await db.deleteFrom('loyalty_voucher').where('account_id', '=', accountId).execute();
  await db.deleteFrom('loyalty_service_contract').where('account_id', '=', accountId).execute();
  await db.deleteFrom('loyalty_account_brand').where('account_id', '=', accountId).execute();
  const addresses = [...new Set([account.username, account.email].map((a) => a.trim().toLowerCase()))];
  await db.deleteFrom('loyalty_registration').where(sql`lower(username)`, 'in', addresses).execute();
  if (deviceAccountKey) await db.deleteFrom('sign_in_device').where('account_key', 'in', addresses.map(deviceAccountKey)).execute();
  await db.deleteFrom('loyalty_account').where('id', '=', accountId).execute();
  return true;
}
