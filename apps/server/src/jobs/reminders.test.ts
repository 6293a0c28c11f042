import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { addDays, formatFinnishTime, formatLocalDateTime, fromHelsinki, todayInHelsinki } from '@huolto/domain';
import { ApiClient, CUSTOMER, createTestApp, firstFreeSlot, json, prepareMaintenance, type TestApp } from '#test/helpers.ts';
import { Mailer } from '../modules/mail/outbox.ts';
import { queueDueReminders, reminderWhen } from '../modules/mail/reminders.ts';
import { LogSmsSender, maskPhone, type SmsSender } from '../modules/mail/sms.ts';
import { startReminderJob } from './reminders.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const HOUR = 3600_000;
const OFFICE_1 = { name: 'Laakkonen Helsinki Konala' };

/**
 * A booking saved through the customer flow (the customer waits at the office), then
 * placed `hoursAhead` from now and made `madeHoursAgo` ago in its row, as if booked long before.
 */
async function booking(hoursAhead: number, madeHoursAgo = 72) {
  const c = new ApiClient(t.app);
  await prepareMaintenance(c);
  const reservation = await firstFreeSlot(c, addDays(todayInHelsinki(), 2));
  expect(json(await c.post('/reserve-time', { reservation, timeSelectionType: 'EXACT_TIME' })).responseCode).toBe('SUCCESS');
  expect((await c.post('/reservation-details/v2', { customerWaiting: true })).statusCode).toBe(200);
  expect((await c.post('/customer/v2', CUSTOMER)).statusCode).toBe(200);
  const save = json(await c.post('/save-booking'));
  expect(save.responseCode).toBe('SUCCESS');
  const bookingKey = save.bookingKey as string;
  const row = await t.db.selectFrom('booking').select(['id']).where('booking_key', '=', bookingKey).executeTakeFirstOrThrow();
  // The save kicked the app's mailer: let its runs end (the one under way and the one it
  // asked for), so that it does not send or drop the reminders a test queues next.
  await t.app.mailer.kick();
  await t.app.mailer.kick();
  await place(row.id, hoursAhead, madeHoursAgo);
  return { id: row.id, bookingKey, access: { bookingKey, registerNumber: 'ABC-123', installationType: 'LAAKKONEN_PUBLIC' } };
}

/** Sets the booking's visit `hoursAhead` from now (an hour long) and its creation `madeHoursAgo` ago. */
async function place(id: string, hoursAhead: number, madeHoursAgo = 72) {
  // Whole minutes, as booked times are.
  const start = new Date(Math.floor((Date.now() + hoursAhead * HOUR) / 60_000) * 60_000);
  await t.db
    .updateTable('booking')
    .set({ start_at: start, end_at: new Date(start.getTime() + HOUR), created_at: new Date(Date.now() - madeHoursAgo * HOUR) })
    .where('id', '=', id)
    .execute();
  return start;
}

async function remindersOf(id: string) {
  return t.db.selectFrom('email_outbox').selectAll().where('booking_id', '=', id).where('kind', '=', 'REMINDER').orderBy('id').execute();
}

const run = (sms = false) => queueDueReminders(t.db, { publicUrl: t.config.publicUrl, sms });

describe('reminders 24 hours before the visit', () => {
  it('a booking 20 hours ahead, made three days ago, gets one reminder e-mail, however often the job runs', async () => {
    const b = await booking(20);
    const start = (await t.db.selectFrom('booking').select('start_at').where('id', '=', b.id).executeTakeFirstOrThrow()).start_at;
    const first = await run();
    expect(first.email).toBeGreaterThanOrEqual(1);
    expect(await run()).toEqual({ email: 0, sms: 0 });
    await run();

    const reminders = await remindersOf(b.id);
    expect(reminders).toHaveLength(1);
    const [r] = reminders;
    expect(r).toMatchObject({ kind: 'REMINDER', channel: 'EMAIL', recipient: CUSTOMER.email, status: 'PENDING' });
    expect(new Date(r!.reminder_for!).getTime()).toBe(new Date(start!).getTime());

    const when = reminderWhen({ start: new Date(start!), timeSelectionType: 'EXACT_TIME' }, new Date());
    // The customer waits: the car comes 20 minutes before the work.
    const dropOff = formatFinnishTime(formatLocalDateTime(new Date(new Date(start!).getTime() - 20 * 60_000)).slice(11));
    expect(r!.subject).toBe(`Muistutus: huoltoaikasi ${when}, tuo auto klo ${dropOff}`);
    expect(when).toMatch(/^(tänään|huomenna) (ma|ti|ke|to|pe|la|su) \d{1,2}\.\d{1,2}\. klo \d{1,2}\.\d{2}$/);
    const text = r!.text_body;
    expect(text).toContain('Hei Matti,');
    expect(text).toContain(`Toimipiste: ${OFFICE_1.name}, `);
    expect(text).toContain('Ajoneuvo: ABC-123 Volkswagen Golf');
    expect(text).toContain(`Varaustunnus: ${b.bookingKey}`);
    expect(text).toContain('Auton tuominen: Tuo auto noin 20 minuuttia ennen sovittua aikaa.');
    expect(text).toContain(`- Tule toimipisteeseen klo ${dropOff} ja ilmoittaudu asiakaspalvelussa`);
    const url = `${t.config.publicUrl}/oma-varaus?varaus=${b.bookingKey}&rekisteri=ABC-123`;
    expect(text).toContain(`Katso, siirrä tai peru varauksesi: ${url}`);
    expect(r!.html_body).toContain(`<a href="${url.replace(/&/g, '&amp;')}"`);
    expect(r!.html_body).toMatch(/^<!doctype html>\n<html lang="fi">/);
    expect(r!.html_body).toMatch(/<h2[^>]*>Auton tuominen<\/h2>/);
    expect(r!.ics).toBeNull();

    // Sent by the Mailer like any message: once.
    await t.app.mailer.kick();
    expect((await remindersOf(b.id))[0]!.status).toBe('SENT');
    const eml = readdirSync(t.outboxDir).filter((f) => f.startsWith(`${b.bookingKey}-muistutus-`));
    expect(eml).toHaveLength(1);
    expect(readFileSync(join(t.outboxDir, eml[0]!), 'utf8')).toMatch(/^To: matti.meikalainen@example.com$/m);
  });

  it('none for a visit 30 hours ahead, for a cancelled booking, nor for one made within a day of its visit', async () => {
    const far = await booking(30);
    const cancelled = await booking(20);
    expect(json(await new ApiClient(t.app).post('/cancel-booking', cancelled.access))).toEqual({ responseCode: 'SUCCESS' });
    const late = await booking(20, 2);
    await run();
    expect(await remindersOf(far.id)).toEqual([]);
    expect(await remindersOf(cancelled.id)).toEqual([]);
    expect(await remindersOf(late.id)).toEqual([]);

    // The far one's time comes: then it is reminded.
    await place(far.id, 23);
    await run();
    expect(await remindersOf(far.id)).toHaveLength(1);
  });

  it('a moved booking gets a reminder of its new time; the one of its old time, if not yet sent, is not sent', async () => {
    const b = await booking(20);
    await run();
    expect(await remindersOf(b.id)).toHaveLength(1);
    const newStart = await place(b.id, 22);
    await run();
    await run();
    const both = await remindersOf(b.id);
    expect(both).toHaveLength(2);
    const old = both.find((r) => new Date(r.reminder_for!).getTime() !== newStart.getTime());
    const moved = both.find((r) => new Date(r.reminder_for!).getTime() === newStart.getTime());
    expect(old).toBeDefined();
    expect(moved).toBeDefined();
    expect(new Date(moved!.reminder_for!).getTime()).toBe(newStart.getTime());
    expect(moved!.subject).toMatch(new RegExp(`^Muistutus: huoltoaikasi ${reminderWhen({ start: newStart, timeSelectionType: 'EXACT_TIME' }, new Date()).replace(/\./g, '\\.')}, tuo auto klo `));
    expect(moved!.text_body).toContain(`klo ${formatFinnishTime(formatLocalDateTime(newStart).slice(11))}`);

    await t.app.mailer.kick();
    const after = await remindersOf(b.id);
    expect(after.map((r) => r.id)).toEqual([moved!.id]);
    expect(after[0]!.status).toBe('SENT');
    expect(old!.id).not.toBe(moved!.id);
  });

  it('with SMS reminders on, a text message to the booking phone number, sent through the SmsSender', async () => {
    const b = await booking(20);
    const result = await run(true);
    expect(result.sms).toBeGreaterThanOrEqual(1);
    expect((await run(true)).sms).toBe(0);
    const reminders = await remindersOf(b.id);
    expect(reminders.map((r) => r.channel).sort()).toEqual(['EMAIL', 'SMS']);
    const sms = reminders.find((r) => r.channel === 'SMS')!;
    expect(sms.recipient).toBe('0401234567');
    expect(sms.text_body).toMatch(new RegExp(`^Muistutus: huoltoaikasi (tänään|huomenna) .* \\(tuo auto klo [\\d.]+\\), ${OFFICE_1.name}, .*Varaustunnus ${b.bookingKey}\\. Varauksesi: http`));

    const sent: { to: string; text: string }[] = [];
    const sender: SmsSender = {
      send: (to, text) => {
        sent.push({ to, text });
        return Promise.resolve();
      },
    };
    const mailer = new Mailer(t.db, { from: t.config.mailFrom, outboxDir: t.outboxDir, sms: sender });
    await mailer.flush();
    await mailer.close();
    expect(sent.filter((s) => s.text.includes(b.bookingKey))).toEqual([{ to: '0401234567', text: sms.text_body }]);
    expect((await remindersOf(b.id)).every((r) => r.status === 'SENT')).toBe(true);
  });

  it('the default SmsSender writes the message to the log with the number masked and no link query', async () => {
    const lines: unknown[] = [];
    await new LogSmsSender({ info: (obj) => lines.push(obj) }).send('+358 40 123 4567', 'Muistutus. Varauksesi: https://x.example/oma-varaus?varaus=K&rekisteri=ABC-123');
    expect(lines).toEqual([{ sms: { to: '*********567', text: 'Muistutus. Varauksesi: https://x.example/oma-varaus?…' } }]);
    expect(JSON.stringify(lines)).not.toMatch(/4567|ABC-123/);
    expect(maskPhone('040 123 4567')).toBe('*******567');
  });

  it('the job queues at start, kicks the mailer and stops cleanly', async () => {
    const b = await booking(21);
    const logged: string[] = [];
    const log = { info: (_: unknown, msg: string) => logged.push(msg), warn: (_: unknown, msg: string) => logged.push(msg) };
    const job = startReminderJob(t.db, {
      log: log as never,
      everyMs: 60_000,
      publicUrl: t.config.publicUrl,
      sms: false,
      mailer: t.app.mailer,
    });
    await job.stop();
    expect(logged).toContain('reminders queued');
    await t.app.mailer.kick();
    const [r] = await remindersOf(b.id);
    expect(r?.status).toBe('SENT');
    // Turned off (REMINDER_INTERVAL_SECONDS=0): nothing runs.
    const due = await booking(21);
    const off = startReminderJob(t.db, { log: log as never, everyMs: 0, publicUrl: t.config.publicUrl, sms: false, mailer: t.app.mailer });
    await off.stop();
    expect(await remindersOf(due.id)).toEqual([]);
  });

  it('a car left for the day is reminded 24 hours before its drop-off at 7.30, with the key-locker or drop-off instructions', async () => {
    for (const [details, expected] of [
      [{ vehicleLeftForDay: true }, 'Auton tuominen: Tuo auto klo 7.30–8.00 varauspäivän aamuna.'],
      [{ usingKeyLocker: true }, 'Avainautomaatti on toimipisteen pääoven vieressä osoitteessa'],
    ] as const) {
      const b = await booking(80);
      expect((await t.db.updateTable('booking').set({ snapshot: sql`snapshot || ${JSON.stringify({ customer_waiting: false, vehicle_left_for_day: 'vehicleLeftForDay' in details, product_parameters: 'usingKeyLocker' in details ? [{ parameterCode: 'BRINGS_CAR_OUTSIDE_OFFICE_HOURS', selectedValue: 'true' }] : [] })}::jsonb`, using_key_locker: 'usingKeyLocker' in details }).where('id', '=', b.id).executeTakeFirst()).numUpdatedRows).toBe(1n);
      // The work at 10.00 three days ahead; the car comes (or the key is left) before 8.00 that morning.
      const day = addDays(todayInHelsinki(), 3);
      await t.db.updateTable('booking').set({ start_at: fromHelsinki(day, '10:00'), end_at: fromHelsinki(day, '11:00') }).where('id', '=', b.id).execute();
      // The day before at 6.30 the drop-off is more than 24 hours away and nothing is due; at 8.00 it is less, and the
      // reminder is queued though the work is still 26 hours away.
      const before = fromHelsinki(addDays(day, -1), '06:30');
      await queueDueReminders(t.db, { publicUrl: t.config.publicUrl, sms: false }, before);
      expect(await remindersOf(b.id)).toEqual([]);
      await queueDueReminders(t.db, { publicUrl: t.config.publicUrl, sms: false }, fromHelsinki(addDays(day, -1), '08:00'));
      const [r] = await remindersOf(b.id);
      expect(r?.text_body).toContain(expected);
      expect(r?.html_body).toContain(expected.replace('Auton tuominen: ', ''));
      expect(r?.subject).toMatch(/^Muistutus: huoltoaikasi huomenna .* klo 10\.00, tuo auto klo 7\.[03]0–[78]\.[03]0$/);
    }
  });
});
