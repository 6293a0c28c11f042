import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { simpleParser, type ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OFFICE_NOTICE_SUBJECT } from './office-notice.ts';
import { ApiClient, CUSTOMER, createTestApp, firstFreeSlot, json, prepareMaintenance, type TestApp } from '#test/helpers.ts';

let t: TestApp;
let smtp: SMTPServer;
const received: { to: string[]; mail: ParsedMail }[] = [];
const notices: { to: string[]; mail: ParsedMail }[] = [];
let refuse = false;
const refusedIds: (string | undefined)[] = [];

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((mail) => {
          const to = session.envelope.rcptTo.map((r) => r.address);
          // The office's notices of the bookings are kept apart (office-notice.test.ts reads them).
          if (OFFICE_NOTICE_SUBJECT.test(mail.subject ?? '')) {
            notices.push({ to, mail });
            return callback();
          }
          if (refuse) {
            refusedIds.push(mail.messageId);
            return callback(new Error('mailbox unavailable'));
          }
          received.push({ to, mail });
          callback();
        })
        .catch(callback);
    },
  });
  smtp.listen(0, '127.0.0.1');
  await once(smtp.server, 'listening');
  const port = (smtp.server.address() as AddressInfo).port;
  t = await createTestApp({ smtpUrl: `smtp://127.0.0.1:${port}` });
});

afterAll(async () => {
  await t?.close();
  await new Promise<void>((r) => smtp.close(() => r()));
});

async function book() {
  const c = new ApiClient(t.app);
  await prepareMaintenance(c);
  await c.post('/reserve-time', { reservation: await firstFreeSlot(c), timeSelectionType: 'EXACT_TIME' });
  await c.post('/customer/v2', CUSTOMER);
  const save = json(await c.post('/save-booking'));
  expect(save.responseCode).toBe('SUCCESS');
  return { c, bookingKey: save.bookingKey as string, booking: json(await c.get('/get-booking/v2')) };
}

describe('confirmation e-mail over SMTP', () => {
  it('reaches the customer in Finnish with the booking details and an .ics attachment', async () => {
    const { bookingKey, booking } = await book();
    await t.app.mailer.kick();
    expect(received).toHaveLength(1);
    const { to, mail } = received[0]!;
    expect(to).toEqual([CUSTOMER.email]);
    // The office's notice of the new booking went out in the same run, to the office.
    expect(notices).toHaveLength(1);
    expect(notices[0]!.to).toEqual(['konala.huolto@laakkonen.example']);
    expect(notices[0]!.mail.subject).toMatch(/^Uusi varaus: ABC-123 /);
    expect(mail.subject).toContain('Aikasi on varattu');
    expect(mail.subject).toContain('ABC-123');
    const text = mail.text ?? '';
    expect(text).toContain('kiitos varauksestasi');
    expect(text).toContain(booking.organization.name);
    expect(text).toContain('Volkswagen Golf');
    expect(text).toContain(booking.order_items[0].display_description);
    expect(text).toMatch(/Yhteensä: \d[\d\u00a0 ]*\u00a0€/);
    expect(text).toContain(bookingKey);
    const ics = mail.attachments.find((a) => a.contentType.startsWith('text/calendar'));
    expect(ics).toBeDefined();
    const body = ics!.content.toString('utf8');
    expect(body).toContain('BEGIN:VEVENT');
    expect(body).toMatch(/\r\nDTSTART;TZID=Europe\/Helsinki:\d{8}T\d{6}\r\n/);
    expect(body).toContain(`UID:${bookingKey}@`);
    // The demo company's settings: the sender's name on MAIL_FROM's address, the signature, the .ics's PRODID.
    expect(mail.from?.value).toEqual([{ name: 'Laakkonen ajanvaraus', address: 'ajanvaraus@example.invalid' }]);
    expect(text.trimEnd().split('\n').slice(-2)).toEqual(['Ystävällisin terveisin', 'Laakkonen']);
    expect(body).toContain('PRODID:-//Laakkonen//Ajanvaraus//FI');
  });

  it("signs with the company's name and sender name as the settings say when the mail is made and sent", async () => {
    const saved = await t.db.selectFrom('setting').selectAll().where('key', 'in', ['companyName', 'mailSenderName']).execute();
    const set = (key: string, value: string) => t.db.updateTable('setting').set({ value: JSON.stringify(value) }).where('key', '=', key).execute();
    try {
      await set('companyName', 'Korjaamo Virtanen');
      await set('mailSenderName', 'Virtanen "ajanvaraus"');
      const before = received.length;
      await book();
      await t.app.mailer.kick();
      expect(received.length).toBe(before + 1);
      const { mail } = received.at(-1)!;
      expect(mail.from?.value).toEqual([{ name: 'Virtanen "ajanvaraus"', address: 'ajanvaraus@example.invalid' }]);
      expect((mail.text ?? '').trimEnd().split('\n').slice(-2)).toEqual(['Ystävällisin terveisin', 'Korjaamo Virtanen']);
      expect(`${mail.html || ''}`).toMatch(/<td[^>]*>Korjaamo Virtanen<\/td>/);
      const ics = mail.attachments.find((a) => a.contentType.startsWith('text/calendar'))!.content.toString('utf8');
      expect(ics).toContain('PRODID:-//Korjaamo Virtanen//Ajanvaraus//FI');
    } finally {
      for (const row of saved) await t.db.updateTable('setting').set({ value: JSON.stringify(row.value) }).where('key', '=', row.key).execute();
    }
  });

  it('as delivered, shows customer text without a link and its .ics without an injected line', async () => {
    const c = new ApiClient(t.app);
    await prepareMaintenance(c);
    await c.post('/symptoms', [{ description: 'Kolina\rATTENDEE:mailto:x@evil.example\nDTSTART:20000101T000000Z' }]);
    await c.post('/save-notes', { value: 'Maksa osoitteessa https://evil.example/pay' });
    await c.post('/reserve-time', { reservation: await firstFreeSlot(c), timeSelectionType: 'EXACT_TIME' });
    await c.post('/customer/v2', { ...CUSTOMER, first_name: 'www.evil.example' });
    expect(json(await c.post('/save-booking')).responseCode).toBe('SUCCESS');
    const before = received.length;
    await t.app.mailer.kick();
    expect(received.length).toBe(before + 1);
    const { mail } = received.at(-1)!;
    const text = mail.text ?? '';
    expect(text).toContain('Hei www[.]evil[.]example,');
    expect(text).toContain('Lisätiedot: Maksa osoitteessa https[:]//evil[.]example/pay');
    expect(`${mail.html || ''}`).not.toMatch(/evil\.example|https:\/\/evil/);
    const calendars = mail.attachments.filter((a) => a.contentType.startsWith('text/calendar'));
    expect(calendars.length).toBeGreaterThan(0);
    for (const a of calendars) {
      // Unfolded (RFC 5545 §3.1), then split wherever a lenient reader would end a line.
      const body = a.content.toString('utf8').replace(/\r\n[ \t]/g, '');
      const names = body
        .split(/\r\n|\r|\n/)
        .filter((l) => l !== '')
        .map((l) => /^[A-Z-]+/.exec(l)?.[0]);
      // One DTSTART in the event; the other two are the time zone's DST rules.
      expect(names.filter((n) => n === 'DTSTART')).toHaveLength(3);
      expect(body.slice(body.indexOf('BEGIN:VEVENT')).match(/^DTSTART/gm)).toHaveLength(1);
      expect(names).not.toContain('ATTENDEE');
      expect(body).toContain('Kolina ATTENDEE:mailto[:]x@evil[.]example DTSTART:20000101T000000Z');
    }
  });

  it('keeps a message that could not be sent and sends it on a later run', async () => {
    refuse = true;
    const { bookingKey } = await book();
    await t.app.mailer.kick();
    const row = () =>
      t.db
        .selectFrom('email_outbox')
        .innerJoin('booking', 'booking.id', 'email_outbox.booking_id')
        .select(['email_outbox.status', 'email_outbox.attempts', 'email_outbox.last_error'])
        .where('booking.booking_key', '=', bookingKey)
        .where('email_outbox.kind', '=', 'CONFIRMATION')
        .executeTakeFirstOrThrow();
    const failed = await row();
    expect(failed.status).toBe('PENDING');
    expect(failed.attempts).toBe(1);
    expect(failed.last_error).toMatch(/mailbox unavailable/);

    refuse = false;
    await t.db.updateTable('email_outbox').set({ next_attempt_at: new Date(Date.now() - 1000) }).execute();
    const before = received.length;
    await t.app.mailer.kick();
    expect((await row()).status).toBe('SENT');
    expect(received.length).toBe(before + 1);
    // Both tries carried the same Message-ID, so a copy sent twice is recognisably one message.
    expect(refusedIds).toHaveLength(1);
    expect(refusedIds[0]).toMatch(/^<outbox\.\d+\..+@.+>$/);
    expect(received.at(-1)!.mail.messageId).toBe(refusedIds[0]);
  });
});
