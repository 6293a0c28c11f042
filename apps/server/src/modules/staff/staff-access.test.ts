/**
 * Every call of the back-office, taken from the app's route tree (so a new call is covered
 * without being listed): refused with 401 to nobody signed in and to an ended session, with
 * 403 to an office user for another office's data and for admins' calls, before its input
 * is read, and changing nothing when refused.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE, STAFF_API_PATH, STAFF_SESSION_COOKIE, todayInHelsinki } from '@huolto/domain';
import { createTestApp, json, type TestApp } from '#test/helpers.ts';
import { changeMark, changesSince, installChangeLog, routesOf, type Route } from '#test/fuzz-support.ts';
import { StaffClient, signedInStaff } from '#test/staff.ts';

const BASE = `${API_BASE}${STAFF_API_PATH}`;
/** Calls anyone may make: signing in and out. */
const PUBLIC = ['POST /login', 'POST /logout'];
/** Calls about the signed-in user's own things only (the search finds in their own offices), and the catalogue every staff member reads. */
const OWN = [
  'GET /me',
  'POST /me/password',
  'GET /offices',
  'GET /bookings',
  'GET /work-kinds',
  'GET /company',
  'GET /catalogue/tires',
  'GET /catalogue/groups',
  'GET /catalogue/services',
  'GET /catalogue/services/:code',
  'GET /catalogue/preview',
];
/** Calls for admins only, by method and path. */
const ADMIN_ONLY = /^[A-Z]+ \/users(\/|$)|^GET \/office-admin$|^POST \/offices$|^(POST|PUT) \/work-kinds(\/|$)|^PUT \/company$|^GET \/setup$|^[A-Z]+ \/data\/|^[A-Z]+ \/catalogue\/(campaign-codes|vouchers)(\/|$)|^POST \/catalogue\/images$|^PUT \/catalogue\/tires\/|^(POST|PUT) \/catalogue\/(groups|services)(\/|$)|^POST \/personal-data\/(search|export|erase)$/;

let t: TestApp;
let routes: Route[];
let office1Booking: string;
let office1Resource: number;
beforeAll(async () => {
  t = await createTestApp();
  await installChangeLog(t.db);
  routes = routesOf(t.app.printRoutes({ commonPrefix: false })).filter((r) => r.path.startsWith(`${BASE}/`));
  const booking = await t.db.selectFrom('booking').select('id').where('organization_id', '=', 1).orderBy('id').executeTakeFirstOrThrow();
  office1Booking = String(booking.id);
  office1Resource = (await t.db.selectFrom('resource').select('id').where('organization_id', '=', 1).orderBy('id').executeTakeFirstOrThrow()).id;
}, 60_000);
afterAll(() => t.close());

const local = (r: Route) => r.path.slice(BASE.length);
const name = (r: Route) => `${r.method} ${local(r)}`;

/** The route's path with its parameters filled in: office 1, a booking of office 1, today, info text 1. */
function urlOf(r: Route) {
  return local(r)
    .replace(':officeId', '1')
    .replace(':date', todayInHelsinki())
    .replace(/\/bookings\/:id/, `/bookings/${office1Booking}`)
    .replace(':resourceId', String(office1Resource))
    .replace(':infoTextId', '1')
    .replace(':code', 'MAINTENANCE')
    .replace(':id', '1');
}

async function call(c: StaffClient, r: Route) {
  const method = r.method as 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  return c.request(method, urlOf(r), method === 'GET' || method === 'DELETE' ? undefined : {});
}

describe('the staff API refuses whoever may not call it', () => {
  it('has the calls the back-office needs', () => {
    const names = routes.map(name);
    for (const needed of ['POST /login', 'GET /me', 'GET /users', 'GET /offices']) expect(names).toContain(needed);
    expect(routes.length).toBeGreaterThanOrEqual(5);
  });

  it('401 for every call but signing in and out, with no session cookie and with an ended one; nothing changes', async () => {
    const { client: ended } = await signedInStaff(t.app, t.db, { role: 'ADMIN' });
    const secret = ended.session!;
    await ended.post('/logout');
    ended.session = secret;
    const nobody = new StaffClient(t.app);
    for (const r of routes.filter((x) => !PUBLIC.includes(name(x)))) {
      for (const c of [nobody, ended]) {
        const mark = await changeMark(t.db);
        const res = await call(c, r);
        expect(res.statusCode, `${name(r)}: ${res.body}`).toBe(401);
        expect(json(res).error).toBe('UNAUTHORIZED');
        expect(await changesSince(t.db, mark), name(r)).toEqual([]);
      }
    }
  });

  it("403 for an office user on another office's calls and bookings, and on admins' calls; nothing changes", async () => {
    const { client: office2 } = await signedInStaff(t.app, t.db, { role: 'OFFICE', officeIds: [2] });
    const unclassified: string[] = [];
    for (const r of routes.filter((x) => !PUBLIC.includes(name(x)))) {
      const path = local(r);
      const officeData = path.includes(':officeId') || path.includes('/bookings/:id');
      if (!officeData && !ADMIN_ONLY.test(name(r))) {
        if (!OWN.includes(name(r))) unclassified.push(name(r));
        continue;
      }
      const mark = await changeMark(t.db);
      const res = await call(office2, r);
      expect(res.statusCode, `${name(r)}: ${res.body}`).toBe(403);
      expect(json(res).error).toBe('FORBIDDEN');
      expect(await changesSince(t.db, mark), name(r)).toEqual([]);
    }
    // Every call is either an office's, an admin's, or the user's own: a new one must be placed.
    expect(unclassified).toEqual([]);
  });

  it("the user's own calls show only their own offices", async () => {
    const { client: office2 } = await signedInStaff(t.app, t.db, { role: 'OFFICE', officeIds: [2] });
    for (const path of ['/me', '/offices']) {
      const res = await office2.get(path);
      expect(res.statusCode, path).toBe(200);
      const body = json(res);
      const ids = (Array.isArray(body) ? body : body.offices).map((o: { id: number }) => o.id);
      expect(ids, path).toEqual([2]);
    }
    // A search as wide as a common surname ending finds office 2's bookings only.
    const found = await office2.get('/bookings', { q: 'nen' });
    expect(found.statusCode, found.body).toBe(200);
    const offices = new Set((json(found).results as { office: { id: number } }[]).map((r) => r.office.id));
    expect([...offices]).toEqual([2]);
  });

  it('the session cookie is not accepted in a header or as another name', async () => {
    const { client } = await signedInStaff(t.app, t.db, { role: 'ADMIN' });
    const res = await t.app.inject({ method: 'GET', url: `${BASE}/me`, headers: { authorization: `Bearer ${client.session}`, cookie: `x${STAFF_SESSION_COOKIE}=${client.session}` } });
    expect(res.statusCode).toBe(401);
  });
});
