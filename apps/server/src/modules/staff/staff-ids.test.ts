/**
 * Ids in the back-office's paths are taken only in their one canonical form: digits without a
 * leading zero, within the database's integer. Any other form (`/offices/02/…`,
 * `/bookings/0332/…`, '+1', '1.0', …) is refused by the guard at once with 400 naming the
 * path parameter: the same answer for everyone (nobody, staff of the office, staff of another
 * office, an admin), before the session, the office check or the input is looked at, and
 * nothing changes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE, STAFF_API_PATH, todayInHelsinki } from '@huolto/domain';
import { createTestApp, type TestApp } from '#test/helpers.ts';
import { changeMark, changesSince, installChangeLog, routesOf, type Route } from '#test/fuzz-support.ts';
import { StaffClient, signedInStaff } from '#test/staff.ts';

const BASE = `${API_BASE}${STAFF_API_PATH}`;
const NON_CANONICAL = ['0{id}', '00{id}', '+{id}', '{id}.0', '{id}e0', '0x{id}', ' {id}', '99999999999', '2147483648', '0', '-{id}', 'yksi'];

let t: TestApp;
let routes: Route[];
let booking: string;
beforeAll(async () => {
  t = await createTestApp();
  await installChangeLog(t.db);
  routes = routesOf(t.app.printRoutes({ commonPrefix: false })).filter((r) => r.path.startsWith(`${BASE}/`) && /:(officeId|id)\b/.test(r.path));
  booking = String((await t.db.selectFrom('booking').select('id').where('organization_id', '=', 1).orderBy('id').executeTakeFirstOrThrow()).id);
}, 60_000);
afterAll(() => t.close());

const fieldsOf = (res: { json(): unknown }) => ((res.json() as { fields?: { path: string }[] }).fields ?? []).map((f) => f.path);

/** The route's path with one id parameter in a non-canonical form and the others canonical. */
function pathsOf(r: Route): { path: string; param: string }[] {
  const local = r.path.slice(BASE.length);
  const idOf = (param: string) => (param === 'officeId' ? '1' : local.startsWith('/bookings/') ? booking : '1');
  const params = [...local.matchAll(/:(officeId|id)\b/g)].map((m) => m[1]!);
  return params.flatMap((param) =>
    NON_CANONICAL.map((form) => ({
      param,
      path: local
        .replace(':date', todayInHelsinki())
        .replace(/:(officeId|id)\b/g, (_, p: string) => (p === param ? form.replace('{id}', idOf(p)) : idOf(p)))
        .replace(/ /g, '%20'),
    })),
  );
}

describe('non-canonical ids in staff paths', () => {
  it('the staff tree has routes with office and booking ids', () => {
    expect(routes.some((r) => r.path.includes(':officeId'))).toBe(true);
    expect(routes.some((r) => r.path.includes('/bookings/:id'))).toBe(true);
  });

  it('answer 400 naming the parameter, alike to nobody, the office, another office and an admin, before the input is read; nothing changes', async () => {
    const clients = {
      nobody: new StaffClient(t.app),
      office1: (await signedInStaff(t.app, t.db, { role: 'OFFICE', officeIds: [1] })).client,
      office2: (await signedInStaff(t.app, t.db, { role: 'OFFICE', officeIds: [2] })).client,
      admin: (await signedInStaff(t.app, t.db, { role: 'ADMIN' })).client,
    };
    const mark = await changeMark(t.db);
    const wrong: string[] = [];
    let checked = 0;
    for (const r of routes) {
      const method = r.method as 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
      for (const { path, param } of pathsOf(r)) {
        const answers = new Set<string>();
        for (const [who, c] of Object.entries(clients)) {
          // No query and an empty body: were the input read first, its fields would be named.
          const res = await c.request(method, path, method === 'GET' || method === 'DELETE' ? undefined : {});
          checked++;
          if (res.statusCode !== 400 || fieldsOf(res).join() !== param) wrong.push(`${who} ${method} ${path}: ${res.statusCode} ${res.body}`);
          answers.add(`${res.statusCode} ${res.body}`);
        }
        if (answers.size !== 1) wrong.push(`${method} ${path}: answers differ by caller`);
      }
    }
    expect(wrong).toEqual([]);
    expect(checked).toBeGreaterThan(100);
    expect(await changesSince(t.db, mark)).toEqual([]);
  });

  it('canonical ids still reach the routes', async () => {
    const { client } = await signedInStaff(t.app, t.db, { role: 'OFFICE', officeIds: [1] });
    expect((await client.get('/offices/1/day', { date: todayInHelsinki() })).statusCode).toBe(200);
    expect((await client.get(`/bookings/${booking}`)).statusCode).toBe(200);
    expect((await client.get('/offices/2/day', { date: todayInHelsinki() })).statusCode).toBe(403);
  });
});
