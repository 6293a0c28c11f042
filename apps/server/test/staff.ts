/**
 * Back-office test helpers: staff accounts made directly in the database, and a client that
 * signs in and keeps the session cookie and the XSRF cookie as a browser does.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { LightMyRequestResponse } from 'fastify';
import { API_BASE, STAFF_API_PATH, STAFF_SESSION_COOKIE, XSRF_COOKIE, XSRF_HEADER, type StaffRole } from '@huolto/domain';
import type { DatabaseHandle } from '../src/db/database.ts';
import { addAccount } from '../src/modules/staff/service.ts';

export const STAFF_BASE = `${API_BASE}${STAFF_API_PATH}`;
export const TEST_STAFF_PASSWORD = 'testi-salasana-1234';

let made = 0;
/** A new staff account; answers its e-mail address and password. */
export async function addStaffUser(
  db: DatabaseHandle['db'],
  opts: { email?: string; role?: StaffRole; officeIds?: number[]; password?: string; name?: string } = {},
) {
  const email = (opts.email ?? `staff-${process.pid}-${++made}-${randomBytes(3).toString('hex')}@example.com`).toLowerCase();
  const password = opts.password ?? TEST_STAFF_PASSWORD;
  const role = opts.role ?? 'OFFICE';
  const ok = await addAccount(db as never, { email, name: opts.name ?? 'Testi Käyttäjä', role, password, officeIds: opts.officeIds ?? (role === 'OFFICE' ? [1] : []) });
  if (!ok) throw new Error(`staff user ${email} exists`);
  const row = await db.selectFrom('staff_user').select('id').where('email', '=', email).executeTakeFirstOrThrow();
  return { id: row.id, email, password };
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** A browser of the back-office: XSRF cookie and header, and the session cookie once signed in. */
export class StaffClient {
  session: string | undefined;
  private readonly xsrf = randomBytes(12).toString('hex');

  constructor(
    private readonly app: FastifyInstance,
    private readonly opts: { remoteAddress?: string } = {},
  ) {}

  async request(method: Method, path: string, body?: unknown, query?: Record<string, string>): Promise<LightMyRequestResponse> {
    const cookies = [`${XSRF_COOKIE}=${this.xsrf}`, ...(this.session ? [`${STAFF_SESSION_COOKIE}=${this.session}`] : [])];
    const res = await this.app.inject({
      method,
      url: `${STAFF_BASE}${path}`,
      headers: { cookie: cookies.join('; '), [XSRF_HEADER]: this.xsrf },
      ...(this.opts.remoteAddress ? { remoteAddress: this.opts.remoteAddress } : {}),
      ...(query ? { query } : {}),
      ...(body !== undefined ? { payload: body as object } : {}),
    });
    const set = res.cookies.find((c) => c.name === STAFF_SESSION_COOKIE);
    if (set) this.session = set.value && (set.maxAge === undefined || set.maxAge > 0) ? set.value : undefined;
    return res;
  }

  get = (path: string, query?: Record<string, string>) => this.request('GET', path, undefined, query);
  post = (path: string, body?: unknown) => this.request('POST', path, body ?? {});
  put = (path: string, body?: unknown) => this.request('PUT', path, body ?? {});
  patch = (path: string, body?: unknown) => this.request('PATCH', path, body ?? {});
  delete = (path: string) => this.request('DELETE', path);

  /** Signs in; throws unless the answer is 200. */
  async login(email: string, password: string = TEST_STAFF_PASSWORD) {
    const res = await this.post('/login', { email, password });
    if (res.statusCode !== 200) throw new Error(`staff login ${res.statusCode} ${res.body}`);
    return res;
  }
}

/** A signed-in client of a new staff account. */
export async function signedInStaff(app: FastifyInstance, db: DatabaseHandle['db'], opts: Parameters<typeof addStaffUser>[1] = {}) {
  const user = await addStaffUser(db, opts);
  const client = new StaffClient(app);
  await client.login(user.email, user.password);
  return { client, user };
}
