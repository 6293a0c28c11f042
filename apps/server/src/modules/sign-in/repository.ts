/**
 * Sign-in attempts counted before a password or code is compared (`login_throttle`), and the
 * browsers that have signed in to an account before (`sign_in_device`). Used by the staff
 * and OmaLaakkonen sign-ins alike (service.ts).
 */
import { sql, type RawBuilder } from 'kysely';
import type { Db, Executor } from '#src/db/database.ts';

/**
 * How failures of one kind of key are met: each time the count reaches a multiple of step,
 * the key takes no attempt for the next delay (seconds: after step, 2 × step, …; the last
 * delay repeats), and a count is forgotten forgetSeconds after its last failure.
 */
export interface ThrottlePolicy {
  step: number;
  delays: readonly number[];
  forgetSeconds: number;
}

export interface Attempt {
  /** The key was waiting out a delay: the attempt was not counted and must not be tried. */
  refused: boolean;
  /** Failures counted, this attempt included. */
  failures: number;
  /** Seconds until the key takes attempts again (null when it takes them now). */
  retryAfter: number | null;
}

const int = (n: number) => {
  if (!Number.isSafeInteger(n) || n < 0) throw new Error(`not a count: ${n}`);
  return sql.lit(n);
};

/**
 * Counts an attempt on a key before it is tried, in one statement: unless the key is waiting
 * out a delay, its failures go up by one (from one again when the last failure is forgotten),
 * and reaching a multiple of the policy's step starts the next delay. Concurrent calls on a
 * key queue on its row, so of N attempts at most the policy's count are let through.
 */
export async function takeAttempt(db: Executor, key: string, p: ThrottlePolicy): Promise<Attempt> {
  if (p.step < 1 || p.delays.length === 0) throw new Error('a throttle needs a step and delays');
  const delayFor = (n: RawBuilder<number>) => sql<Date | null>`(CASE WHEN ${n} % ${int(p.step)} = 0
      THEN now() + make_interval(secs => CASE least(${n} / ${int(p.step)}, ${int(p.delays.length)})
        ${sql.join(p.delays.map((d, i) => sql`WHEN ${int(i + 1)} THEN ${int(d)}`), sql` `)} END)
    END)`;
  const waiting = sql<boolean>`(t.blocked_until IS NOT NULL AND t.blocked_until > now())`;
  const counted = sql<number>`(CASE WHEN t.last_failure_at < now() - make_interval(secs => ${int(p.forgetSeconds)}) THEN 1 ELSE t.failures + 1 END)`;
  const { rows } = await sql<{ refused: boolean; failures: number; retry_after: number | null }>`
    INSERT INTO login_throttle AS t (key, failures, last_failure_at, blocked_until, refused)
    VALUES (${key}, 1, now(), ${delayFor(sql<number>`1`)}, false)
    ON CONFLICT (key) DO UPDATE SET
      refused = ${waiting},
      failures = CASE WHEN ${waiting} THEN t.failures ELSE ${counted} END,
      last_failure_at = CASE WHEN ${waiting} THEN t.last_failure_at ELSE now() END,
      blocked_until = CASE WHEN ${waiting} THEN t.blocked_until ELSE ${delayFor(counted)} END
    RETURNING t.refused, t.failures,
      -- The wait from the clock, not from now(): now() is when this statement's transaction
      -- began, and a call that queued on the row behind the one that set blocked_until
      -- began earlier than it, which would make the wait a second longer than the delay.
      CASE WHEN t.blocked_until > clock_timestamp() THEN ceil(extract(epoch FROM t.blocked_until - clock_timestamp()))::int END AS retry_after`.execute(db);
  const row = rows[0]!;
  return { refused: row.refused, failures: row.failures, retryAfter: row.retry_after };
}

/**
 * Takes back an attempt that takeAttempt counted but that was no failure (the password was
 * right, or another key refused it), with the delay that reaching the count started.
 */
export async function returnAttempt(db: Executor, key: string, p: ThrottlePolicy) {
  await sql`
    UPDATE login_throttle SET
      failures = greatest(failures - 1, 0),
      blocked_until = CASE WHEN failures % ${int(p.step)} = 0 THEN NULL ELSE blocked_until END
    WHERE key = ${key}`.execute(db);
}

/** Forgets the failures of keys (a successful login or confirmation). */
export async function clearAttempts(db: Executor, keys: string[]) {
  if (keys.length > 0) await db.deleteFrom('login_throttle').where('key', 'in', keys).execute();
}

/** Whether the device (its token's hash) has signed in to the account before and is still remembered. */
export async function isKnownDevice(db: Executor, tokenHash: string, accountKey: string): Promise<boolean> {
  const row = await db
    .selectFrom('sign_in_device')
    .select('token_hash')
    .where('token_hash', '=', tokenHash)
    .where('account_key', '=', accountKey)
    .where('expires_at', '>', sql<Date>`now()`)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Remembers a device after a sign-in to an account, under a new token: the accounts the old
 * token was remembered for move to the new one, and the account is added (or its time renewed).
 */
export async function rememberDevice(db: Db, r: { oldTokenHash: string | undefined; newTokenHash: string; accountKey: string; days: number }) {
  await db.transaction().execute(async (trx) => {
    if (r.oldTokenHash) {
      await trx.updateTable('sign_in_device').set({ token_hash: r.newTokenHash }).where('token_hash', '=', r.oldTokenHash).where('expires_at', '>', sql<Date>`now()`).execute();
    }
    await trx
      .insertInto('sign_in_device')
      .values({ token_hash: r.newTokenHash, account_key: r.accountKey, expires_at: sql<Date>`now() + make_interval(days => ${int(r.days)})` })
      .onConflict((oc) => oc.columns(['token_hash', 'account_key']).doUpdateSet({ expires_at: (eb) => eb.ref('excluded.expires_at') }))
      .execute();
  });
}

/** Deletes devices no longer remembered. */
export async function deleteExpiredDevices(db: Executor) {
  await db.deleteFrom('sign_in_device').where('expires_at', '<', sql<Date>`now()`).execute();
}
