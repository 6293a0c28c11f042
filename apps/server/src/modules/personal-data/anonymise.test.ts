import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import { formatLocalDateTime } from '@huolto/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, CUSTOMER, createTestApp, firstFreeSlot, json, prepareMaintenance, type TestApp } from '#test/helpers.ts';
import { addStaffUser, signedInStaff } from '#test/staff.ts';
import { clearOutboxMessages, recipientHash, removeBookingsPersonalData } from './index.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const PERSON = { ...CUSTOMER, first_name: 'Ilmari', last_name: 'Poistettava', email: 'ilmari.poistettava@example.com', phone_number: '040 765 4321' };
const NOTES = 'Avain on postilaatikossa, soita Ilmarille';
const SYMPTOM = 'Kolina oikealta edestä';

/** A booking saved through the customer flow with notes and a symptom, its sessions's token, id and key. */
async function savedBooking(address: string, plate: string) {
  const c = new ApiClient(t.app, { remoteAddress: address });
  await prepareMaintenance(c, { registerNumber: plate });
  const reserved = await c.post('/reserve-time', { reservation: await firstFreeSlot(c), timeSelectionType: 'EXACT_TIME', workshiftPosition: null });
  expect(reserved.statusCode, reserved.body).toBe(200);
  expect((await c.post('/customer/v2', PERSON)).statusCode).toBe(200);
  expect((await c.post('/save-notes', { value: NOTES })).statusCode).toBe(200);
  expect((await c.post('/symptoms', [{ description: SYMPTOM }])).statusCode).toBe(200);
  const saved = json(await c.post('/save-booking'));
  expect(saved.responseCode).toBe('SUCCESS');
  const row = await t.db.selectFrom('booking').select(['id', 'process_token']).where('booking_key', '=', saved.bookingKey).executeTakeFirstOrThrow();
  return { id: row.id, token: row.process_token!, key: saved.bookingKey as string };
}

const everything = async (id: string, token: string) => ({
  booking: await t.db.selectFrom('booking').selectAll().where('id', '=', id).executeTakeFirstOrThrow(),
  events: await t.db.selectFrom('booking_event').selectAll().where('booking_id', '=', id).orderBy('id').execute(),
  outbox: await t.db.selectFrom('email_outbox').selectAll().where('booking_id', '=', id).orderBy('id').execute(),
  feedback: await t.db.selectFrom('feedback').selectAll().where('booking_id', '=', id).orderBy('id').execute(),
  process: await t.db.selectFrom('process').selectAll().where('token', '=', token).executeTakeFirstOrThrow(),
  added: await t.db.selectFrom('booking_added_row').selectAll().where('booking_id', '=', id).orderBy('id').execute(),
});

/** The object of a view's answer that is the booking with this key, wherever it is nested. */
function entryOf(value: unknown, bookingKey: string): unknown {
  if (Array.isArray(value)) return value.map((v) => entryOf(v, bookingKey)).find((v) => v !== undefined);
  if (value !== null && typeof value === 'object') {
    if ((value as { bookingKey?: unknown }).bookingKey === bookingKey) return value;
    return entryOf(Object.values(value), bookingKey);
  }
  return undefined;
}

describe('removeBookingsPersonalData', () => {
  it("removes exactly the booking's personal fields everywhere and keeps what the statistics need", async () => {
    const plates = await t.db.selectFrom('vehicle').select('register_number').where('register_number', '<>', 'ABC-123').where(sql<number>`length(register_number)`, '>=', 7).orderBy('register_number').limit(2).execute();
    const [plate, otherPlate] = plates.map((p) => p.register_number) as [string, string];
    const gone = await savedBooking('10.31.0.1', plate);
    const kept = await savedBooking('10.31.0.2', otherPlate);
    const staff = await addStaffUser(t.db);
    for (const b of [gone, kept]) {
      // What the back-office writes: a note, and a change of the customer and symptoms (staff-bookings contents).
      await t.db
        .insertInto('booking_event')
        .values([
          { booking_id: b.id, actor: 'STAFF', staff_user_id: staff.id, action: 'NOTE', note: 'Ilmari soitti, tuo auton itse' },
          {
            booking_id: b.id,
            actor: 'STAFF',
            staff_user_id: staff.id,
            action: 'CHANGED',
            before: JSON.stringify({ customer: { phone_number: PERSON.phone_number }, symptoms: [SYMPTOM], kilometers: 60000, totalCents: 100 }),
            after: JSON.stringify({ customer: { phone_number: '050 111 2222' }, symptoms: ['Uusi vika'], kilometers: 61000, totalCents: 200 }),
          },
        ])
        .execute();
      await t.db.insertInto('feedback').values({ booking_id: b.id, rating: 4, message: 'Kiitos, Ilmari tässä' }).execute();
      await t.db.insertInto('booking_added_row').values({ booking_id: b.id, product_id: (await t.db.selectFrom('extra_order_item').select('id').executeTakeFirstOrThrow()).id, description: 'Tuulilasinpesuneste', amount: 1, unit_price_cents: 990 }).execute();
    }
    // The confirmation was sent; the office's notice still waits (for a later try).
    await sql`UPDATE email_outbox SET status = 'SENT', sent_at = now(), last_error = 'x' WHERE booking_id = ${gone.id} AND kind = 'CONFIRMATION'`.execute(t.db);
    await sql`UPDATE email_outbox SET status = 'PENDING', sent_at = NULL, next_attempt_at = now() + interval '1 day'
              WHERE booking_id = ${gone.id} AND kind = 'OFFICE_NOTICE'`.execute(t.db);
    await sql`UPDATE booking SET client_key = 'k', loyalty_account_id = NULL WHERE id IN (${gone.id}, ${kept.id})`.execute(t.db);

    const before = await everything(gone.id, gone.token);
    const keptBefore = await everything(kept.id, kept.token);
    expect(JSON.stringify(before)).toContain(PERSON.email);
    expect(JSON.stringify(before)).toContain(plate);

    expect(await removeBookingsPersonalData(t.db, [gone.id])).toBe(1);
    const after = await everything(gone.id, gone.token);

    // Nothing of the person is left in any of the booking's rows (but the message still waiting to be sent).
    const text = JSON.stringify({ ...after, outbox: after.outbox.filter((m) => m.status !== 'PENDING') });
    for (const s of [PERSON.first_name, PERSON.last_name, PERSON.email, '765 4321', '0407654321', PERSON.address, PERSON.post_code, plate, plate.replace('-', ''), NOTES, SYMPTOM, 'Uusi vika', '050 111 2222']) {
      expect(text, s).not.toContain(s);
    }

    // booking: the personal fields went, the shapes stayed.
    const b0 = before.booking;
    const b1 = after.booking;
    expect(b1.customer).toEqual({
      ...(b0.customer as object),
      first_name: '',
      last_name: '',
      phone_number: '',
      email: '',
      address: '',
      post_code: '',
      post_office: '',
    });
    expect((b1.customer as { preferred_contact_method: string }).preferred_contact_method).toBe('EMAIL');
    expect(b1.customer_phone).toBeNull();
    expect(b1.register_number).toBe('');
    expect(b1.client_key).toBeNull();
    expect(b1.vehicle).toEqual({ ...(b0.vehicle as object), register_number: '' });
    const s0 = b0.snapshot as Record<string, unknown>;
    const s1 = b1.snapshot as Record<string, unknown>;
    expect(s1).toEqual({ ...s0, customer: b1.customer, vehicle: { ...(s0.vehicle as object), register_number: '' }, notes: null, symptoms: [] });
    expect(b1.personal_data_removed_at).toBeInstanceOf(Date);
    // Statistics: every other column as it was.
    const stats = (b: typeof b0) => ({
      ...b,
      customer: null,
      customer_phone: null,
      register_number: null,
      vehicle: null,
      snapshot: null,
      client_key: null,
      loyalty_account_id: null,
      personal_data_removed_at: null,
    });
    expect(stats(b1)).toEqual(stats(b0));
    expect((b1.vehicle as { make: string }).make).toBe((b0.vehicle as { make: string }).make);
    expect((b1.vehicle as { model: string }).model).toBe((b0.vehicle as { model: string }).model);

    // History: the note's text and the customer's details and symptoms went; the rest stayed.
    expect(after.events.map((e) => e.action)).toEqual(before.events.map((e) => e.action));
    const note = after.events.find((e) => e.action === 'NOTE')!;
    expect(note.note).toBe('');
    const changed = after.events.find((e) => e.action === 'CHANGED')!;
    expect(changed.before).toEqual({ customer: { phone_number: '' }, symptoms: [], kilometers: 60000, totalCents: 100 });
    expect(changed.after).toEqual({ customer: { phone_number: '' }, symptoms: [], kilometers: 61000, totalCents: 200 });
    const created = after.events.find((e) => e.action === 'CREATED')!;
    expect(created).toEqual(before.events.find((e) => e.action === 'CREATED'));

    // Feedback: the rating stays, the text goes.
    expect(after.feedback.map((f) => [f.rating, f.message])).toEqual([[4, null]]);
    // Added rows: the catalogue's product name and price stay.
    expect(after.added).toEqual(before.added);

    // Session: customer, notes, symptoms and plate went.
    expect(after.process.customer).toBeNull();
    expect(after.process.notes).toBeNull();
    expect(after.process.symptoms).toEqual([]);
    expect(after.process.vehicle).toEqual({ ...(before.process.vehicle as object), register_number: '' });
    expect(after.process.cart).toEqual(before.process.cart);

    // Messages: the sent confirmation cleared, its recipient as a hash; the waiting notice left.
    const sent0 = before.outbox.find((m) => m.kind === 'CONFIRMATION')!;
    const sent1 = after.outbox.find((m) => m.kind === 'CONFIRMATION')!;
    expect(sent1).toMatchObject({
      recipient: '',
      recipient_hash: createHash('sha256').update(PERSON.email).digest('hex'),
      subject: '',
      text_body: '',
      html_body: null,
      ics: null,
      last_error: null,
      status: 'SENT',
      kind: 'CONFIRMATION',
      channel: sent0.channel,
      file_name: sent0.file_name,
    });
    expect(sent1.body_cleared_at).toBeInstanceOf(Date);
    expect(sent1.sent_at).toEqual(sent0.sent_at);
    const waiting = after.outbox.find((m) => m.kind === 'OFFICE_NOTICE')!;
    expect(waiting).toEqual(before.outbox.find((m) => m.kind === 'OFFICE_NOTICE'));

    // The other booking: untouched.
    expect(await everything(kept.id, kept.token)).toEqual(keptBefore);

    // Idempotent: nothing counted or changed a second time; once the notice was sent, it is cleared too.
    expect(await removeBookingsPersonalData(t.db, [gone.id, gone.id])).toBe(0);
    expect(await everything(gone.id, gone.token)).toEqual(after);
    await sql`UPDATE email_outbox SET status = 'SENT', sent_at = now() WHERE booking_id = ${gone.id} AND kind = 'OFFICE_NOTICE'`.execute(t.db);
    expect(await removeBookingsPersonalData(t.db, [gone.id])).toBe(0);
    const notice = await t.db.selectFrom('email_outbox').selectAll().where('id', '=', waiting.id).executeTakeFirstOrThrow();
    expect(notice.text_body).toBe('');
    expect(notice.recipient_hash).toBe(recipientHash(waiting.recipient));

    expect(await removeBookingsPersonalData(t.db, [])).toBe(0);

    // The readers still read it: the back-office's booking, its day and week, the search by key.
    const { client: staffClient } = await signedInStaff(t.app, t.db, { role: 'OFFICE', officeIds: [1] });
    const detail = await staffClient.get(`/bookings/${gone.id}`);
    expect(detail.statusCode, detail.body).toBe(200);
    expect(detail.body).not.toContain(PERSON.last_name);
    const date = formatLocalDateTime(b1.start_at!).slice(0, 10);
    for (const path of ['day', 'week']) {
      const view = await staffClient.get(`/offices/1/${path}`, { date });
      expect(view.statusCode, view.body).toBe(200);
      const listed = JSON.stringify(entryOf(json(view), gone.key));
      expect(listed).toContain(gone.key);
      expect(listed).not.toContain(PERSON.last_name);
    }
    const found = await staffClient.get('/bookings', { q: gone.key });
    expect(found.statusCode, found.body).toBe(200);
    expect(found.body).toContain(gone.key);
    // Nobody finds it by its old plate or the person's name any more.
    expect((await staffClient.get('/bookings', { q: plate })).body).not.toContain(gone.key);
    expect((await staffClient.get('/bookings', { q: PERSON.last_name })).body).not.toContain(gone.key);
  });
});

describe('clearOutboxMessages', () => {
  it('clears sent and failed messages once, hashing the recipient as written trimmed and lower-cased; skips waiting ones', async () => {
    const insert = (status: string, recipient: string) =>
      t.db
        .insertInto('email_outbox')
        .values({ recipient, subject: 'Aihe Ilmari', text_body: 'Hei Ilmari', html_body: '<p>Hei</p>', ics: 'BEGIN', file_name: 'x.eml', status, last_error: status === 'FAILED' ? 'bounce ilmari' : null, kind: 'REGISTRATION' })
        .returning('id')
        .executeTakeFirstOrThrow();
    const sent = await insert('SENT', ' Ilmari.Poistettava@Example.com ');
    const failed = await insert('FAILED', '+358407654321');
    const pending = await insert('PENDING', 'ilmari@example.com');
    expect(recipientHash(' Ilmari.Poistettava@Example.com ')).toBe(createHash('sha256').update('ilmari.poistettava@example.com').digest('hex'));

    expect(await clearOutboxMessages(t.db, [sent.id, Number(failed.id), pending.id])).toBe(2);
    const rows = await t.db.selectFrom('email_outbox').selectAll().where('id', 'in', [sent.id, failed.id, pending.id]).orderBy('id').execute();
    expect(rows.map((r) => [r.status, r.recipient, r.recipient_hash, r.subject, r.text_body, r.html_body, r.ics, r.last_error, r.kind, r.file_name])).toEqual([
      ['SENT', '', recipientHash('ilmari.poistettava@example.com'), '', '', null, null, null, 'REGISTRATION', 'x.eml'],
      ['FAILED', '', recipientHash('+358407654321'), '', '', null, null, null, 'REGISTRATION', 'x.eml'],
      ['PENDING', 'ilmari@example.com', null, 'Aihe Ilmari', 'Hei Ilmari', '<p>Hei</p>', 'BEGIN', null, 'REGISTRATION', 'x.eml'],
    ]);
    const clearedAt = rows[0]!.body_cleared_at;
    expect(clearedAt).toBeInstanceOf(Date);
    // Again: nothing more, the hash and time as they were.
    expect(await clearOutboxMessages(t.db, [sent.id, failed.id])).toBe(0);
    const again = await t.db.selectFrom('email_outbox').select(['recipient_hash', 'body_cleared_at']).where('id', '=', sent.id).executeTakeFirstOrThrow();
    expect(again).toEqual({ recipient_hash: rows[0]!.recipient_hash, body_cleared_at: clearedAt });
    expect(await clearOutboxMessages(t.db, [])).toBe(0);
  });
});
