/**
 * tires.csv through the staff API: the demo catalogue's export imports back with every tire
 * UNCHANGED, in a few statements; a supplier's list adds, updates and puts out of stock, and
 * its refused rows are named at their columns (with skipRefused the others still apply); a
 * tire the list puts out of stock leaves the customer's tire search at its next request.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATA_IMPORT_COLUMNS } from '@huolto/domain';
import { ApiClient, createTestApp, json, type TestApp } from '#test/helpers.ts';
import { changeMark, changesSince, installChangeLog } from '#test/fuzz-support.ts';
import { StatementCounter } from '#test/statement-counter.ts';
import { signedInStaff, type StaffClient } from '#test/staff.ts';
import { tireProductIdOf } from './tires-file.ts';

let t: TestApp;
let admin: StaffClient;
const statements = new StatementCounter();
beforeAll(async () => {
  t = await createTestApp({}, { wrapDb: (db) => db.withPlugin(statements) });
  await installChangeLog(t.db);
  admin = (await signedInStaff(t.app, t.db, { role: 'ADMIN' })).client;
}, 60_000);
afterAll(() => t.close());

const HEADER = DATA_IMPORT_COLUMNS.tires.map((c) => c.name).join(';');
const csv = (...lines: string[]) => lines.join('\r\n') + '\r\n';
const importTires = (text: string, opts: { apply?: boolean; skipRefused?: boolean } = {}) =>
  admin.post('/data/import', { file: 'tires', csv: text, apply: opts.apply ?? true, skipRefused: opts.skipRefused ?? false });
const at = (errors: { line: number; column: string | null }[]) => errors.map((e) => `${e.line}:${e.column}`);

const SUPPLIER = 'Testirengas Oy';
/** A row of the test supplier's list: 205/55R16 friction tires unless told. */
const row = (code: string, over: Partial<Record<'model' | 'size' | 'load' | 'markings' | 'price' | 'stock' | 'image', string>> = {}) =>
  [
    SUPPLIER,
    code,
    'Testimerkki',
    over.model ?? `Talvi ${code}`,
    over.size ?? '205/55R16',
    over.load ?? '94',
    'T',
    'WINTER_STUDLESS',
    over.markings ?? '',
    'C',
    'B',
    '70',
    'B',
    over.price ?? '100,00',
    over.stock ?? '8',
    over.image ?? '',
  ].join(';');

const tireOf = (code: string) =>
  t.db
    .selectFrom('tire as t')
    .innerJoin('product as p', 'p.id', 't.product_id')
    .innerJoin('tire_supplier as s', 's.id', 't.supplier_id')
    .select(['t.product_id', 't.stock', 't.make', 't.model', 't.extra_markings', 'p.price_cents', 'p.description', 'p.group_id', 'p.provider', 'p.image_ids', 's.id as supplier_id'])
    .where('s.name', '=', SUPPLIER)
    .where('t.supplier_code', '=', code)
    .executeTakeFirst();

describe('tires.csv', () => {
  it('the demo catalogue exports and imports back with every tire UNCHANGED, nothing written, in a few statements', async () => {
    const started = Date.now();
    const res = await admin.get('/data/export/tires');
    const exported = Date.now() - started;
    expect(res.statusCode, res.body.slice(0, 500)).toBe(200);
    const lines = res.body.slice(1).split('\r\n').filter((l) => l !== '');
    expect(lines[0]).toBe(HEADER);
    const { n } = await t.db.selectFrom('tire').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(lines).toHaveLength(Number(n) + 1);
    expect(Number(n)).toBeGreaterThan(10_000);
    // A seeded tire as the export writes it: its key, size, label, price and picture.
    const seeded = await t.db
      .selectFrom('tire as t')
      .innerJoin('product as p', 'p.id', 't.product_id')
      .select(['t.product_id', 't.stock', 'p.price_cents', 'p.image_ids'])
      .where('t.supplier_id', '=', 1)
      .where('t.tire_type', '=', 'WINTER_STUDLESS')
      .where(sql<boolean>`t.extra_markings = '{XL}'`)
      .orderBy('t.product_id')
      .executeTakeFirstOrThrow();
    const line = lines.find((l) => l.split(';')[1] === seeded.product_id)!;
    expect(line.split(';')).toEqual([
      'Nokian Tyres',
      seeded.product_id,
      'Nokian Tyres',
      expect.stringMatching(/^Hakkapeliitta R5/),
      expect.stringMatching(/^\d{3}\/\d{2}R\d{2}$/),
      expect.stringMatching(/^\d+$/),
      expect.stringMatching(/^[A-Z]$/),
      'WINTER_STUDLESS',
      'XL',
      expect.stringMatching(/^[A-E]$/),
      expect.stringMatching(/^[A-E]$/),
      expect.stringMatching(/^\d\d$/),
      expect.stringMatching(/^[A-C]$/),
      `${Math.trunc(seeded.price_cents / 100)},${String(seeded.price_cents % 100).padStart(2, '0')}`,
      String(seeded.stock),
      seeded.image_ids[0],
    ]);

    const mark = await changeMark(t.db);
    statements.reset();
    let begun = Date.now();
    const dry = await importTires(res.body, { apply: false });
    const dryMs = Date.now() - begun;
    expect(dry.statusCode, dry.body.slice(0, 500)).toBe(200);
    expect(json(dry)).toMatchObject({ applied: false, counts: { CREATE: 0, UPDATE: 0, UNCHANGED: Number(n), OUT_OF_STOCK: 0 }, refused: [] });
    // The tires are read a few statements at a time, not a statement a row.
    expect(statements.count).toBeLessThan(20);
    begun = Date.now();
    const applied = await importTires(res.body);
    const applyMs = Date.now() - begun;
    expect(json(applied)).toMatchObject({ applied: true, counts: { CREATE: 0, UPDATE: 0, UNCHANGED: Number(n), OUT_OF_STOCK: 0 } });
    expect(await changesSince(t.db, mark)).toEqual([]);
    console.log(`tires.csv, ${n} tires: export ${exported} ms, dry run ${dryMs} ms, apply ${applyMs} ms`);
  }, 120_000);

  it('a list of the whole catalogue with every price changed is written a thousand rows a statement', async () => {
    const res = await admin.get('/data/export/tires');
    const [header, ...lines] = res.body.slice(1).split('\r\n').filter((l) => l !== '');
    const priceAt = header!.split(';').indexOf('price');
    // One cent more on every tire: every product is written, and the file's tires only.
    const dearer = lines.map((l) => {
      const cells = l.split(';');
      const [euros, cents] = cells[priceAt]!.split(',').map(Number);
      const total = euros! * 100 + cents! + 1;
      cells[priceAt] = `${Math.trunc(total / 100)},${String(total % 100).padStart(2, '0')}`;
      return cells.join(';');
    });
    statements.reset();
    const started = Date.now();
    const applied = await importTires(csv(header!, ...dearer));
    const ms = Date.now() - started;
    expect(applied.statusCode, applied.body.slice(0, 500)).toBe(200);
    expect(json(applied).counts).toEqual({ CREATE: 0, UPDATE: lines.length, UNCHANGED: 0, OUT_OF_STOCK: 0 });
    expect(json(applied).changes[0]).toEqual({ key: expect.any(String), action: 'UPDATE', fields: ['price'] });
    expect(statements.count).toBeLessThan(40);
    console.log(`tires.csv, ${lines.length} prices changed: apply ${ms} ms, ${statements.count} statements`);
    // The same file again is UNCHANGED.
    expect(json(await importTires(csv(header!, ...dearer), { apply: false })).counts).toMatchObject({ UPDATE: 0, UNCHANGED: lines.length });
  }, 120_000);

  it("a new supplier's list adds its tires (a supplier with the next id, products in the group 'tires'); the same list again is UNCHANGED", async () => {
    const { max } = await t.db.selectFrom('tire_supplier').select((eb) => eb.fn.max('id').as('max')).executeTakeFirstOrThrow();
    const image = (await t.db.selectFrom('media').select('id').where('id', 'like', 'tire-%').orderBy('id').executeTakeFirstOrThrow()).id;
    const list = csv(
      HEADER,
      row('TR-A', { markings: 'xl', image }),
      row('TR-B'),
      row('TR-C'),
      row('TR-D'),
      row('TR E/1', { stock: '0' }),
    );
    const mark = await changeMark(t.db);
    const dry = await importTires(list, { apply: false });
    expect(json(dry).counts).toEqual({ CREATE: 5, UPDATE: 0, UNCHANGED: 0, OUT_OF_STOCK: 0 });
    expect(await changesSince(t.db, mark)).toEqual([]);

    const res = await importTires(list);
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res).changes.map((c: { key: string }) => c.key)).toEqual(['TR-A', 'TR-B', 'TR-C', 'TR-D', 'TR E/1'].map((c) => `${SUPPLIER} / ${c}`));
    const supplier = await t.db.selectFrom('tire_supplier').selectAll().where('name', '=', SUPPLIER).executeTakeFirstOrThrow();
    expect(supplier.id).toBe(Number(max) + 1);
    expect(await tireOf('TR-A')).toEqual({
      product_id: `T-${supplier.id}-TR-A`,
      stock: 8,
      make: 'Testimerkki',
      model: 'Talvi TR-A',
      extra_markings: ['XL'],
      price_cents: 10000,
      description: 'Testimerkki Talvi TR-A 205/55R16 94T XL',
      group_id: 'tires',
      provider: 'TIRE',
      image_ids: [image],
      supplier_id: supplier.id,
    });
    expect((await tireOf('TR E/1'))!.product_id).toBe(`T-${supplier.id}-TR-E-1`);
    const audits = await t.db.selectFrom('audit_event').select('after').where('entity', '=', 'IMPORT').where('entity_id', '=', 'tires.csv').execute();
    expect(audits).toHaveLength(2);

    const again = await changeMark(t.db);
    expect(json(await importTires(list)).counts).toEqual({ CREATE: 0, UPDATE: 0, UNCHANGED: 5, OUT_OF_STOCK: 0 });
    expect(await changesSince(t.db, again)).toEqual([]);
  });

  // Line 2 updates TR-A's price, 3 leaves TR-B as it is, TR-C is left out (out of stock), 4 refuses TR-D
  // (which keeps its stock), TR E/1 is left out but already out of stock (not listed), 5 adds TR-F; the
  // rest are refused.
  const NEXT = csv(
    HEADER,
    row('TR-A', { markings: 'XL', price: '109,90' }),
    row('TR-B'),
    row('TR-D', { price: '-1' }),
    row('TR-F', { model: 'Kesä F', size: '225/45 r17', load: '91' }),
    row('TR-F'),
    row('TR-G', { size: '205/55-16' }),
    row('TR-H', { size: '95/55R16' }),
    row('TR-I', { load: '131' }),
    row('TR-J', { markings: 'XL|RF' }),
    row('TR-K', { image: 'ei-tallaista-kuvaa' }),
    row('TR-L', { stock: '2,5' }),
    row('TR-M', { price: '100 000,01' }),
    [SUPPLIER, 'TR-N', '', 'Malli', '205/55R16', '94', 'TT', 'SUMMER', '', 'F', 'B', '91', 'D', '1', '1', ''].join(';'),
  );
  const NEXT_REFUSED = [
    '4:price',
    '6:product_code',
    '7:size',
    '8:size',
    '9:load_index',
    '10:markings',
    '11:image',
    '12:stock',
    '13:price',
    '14:speed_index',
    '14:type',
    '14:rolling_resistance',
    '14:noise_db',
    '14:noise_class',
  ];

  it('a refused row is named at its column in Finnish, and without skipRefused nothing changes', async () => {
    const mark = await changeMark(t.db);
    const res = await importTires(NEXT);
    expect(res.statusCode).toBe(400);
    const { errors } = json(res);
    expect(at(errors).sort()).toEqual([...NEXT_REFUSED].sort());
    const message = (line: number, column: string) => errors.find((e: { line: number; column: string }) => e.line === line && e.column === column)?.message;
    expect(message(4, 'price')).toBe('Hinta euroina, esim. 149,90 (0–100 000 €, enintään kaksi desimaalia)');
    expect(message(6, 'product_code')).toBe(`Toimittajan ${SUPPLIER} tuotekoodi TR-F on jo rivillä 5`);
    expect(message(7, 'size')).toBe('Koko muodossa leveys/profiili R vanne, esim. 205/55R16 (leveys 105–355, profiili 25–95, vanne 10–24)');
    expect(message(9, 'load_index')).toBe('Kuormitusindeksi on kokonaisluku 70–130');
    expect(message(10, 'markings')).toBe('Tuntematon merkintä RF: merkinnät ovat XL ja C');
    expect(message(11, 'image')).toBe('Kuvaa ei-tallaista-kuvaa ei ole: lisää kuva ensin ylläpidossa');
    expect(message(12, 'stock')).toBe('Varasto kappaleina, kokonaisluku 0–100 000');
    expect(message(14, 'type')).toBe('Tyyppi on NORMAL, WINTER_STUDDED, WINTER_STUDLESS');
    expect(errors[0]).toEqual({ file: 'tires.csv', line: 4, column: 'price', message: expect.any(String) });
    expect(await changesSince(t.db, mark)).toEqual([]);
    // A dry run with skipRefused answers what would change and changes nothing.
    const dry = await importTires(NEXT, { apply: false, skipRefused: true });
    expect(json(dry).counts).toEqual({ CREATE: 1, UPDATE: 1, UNCHANGED: 1, OUT_OF_STOCK: 1 });
    expect(await changesSince(t.db, mark)).toEqual([]);
  });

  it('with skipRefused the rows that pass apply, the refused ones are answered and their tires stay; the tires left out go out of stock', async () => {
    const res = await importTires(NEXT, { skipRefused: true });
    expect(res.statusCode, res.body).toBe(200);
    const body = json(res);
    expect(body.counts).toEqual({ CREATE: 1, UPDATE: 1, UNCHANGED: 1, OUT_OF_STOCK: 1 });
    expect(body.changes).toEqual([
      { key: `${SUPPLIER} / TR-A`, action: 'UPDATE', fields: ['price'] },
      { key: `${SUPPLIER} / TR-B`, action: 'UNCHANGED', fields: [] },
      { key: `${SUPPLIER} / TR-F`, action: 'CREATE', fields: [] },
      { key: `${SUPPLIER} / TR-C`, action: 'OUT_OF_STOCK', fields: ['stock'] },
    ]);
    expect(at(body.refused).sort()).toEqual([...NEXT_REFUSED].sort());
    expect(await tireOf('TR-A')).toMatchObject({ price_cents: 10990, stock: 8, description: 'Testimerkki Talvi TR-A 205/55R16 94T XL' });
    expect(await tireOf('TR-C')).toMatchObject({ stock: 0, price_cents: 10000 });
    expect(await tireOf('TR-D')).toMatchObject({ stock: 8, price_cents: 10000 });
    expect(await tireOf('TR E/1')).toMatchObject({ stock: 0 });
    expect(await tireOf('TR-F')).toMatchObject({ model: 'Kesä F', description: 'Testimerkki Kesä F 225/45R17 91T' });
    expect(await tireOf('TR-G')).toBeUndefined();
    const audit = await t.db
      .selectFrom('audit_event')
      .select('after')
      .where('entity', '=', 'IMPORT')
      .where('entity_id', '=', 'tires.csv')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(audit.after).toMatchObject({ counts: { CREATE: 1, UPDATE: 1, OUT_OF_STOCK: 1 }, refused: expect.arrayContaining([expect.objectContaining({ line: 4, column: 'price' })]) });

    // A changed model writes the description anew; a list of another supplier leaves these tires be.
    const model = await importTires(csv(HEADER, row('TR-A', { markings: 'XL', price: '109,90', model: 'Talvi Uusi' }), row('TR-B'), row('TR-F', { model: 'Kesä F', size: '225/45R17', load: '91' })));
    expect(json(model).changes[0]).toEqual({ key: `${SUPPLIER} / TR-A`, action: 'UPDATE', fields: ['model'] });
    expect(await tireOf('TR-A')).toMatchObject({ model: 'Talvi Uusi', description: 'Testimerkki Talvi Uusi 205/55R16 94T XL' });
    expect(json(model).counts.OUT_OF_STOCK).toBe(1); // TR-D; TR-C and TR E/1 are out already
  });

  it('a tire the list puts out of stock leaves the customer’s tire search at its next request', async () => {
    const supplier = await t.db.selectFrom('tire_supplier').select('id').where('name', '=', SUPPLIER).executeTakeFirstOrThrow();
    await importTires(csv(HEADER, row('TR-A'), row('TR-B')));
    const c = new ApiClient(t.app);
    await c.init('TIRE_SALES');
    const query = { suppliers: [supplier.id], width: 205, aspectRatio: 55, rimDiameter: 16, minLoadIndex: 91, tireType: 'WINTER_STUDLESS' };
    const search = async () => (json(await c.post('/search-tires/v2', query)) as { product: { id: string } }[]).map((r) => r.product.id);
    const [a, b] = [(await tireOf('TR-A'))!.product_id, (await tireOf('TR-B'))!.product_id];
    expect(await search()).toEqual(expect.arrayContaining([a, b]));
    // The answer is cached under the catalogue version, which the import moves.
    expect(await search()).toEqual(expect.arrayContaining([a, b]));
    const res = await importTires(csv(HEADER, row('TR-A')));
    expect(json(res).changes).toContainEqual({ key: `${SUPPLIER} / TR-B`, action: 'OUT_OF_STOCK', fields: ['stock'] });
    const after = await search();
    expect(after).toContain(a);
    expect(after).not.toContain(b);
  });

  it("a new tire's product id is its supplier's id and its code, made safe and unique", () => {
    const taken = new Set(['T-3-ABC']);
    expect(tireProductIdOf(3, 'ABC', taken)).toBe('T-3-ABC-2');
    expect(tireProductIdOf(3, 'ABC', taken)).toBe('T-3-ABC-3');
    expect(tireProductIdOf(3, ' Ä/ö 12 ', taken)).toBe('T-3-12');
    expect(tireProductIdOf(3, '///', taken)).toBe('T-3-rengas');
  });
});
