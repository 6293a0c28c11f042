import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/database.ts';
import { queueDueReminders, type ReminderOptions } from '../modules/mail/index.ts';

/** How often the reminders are queued when REMINDER_INTERVAL_SECONDS is not set. */
export const REMINDER_EVERY_MS = 5 * 60_000;
/**
 * How long stopping waits for a run under way. A run stuck on a database that does not
 * answer is left behind: its transaction never commits, so nothing of it is kept.
 */
export const REMINDER_STOP_WAIT_MS = 2000;

export interface ReminderJob {
  /** Stops the timer and waits for a run under way (at most REMINDER_STOP_WAIT_MS). */
  stop(): Promise<void>;
}

/**
 * Queues the reminders due (modules/mail/reminders.ts) at start and then every `everyMs`
 * (0: never), and kicks the mailer when it queued any. Every server process runs it; each
 * reminder is queued once all the same. The timer does not keep the process alive.
 */
export function startReminderJob(
  db: Db,
  opts: ReminderOptions & { log: FastifyBaseLogger; everyMs?: number; mailer: { kick(): unknown } },
): ReminderJob {
  const everyMs = opts.everyMs ?? REMINDER_EVERY_MS;
  if (everyMs <= 0) return { stop: () => Promise.resolve() };
  let running: Promise<void> | undefined;
  let stopped = false;
  const run = () => {
    if (running || stopped) return;
    running = queueDueReminders(db, { publicUrl: opts.publicUrl, sms: opts.sms })
      .then((queued) => {
        if (queued.email + queued.sms === 0) return;
        opts.log.info({ reminders: queued }, 'reminders queued');
        void opts.mailer.kick();
      })
      .catch((err: unknown) => {
        // A database that is away now is read on a later run: the window is a whole day.
        opts.log.warn({ err: { message: (err as Error).message } }, 'queueing reminders failed');
      })
      .finally(() => {
        running = undefined;
      });
  };
  const timer = setInterval(run, everyMs);
  timer.unref();
  run();
  return {
    stop: async () => {
      stopped = true;
      clearInterval(timer);
      if (!running) return;
      let wait: NodeJS.Timeout | undefined;
      await Promise.race([running, new Promise<void>((r) => (wait = setTimeout(r, REMINDER_STOP_WAIT_MS)))]);
      clearTimeout(wait);
    },
  };
}
