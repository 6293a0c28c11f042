import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE, XSRF_COOKIE, XSRF_HEADER, addDays, todayInHelsinki } from '@huolto/domain';
import { ApiClient, createTestApp, json, type TestApp } from '#test/helpers.ts';
import { extended } from '#src/lib/extra-tables.ts';
import { DAMAGE_INSPECTION_OFFICE_IDS, EXPIRED_INFO_TEXT, KONALA_INFO_TEXT } from '#seed/management.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

type Org = {
  id: number;
  name: string;
  address: string;
  post_code: string;
  post_office: string;
  brand_dealer: boolean;
  opening_time: string;
  closing_time: string;
};
const fieldsOf = (res: Parameters<typeof json>[0]) => (json(res).fields as { path: string }[]).map((f) => f.path);
const ORG_KEYS = ['address', 'brand_dealer', 'closing_time', 'id', 'name', 'opening_time', 'post_code', 'post_office'];

describe('office lists without a session', () => {
  it('all-organizations/v2: every active office, none a brand dealer', async () => {
    const orgs = json<Org[]>(await new ApiClient(t.app).get('/all-organizations/v2'));
    expect(orgs.length).toBeGreaterThanOrEqual(10);
    expect(orgs.every((o) => !o.brand_dealer)).toBe(true);
    expect(Object.keys(orgs[0]!).sort()).toEqual(ORG_KEYS);
  });

  it('get-organizations-by-site/v2: the offices of a town, whatever the case', async () => {
    const c = new ApiClient(t.app);
    const helsinki = json<Org[]>(await c.get('/get-organizations-by-site/v2', { site: 'helsinki' }));
    expect(helsinki.map((o) => o.id)).toContain(1);
    expect(helsinki.every((o) => o.post_office === 'Helsinki')).toBe(true);
    expect(Object.keys(helsinki[0]!).sort()).toEqual(ORG_KEYS);
    expect(json<Org[]>(await c.get('/get-organizations-by-site/v2', { site: ' JYVÄSKYLÄ ' })).map((o) => o.post_office)).toEqual(['Jyväskylä']);
    expect(json(await c.get('/get-organizations-by-site/v2', { site: 'Utsjoki' }))).toEqual([]);
  });

  it.each([[{}], [{ site: '  ' }], [{ site: 'x'.repeat(61) }]])('get-organizations-by-site/v2 %j → 400 naming site', async (query) => {
    const res = await new ApiClient(t.app).get('/get-organizations-by-site/v2', query as Record<string, string>);
    expect(res.statusCode).toBe(400);
    expect(fieldsOf(res)).toEqual(['site']);
  });

  it('find-organizations/v2: nearest first with the distance, 5 by default', async () => {
    const c = new ApiClient(t.app);
    // Tampere railway station: the Tampere office first, then Hämeenlinna (about 70 km).
    const near = json<(Org & { distanceKm: number })[]>(await c.get('/find-organizations/v2', { latitude: '61.4981', longitude: '23.7730' }));
    expect(near).toHaveLength(5);
    expect(near[0]).toMatchObject({ id: 4, post_office: 'Tampere', brand_dealer: false });
    expect(near[0]!.distanceKm).toBeLessThan(5);
    expect(near[1]!.post_office).toBe('Hämeenlinna');
    const distances = near.map((o) => o.distanceKm);
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
    // Oulu: the Oulu office, and the far south last.
    const three = json<(Org & { distanceKm: number })[]>(await c.get('/find-organizations/v2', { latitude: '65.0121', longitude: '25.4651', numberOfResults: '3' }));
    expect(three).toHaveLength(3);
    expect(three[0]!.post_office).toBe('Oulu');
    const all = json<(Org & { distanceKm: number })[]>(await c.get('/find-organizations/v2', { latitude: '65.0121', longitude: '25.4651', numberOfResults: '50' }));
    expect(all[0]!.distanceKm).toBeLessThan(all.at(-1)!.distanceKm);
    expect(['Helsinki', 'Espoo', 'Turku', 'Vantaa']).toContain(all.at(-1)!.post_office);
  });

  it.each([
    [{ longitude: '24.9' }, 'latitude'],
    [{ latitude: '', longitude: '24.9' }, 'latitude'],
    [{ latitude: '95', longitude: '24.9' }, 'latitude'],
    [{ latitude: '60.1', longitude: 'itä' }, 'longitude'],
    [{ latitude: '60.1', longitude: '24.9', numberOfResults: '0' }, 'numberOfResults'],
    [{ latitude: '60.1', longitude: '24.9', numberOfResults: '51' }, 'numberOfResults'],
  ])('find-organizations/v2 %j → 400 naming %s', async (query, field) => {
    const res = await new ApiClient(t.app).get('/find-organizations/v2', query);
    expect(res.statusCode).toBe(400);
    expect(fieldsOf(res)).toEqual([field]);
  });

  it('get-organizations-by-office-number: the office of the number, or none', async () => {
    const c = new ApiClient(t.app);
    expect(json<Org[]>(await c.get('/get-organizations-by-office-number', { officeNumber: '1' }))).toEqual([
      {
        id: 1,
        name: 'Laakkonen Helsinki Konala',
        address: 'Ruosilantie 14',
        post_code: '00390',
        post_office: 'Helsinki',
        brand_dealer: false,
        opening_time: '07:30',
        closing_time: '17:00',
      },
    ]);
    expect(json(await c.get('/get-organizations-by-office-number', { officeNumber: '9999' }))).toEqual([]);
  });

  it.each([[{}], [{ officeNumber: 'yksi' }], [{ officeNumber: '0' }], [{ officeNumber: '1.5' }]])(
    'get-organizations-by-office-number %j → 400 naming officeNumber',
    async (query) => {
      const res = await new ApiClient(t.app).get('/get-organizations-by-office-number', query as Record<string, string>);
      expect(res.statusCode).toBe(400);
      expect(fieldsOf(res)).toEqual(['officeNumber']);
    },
  );

  it('get-damage-inspection-organizations/v2: the offices that do damage inspections', async () => {
    const orgs = json<Org[]>(await new ApiClient(t.app).post('/get-damage-inspection-organizations/v2'));
    expect(orgs.map((o) => o.id).sort((a, b) => a - b)).toEqual([...DAMAGE_INSPECTION_OFFICE_IDS]);
    await extended(t.db).updateTable('organization').set({ damage_inspection: false }).where('id', '=', 9).execute();
    try {
      expect(json<Org[]>(await new ApiClient(t.app).post('/get-damage-inspection-organizations/v2')).map((o) => o.id)).not.toContain(9);
    } finally {
      await extended(t.db).updateTable('organization').set({ damage_inspection: true }).where('id', '=', 9).execute();
    }
  });

  it('get-damage-inspection-organizations/v2 is a POST: XSRF applies', async () => {
    const res = await t.app.inject({ method: 'POST', url: `${API_BASE}/get-damage-inspection-organizations/v2`, payload: {} });
    expect(res.statusCode).toBe(403);
    const ok = await t.app.inject({
      method: 'POST',
      url: `${API_BASE}/get-damage-inspection-organizations/v2`,
      headers: { cookie: `${XSRF_COOKIE}=abc`, [XSRF_HEADER]: 'abc' },
      payload: {},
    });
    expect(ok.statusCode).toBe(200);
  });
});

describe('office info texts', () => {
  it('get-organization-info-texts: the active texts of the offices asked (session)', async () => {
    const c = new ApiClient(t.app);
    await c.init();
    const texts = json(await c.post('/get-organization-info-texts', { organizationIds: [2, 1] }));
    expect(texts).toEqual([{ organizationId: 1, text: KONALA_INFO_TEXT }]);
    expect(JSON.stringify(texts)).not.toContain(EXPIRED_INFO_TEXT);
  });

  it('get-organization-info-texts needs a session; the no-session variant does not', async () => {
    const c = new ApiClient(t.app);
    expect((await c.post('/get-organization-info-texts', { organizationIds: [1] })).statusCode).toBe(412);
    expect(json(await c.post('/get-organization-info-texts-no-session', { organizationIds: [1] }))).toEqual([
      { organizationId: 1, text: KONALA_INFO_TEXT },
    ]);
    expect(json(await c.post('/get-organization-info-texts-no-session', { organizationIds: [] }))).toEqual([]);
  });

  it('a text shows from its first day to its last', async () => {
    const today = todayInHelsinki();
    const x = extended(t.db);
    const rows = await x
      .insertInto('organization_info_text')
      .values([
        { organization_id: 3, text: 'Alkaa huomenna', valid_from: addDays(today, 1), valid_to: addDays(today, 5) },
        { organization_id: 3, text: 'Viimeinen päivä tänään', valid_from: addDays(today, -5), valid_to: today },
      ])
      .returning('id')
      .execute();
    try {
      expect(json(await new ApiClient(t.app).post('/get-organization-info-texts-no-session', { organizationIds: [3] }))).toEqual([
        { organizationId: 3, text: 'Viimeinen päivä tänään' },
      ]);
    } finally {
      await x.deleteFrom('organization_info_text').where('id', 'in', rows.map((r) => r.id)).execute();
    }
  });

  it.each([
    [{}, 'organizationIds'],
    [{ organizationIds: 1 }, 'organizationIds'],
    [{ organizationIds: [1, 'kaksi'] }, 'organizationIds.1'],
  ])('get-organization-info-texts-no-session %j → 400 naming %s', async (body, field) => {
    const res = await new ApiClient(t.app).post('/get-organization-info-texts-no-session', body);
    expect(res.statusCode).toBe(400);
    expect(fieldsOf(res)).toEqual([field]);
  });

  it('get-organization-info-texts with a bad body → 400 naming organizationIds', async () => {
    const c = new ApiClient(t.app);
    await c.init();
    const res = await c.post('/get-organization-info-texts', { organizationIds: 'kaikki' });
    expect(res.statusCode).toBe(400);
    expect(fieldsOf(res)).toEqual(['organizationIds']);
  });

  it('get-active-organization-info-text: the booking office’s text, or null', async () => {
    const c = new ApiClient(t.app);
    await c.init();
    expect(json(await c.get('/get-active-organization-info-text'))).toEqual({ text: null });
    await c.post('/active-organization/v2', { organizationId: 1 });
    expect(json(await c.get('/get-active-organization-info-text'))).toEqual({ text: KONALA_INFO_TEXT });
    await c.post('/active-organization/v2', { organizationId: 2 });
    expect(json(await c.get('/get-active-organization-info-text'))).toEqual({ text: null });
  });

  it('get-active-organization-info-text needs a session (412)', async () => {
    expect((await new ApiClient(t.app).get('/get-active-organization-info-text')).statusCode).toBe(412);
  });
});
