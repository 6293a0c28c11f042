import { sql } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import { DEFAULT_OUTBOX_BODY_RETENTION_DAYS, DEFAULT_PERSONAL_DATA_RETENTION_MONTHS, LOYALTY_REGISTRATION_RETENTION_DAYS } from '@huolto/domain';
import type { Db } from '../db/database.ts';
import { deleteExpiredHolds } from '../modules/holds/index.ts';
import { clearOutboxMessages, removeBookingsPersonalData } from '../modules/personal-data/index.ts';

/** How often the purge runs; the first run is one interval after start. */
export const PURGE_EVERY_MS = 10 * 60_000;
/**
 * How long a session is kept after it expired. An expired session answers like an unknown
 * one (SESSION_EXPIRED), so nothing reads it; the margin keeps a session that a request
 * under way is renewing at its very expiry.
 */
export const SESSION_RETENTION_MINUTES = 60;
/** Rows deleted per statement: each statement is short, requests run between them. */
export const PURGE_BATCH = 500;
/** At most this many batches of each kind per run; the rest waits for the next run. */
export const PURGE_MAX_BATCHES = 200;
/**
 * Bookings whose personal data is removed per transaction: each touches the booking, its
 * history, feedback, session and messages, so fewer than the rows of a plain delete.
 */
export const PERSONAL_DATA_BATCH = 200;

/** How long personal data is kept (config.retention: PERSONAL_DATA_RETENTION_MONTHS, OUTBOX_BODY_RETENTION_DAYS). */
export interface RetentionSettings {
  personalDataMonths: number;
  outboxBodyDays: number;
}
const DEFAULT_RETENTION: RetentionSettings = {
  personalDataMonths: DEFAULT_PERSONAL_DATA_RETENTION_MONTHS,
  outboxBodyDays: DEFAULT_OUTBOX_BODY_RETENTION_DAYS,
};

export interface PurgeResult {
  holds: number;
  sessions: number;
  /** Bookings whose personal data was removed. */
  bookings: number;
  /** Messages whose body was cleared. */
  messages: number;
  /** Loyalty registrations never confirmed, deleted. */
  registrations: number;
}

/**
 * A booking's visit time as the retention counts it: the start, a lead's wished day (its
 * start in Helsinki), or when a lead without one was made. The same expression as the
 * index booking_personal_data_due_idx (migration 026), which the query uses only so.
 */
const VISIT_TIME = sql`coalesce(start_at, (lead_date::timestamp AT TIME ZONE 'Europe/Helsinki'), created_at)`;
/** When a message was sent or failed for good: the expression of email_outbox_body_due_idx (026). */
const MESSAGE_DONE_AT = sql`coalesce(e.sent_at, e.next_attempt_at)`;

const pause = () => new Promise<void>((r) => setImmediate(r));

/**
 * Deletes expired state, a batch at a time:
 * - holds (resource_time rows of kind HOLD) whose time has expired: they block nothing
 *   already (every reader checks expires_at), but would pile up;
 * - sessions (process rows) that expired more than SESSION_RETENTION_MINUTES ago and have
 *   no saved booking: neither the process points at one (booking_id) nor a booking names
 *   it (booking.process_token). A saved booking keeps its session, its booked time and its
 *   e-mails (outbox rows belong to bookings, not to sessions).
 * - personal data (docs/decisions/021-personal-data.md): of bookings whose visit was more
 *   than retention.personalDataMonths months ago (removeBookingsPersonalData); the bodies of
 *   messages sent or failed for good more than retention.outboxBodyDays days ago, and of any
 *   sent message of a booking whose data was removed (one still waiting at the removal);
 *   loyalty registrations never confirmed, LOYALTY_REGISTRATION_RETENTION_DAYS days after
 *   they were started.
 * Idempotent: instances that run it at the same moment skip each other's locked rows
 * (FOR UPDATE SKIP LOCKED), so no row is done or counted twice.
 */
export async function purgeExpired(
  db: Db,
  opts: { batch?: number; personalDataBatch?: number; maxBatches?: number; retention?: RetentionSettings } = {},
): Promise<PurgeResult> {
  const batch = opts.batch ?? PURGE_BATCH;
  const personalDataBatch = opts.personalDataBatch ?? PERSONAL_DATA_BATCH;
  const maxBatches = opts.maxBatches ?? PURGE_MAX_BATCHES;
  const retention = opts.retention ?? DEFAULT_RETENTION;
  const result: PurgeResult = { holds: 0, sessions: 0, bookings: 0, messages: 0, registrations: 0 };
  for (let i = 0; i < maxBatches; i++) {
    const n = await deleteExpiredHolds(db, batch);
    result.holds += n;
    if (n < batch) break;
    await pause();
  }
  for (let i = 0; i < maxBatches; i++) {
    // token = ANY(ARRAY(…)): the batch's tokens found first, then each deleted through the
    // primary key. As `token IN (…)` the planner joined the batch to the whole of process,
    // read from end to end (test: plans-at-size.pg.test.ts).
    const res = await sql`
      DELETE FROM process WHERE token = ANY(ARRAY(
        SELECT p.token FROM process p
        WHERE p.expires_at < now() - make_interval(mins => ${SESSION_RETENTION_MINUTES})
          AND p.booking_id IS NULL
          AND NOT EXISTS (SELECT 1 FROM booking b WHERE b.process_token = p.token)
          AND NOT EXISTS (SELECT 1 FROM resource_time rt WHERE rt.process_token = p.token AND rt.kind = 'BOOKED')
        LIMIT ${batch} FOR UPDATE OF p SKIP LOCKED))`.execute(db);
    const n = Number(res.numAffectedRows ?? 0);
    result.sessions += n;
    if (n < batch) break;
    await pause();
  }
  for (let i = 0; i < maxBatches; i++) {
    const { found, removed } = await db.transaction().execute(async (trx) => {
      const due = await sql<{ id: string }>`
          SELECT id FROM booking
          WHERE personal_data_removed_at IS NULL
            AND ${VISIT_TIME} < now() - make_interval(months => ${retention.personalDataMonths})
          LIMIT ${personalDataBatch} FOR UPDATE SKIP LOCKED`.execute(trx);
      const ids = due.rows.map((r) => r.id);
      return { found: ids.length, removed: await removeBookingsPersonalData(trx, ids) };
    });
    result.bookings += removed;
    if (found < personalDataBatch) break;
    await pause();
  }
  for (let i = 0; i < maxBatches; i++) {
    const { found, cleared } = await db.transaction().execute(async (trx) => {
      const due = await sql<{ id: string }>`
          SELECT e.id FROM email_outbox e
          WHERE e.body_cleared_at IS NULL AND e.status IN ('SENT', 'FAILED')
            AND (${MESSAGE_DONE_AT} < now() - make_interval(days => ${retention.outboxBodyDays})
                 OR EXISTS (SELECT 1 FROM booking b WHERE b.id = e.booking_id AND b.personal_data_removed_at IS NOT NULL))
          LIMIT ${batch} FOR UPDATE OF e SKIP LOCKED`.execute(trx);
      const ids = due.rows.map((r) => r.id);
      return { found: ids.length, cleared: await clearOutboxMessages(trx, ids) };
    });
    result.messages += cleared;
    if (found < batch) break;
    await pause();
  }
  for (let i = 0; i < maxBatches; i++) {
    const res = await sql`
      DELETE FROM loyalty_registration WHERE id IN (
        SELECT id FROM loyalty_registration
        WHERE created_at < now() - make_interval(days => ${LOYALTY_REGISTRATION_RETENTION_DAYS})
        LIMIT ${batch} FOR UPDATE SKIP LOCKED)`.execute(db);
    const n = Number(res.numAffectedRows ?? 0);
    result.registrations += n;
    if (n < batch) break;
    await pause();
  }
  return result;
}

export interface PurgeJob {
  /** Stops the timer and waits for a run under way. */
  stop(): Promise<void>;
}

/**
 * Runs purgeExpired every `everyMs` with the configured retention; the timer does not keep
 * the process alive. The log tells counts only, never whose data went.
 */
export function startPurgeJob(db: Db, opts: { log: FastifyBaseLogger; everyMs?: number; retention?: RetentionSettings }): PurgeJob {
  let running: Promise<void> | undefined;
  const timer = setInterval(() => {
    if (running) return;
    running = purgeExpired(db, opts.retention ? { retention: opts.retention } : {})
      .then((r) => {
        if (Object.values(r).some((n) => n > 0)) opts.log.info({ purged: r }, 'expired state and personal data past its retention purged');
      })
      .catch((err: unknown) => {
        // A database that is away now is purged on a later run.
        opts.log.warn({ err: { message: (err as Error).message } }, 'purge of expired state and personal data failed');
      })
      .finally(() => {
        running = undefined;
      });
  }, opts.everyMs ?? PURGE_EVERY_MS);
  timer.unref();
  return {
    stop: async () => {
      clearInterval(timer);
      await running;
    },
  };
}
