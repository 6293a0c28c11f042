/**
 * The windshield products of a new company (DEMO_DATA=off): the empty start makes the
 * windshield group and its three products with their texts, durations and the insurer's
 * campaign choice, inactive at 0 €, so the windshield form offers nothing. An admin prices
 * and activates them in the back-office (PUT /catalogue/services/:code, as a service), and
 * the customer's windshield form offers them at that price at once.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INSURANCE_CAMPAIGN_PARAMETER, WINDSHIELD_PRODUCT_IDS, type ServiceDetails } from '@huolto/domain';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { Mailer } from './modules/mail/outbox.ts';
import { openDatabase, type DatabaseHandle } from './db/database.ts';
import { prepareDatabase } from './db/seed-if-empty.ts';
import { ApiClient, json } from '#test/helpers.ts';
import { signedInStaff } from '#test/staff.ts';

let handle: DatabaseHandle;
let dataDir: string;
beforeAll(async () => {
  handle = await openDatabase({});
  dataDir = mkdtempSync(join(tmpdir(), 'huolto-windshield-start-'));
  await prepareDatabase(handle, {}, { demoData: false });
}, 120_000);
afterAll(async () => {
  await handle?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

/** The windshield form's products as a customer's session gets them. */
async function offered(app: Awaited<ReturnType<typeof startApp>>) {
  const c = new ApiClient(app);
  await c.init('WINDSHIELD');
  return json(await c.get('/windshield/products'));
}

async function startApp() {
  const config = { ...loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', DEMO_DATA: 'off' }), webDist: undefined, reminderIntervalMs: 0 };
  const mailer = new Mailer(handle.db, { from: config.mailFrom, outboxDir: join(dataDir, 'outbox') });
  const app = await buildApp({ config, database: handle, mailer, logger: false });
  await app.ready();
  return app;
}

/** The PUT body of a service as the back-office has it, with the given changes. */
function bodyOf(s: ServiceDetails, changes: Partial<ServiceDetails>) {
  const { groupId, name, infoHtml, priceCents, normalPriceCents, durationMinutes, workKind, vehicleClass, makeId, minKm, maxKm, serviceCode, includes, extras, imageIds, validFrom, validTo, operations, active } = {
    ...s,
    ...changes,
  };
  return { groupId, name, infoHtml, priceCents, normalPriceCents, durationMinutes, workKind, vehicleClass, makeId, minKm, maxKm, serviceCode, includes, extras, imageIds, validFrom, validTo, operations, active };
}

describe('the windshield products of an empty start', () => {
  it('exist inactive at 0 € with their choice, and the windshield form offers nothing', async () => {
    const products = await handle.db.selectFrom('product').select(['id', 'group_id', 'price_cents', 'active', 'duration_per_unit']).orderBy('sort').execute();
    expect(products).toEqual([
      { id: 'windshieldChange', group_id: 'windshield', price_cents: 0, active: false, duration_per_unit: false },
      { id: 'windshieldRepair', group_id: 'windshield', price_cents: 0, active: false, duration_per_unit: true },
      { id: 'windshieldInsuranceRepair', group_id: 'windshield', price_cents: 0, active: false, duration_per_unit: true },
    ]);
    const parameters = await handle.db.selectFrom('product_parameter').select(['product_id', 'parameter_code']).orderBy('product_id').execute();
    expect(parameters).toEqual([
      { product_id: 'windshieldInsuranceRepair', parameter_code: INSURANCE_CAMPAIGN_PARAMETER },
      { product_id: 'windshieldRepair', parameter_code: INSURANCE_CAMPAIGN_PARAMETER },
    ]);
    const app = await startApp();
    try {
      expect(await offered(app)).toEqual([]);
    } finally {
      await app.close();
    }
  });

  it("an admin's price and activation in the back-office make the product offered to a customer; unpriced it cannot be activated", async () => {
    const app = await startApp();
    try {
      const { client: admin } = await signedInStaff(app, handle.db, { role: 'ADMIN' });
      const listed = (json(await admin.get('/catalogue/services')) as { code: string; kind: string; active: boolean; priceCents: number }[]).filter(
        (s) => s.kind === 'WINDSHIELD',
      );
      expect(listed.map((s) => [s.code, s.active, s.priceCents])).toEqual(WINDSHIELD_PRODUCT_IDS.map((id) => [id, false, 0]));

      const change = json(await admin.get('/catalogue/services/windshieldChange')) as ServiceDetails;
      const unpriced = await admin.put('/catalogue/services/windshieldChange', bodyOf(change, { active: true }));
      expect(unpriced.statusCode).toBe(400);
      expect(json(unpriced).fields).toEqual([{ path: 'priceCents', message: 'Aseta hinta ennen kuin otat tuotteen käyttöön' }]);
      const moved = await admin.put('/catalogue/services/windshieldChange', bodyOf(change, { groupId: 'huolto', priceCents: 41900, active: true }));
      expect(moved.statusCode).toBe(400);
      expect(json(moved).fields.map((f: { path: string }) => f.path)).toEqual(['groupId']);
      expect(await offered(app)).toEqual([]);

      const priced = await admin.put('/catalogue/services/windshieldChange', bodyOf(change, { priceCents: 41900, durationMinutes: 150, active: true }));
      expect(priced.statusCode, priced.body).toBe(200);
      const repair = json(await admin.get('/catalogue/services/windshieldInsuranceRepair')) as ServiceDetails;
      expect((await admin.put('/catalogue/services/windshieldInsuranceRepair', bodyOf(repair, { normalPriceCents: 7500, active: true }))).statusCode).toBe(200);

      expect(await offered(app)).toEqual([
        expect.objectContaining({ id: 'windshieldChange', description: 'Tuulilasin vaihto', price: 41900, normal_price: null, duration_minutes: 150, from_price: true }),
        expect.objectContaining({
          id: 'windshieldInsuranceRepair',
          price: 0,
          normal_price: 7500,
          productParameters: [expect.objectContaining({ parameterCode: INSURANCE_CAMPAIGN_PARAMETER })],
        }),
      ]);
      const audit = await handle.db.selectFrom('audit_event').select(['entity', 'entity_id', 'action']).where('entity', '=', 'SERVICE').orderBy('id').execute();
      expect(audit).toEqual([
        { entity: 'SERVICE', entity_id: 'windshieldChange', action: 'ACTIVATED' },
        { entity: 'SERVICE', entity_id: 'windshieldInsuranceRepair', action: 'ACTIVATED' },
      ]);
    } finally {
      await app.close();
    }
  });
});
