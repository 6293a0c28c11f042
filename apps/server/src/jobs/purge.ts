import { sql } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/database.ts';
import { deleteExpiredHolds } from '../modules/holds/index.ts';

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

export interface PurgeResult {
  holds: number;
  sessions: number;
}

const pause = () => new Promise<void>((r) => setImmediate(r));

/**
 * Deletes expired state, a batch at a time:
 * - holds (resource_time rows of kind HOLD) whose time has expired: they block nothing
 *   already (every reader checks expires_at), but would pile up;
 * - sessions (process rows) that expired more than SESSION_RETENTION_MINUTES ago and have
 *   no saved booking: neither the process points at one (booking_id) nor a booking names
 *   it (booking.process_token). A saved booking keeps its session, its booked time and its
 *   e-mails (outbox rows belong to bookings, not to sessions).
 * Idempotent: instances that run it at the same moment skip each other's locked rows.
 */
export async function purgeExpired(db: Db, opts: { batch?: number; maxBatches?: number } = {}): Promise<PurgeResult> {
  const batch = opts.batch ?? PURGE_BATCH;
  const maxBatches = opts.maxBatches ?? PURGE_MAX_BATCHES;
  const result: PurgeResult = { holds: 0, sessions: 0 };
  for (let i = 0; i < maxBatches; i++) {
    const n = await deleteExpiredHolds(db, batch);
    result.holds += n;
    if (n < batch) break;
    await pause();
  }
  for (let i = 0; i < maxBatches; i++) {
    const res = await sql`
      DELETE FROM process WHERE token IN (
        SELECT p.token FROM process p
        WHERE p.expires_at < now() - make_interval(mins => ${SESSION_RETENTION_MINUTES})
          AND p.booking_id IS NULL
          AND NOT EXISTS (SELECT 1 FROM booking b WHERE b.process_token = p.token)
          AND NOT EXISTS (SELECT 1 FROM resource_time rt WHERE rt.process_token = p.token AND rt.kind = 'BOOKED')
        LIMIT ${batch} FOR UPDATE OF p SKIP LOCKED)`.execute(db);
    const n = Number(res.numAffectedRows ?? 0);
    result.sessions += n;
    if (n < batch) break;
    await pause();
  }
  return result;
}

export interface PurgeJob {
  /** Stops the timer and waits for a run under way. */
  stop(): Promise<void>;
}

/** Runs purgeExpired every `everyMs`; the timer does not keep the process alive. */
export function startPurgeJob(db: Db, opts: { log: FastifyBaseLogger; everyMs?: number }): PurgeJob {
  let running: Promise<void> | undefined;
  const timer = setInterval(() => {
    if (running) return;
    running = purgeExpired(db)
      .then((r) => {
        if (r.holds > 0 || r.sessions > 0) opts.log.info({ purged: r }, 'expired holds and sessions purged');
      })
      .catch((err: unknown) => {
        // A database that is away now is purged on a later run.
        opts.log.warn({ err: { message: (err as Error).message } }, 'purge of expired holds and sessions failed');
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
