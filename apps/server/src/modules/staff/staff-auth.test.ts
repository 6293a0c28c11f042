import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STAFF_SESSION_COOKIE } from '@huolto/domain';
import { createTestApp, json, type TestApp } from '#test/helpers.ts';
import { StaffClient, addStaffUser, signedInStaff } from '#test/staff.ts';
import { DEMO_STAFF, DEMO_STAFF_PASSWORD } from '#seed/index.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ loginRateLimit: 1000 });
});
afterAll(() => t.close());

describe('staff sign-in', () => {
  it('the seeded office user signs in: an HttpOnly, SameSite=Strict cookie for 12 hours on the staff API path; /me names the office', async () => {
    const c = new StaffClient(t.app);
    const res = await c.login(DEMO_STAFF.office.email, DEMO_STAFF_PASSWORD);
    const cookie = res.cookies.find((k) => k.name === STAFF_SESSION_COOKIE)!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/ServiceBooking/rest/staff', maxAge: 12 * 3600 });
    expect(cookie.secure).toBeFalsy();
    expect(json(res)).toMatchObject({ email: DEMO_STAFF.office.email, role: 'OFFICE', offices: [{ id: 1 }] });
    const me = await c.get('/me');
    expect(me.statusCode).toBe(200);
    expect(json(me).offices.map((o: { id: number }) => o.id)).toEqual([1]);
  });

  it('the seeded admin runs every office', async () => {
    const c = new StaffClient(t.app);
    await c.login(DEMO_STAFF.admin.email, DEMO_STAFF_PASSWORD);
    const offices = await t.db.selectFrom('organization').select('id').execute();
    expect(json(await c.get('/me')).offices).toHaveLength(offices.length);
  });

  it('a wrong password, an unknown address and a deactivated account answer the same 401; nothing is signed in', async () => {
    const user = await addStaffUser(t.db);
    const wrong = await new StaffClient(t.app).post('/login', { email: user.email, password: 'väärä-salasana-123' });
    const unknown = await new StaffClient(t.app).post('/login', { email: 'ei-ole@example.com', password: 'väärä-salasana-123' });
    await t.db.updateTable('staff_user').set({ active: false }).where('id', '=', user.id).execute();
    const inactive = await new StaffClient(t.app).post('/login', { email: user.email, password: user.password });
    for (const res of [wrong, unknown, inactive]) {
      expect(res.statusCode).toBe(401);
      expect(json(res)).toMatchObject({ error: 'UNAUTHORIZED', message: 'Sähköposti tai salasana on väärin.' });
      expect(res.cookies.find((k) => k.name === STAFF_SESSION_COOKIE)).toBeUndefined();
    }
  });

  it('a missing password is a 400 naming the field', async () => {
    const res = await new StaffClient(t.app).post('/login', { email: 'a@example.com' });
    expect(res.statusCode).toBe(400);
    expect(json(res).fields.map((f: { path: string }) => f.path)).toEqual(['password']);
  });

  it('failures are counted atomically: of 12 wrong guesses at once on one account, at most 5 are compared; then 429 with Retry-After', async () => {
    const user = await addStaffUser(t.db);
    const c = new StaffClient(t.app, { remoteAddress: '10.9.8.7' });
    const answers = await Promise.all(Array.from({ length: 12 }, () => c.post('/login', { email: user.email, password: 'väärin-väärin-1' })));
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(5);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(7);
    expect(answers.find((a) => a.statusCode === 429)!.headers['retry-after']).toMatch(/^\d+$/);
    // The right password from that address waits too; from another address it works.
    expect((await c.post('/login', { email: user.email, password: user.password })).statusCode).toBe(429);
    expect((await new StaffClient(t.app, { remoteAddress: '10.9.8.6' }).post('/login', { email: user.email, password: user.password })).statusCode).toBe(200);
  });

  it('signing out ends the session: the old cookie gets 401', async () => {
    const { client } = await signedInStaff(t.app, t.db);
    const secret = client.session!;
    expect((await client.post('/logout')).statusCode).toBe(200);
    expect(client.session).toBeUndefined();
    client.session = secret;
    expect((await client.get('/me')).statusCode).toBe(401);
  });

  it('an expired session is refused', async () => {
    const { client, user } = await signedInStaff(t.app, t.db);
    await t.db.updateTable('staff_session').set({ expires_at: new Date(Date.now() - 1000) }).where('staff_user_id', '=', user.id).execute();
    const res = await client.get('/me');
    expect(res.statusCode).toBe(401);
    expect(json(res).message).toBe('Kirjaudu sisään.');
  });

  it('the cookie is Secure when the public address is https', async () => {
    const https = await createTestApp({ publicUrl: 'https://ajanvaraus.example' });
    try {
      const user = await addStaffUser(https.db);
      const res = await new StaffClient(https.app).post('/login', { email: user.email, password: user.password });
      expect(res.cookies.find((k) => k.name === STAFF_SESSION_COOKIE)!.secure).toBe(true);
    } finally {
      await https.close();
    }
  });
});

describe('staff accounts (admins only)', () => {
  it('an admin lists, adds and changes accounts; an office user gets 403 and nobody signed in 401', async () => {
    const { client: admin } = await signedInStaff(t.app, t.db, { role: 'ADMIN' });
    const { client: office } = await signedInStaff(t.app, t.db, { role: 'OFFICE', officeIds: [1] });
    expect((await office.get('/users')).statusCode).toBe(403);
    expect((await new StaffClient(t.app).get('/users')).statusCode).toBe(401);
    const created = await admin.post('/users', { email: 'Uusi.Kayttaja@Example.com', name: 'Uusi Käyttäjä', role: 'OFFICE', officeIds: [2, 3], password: 'pitka-salasana-1' });
    expect(created.statusCode).toBe(200);
    const u = json(created);
    expect(u).toMatchObject({ email: 'uusi.kayttaja@example.com', role: 'OFFICE', officeIds: [2, 3], active: true });
    expect(json(await admin.get('/users')).some((x: { id: number }) => x.id === u.id)).toBe(true);
    // The new user signs in and runs offices 2 and 3 only.
    const newcomer = new StaffClient(t.app);
    await newcomer.login('uusi.kayttaja@example.com', 'pitka-salasana-1');
    expect(json(await newcomer.get('/me')).offices.map((o: { id: number }) => o.id)).toEqual([2, 3]);
    // Deactivating signs it out at once.
    const off = await admin.patch(`/users/${u.id}`, { active: false });
    expect(json(off).active).toBe(false);
    expect((await newcomer.get('/me')).statusCode).toBe(401);
    expect((await office.patch(`/users/${u.id}`, { active: true })).statusCode).toBe(403);
  });

  it('refuses a taken address, a short password, an unknown office and an office user without offices, each naming its field, and adds nothing', async () => {
    const { client: admin } = await signedInStaff(t.app, t.db, { role: 'ADMIN' });
    const before = (await t.db.selectFrom('staff_user').select('id').execute()).length;
    const cases: [object, string][] = [
      [{ email: DEMO_STAFF.office.email, name: 'X', role: 'OFFICE', officeIds: [1], password: 'pitka-salasana-1' }, 'email'],
      [{ email: 'x1@example.com', name: 'X', role: 'OFFICE', officeIds: [1], password: 'lyhyt' }, 'password'],
      [{ email: 'x2@example.com', name: 'X', role: 'OFFICE', officeIds: [99999], password: 'pitka-salasana-1' }, 'officeIds'],
      [{ email: 'x3@example.com', name: 'X', role: 'OFFICE', officeIds: [], password: 'pitka-salasana-1' }, 'officeIds'],
      [{ email: 'ei-osoite', name: 'X', role: 'OFFICE', officeIds: [1], password: 'pitka-salasana-1' }, 'email'],
      [{ email: 'x4@example.com', name: 'X', role: 'KING', officeIds: [1], password: 'pitka-salasana-1' }, 'role'],
    ];
    for (const [body, field] of cases) {
      const res = await admin.post('/users', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(json(res).fields.map((f: { path: string }) => f.path)).toContain(field);
    }
    expect((await t.db.selectFrom('staff_user').select('id').execute()).length).toBe(before);
  });

  it('an admin cannot take away their own admin rights', async () => {
    const { client: admin, user } = await signedInStaff(t.app, t.db, { role: 'ADMIN' });
    const res = await admin.patch(`/users/${user.id}`, { role: 'OFFICE', officeIds: [1] });
    expect(res.statusCode).toBe(400);
    expect(json(await admin.get('/me')).role).toBe('ADMIN');
  });
});

describe('a staff member changes their own password (POST /me/password)', () => {
  it('with the current password: the new one signs in, the old does not, other sessions end and this one stays', async () => {
    const user = await addStaffUser(t.db);
    const here = new StaffClient(t.app);
    await here.login(user.email, user.password);
    const elsewhere = new StaffClient(t.app);
    await elsewhere.login(user.email, user.password);
    const next = 'uusi-oma-salasana-42';
    const res = await here.post('/me/password', { currentPassword: user.password, newPassword: next });
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res)).toEqual({ responseCode: 'SUCCESS' });
    expect((await here.get('/me')).statusCode).toBe(200);
    expect((await elsewhere.get('/me')).statusCode).toBe(401);
    expect((await new StaffClient(t.app).post('/login', { email: user.email, password: user.password })).statusCode).toBe(401);
    expect((await new StaffClient(t.app).login(user.email, next)).statusCode).toBe(200);
  });

  it('refuses a wrong current password (400 currentPassword), a short or unchanged new one (400 newPassword) and nobody signed in (401); the password stays', async () => {
    const user = await addStaffUser(t.db);
    const c = new StaffClient(t.app);
    await c.login(user.email, user.password);
    const hashBefore = await t.db.selectFrom('staff_user').select('password_hash').where('id', '=', user.id).executeTakeFirstOrThrow();
    const cases: [object, string][] = [
      [{ currentPassword: 'väärä-salasana-99', newPassword: 'uusi-oma-salasana-42' }, 'currentPassword'],
      [{ currentPassword: user.password, newPassword: 'lyhyt' }, 'newPassword'],
      [{ currentPassword: user.password, newPassword: user.password }, 'newPassword'],
      [{ newPassword: 'uusi-oma-salasana-42' }, 'currentPassword'],
    ];
    for (const [body, field] of cases) {
      const res = await c.post('/me/password', body);
      expect(res.statusCode, `${JSON.stringify(body)} ${res.body}`).toBe(400);
      expect(json(res).fields.map((f: { path: string }) => f.path)).toEqual([field]);
    }
    expect(json(await c.post('/me/password', cases[0]![0])).fields[0].message).toBe('Nykyinen salasana on väärin');
    expect((await new StaffClient(t.app).post('/me/password', { currentPassword: user.password, newPassword: 'uusi-oma-salasana-42' })).statusCode).toBe(401);
    const hashAfter = await t.db.selectFrom('staff_user').select('password_hash').where('id', '=', user.id).executeTakeFirstOrThrow();
    expect(hashAfter).toEqual(hashBefore);
    expect((await c.get('/me')).statusCode).toBe(200);
  });

  it('wrong current passwords count as failed sign-ins of the account: a session cannot guess past the limit', async () => {
    const user = await addStaffUser(t.db);
    const c = new StaffClient(t.app);
    await c.login(user.email, user.password);
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) => c.post('/me/password', { currentPassword: `arvaus-${i}-salasana`, newPassword: 'uusi-oma-salasana-42' })),
    );
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThan(0);
    expect(statuses.every((s) => s === 400 || s === 429)).toBe(true);
    expect(answers.find((a) => a.statusCode === 429)!.headers['retry-after']).toMatch(/^\d+$/);
    // The right current password waits as well until the account's wait is over.
    expect((await c.post('/me/password', { currentPassword: user.password, newPassword: 'uusi-oma-salasana-42' })).statusCode).toBe(429);
  });
});
