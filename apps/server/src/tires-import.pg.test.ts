import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { STAFF_SESSION_COOKIE, XSRF_COOKIE, XSRF_HEADER } from '@huolto/domain';
import { HttpApiClient, createTestDatabase, type TestDatabase } from '../test/helpers.ts';
import { startServer, stopServer, type ServerProcess } from '../test/processes.ts';
import { STAFF_BASE, addStaffUser } from '../test/staff.ts';

/**
 * A supplier's tire list imported through one server process, the customers' tire search on
 * another, both on one PostgreSQL (included only when DATABASE_URL is set): each process
 * keeps its own search cache, under the catalogue version that the import moves in the
 * database, so the other process no longer offers a tire the list put out of stock at its
 * very next search. The demo catalogue's whole list is the file, timed.
 */

const cleanup: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const f of cleanup.reverse()) await f().catch((err) => console.error(err));
}, 60_000);

/** The back-office over HTTP: the XSRF cookie and header, and the session cookie once signed in. */
class HttpStaffClient {
  private session = '';
  private readonly xsrf = randomBytes(12).toString('hex');
  constructor(private readonly base: string) {}

  async request(method: 'GET' | 'POST', path: string, body?: unknown) {
    const cookie = [`${XSRF_COOKIE}=${this.xsrf}`, ...(this.session ? [`${STAFF_SESSION_COOKIE}=${this.session}`] : [])].join('; ');
    const res = await fetch(`${this.base}${STAFF_BASE}${path}`, {
      method,
      headers: { cookie, [XSRF_HEADER]: this.xsrf, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const [name, value] = pair!.split('=');
      if (name === STAFF_SESSION_COOKIE) this.session = value ?? '';
    }
    return { status: res.status, text: await res.text() };
  }
}

interface Suggestion {
  product: { id: string };
  suggested_tire: { stock: number };
}

describe('a tire list imported on one server process, the tire search on another', () => {
  it('the other process no longer offers a tire the list put out of stock, at its next search', async () => {
    if (!inject('pgUrl')) throw new Error('tires-import.pg.test.ts runs only against PostgreSQL (DATABASE_URL)');
    const database: TestDatabase = await createTestDatabase();
    cleanup.push(() => database.drop());
    const dataDir = mkdtempSync(join(tmpdir(), 'huolto-tires-'));
    cleanup.push(async () => rmSync(dataDir, { recursive: true, force: true }));
    const admin = await addStaffUser(database.handle.db, { role: 'ADMIN' });
    const servers: ServerProcess[] = [];
    cleanup.push(() => Promise.all(servers.map(stopServer)));
    const started = await Promise.allSettled(['a', 'b'].map((n) => startServer({ databaseUrl: database.url!, dataDir: join(dataDir, n) })));
    for (const r of started) if (r.status === 'fulfilled') servers.push(r.value);
    for (const r of started) if (r.status === 'rejected') throw r.reason;
    const [a, b] = servers as [ServerProcess, ServerProcess];

    // A customer on process b finds the demo's friction tires of a Golf's size, in stock, twice (the second from b's cache).
    const customer = new HttpApiClient([b.base]);
    await customer.init('TIRE_SALES');
    const query = { suppliers: [1], width: 205, aspectRatio: 55, rimDiameter: 16, minLoadIndex: 91, tireType: 'WINTER_STUDLESS' };
    const search = async () => {
      const res = await customer.post('/search-tires/v2', query);
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as Suggestion[];
    };
    const before = await search();
    expect(before.length).toBeGreaterThan(1);
    expect(before.every((s) => s.suggested_tire.stock > 0)).toBe(true);
    const gone = before[0]!.product.id;
    expect((await search()).map((s) => s.product.id)).toContain(gone);

    // The back-office on process a: the whole list exported, then imported without that tire.
    const office = new HttpStaffClient(a.base);
    expect((await office.request('POST', '/login', { email: admin.email, password: admin.password })).status).toBe(200);
    let begun = Date.now();
    const exported = await office.request('GET', '/data/export/tires');
    const exportMs = Date.now() - begun;
    expect(exported.status, exported.text.slice(0, 500)).toBe(200);
    const [header, ...lines] = exported.text.replace(/^\uFEFF/, '').split('\r\n').filter((l) => l !== '');
    begun = Date.now();
    const dry = await office.request('POST', '/data/import', { file: 'tires', csv: exported.text, apply: false });
    const dryMs = Date.now() - begun;
    expect(dry.status, dry.text.slice(0, 500)).toBe(200);
    expect(JSON.parse(dry.text).counts).toEqual({ CREATE: 0, UPDATE: 0, UNCHANGED: lines.length, OUT_OF_STOCK: 0 });

    const list = [header!, ...lines.filter((l) => l.split(';')[1] !== gone)].join('\r\n') + '\r\n';
    begun = Date.now();
    const applied = await office.request('POST', '/data/import', { file: 'tires', csv: list, apply: true });
    const applyMs = Date.now() - begun;
    expect(applied.status, applied.text.slice(0, 500)).toBe(200);
    const answer = JSON.parse(applied.text);
    expect(answer.counts).toEqual({ CREATE: 0, UPDATE: 0, UNCHANGED: lines.length - 1, OUT_OF_STOCK: 1 });
    expect(answer.changes[0]).toEqual({ key: `Nokian Tyres / ${gone}`, action: 'OUT_OF_STOCK', fields: ['stock'] });
    console.log(`tires.csv on PostgreSQL, ${lines.length} tires: export ${exportMs} ms, dry run ${dryMs} ms, apply ${applyMs} ms`);

    // Process b's next search no longer offers it; the others stay.
    const after = (await search()).map((s) => s.product.id);
    expect(after).not.toContain(gone);
    expect(after).toEqual(before.map((s) => s.product.id).filter((id) => id !== gone));
    const row = await database.handle.db.selectFrom('tire').select('stock').where('product_id', '=', gone).executeTakeFirstOrThrow();
    expect(row.stock).toBe(0);
    for (const s of servers) expect(s.child.exitCode, s.output()).toBeNull();
  }, 240_000);
});
