/**
 * An office's dated notices to customers, written on its page: an office's user or an admin
 * adds, edits and takes out of use a text, each change with its audit row; customers see a
 * text active today at once, and not after its last day or once it is out of use; an office
 * user of another office is refused; bad input is refused naming the field and changes nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { addDays, todayInHelsinki, type InfoText } from '@huolto/domain';
import { ApiClient, createTestApp, json, type TestApp } from '#test/helpers.ts';
import { signedInStaff, type StaffClient } from '#test/staff.ts';
import { listAudit } from '../audit/index.ts';

const fieldsOf = (res: { json(): unknown }) => ((res.json() as { fields?: { path: string }[] }).fields ?? []).map((f) => f.path);
const TODAY = todayInHelsinki();
const OFFICE = 2;

let t: TestApp;
let admin: StaffClient;
let ownUser: StaffClient;
let otherUser: StaffClient;

beforeAll(async () => {
  t = await createTestApp();
  admin = (await signedInStaff(t.app, t.db, { role: 'ADMIN' })).client;
  ownUser = (await signedInStaff(t.app, t.db, { role: 'OFFICE', officeIds: [OFFICE] })).client;
  otherUser = (await signedInStaff(t.app, t.db, { role: 'OFFICE', officeIds: [1] })).client;
}, 60_000);
afterAll(() => t.close());

/** What a customer sees of the office now. */
const shown = async (officeId = OFFICE) =>
  json<{ organizationId: number; text: string }[]>(await new ApiClient(t.app).post('/get-organization-info-texts-no-session', { organizationIds: [officeId] })).map(
    (x) => x.text,
  );

/** A digest of the info texts and the audit trail, to show that a refused call changed nothing. */
async function digest() {
  const { rows } = await sql<{ d: string }>`
    SELECT md5(
      (SELECT coalesce(string_agg(i::text, ',' ORDER BY i.id), '') FROM organization_info_text i) ||
      (SELECT count(*)::text FROM audit_event)) AS d`.execute(t.db);
  return rows[0]!.d;
}

describe("an office's info texts", () => {
  let created: InfoText;

  it("the office's own user adds a text active today: customers see it at once, with its lines; an audit row", async () => {
    const res = await ownUser.post(`/offices/${OFFICE}/info-texts`, { text: '  Sisäänkäynti takapihalta\r\nremontin ajan  ', validFrom: TODAY, validTo: addDays(TODAY, 3) });
    expect(res.statusCode, res.body).toBe(200);
    created = json<InfoText>(res);
    expect(created).toMatchObject({ text: 'Sisäänkäynti takapihalta\nremontin ajan', validFrom: TODAY, validTo: addDays(TODAY, 3), active: true });
    expect(await shown()).toContain('Sisäänkäynti takapihalta\nremontin ajan');
    const [audit] = await listAudit(t.db, 'INFO_TEXT', created.id);
    expect(audit).toMatchObject({ action: 'CREATED', after: { ...created, officeId: OFFICE } });

    const list = json<InfoText[]>(await ownUser.get(`/offices/${OFFICE}/info-texts`));
    expect(list.map((x) => x.id)).toContain(created.id);
  });

  it('an edit shows at once; an unchanged edit writes nothing', async () => {
    const res = await admin.put(`/offices/${OFFICE}/info-texts/${created.id}`, { text: 'Sisäänkäynti pääovesta', validFrom: TODAY, validTo: addDays(TODAY, 3), active: true });
    expect(res.statusCode, res.body).toBe(200);
    expect(json<InfoText>(res).text).toBe('Sisäänkäynti pääovesta');
    const texts = await shown();
    expect(texts).toContain('Sisäänkäynti pääovesta');
    expect(texts).not.toContain('Sisäänkäynti takapihalta\nremontin ajan');
    const [audit] = await listAudit(t.db, 'INFO_TEXT', created.id);
    expect(audit).toMatchObject({ action: 'UPDATED', before: { text: 'Sisäänkäynti takapihalta\nremontin ajan' }, after: { text: 'Sisäänkäynti pääovesta' } });

    const before = await digest();
    expect((await admin.put(`/offices/${OFFICE}/info-texts/${created.id}`, { text: 'Sisäänkäynti pääovesta', validFrom: TODAY, validTo: addDays(TODAY, 3) })).statusCode).toBe(200);
    expect(await digest()).toBe(before);
  });

  it('a text whose last day has passed is not shown, one ending today is', async () => {
    const ended = json<InfoText>(await ownUser.post(`/offices/${OFFICE}/info-texts`, { text: 'Päättyi eilen', validFrom: addDays(TODAY, -5), validTo: addDays(TODAY, -1) }));
    const endsToday = json<InfoText>(await ownUser.post(`/offices/${OFFICE}/info-texts`, { text: 'Päättyy tänään', validFrom: addDays(TODAY, -5), validTo: TODAY }));
    const later = json<InfoText>(await ownUser.post(`/offices/${OFFICE}/info-texts`, { text: 'Alkaa huomenna', validFrom: addDays(TODAY, 1), validTo: addDays(TODAY, 2) }));
    const texts = await shown();
    expect(texts).toContain('Päättyy tänään');
    expect(texts).not.toContain('Päättyi eilen');
    expect(texts).not.toContain('Alkaa huomenna');
    // The office's list keeps the lately ended text, newest first by first day.
    const list = json<InfoText[]>(await ownUser.get(`/offices/${OFFICE}/info-texts`)).map((x) => x.id);
    expect(list.indexOf(later.id)).toBeLessThan(list.indexOf(created.id));
    expect(list.indexOf(created.id)).toBeLessThan(list.indexOf(endsToday.id));
    expect(list.indexOf(endsToday.id)).toBeLessThan(list.indexOf(ended.id));
  });

  it('a text long ended leaves the list; its row stays', async () => {
    const old = json<InfoText>(await admin.post(`/offices/${OFFICE}/info-texts`, { text: 'Vanha', validFrom: addDays(TODAY, -60), validTo: addDays(TODAY, -31) }));
    const list = json<InfoText[]>(await admin.get(`/offices/${OFFICE}/info-texts`)).map((x) => x.id);
    expect(list).not.toContain(old.id);
    expect(await t.db.selectFrom('organization_info_text').select('id').where('id', '=', old.id).executeTakeFirst()).toBeDefined();
  });

  it('taken out of use, a text goes from customers at once and stays on the list; back in use, it shows again', async () => {
    const body = { text: 'Sisäänkäynti pääovesta', validFrom: TODAY, validTo: addDays(TODAY, 3) };
    const res = await ownUser.put(`/offices/${OFFICE}/info-texts/${created.id}`, { ...body, active: false });
    expect(res.statusCode, res.body).toBe(200);
    expect(json<InfoText>(res).active).toBe(false);
    expect(await shown()).not.toContain('Sisäänkäynti pääovesta');
    expect((await listAudit(t.db, 'INFO_TEXT', created.id))[0]).toMatchObject({ action: 'DEACTIVATED' });
    const list = json<InfoText[]>(await ownUser.get(`/offices/${OFFICE}/info-texts`));
    expect(list.find((x) => x.id === created.id)).toMatchObject({ active: false });

    expect((await ownUser.put(`/offices/${OFFICE}/info-texts/${created.id}`, { ...body, active: true })).statusCode).toBe(200);
    expect(await shown()).toContain('Sisäänkäynti pääovesta');
    expect((await listAudit(t.db, 'INFO_TEXT', created.id))[0]).toMatchObject({ action: 'ACTIVATED' });
  });

  it("an office user of another office is refused (403), and another office's text is not found through one's own office (404); nothing changes", async () => {
    const before = await digest();
    const body = { text: 'Vieras', validFrom: TODAY, validTo: TODAY };
    for (const res of [
      await otherUser.get(`/offices/${OFFICE}/info-texts`),
      await otherUser.post(`/offices/${OFFICE}/info-texts`, body),
      await otherUser.put(`/offices/${OFFICE}/info-texts/${created.id}`, { ...body, active: false }),
    ]) {
      expect(res.statusCode, res.body).toBe(403);
    }
    const res = await otherUser.put(`/offices/1/info-texts/${created.id}`, { ...body, active: false });
    expect(res.statusCode, res.body).toBe(404);
    expect((await admin.post('/offices/99999/info-texts', body)).statusCode).toBe(403);
    expect(await digest()).toBe(before);
    expect(await shown()).toContain('Sisäänkäynti pääovesta');
  });

  it.each([
    [{ text: '', validFrom: TODAY, validTo: TODAY }, 'text'],
    [{ text: ' \n ', validFrom: TODAY, validTo: TODAY }, 'text'],
    [{ text: 'x'.repeat(2001), validFrom: TODAY, validTo: TODAY }, 'text'],
    [{ text: 'a\u0000b', validFrom: TODAY, validTo: TODAY }, 'text'],
    [{ text: 'Teksti', validFrom: '2026-02-30', validTo: TODAY }, 'validFrom'],
    [{ text: 'Teksti', validFrom: TODAY, validTo: '1.1.2030' }, 'validTo'],
    [{ text: 'Teksti', validFrom: TODAY, validTo: addDays(TODAY, -1) }, 'validTo'],
    [{ text: 'Teksti', validFrom: TODAY }, 'validTo'],
  ])('%j → 400 naming %s, nothing changed', async (body, field) => {
    const before = await digest();
    for (const res of [
      await ownUser.post(`/offices/${OFFICE}/info-texts`, body),
      await ownUser.put(`/offices/${OFFICE}/info-texts/${created.id}`, { ...body, active: false }),
    ]) {
      expect(res.statusCode, res.body).toBe(400);
      expect(fieldsOf(res)).toEqual([field]);
      expect(JSON.stringify(res.json())).toMatch(/[äöå]|Pakollinen|Päivämäärä/);
    }
    expect(await digest()).toBe(before);
  });

  it('an info text id not in its one form is refused naming it', async () => {
    const res = await ownUser.put(`/offices/${OFFICE}/info-texts/0${created.id}`, { text: 'x', validFrom: TODAY, validTo: TODAY });
    expect(res.statusCode, res.body).toBe(400);
    expect(fieldsOf(res)).toEqual(['infoTextId']);
  });
});
