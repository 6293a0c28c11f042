import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, createTestApp, json, type TestApp } from '#test/helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const described = (make: unknown) => ({
  make,
  regNbr: 'ZZZ-999',
  model: 'Niva',
  classification: { id: 1, name: 'henkilöauto' },
  introductionDate: null,
});

async function notFound() {
  const c = new ApiClient(t.app);
  await c.init();
  expect(json(await c.post('/search-vehicle', { registerNumber: 'ZZZ-999', kilometers: 1000 }))).toEqual({ responseCode: 'NOT_FOUND' });
  return c;
}

/** The stored car of the session (the process row), as the other modules read it. */
async function storedVehicle(c: ApiClient) {
  const row = await t.db.selectFrom('process').select('vehicle').where('token', '=', c.token!).executeTakeFirstOrThrow();
  return row.vehicle as { make: string; make_id: number | null; model: string } | null;
}

type Office = { id: number; brand_dealer: boolean };

describe('set-vehicle with a make that is not in the list ("Muu merkki")', () => {
  it('stores the make as typed, without a make id, and the car books like a make with no brand dealer', async () => {
    const c = await notFound();
    expect(json(await c.post('/set-vehicle', described('Lada')))).toEqual({ responseCode: 'SUCCESS' });
    expect(await storedVehicle(c)).toMatchObject({ make: 'Lada', make_id: null, model: 'Niva' });
    expect(json(await c.get('/get-booking/v2')).vehicle).toMatchObject({ register_number: 'ZZZ-999', make: 'Lada', model: 'Niva' });

    const offices = json<Office[]>(await c.get('/compatible-organizations/v2'));
    expect(offices.length).toBeGreaterThan(0);
    expect(offices.every((o) => !o.brand_dealer)).toBe(true);
    expect(json(await c.post('/active-organization/v2', { organizationId: offices[0]!.id }))).toEqual({ responseCode: 'SUCCESS' });
    expect((await c.get('/services/v2')).statusCode).toBe(200);
  });

  it('a listed make typed as free text is the listed make (its name and id)', async () => {
    const c = await notFound();
    expect(json(await c.post('/set-vehicle', described('  toyota ')))).toEqual({ responseCode: 'SUCCESS' });
    const vehicle = await storedVehicle(c);
    expect(vehicle).toMatchObject({ make: 'Toyota' });
    expect(vehicle!.make_id).toEqual(expect.any(Number));
    const offices = json<Office[]>(await c.get('/compatible-organizations/v2'));
    expect(offices.some((o) => o.brand_dealer)).toBe(true);
  });

  it('keeps the typed make on one line, without control characters', async () => {
    const c = await notFound();
    expect((await c.post('/set-vehicle', described('Great\nWall\u202e'))).statusCode).toBe(200);
    expect(await storedVehicle(c)).toMatchObject({ make: 'Great Wall', make_id: null });
  });

  it.each([
    ['empty', ''],
    ['only spaces', '   '],
    ['only control characters', '\n\t\u0007'],
    ['longer than 60 characters', 'x'.repeat(61)],
    ['with NUL', 'La\u0000da'],
    ['with an unpaired surrogate', 'La\ud800da'],
    ['not text', 42],
    ['missing', undefined],
  ])('a make %s → 400 naming make, and the car is not changed', async (_what, make) => {
    const c = await notFound();
    const res = await c.post('/set-vehicle', described(make));
    expect(res.statusCode).toBe(400);
    expect(json<{ fields: { path: string }[] }>(res).fields.map((f) => f.path)).toEqual(['make']);
    expect(await storedVehicle(c)).toBeNull();
  });
});
