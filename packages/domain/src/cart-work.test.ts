import { describe, expect, it } from 'vitest';
import { bundleAppliedMessage, bundleFor, bundleParts, normaliseCartWork, workOf, workTwice, type WorkLine, type WorkProduct } from './index.ts';

/** The tire services of the demo catalogue (apps/server/seed/services.ts) as the rule sees them. */
const products: WorkProduct[] = [
  { id: 'TIRE-CHANGE', description: 'Renkaanvaihto', price: 4990, includes: [] },
  { id: 'TIRE-CHANGE-SUV', description: 'Renkaanvaihto, maastoauto ja pakettiauto', price: 6990, includes: ['TIRE-CHANGE'] },
  { id: 'TIRE-HOTEL', description: 'Rengashotelli (kausi)', price: 8990, includes: [] },
  { id: 'TIRE-HOTEL-CHANGE', description: 'Renkaanvaihto ja rengashotelli', price: 12990, includes: ['TIRE-CHANGE', 'TIRE-HOTEL'] },
  {
    id: 'TIRE-HOTEL-CHANGE-SUV',
    description: 'Renkaanvaihto ja rengashotelli, maastoauto ja pakettiauto',
    price: 14990,
    includes: ['TIRE-CHANGE-SUV', 'TIRE-HOTEL', 'TIRE-CHANGE', 'TIRE-HOTEL-CHANGE'],
  },
  { id: 'OIL-CHANGE', description: 'Öljynvaihto', price: 8990, includes: [] },
  { id: 'CABIN-FILTER', description: 'Raitisilmasuodatin', price: 4990, includes: [] },
  { id: 'MAINT-60000', description: 'Määräaikaishuolto 60 000 km', price: 32990, includes: ['OIL-CHANGE', 'CABIN-FILTER'] },
];
const catalogue = new Map(products.map((p) => [p.id, p]));
const line = (productId: string, amount = 1): WorkLine => ({ productId, amount });
const bundleLine = (bundle: WorkProduct): WorkLine => line(bundle.id);
const total = (lines: readonly WorkLine[]) => lines.reduce((s, l) => s + catalogue.get(l.productId)!.price * l.amount, 0);

function normalise(kept: string[], added: string[], offered = products) {
  return normaliseCartWork(kept.map((id) => line(id)), added.map((id) => line(id)), offered, catalogue, bundleLine);
}

describe('work of a product', () => {
  it('is its own and, through what it includes, that of the products it includes', () => {
    expect([...workOf('TIRE-HOTEL-CHANGE-SUV', catalogue)].sort()).toEqual(
      ['TIRE-CHANGE', 'TIRE-CHANGE-SUV', 'TIRE-HOTEL', 'TIRE-HOTEL-CHANGE', 'TIRE-HOTEL-CHANGE-SUV'].sort(),
    );
    expect([...workOf('TIRE-HOTEL', catalogue)]).toEqual(['TIRE-HOTEL']);
  });
});

describe('the cart never holds work twice, and the parts of a bundle cost what the bundle does', () => {
  it('tire change then the tire hotel: the bundle takes their place, 129,90 € instead of 139,80 €', () => {
    const r = normalise(['TIRE-CHANGE'], ['TIRE-HOTEL']);
    expect(r.lines.map((l) => l.productId)).toEqual(['TIRE-HOTEL-CHANGE']);
    expect(total(r.lines)).toBe(12990);
    expect(r.bundles).toHaveLength(1);
    expect(r.bundles[0]!.saving).toBe(990);
    expect(r.conflicts).toEqual([]);
    expect(bundleAppliedMessage(r.bundles[0]!)).toBe(
      'Saat valitsemasi palvelut yhdessä: Renkaanvaihto ja rengashotelli 130\u00a0€ – 10\u00a0€ edullisemmin kuin erikseen.',
    );
  });

  it('both parts sent at once are the bundle too', () => {
    expect(normalise([], ['TIRE-CHANGE', 'TIRE-HOTEL']).lines.map((l) => l.productId)).toEqual(['TIRE-HOTEL-CHANGE']);
  });

  it('the van tire change with the bundle (which includes a change) is never 199,80 €: the van bundle takes their place', () => {
    for (const [kept, added] of [
      [['TIRE-CHANGE-SUV'], ['TIRE-HOTEL-CHANGE']],
      [['TIRE-HOTEL-CHANGE'], ['TIRE-CHANGE-SUV']],
      [[], ['TIRE-CHANGE-SUV', 'TIRE-HOTEL-CHANGE']],
    ] as const) {
      const r = normalise([...kept], [...added]);
      expect(r.lines.map((l) => l.productId)).toEqual(['TIRE-HOTEL-CHANGE-SUV']);
      expect(total(r.lines)).toBe(14990);
    }
    // The van change and the hotel: the van bundle, not the cheaper car bundle that does not include it.
    expect(normalise(['TIRE-CHANGE-SUV'], ['TIRE-HOTEL']).lines.map((l) => l.productId)).toEqual(['TIRE-HOTEL-CHANGE-SUV']);
  });

  it('without a bundle that does both, two products sharing work are refused, not added', () => {
    const offered = products.filter((p) => p.id !== 'TIRE-HOTEL-CHANGE-SUV');
    const r = normalise(['TIRE-HOTEL-CHANGE'], ['TIRE-CHANGE-SUV'], offered);
    expect(r.lines.map((l) => l.productId)).toEqual(['TIRE-HOTEL-CHANGE']);
    expect(r.conflicts).toEqual([{ kind: 'overlap', productId: 'TIRE-CHANGE-SUV', with: catalogue.get('TIRE-HOTEL-CHANGE') }]);
  });

  it('a product a chosen one includes is refused; a chosen one that an added one includes leaves the cart', () => {
    const refused = normalise(['TIRE-HOTEL-CHANGE'], ['TIRE-CHANGE']);
    expect(refused.lines.map((l) => l.productId)).toEqual(['TIRE-HOTEL-CHANGE']);
    expect(refused.conflicts).toEqual([{ kind: 'included', productId: 'TIRE-CHANGE', by: catalogue.get('TIRE-HOTEL-CHANGE') }]);

    const replaced = normalise(['TIRE-CHANGE'], ['TIRE-CHANGE-SUV']);
    expect(replaced.lines.map((l) => l.productId)).toEqual(['TIRE-CHANGE-SUV']);
    expect(replaced.dropped.map((d) => [d.line.productId, d.by.id])).toEqual([['TIRE-CHANGE', 'TIRE-CHANGE-SUV']]);
  });

  it('maintenance: the package replaces the oil change chosen before it and refuses one after it', () => {
    const r = normalise(['OIL-CHANGE'], ['MAINT-60000']);
    expect(r.lines.map((l) => l.productId)).toEqual(['MAINT-60000']);
    expect(normalise(['MAINT-60000'], ['OIL-CHANGE']).conflicts.map((c) => c.kind)).toEqual(['included']);
  });

  it('a bundle costing more than the parts chosen is not forced on the customer (an oil change and a filter are not a package)', () => {
    const r = normalise(['OIL-CHANGE'], ['CABIN-FILTER']);
    expect(r.lines.map((l) => l.productId)).toEqual(['OIL-CHANGE', 'CABIN-FILTER']);
    expect(r.bundles).toEqual([]);
    expect(bundleFor([line('OIL-CHANGE'), line('CABIN-FILTER')], products, catalogue)).toBeNull();
  });

  it('a bundle not offered to the car is never put in the cart', () => {
    const offered = products.filter((p) => p.id !== 'TIRE-HOTEL-CHANGE');
    const r = normalise(['TIRE-CHANGE'], ['TIRE-HOTEL'], offered);
    expect(r.lines.map((l) => l.productId)).toEqual(['TIRE-CHANGE', 'TIRE-HOTEL']);
  });

  it('a bundle is sold as its parts: the car bundle as change and hotel, the van bundle as van change and hotel', () => {
    expect(bundleParts(catalogue.get('TIRE-HOTEL-CHANGE')!, catalogue).map((p) => p.id)).toEqual(['TIRE-CHANGE', 'TIRE-HOTEL']);
    expect(bundleParts(catalogue.get('TIRE-HOTEL-CHANGE-SUV')!, catalogue).map((p) => p.id)).toEqual(['TIRE-CHANGE-SUV', 'TIRE-HOTEL']);
  });

  it('a kept cart holding work twice is found (the van change beside the car bundle), one holding separate work is not', () => {
    expect(workTwice(['TIRE-CHANGE-SUV', 'TIRE-HOTEL-CHANGE'], catalogue)?.map((p) => p.id)).toEqual(['TIRE-CHANGE-SUV', 'TIRE-HOTEL-CHANGE']);
    expect(workTwice(['MAINT-60000', 'OIL-CHANGE'], catalogue)).not.toBeNull();
    expect(workTwice(['TIRE-CHANGE', 'TIRE-HOTEL'], catalogue)).toBeNull();
    expect(workTwice(['OIL-CHANGE', 'OIL-CHANGE'], catalogue)).toBeNull();
  });
});
