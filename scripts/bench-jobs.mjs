// The periodic jobs of the server timed for `npm run bench` (the `jobs` scenario of
// bench-scenarios.mjs): one reminder pass (queueDueReminders, as jobs/reminders.ts runs it)
// and one purge pass (purgeExpired, as jobs/purge.ts runs it, with the default retention)
// on the bench run's database, once its servers have stopped (PGlite's data directory is one
// process's at a time). The reminders are queued as at the midnight before the next working
// day (its visits are due); before the purge, the load's holds and sessions without a
// booking are aged past their expiry, so that it has the leftovers of a day to remove besides
// whatever personal data the seeded history has past its retention. Run by bench-load.mjs as `node --import tsx scripts/bench-jobs.mjs`
// with BENCH_JOBS_DATABASE_URL (PostgreSQL) or BENCH_JOBS_PGLITE_DIR (PGlite) and
// BENCH_JOBS_PUBLIC_URL; prints one JSON line: each pass's rows and seconds.

import { openDatabase } from '../apps/server/src/db/database.ts';
import { purgeExpired } from '../apps/server/src/jobs/purge.ts';
import { queueDueReminders } from '../apps/server/src/modules/mail/index.ts';

const databaseUrl = process.env.BENCH_JOBS_DATABASE_URL || undefined;
const dataDir = process.env.BENCH_JOBS_PGLITE_DIR || undefined;
if (!databaseUrl && !dataDir) throw new Error('BENCH_JOBS_DATABASE_URL or BENCH_JOBS_PGLITE_DIR is needed');
const publicUrl = process.env.BENCH_JOBS_PUBLIC_URL || 'http://127.0.0.1';

/** YYYY-MM-DD in Helsinki, and the UTC instant of a Helsinki date's midnight. */
const helsinkiDate = (d) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Helsinki', year: 'numeric', month: '2-digit', day: '2-digit' }).format(d);
function helsinkiMidnight(date) {
  const guess = new Date(`${date}T00:00:00Z`);
  const offset = new Intl.DateTimeFormat('en', { timeZone: 'Europe/Helsinki', timeZoneName: 'longOffset' }).formatToParts(guess).find((p) => p.type === 'timeZoneName').value;
  const m = /GMT([+-])(\d\d):(\d\d)/.exec(offset);
  const minutes = m ? (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3])) : 0;
  return new Date(guess.getTime() - minutes * 60_000);
}

/**
 * The reminder pass runs as at the midnight before the next working day (Monday–Friday after
 * today): the visits of that whole day are the ones due, whatever day the bench runs on.
 */
function reminderMoment(now = new Date()) {
  let d = new Date(`${helsinkiDate(now)}T12:00:00Z`);
  do d = new Date(d.getTime() + 86_400_000);
  while (d.getUTCDay() === 0 || d.getUTCDay() === 6);
  return helsinkiMidnight(d.toISOString().slice(0, 10));
}

const handle = await openDatabase({ databaseUrl, dataDir });
try {
  const at = reminderMoment();
  let t0 = performance.now();
  const reminders = await queueDueReminders(handle.db, { publicUrl, sms: false }, at);
  const reminderSeconds = (performance.now() - t0) / 1000;
  // What the load left behind (its holds and sessions without a booking) is aged past its
  // expiry and the purge's grace, so that the pass removes it as it would a day's leftovers.
  await handle.exec(`
    UPDATE resource_time SET expires_at = now() - interval '1 minute' WHERE kind = 'HOLD' AND expires_at > now();
    UPDATE process SET expires_at = now() - interval '1 day' WHERE booking_id IS NULL AND expires_at > now() - interval '1 day';`);
  t0 = performance.now();
  const purged = await purgeExpired(handle.db);
  const purgeSeconds = (performance.now() - t0) / 1000;
  process.stdout.write(
    JSON.stringify({
      reminders: { rows: reminders.email + reminders.sms, seconds: reminderSeconds, detail: { ...reminders, asAt: at.toISOString() } },
      purge: { rows: Object.values(purged).reduce((a, b) => a + b, 0), seconds: purgeSeconds, detail: purged },
    }) + '\n',
  );
} finally {
  await handle.close();
}
