/**
 * offers.csv on the demo catalogue, through the import's own path (importData): the demo's
 * cards exported import back unchanged; a new card and a changed one show on the customers'
 * GET /lifts-offers at once at their service's price; the same file again changes nothing; a
 * bad line is refused at its line and column and nothing changes; the export guards a cell a
 * spreadsheet would run and reads back equal.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { ApiClient, createTestApp, json, type TestApp } from '#test/helpers.ts';
import { changeMark, changesSince, installChangeLog } from '#test/fuzz-support.ts';
import { refusal } from '#test/data-import.ts';
import { parseCsv } from './csv.ts';
import { exportData, importData } from './service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await installChangeLog(t.db);
}, 60_000);
afterAll(() => t?.close());

const HEADER = 'code;title;text;service_code;image;sort;active';
const csv = (...lines: string[]) => lines.join('\r\n') + '\r\n';
const apply = (text: string) => importData(t.db, { file: 'offers', csv: text, apply: true }, null);

interface OfferCard {
  id: string;
  title: string;
  text: string;
  imageId: string | null;
  productId: string;
  price: number;
  inCart: boolean;
}
async function liftsOffers() {
  const c = new ApiClient(t.app);
  await c.init();
  await c.post('/search-vehicle', { registerNumber: 'ABC-123', kilometers: 60000 });
  await c.post('/active-organization/v2', { organizationId: 1 });
  return json<OfferCard[]>(await c.get('/lifts-offers'));
}

describe('offers.csv', () => {
  it("the demo's cards exported import back with every row UNCHANGED and nothing written", async () => {
    const { csv: text } = await exportData(t.db, 'offers');
    expect(parseCsv(text).table!.rows.map((r) => r.cells.get('code'))).toEqual(['offer-winter', 'offer-ac', 'offer-wash']);
    const mark = await changeMark(t.db);
    const back = await apply(text);
    expect(back.counts).toEqual({ CREATE: 0, UPDATE: 0, UNCHANGED: 3, OUT_OF_STOCK: 0 });
    expect(await changesSince(t.db, mark)).toEqual([]);
  });

  it("a new card and a changed one show on the customers' column at once, at their service's price; the same file again changes nothing", async () => {
    const file = csv(
      HEADER,
      'JARRUT;Jarrut kuntoon;Jarrunesteen vaihto samalla käynnillä.;BRAKE-FLUID;service-maintenance;5;',
      // The demo's card by its code in capitals: the same card, its text and place changed.
      'OFFER-AC;Raikas sisäilma;Desinfiointi poistaa hajut.;AC-DISINFECTION;;;',
    );
    const made = await apply(file);
    expect(made.changes).toEqual([
      { key: 'JARRUT', action: 'CREATE', fields: [] },
      { key: 'offer-ac', action: 'UPDATE', fields: ['text', 'image'] },
    ]);
    const brakeFluid = await t.db.selectFrom('product').select('price_cents').where('id', '=', 'BRAKE-FLUID').executeTakeFirstOrThrow();
    const offers = await liftsOffers();
    expect(offers[0]).toMatchObject({ id: 'JARRUT', title: 'Jarrut kuntoon', text: 'Jarrunesteen vaihto samalla käynnillä.', imageId: 'service-maintenance', productId: 'BRAKE-FLUID', price: brakeFluid.price_cents });
    expect(offers.find((o) => o.id === 'offer-ac')).toMatchObject({ text: 'Desinfiointi poistaa hajut.', imageId: null });
    expect(offers.map((o) => o.id)).toEqual(['JARRUT', 'offer-winter', 'offer-ac', 'offer-wash']);

    const mark = await changeMark(t.db);
    expect((await apply(file)).changes.map((c) => c.action)).toEqual(['UNCHANGED', 'UNCHANGED']);
    expect(await changesSince(t.db, mark)).toEqual([]);

    // active ei takes a card off the column; a file without the image column keeps the picture.
    const off = await apply(csv('code;title;text;service_code;active', 'JARRUT;Jarrut kuntoon;Jarrunesteen vaihto samalla käynnillä.;BRAKE-FLUID;ei'));
    expect(off.changes).toEqual([{ key: 'JARRUT', action: 'UPDATE', fields: ['active'] }]);
    expect((await liftsOffers()).map((o) => o.id)).not.toContain('JARRUT');
    expect(await t.db.selectFrom('offer').select(['image_id', 'sort']).where('id', '=', 'JARRUT').executeTakeFirstOrThrow()).toEqual({ image_id: 'service-maintenance', sort: 5 });
  });

  it('a bad line is refused at its line and column in Finnish, and nothing changes', async () => {
    const tire = await t.db.selectFrom('tire').select('product_id').executeTakeFirstOrThrow();
    const mark = await changeMark(t.db);
    const before = await exportData(t.db, 'offers');
    const errors = await refusal(
      apply(
        csv(
          HEADER,
          'HYVA;Hyvä kortti;Teksti;WASH-FULL;;;',
          'EI-PALVELUA;Kortti;Teksti;EI-OLE;;;',
          `RENGAS;Kortti;Teksti;${tire.product_id};;;`,
          'KOODI;Kortti;Teksti;CODE-WINTER-SERVICE;;;',
          'KUVA;Kortti;Teksti;WASH-FULL;ei-kuvaa;;',
          'TYHJA;;Teksti;WASH-FULL;;-1;joo',
          'HYVA;Toinen;Teksti;WASH-FULL;;;',
          'KAAVA;"=HYPERLINK(""https://example.com"")";Teksti;WASH-FULL;;;',
          'väärä koodi;Kortti;Teksti;WASH-FULL;;;',
        ),
      ),
    );
    expect(errors.map((e) => `${e.line}:${e.column}`)).toEqual(['3:service_code', '4:service_code', '5:service_code', '6:image', '7:title', '7:sort', '7:active', '8:code', '9:title', '10:code']);
    const message = (line: number, column: string) => errors.find((e) => e.line === line && e.column === column)!.message;
    expect(errors.every((e) => e.file === 'offers.csv')).toBe(true);
    expect(message(3, 'service_code')).toBe('Tuntematon palvelu EI-OLE: tuo se ensin palveluiden tiedostossa (services.csv)');
    expect(message(4, 'service_code')).toContain('ei ole palveluluettelon palvelu');
    expect(message(5, 'service_code')).toBe('Palvelu CODE-WINTER-SERVICE näkyy vain koodilla TALVI2026: kortti ei voi lisätä sitä ostoskoriin');
    expect(message(6, 'image')).toBe('Tuntematon kuva ei-kuvaa: lataa kuva ensin ylläpidossa');
    expect(message(7, 'title')).toBe('Pakollinen tieto');
    expect(message(8, 'code')).toBe('Tunnus HYVA on jo rivillä 2');
    expect(message(9, 'title')).toMatch(/^Solu alkaa =-merkillä/);
    expect(await changesSince(t.db, mark)).toEqual([]);
    expect((await exportData(t.db, 'offers')).csv).toBe(before.csv);

    // A wrong column is refused on line 1.
    const header = await refusal(apply(csv('code;title;text;service_code;price', 'HYVA;Hyvä;Teksti;WASH-FULL;10')));
    expect(header).toEqual([{ file: 'offers.csv', line: 1, column: 'price', message: expect.stringContaining('Tuntematon sarake "price"') }]);
  });

  it('the export guards a cell a spreadsheet would run as a formula, and imports back equal', async () => {
    const made = await apply(csv(HEADER, 'PESU-ALE;-20 % pesusta;+ sisäpuhdistus kaupan päälle;WASH-FULL;;;'));
    expect(made.counts.CREATE).toBe(1);
    const { csv: text } = await exportData(t.db, 'offers');
    expect(text).toContain("PESU-ALE;'-20 % pesusta;'+ sisäpuhdistus kaupan päälle;WASH-FULL;");
    const mark = await changeMark(t.db);
    expect((await apply(text)).changes.every((c) => c.action === 'UNCHANGED')).toBe(true);
    expect(await changesSince(t.db, mark)).toEqual([]);
    const stored = await sql<{ title: string; body: string }>`SELECT title, body FROM offer WHERE id = 'PESU-ALE'`.execute(t.db);
    expect(stored.rows).toEqual([{ title: '-20 % pesusta', body: '+ sisäpuhdistus kaupan päälle' }]);
  });
});
