import { sql } from 'kysely';
import type { Executor } from '../process/repository.ts';

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

export async function recordFailedLogin(db: Executor, keys: string[]) {
  await db.insertInto('login_attempt').values(keys.map((key) => ({ key }))).execute();
}

/** Failed logins of a key within the last minutes. */
export async function countFailedLogins(db: Executor, key: string, minutes: number) {
  const row = await db
    .selectFrom('login_attempt')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('key', '=', key)
    .where('attempted_at', '>', sql<Date>`now() - make_interval(mins => ${minutes})`)
    .executeTakeFirstOrThrow();
  return row.n;
}

export async function clearFailedLogins(db: Executor, key: string) {
  await db.deleteFrom('login_attempt').where('key', '=', key).execute();
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

export async function findCampaign(db: Executor, code: string) {
  return db.selectFrom('campaign_code').selectAll().where('code', '=', code).where('active', '=', true).executeTakeFirst();
}
