/**
 * The tires and pictures on the back-office: every staff member finds tires by product code
 * or size; an admin sets a tire's stock (a tire out of stock leaves the customers' search at
 * once) and uploads pictures as the raw file (a real PNG is stored and served by GET /media;
 * another type, bytes of another type and a file past the limit are refused with their own
 * answer and change nothing). Each change has its audit row; an office user is refused the
 * admins' calls, nobody signed in every call.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { CATALOGUE_IMAGE_MAX_BYTES, STAFF_SESSION_COOKIE, XSRF_COOKIE, XSRF_HEADER, type TireAdmin } from '@huolto/domain';
import { ApiClient, createTestApp, json, type TestApp } from '#test/helpers.ts';
import { STAFF_BASE, StaffClient, signedInStaff } from '#test/staff.ts';
import { listAudit } from '../audit/index.ts';
import { sniffImageType } from './images.ts';
import { tireFilterOf } from './tires.ts';

/** A real 1×1 PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
const JPEG_START = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01]);
const WEBP_START = Buffer.concat([Buffer.from('RIFF'), Buffer.from([0x24, 0, 0, 0]), Buffer.from('WEBPVP8 ')]);

const GOLF = { suppliers: [1, 2, 3, 4, 5, 6, 7, 8], width: 205, aspectRatio: 55, rimDiameter: 16, minLoadIndex: 91, tireType: 'WINTER_STUDDED' };

let t: TestApp;
let admin: StaffClient;
let officeUser: StaffClient;

beforeAll(async () => {
  t = await createTestApp({ caches: true });
  admin = (await signedInStaff(t.app, t.db, { role: 'ADMIN' })).client;
  officeUser = (await signedInStaff(t.app, t.db, { role: 'OFFICE', officeIds: [1] })).client;
}, 60_000);
afterAll(() => t.close());

/** A raw body to the staff API, as the back-office's upload sends it. */
function upload(c: StaffClient, method: 'POST' | 'PUT', path: string, body: Buffer | undefined, contentType?: string) {
  const xsrf = 'xsrf-testi';
  return t.app.inject({
    method,
    url: `${STAFF_BASE}${path}`,
    headers: {
      cookie: [`${XSRF_COOKIE}=${xsrf}`, ...(c.session ? [`${STAFF_SESSION_COOKIE}=${c.session}`] : [])].join('; '),
      [XSRF_HEADER]: xsrf,
      ...(contentType ? { 'content-type': contentType } : {}),
    },
    ...(body ? { payload: body } : {}),
  });
}

/** The pictures, tires and audit trail, to show that a refused call changed nothing. */
async function digest() {
  const { rows } = await sql<{ d: string }>`
    SELECT md5(
      (SELECT count(*)::text FROM media) ||
      (SELECT coalesce(string_agg(t.product_id || ':' || t.stock, ',' ORDER BY t.product_id), '') FROM tire t) ||
      (SELECT coalesce(string_agg(p.id || ':' || array_to_string(p.image_ids, '+'), ',' ORDER BY p.id), '') FROM product p) ||
      (SELECT count(*)::text FROM audit_event)) AS d`.execute(t.db);
  return rows[0]!.d;
}

/** The customers' search for the Golf's size, as a new booking sees it. */
async function customerSearch() {
  const c = new ApiClient(t.app);
  await c.init('TIRE_SALES');
  return json<{ product: { id: string }; suggested_tire: { stock: number } }[]>(await c.post('/search-tires/v2', GOLF));
}

describe('finding tires', () => {
  it('by a product code prefix or a size, for any staff member; by supplier and code, at most 100', async () => {
    const any = await t.db.selectFrom('tire').select(['product_id', 'supplier_code']).where('width', '=', 205).orderBy('product_id').executeTakeFirstOrThrow();
    const prefix = any.supplier_code.slice(0, Math.max(3, any.supplier_code.length - 2));
    const byCode = json<TireAdmin[]>(await officeUser.get('/catalogue/tires', { q: prefix.toLowerCase() }));
    expect(byCode.length).toBeGreaterThan(0);
    expect(byCode.length).toBeLessThanOrEqual(100);
    expect(byCode.map((x) => x.productId)).toContain(any.product_id);
    for (const x of byCode) expect(x.supplierCode.toLowerCase().startsWith(prefix.toLowerCase())).toBe(true);

    const bySize = await officeUser.get('/catalogue/tires', { q: '205/55R16' });
    expect(bySize.statusCode, bySize.body).toBe(200);
    const sized = json<TireAdmin[]>(bySize);
    expect(sized.length).toBeGreaterThan(0);
    expect(sized.length).toBeLessThanOrEqual(100);
    for (const x of sized) expect(x.size).toMatch(/^205\/55R16 /);
    const order = sized.map((x) => `${x.supplier}|${x.supplierCode}`);
    expect(order).toEqual([...order].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));

    const supplier = sized[0]!.supplier;
    const ofSupplier = json<TireAdmin[]>(await officeUser.get('/catalogue/tires', { q: '205/55 R16', supplier: supplier.toUpperCase() }));
    expect(ofSupplier.length).toBeGreaterThan(0);
    for (const x of ofSupplier) expect(x.supplier).toBe(supplier);

    expect(json<TireAdmin[]>(await admin.get('/catalogue/tires')).length).toBe(100);
    expect(json(await admin.get('/catalogue/tires', { q: '%' }))).toEqual([]);
    // A character the database cannot store is refused naming the field, not looked for.
    for (const query of [{ q: 'a\u0000b' }, { q: '205/55R16', supplier: '\u0000' }] as Record<string, string>[]) {
      const res = await admin.get('/catalogue/tires', query);
      expect(res.statusCode, res.body).toBe(400);
      expect(json(res).fields.map((f: { path: string }) => f.path)).toEqual([Object.keys(query).at(-1)]);
    }
  });

  it('reads a size as typed', () => {
    expect(tireFilterOf('205/55R16').size).toEqual({ width: 205, aspectRatio: 55, rimDiameter: 16 });
    expect(tireFilterOf(' 205/55 r 16 ').size).toEqual({ width: 205, aspectRatio: 55, rimDiameter: 16 });
    expect(tireFilterOf('205/55').size).toEqual({ width: 205, aspectRatio: 55, rimDiameter: undefined });
    expect(tireFilterOf('NOK-123').size).toBeUndefined();
  });
});

describe("a tire's stock", () => {
  it('stock 0 takes the tire out of the customers\u2019 search at once, stock back brings it back; audit rows', async () => {
    const first = (await customerSearch())[0]!;
    const id = first.product.id;
    const stock = first.suggested_tire.stock;
    try {
      const res = await admin.put(`/catalogue/tires/${id}/stock`, { stock: 0 });
      expect(res.statusCode, res.body).toBe(200);
      expect(json<TireAdmin>(res)).toMatchObject({ productId: id, stock: 0 });
      expect((await listAudit(t.db, 'TIRE', id))[0]).toMatchObject({ action: 'UPDATED', before: { stock }, after: { stock: 0 } });
      expect((await customerSearch()).map((r) => r.product.id)).not.toContain(id);

      expect(json<TireAdmin>(await admin.put(`/catalogue/tires/${id}/stock`, { stock: 7 }))).toMatchObject({ stock: 7 });
      expect((await customerSearch()).find((r) => r.product.id === id)?.suggested_tire.stock).toBe(7);
    } finally {
      await t.db.updateTable('tire').set({ stock }).where('product_id', '=', id).execute();
    }
  });

  it('refuses a bad stock naming it, an unknown tire with 404; nothing changes', async () => {
    const id = (await t.db.selectFrom('tire').select('product_id').orderBy('product_id').executeTakeFirstOrThrow()).product_id;
    const before = await digest();
    for (const stock of [-1, 100_001, 1.5, '3', null]) {
      const res = await admin.put(`/catalogue/tires/${id}/stock`, { stock });
      expect(res.statusCode, String(stock)).toBe(400);
      expect(json(res).fields.map((f: { path: string }) => f.path)).toEqual(['stock']);
    }
    expect((await admin.put('/catalogue/tires/EI-OLE/stock', { stock: 1 })).statusCode).toBe(404);
    expect(await digest()).toBe(before);
  });
});

describe('pictures', () => {
  it('knows the three types by their first bytes', () => {
    expect(sniffImageType(PNG)).toBe('image/png');
    expect(sniffImageType(JPEG_START)).toBe('image/jpeg');
    expect(sniffImageType(WEBP_START)).toBe('image/webp');
    expect(sniffImageType(Buffer.from('GIF89a'))).toBeNull();
    expect(sniffImageType(Buffer.alloc(0))).toBeNull();
  });

  it('an admin uploads a PNG: its id answered, a MEDIA audit row, and GET /media serves the same bytes', async () => {
    const res = await upload(admin, 'POST', '/catalogue/images', PNG, 'image/png');
    expect(res.statusCode, res.body).toBe(200);
    const { imageId } = json<{ imageId: string }>(res);
    expect(imageId).toMatch(/^[A-Za-z0-9_.-]{1,100}$/);
    expect((await listAudit(t.db, 'MEDIA', imageId))[0]).toMatchObject({ action: 'CREATED', after: { imageId, contentType: 'image/png', bytes: PNG.length } });
    const served = await new ApiClient(t.app).get(`/media?id=${imageId}`);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.rawPayload.equals(PNG)).toBe(true);
  });

  it('refuses another type (415), bytes of another type or none (400), a file past the limit (413), each with its message; nothing changes', async () => {
    const before = await digest();
    const cases: [Buffer | undefined, string | undefined, number, RegExp][] = [
      [Buffer.from('GIF89a\x01\x00\x01\x00'), 'image/gif', 415, /PNG-, JPEG- tai WebP/],
      [PNG, 'application/octet-stream', 415, /PNG-, JPEG- tai WebP/],
      [Buffer.from('{"a":1}'), 'application/json', 415, /PNG-, JPEG- tai WebP/],
      [PNG, undefined, 415, /PNG-, JPEG- tai WebP/],
      [PNG, 'image/jpeg', 400, /ei ole ilmoitetun tyyppistä/],
      [Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), 'image/png', 400, /ei ole ilmoitetun tyyppistä/],
      [undefined, 'image/png', 400, /puuttuu/],
      [Buffer.concat([PNG, Buffer.alloc(CATALOGUE_IMAGE_MAX_BYTES)]), 'image/png', 413, /liian suuri: enintään 500 kt/],
    ];
    for (const [body, type, status, message] of cases) {
      const res = await upload(admin, 'POST', '/catalogue/images', body, type);
      expect(res.statusCode, `${type} ${res.body}`).toBe(status);
      expect(json(res).message, `${type}`).toMatch(message);
    }
    // Exactly at the limit is taken (a PNG with trailing bytes).
    const atLimit = Buffer.concat([PNG, Buffer.alloc(CATALOGUE_IMAGE_MAX_BYTES - PNG.length)]);
    expect(await digest()).toBe(before);
    expect((await upload(admin, 'POST', '/catalogue/images', atLimit, 'image/png')).statusCode).toBe(200);
  });

  it("an admin sets a tire's picture: its only one, the customers' search shows it, TIRE and MEDIA audit rows", async () => {
    const tire = (await customerSearch())[0]!;
    const id = tire.product.id;
    const res = await upload(admin, 'PUT', `/catalogue/tires/${id}/image`, PNG, 'image/png');
    expect(res.statusCode, res.body).toBe(200);
    const after = json<TireAdmin>(res);
    expect(after.imageIds).toHaveLength(1);
    const [imageId] = after.imageIds;
    expect((await listAudit(t.db, 'TIRE', id))[0]).toMatchObject({ action: 'UPDATED', after: { imageIds: [imageId] } });
    expect((await listAudit(t.db, 'MEDIA', imageId!))[0]).toMatchObject({ action: 'CREATED' });
    const shown = (await customerSearch()).find((r) => r.product.id === id) as unknown as { additional_data: { imageIds: string[] } };
    expect(shown.additional_data.imageIds).toEqual([imageId]);
    expect((await new ApiClient(t.app).get(`/media?id=${imageId}`)).rawPayload.equals(PNG)).toBe(true);

    const before = await digest();
    expect((await upload(admin, 'PUT', '/catalogue/tires/EI-OLE/image', PNG, 'image/png')).statusCode).toBe(404);
    expect((await upload(admin, 'PUT', `/catalogue/tires/${id}/image`, PNG, 'image/webp')).statusCode).toBe(400);
    expect(await digest()).toBe(before);
  });
});

describe('who may call', () => {
  it('403 for an office user on the admins\u2019 calls, 401 signed out on every call; nothing changes', async () => {
    const id = (await t.db.selectFrom('tire').select('product_id').orderBy('product_id').executeTakeFirstOrThrow()).product_id;
    const before = await digest();
    const nobody = new StaffClient(t.app);
    for (const [c, status] of [[officeUser, 403], [nobody, 401]] as const) {
      expect((await c.put(`/catalogue/tires/${id}/stock`, { stock: 0 })).statusCode).toBe(status);
      expect((await upload(c, 'POST', '/catalogue/images', PNG, 'image/png')).statusCode).toBe(status);
      expect((await upload(c, 'PUT', `/catalogue/tires/${id}/image`, PNG, 'image/png')).statusCode).toBe(status);
    }
    expect((await nobody.get('/catalogue/tires', { q: '205/55R16' })).statusCode).toBe(401);
    expect(await digest()).toBe(before);
  });
});
