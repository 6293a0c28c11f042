import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  INSURANCE_CAMPAIGN_PARAMETER,
  WINDSHIELD_PRODUCTS,
  WINDSHIELD_REPAIR_REMOVAL_QUANTITY,
  repairParameters,
  replacementParameters,
  type Booking,
  type WindshieldProduct,
} from '@huolto/domain';
import { ApiClient, CUSTOMER, createTestApp, firstFreeSlot, json, type TestApp } from '#test/helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const { change, repair, insuranceRepair } = WINDSHIELD_PRODUCTS;
const CAMPAIGN_CHOICE = {
  parameterCode: 'INSURANCE_CAMPAIGN',
  type: 'CHOICE',
  values: [
    { value: 'true', description: 'Vakuutusyhtiön kampanja', campaign: true },
    { value: 'false', description: 'Normaalihinta', campaign: false },
  ],
};

const insuredRepair = (amount: number) => ({
  ...repairParameters({ amount, hasInsurance: true, insuranceCompany: 'Fennia', contactMethod: 'PHONE' }),
  [INSURANCE_CAMPAIGN_PARAMETER]: 'true',
});
const replacement = (claimCode = 'VA-1234') => ({
  ...replacementParameters({
    hasInsurance: true,
    insuranceCompany: 'LähiTapiola',
    claimCode,
    noClaimCode: false,
    deductibleAmount: 150,
    unknownDeductibleAmount: false,
    rainDetector: 'YES',
    cameraSystem: 'DONT_KNOW',
    contactMethod: 'EMAIL',
  }),
});
const item = (productId: string, amount: number, parameters?: Record<string, string>) => ({
  productId,
  amount,
  provider: 'PROAUTOLASI',
  description: productId,
  ...(parameters ? { parameters } : {}),
});

async function windshieldOfficeIds() {
  const rows = await t.db.selectFrom('organization').select('id').where('windshield', '=', true).where('active', '=', true).orderBy('id').execute();
  return rows.map((r) => r.id);
}
async function officeWithoutWindshield() {
  const row = await t.db.selectFrom('organization').select('id').where('windshield', '=', false).where('active', '=', true).orderBy('id').executeTakeFirstOrThrow();
  return row.id;
}

/** A WINDSHIELD process with ABC-123 at the first windshield office. */
async function windshieldSession() {
  const c = new ApiClient(t.app);
  await c.init('WINDSHIELD');
  expect(json(await c.post('/search-vehicle', { registerNumber: 'ABC-123' })).responseCode).toBe('SUCCESS');
  const [office] = await windshieldOfficeIds();
  expect((await c.post('/active-organization/v2', { organizationId: office })).statusCode).toBe(200);
  return c;
}

const booking = async (c: ApiClient) => json<Booking>(await c.get('/get-booking/v2'));
const add = (c: ApiClient, items: unknown[]) => c.post('/add-products-to-cart', { items, stage: 'DEFAULT' });
const remove = (c: ApiClient, items: unknown[]) => c.post('/remove-products-from-cart', { items, stage: 'DEFAULT' });
const fieldPaths = (res: { json(): unknown }) => (res.json() as { fields: { path: string }[] }).fields.map((f) => f.path);

describe('GET /windshield/products', () => {
  it('answers the three products with their CHOICE parameters from the database', async () => {
    const c = await windshieldSession();
    const res = await c.get('/windshield/products');
    expect(res.statusCode).toBe(200);
    const products = json<WindshieldProduct[]>(res);
    expect(products).toEqual([
      { id: change, provider: 'PROAUTOLASI', description: 'Tuulilasin vaihto', price: 39000, normal_price: null, duration_minutes: 180, from_price: true, productParameters: [] },
      { id: repair, provider: 'PROAUTOLASI', description: 'Kiveniskemän korjaus', price: 6900, normal_price: null, duration_minutes: 30, from_price: false, productParameters: [CAMPAIGN_CHOICE] },
      {
        id: insuranceRepair,
        provider: 'PROAUTOLASI',
        description: 'Kiveniskemän korjaus vakuutuksella',
        price: 0,
        normal_price: 6900,
        duration_minutes: 30,
        from_price: false,
        productParameters: [CAMPAIGN_CHOICE],
      },
    ]);

    // The parameters come from the data: a changed description shows.
    const values = [{ value: 'true', description: 'Kampanja (muutettu)', campaign: true }, CAMPAIGN_CHOICE.values[1]];
    await t.db
      .updateTable('product_parameter')
      .set({ choice_values: JSON.stringify(values) })
      .where('product_id', '=', repair)
      .execute();
    try {
      const again = json<WindshieldProduct[]>(await c.get('/windshield/products'));
      expect(again.find((p) => p.id === repair)!.productParameters[0]!.values[0]!.description).toBe('Kampanja (muutettu)');
    } finally {
      await t.db
        .updateTable('product_parameter')
        .set({ choice_values: JSON.stringify(CAMPAIGN_CHOICE.values) })
        .where('product_id', '=', repair)
        .execute();
    }
  });

  it('needs a session', async () => {
    expect((await new ApiClient(t.app).get('/windshield/products')).statusCode).toBe(412);
  });

  it('is not listed among the maintenance services', async () => {
    const c = new ApiClient(t.app);
    await c.init('MAINTENANCE');
    await c.post('/search-vehicle', { registerNumber: 'ABC-123', kilometers: 60000 });
    await c.post('/active-organization/v2', { organizationId: 1 });
    const lists = [
      await c.get('/services/v2'),
      await c.get('/additional-services/v2'),
      await c.get('/extra-services/v2', { stage: 'DEFAULT' }),
      await c.get('/extra-services/v2', { stage: 'FIXED_CAMPAIGN_SERVICES' }),
      await c.get('/services-by-service-code/v2'),
    ];
    const ids = lists.flatMap((res) => json<{ id: string; suggestions: { product: { id: string } }[] }[]>(res)).flatMap((g) => [
      g.id,
      ...g.suggestions.map((s) => s.product.id),
    ]);
    expect(ids.length).toBeGreaterThan(0);
    for (const id of ['windshield', change, repair, insuranceRepair]) expect(ids).not.toContain(id);
  });
});

describe('windshield offices', () => {
  it('a WINDSHIELD process is offered only the windshield offices, none as a brand dealer', async () => {
    const c = await windshieldSession();
    const offices = json<{ id: number; brand_dealer: boolean }[]>(await c.get('/compatible-organizations/v2'));
    const expected = await windshieldOfficeIds();
    expect(offices.map((o) => o.id).sort((a, b) => a - b)).toEqual(expected);
    // Office 1 is ABC-123's brand dealer, and a windshield office.
    expect(expected).toContain(1);
    expect(offices.every((o) => o.brand_dealer === false)).toBe(true);

    // A maintenance process still sees the others, with its brand dealer first.
    const m = new ApiClient(t.app);
    await m.init('MAINTENANCE');
    await m.post('/search-vehicle', { registerNumber: 'ABC-123', kilometers: 60000 });
    const all = json<{ id: number; brand_dealer: boolean }[]>(await m.get('/compatible-organizations/v2'));
    expect(all.map((o) => o.id)).toContain(await officeWithoutWindshield());
    expect(all[0]).toMatchObject({ brand_dealer: true });
  });

  it('only a windshield office can be made active for a WINDSHIELD process', async () => {
    const c = await windshieldSession();
    const other = await officeWithoutWindshield();
    const before = (await booking(c)).organization!.id;

    const res = await c.post('/active-organization/v2', { organizationId: other });
    expect(res.statusCode).toBe(400);
    expect(fieldPaths(res)).toEqual(['organizationId']);
    const transfer = await c.post('/transfer-organization', { organizationId: other, flag: true });
    expect(transfer.statusCode).toBe(400);
    expect(fieldPaths(transfer)).toEqual(['organizationId']);
    expect((await booking(c)).organization!.id).toBe(before);

    const opened = new ApiClient(t.app);
    const init = await opened.post('/init-session', undefined, { usedProcessType: 'WINDSHIELD', organizationId: String(other) });
    expect(init.statusCode).toBe(400);
    expect(fieldPaths(init)).toEqual(['organizationId']);

    // The same office is fine for maintenance.
    const m = new ApiClient(t.app);
    await m.init('MAINTENANCE');
    expect((await m.post('/active-organization/v2', { organizationId: other })).statusCode).toBe(200);
  });
});

describe('windshield cart', () => {
  it('a repair with insurance is the insurance repair at 0 €, its amount and its parameters kept', async () => {
    const c = await windshieldSession();
    const parameters = insuredRepair(3);
    expect(json(await add(c, [item(insuranceRepair, 3, parameters)]))).toEqual({ responseCode: 'SUCCESS' });
    const b = await booking(c);
    expect(b.order_items).toHaveLength(1);
    expect(b.order_items[0]).toMatchObject({
      product: { id: insuranceRepair, provider: 'PROAUTOLASI' },
      amount: 3,
      price: 0,
      parameters,
    });
    expect(b.order_items[0]!.parameters).toMatchObject({ Vakuutusyhtiö: 'Fennia', 'Korjattavia kohtia': '3', INSURANCE_CAMPAIGN: 'true' });
    expect(b.price).toEqual({ active_price: 0, normal_price: 3 * 6900, has_public_campaign: true });
    // 30 minutes a repair.
    expect(b.total_duration_minutes).toBe(90);
  });

  it('the insurance repair without the campaign value costs the normal price per repair', async () => {
    const c = await windshieldSession();
    await add(c, [item(insuranceRepair, 2, { ...insuredRepair(2), INSURANCE_CAMPAIGN: 'false' })]);
    const b = await booking(c);
    expect(b.order_items[0]).toMatchObject({ amount: 2, price: 2 * 6900 });
    expect(b.price).toEqual({ active_price: 2 * 6900, normal_price: 2 * 6900, has_public_campaign: false });
  });

  it('a repair without insurance costs 69 € a repair', async () => {
    const c = await windshieldSession();
    const parameters = {
      ...repairParameters({ amount: 5, hasInsurance: false, insuranceCompany: null, contactMethod: 'EMAIL' }),
      INSURANCE_CAMPAIGN: 'false',
    };
    await add(c, [item(repair, 5, parameters)]);
    const b = await booking(c);
    expect(b.order_items[0]).toMatchObject({ product: { id: repair }, amount: 5, price: 5 * 6900, parameters });
    expect(b.total_duration_minutes).toBe(150);
  });

  it('switching to replacement removes the repair (amount 999) and adds the change once', async () => {
    const c = await windshieldSession();
    await add(c, [item(insuranceRepair, 3, insuredRepair(3))]);
    // The web removes both repairs with the removal quantity, more than the cart holds.
    expect(
      json(
        await remove(c, [
          item(repair, WINDSHIELD_REPAIR_REMOVAL_QUANTITY),
          item(insuranceRepair, WINDSHIELD_REPAIR_REMOVAL_QUANTITY),
        ]),
      ),
    ).toEqual({ responseCode: 'SUCCESS' });
    expect((await booking(c)).order_items).toEqual([]);

    const parameters = replacement();
    expect(json(await add(c, [item(change, 1, parameters)]))).toEqual({ responseCode: 'SUCCESS' });
    const b = await booking(c);
    expect(b.order_items).toHaveLength(1);
    expect(b.order_items[0]).toMatchObject({ product: { id: change, provider: 'PROAUTOLASI' }, amount: 1, price: 39000, parameters });
    expect(b.total_duration_minutes).toBe(180);

    // And back to a repair: the change goes.
    await remove(c, [item(change, 1)]);
    await add(c, [item(repair, 1, { ...insuredRepair(1), INSURANCE_CAMPAIGN: 'false' })]);
    expect((await booking(c)).order_items.map((i) => [i.product.id, i.amount])).toEqual([[repair, 1]]);
  });

  describe('refuses, naming the field, and leaves the cart alone', () => {
    it.each([
      ['a repair amount above five', [item(insuranceRepair, 6, insuredRepair(6))], 'items.0.amount'],
      ['a repair amount of 999', [item(repair, 999, { INSURANCE_CAMPAIGN: 'false' })], 'items.0.amount'],
      ['a repair amount of zero', [item(repair, 0, { INSURANCE_CAMPAIGN: 'false' })], 'items.0.amount'],
      ['two changes', [item(change, 2, replacement())], 'items.0.amount'],
      ['an unknown INSURANCE_CAMPAIGN value', [item(insuranceRepair, 1, { ...insuredRepair(1), INSURANCE_CAMPAIGN: 'maybe' })], 'items.0.parameters'],
      ['a repair without INSURANCE_CAMPAIGN', [item(repair, 1, { 'Korjattavia kohtia': '1' })], 'items.0.parameters'],
      ['a repair without parameters', [item(repair, 1)], 'items.0.parameters'],
      ['a maintenance product', [item('WINDSHIELD-COATING', 1)], 'items.0.productId'],
      ['the second item', [item(change, 1, replacement()), item(repair, 7, { INSURANCE_CAMPAIGN: 'false' })], 'items.1.amount'],
    ])('%s', async (_name, items, path) => {
      const c = await windshieldSession();
      const res = await add(c, items);
      expect(res.statusCode).toBe(400);
      expect(fieldPaths(res)).toEqual([path]);
      expect((await booking(c)).order_items).toEqual([]);
    });

    it('a windshield product in a maintenance process', async () => {
      const c = new ApiClient(t.app);
      await c.init('MAINTENANCE');
      await c.post('/search-vehicle', { registerNumber: 'ABC-123', kilometers: 60000 });
      await c.post('/active-organization/v2', { organizationId: 1 });
      const res = await add(c, [item('WINDSHIELD-COATING', 1), item(insuranceRepair, 1, insuredRepair(1))]);
      expect(res.statusCode).toBe(400);
      expect(fieldPaths(res)).toEqual(['items.1.productId']);
      expect((await booking(c)).order_items).toEqual([]);
    });

    it('a tire-stage product in a windshield process', async () => {
      const c = await windshieldSession();
      const tire = await t.db.selectFrom('product').select('id').where('group_id', '=', 'tires').limit(1).executeTakeFirstOrThrow();
      const res = await c.post('/api/products/tire-change/add', { items: [{ productId: tire.id, amount: 4 }], stage: 'TIRE_SERVICES' });
      expect(res.statusCode).toBe(400);
      expect(fieldPaths(res)).toEqual(['items.0.productId']);
      expect((await booking(c)).order_items).toEqual([]);
    });
  });
});

describe('a windshield booking', () => {
  async function saveWith(c: ApiClient) {
    const reservation = await firstFreeSlot(c);
    expect(json(await c.post('/reserve-time', { reservation, timeSelectionType: 'EXACT_TIME', workshiftPosition: null }))).toEqual({
      responseCode: 'SUCCESS',
    });
    expect(json(await c.post('/customer/v2', CUSTOMER))).toEqual({ responseCode: 'SUCCESS' });
    const save = json(await c.post('/save-booking'));
    expect(save.responseCode).toBe('SUCCESS');
    const stored = await t.db.selectFrom('booking').selectAll().where('booking_key', '=', save.bookingKey).executeTakeFirstOrThrow();
    const mail = await t.db.selectFrom('email_outbox').selectAll().where('booking_id', '=', stored.id).executeTakeFirstOrThrow();
    return { stored, mail };
  }

  it('keeps each order item\'s parameters, and its e-mail lists them under the line', async () => {
    const c = await windshieldSession();
    const parameters = insuredRepair(2);
    await add(c, [item(insuranceRepair, 2, parameters)]);
    const { stored, mail } = await saveWith(c);

    expect(stored.process_type).toBe('WINDSHIELD');
    const items = stored.order_items as Booking['order_items'];
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ product: { id: insuranceRepair }, amount: 2, price: 0, parameters });
    expect((stored.snapshot as Booking).order_items[0]!.parameters).toEqual(parameters);
    expect(new Date(stored.end_at!).getTime() - new Date(stored.start_at!).getTime()).toBe(60 * 60_000);

    const text = mail.text_body;
    const line = text.indexOf('Kiveniskemän korjaus vakuutuksella × 2');
    expect(line).toBeGreaterThan(-1);
    const after = text.slice(line);
    for (const detail of ['Korjattavia kohtia: 2', 'Vakuutus: Kyllä', 'Vakuutusyhtiö: Fennia', 'Yhteydenottotapa: Puhelin']) {
      expect(after).toContain(detail);
    }
    expect(text.indexOf('Vakuutusyhtiö: Fennia')).toBeLessThan(text.indexOf('Yhteensä'));
    expect(mail.html_body).toContain('Vakuutusyhtiö: Fennia');
    expect(mail.html_body).toContain('Korjattavia kohtia: 2');
  });

  it('a replacement shows the booking type, and its parameters escaped in HTML', async () => {
    const c = await windshieldSession();
    const parameters = replacement('<b>VA&1</b>');
    await add(c, [item(change, 1, parameters)]);
    expect(json(await c.post('/product-parameter', { parameterCode: 'WINDSHIELD_CHANGE_BOOKING_TYPE', selectedValue: 'RESERVE_TIME' }))).toEqual({
      responseCode: 'SUCCESS',
    });
    const { stored, mail } = await saveWith(c);

    expect((stored.order_items as Booking['order_items'])[0]!.parameters).toEqual(parameters);
    expect((stored.snapshot as Booking).product_parameters).toEqual([{ parameterCode: 'WINDSHIELD_CHANGE_BOOKING_TYPE', selectedValue: 'RESERVE_TIME' }]);
    expect(mail.text_body).toContain('Varaustapa: Varaa aika');
    expect(mail.text_body).toContain('Vahinkonumero: <b>VA&1</b>');
    expect(mail.text_body).toContain('Sadetunnistin: Kyllä');
    expect(mail.html_body).toContain('Varaa aika');
    expect(mail.html_body).toContain('Vahinkonumero: &lt;b&gt;VA&amp;1&lt;/b&gt;');
    expect(mail.html_body).not.toContain('<b>VA');
  });
});
