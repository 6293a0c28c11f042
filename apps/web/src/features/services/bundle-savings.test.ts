import { describe, expect, it } from 'vitest';
import { group, suggestion } from '@/test/fixtures.ts';
import { bundleSavings } from './bundle-savings.ts';

const plain = (s: string | undefined) => (s ?? '').replace(/\u00a0/g, ' ');

const change = suggestion({ product: { id: 'TIRE-CHANGE', provider: 'LAAKKONEN' }, description: 'Renkaanvaihto', price: 4990 });
const hotel = suggestion({ product: { id: 'TIRE-HOTEL', provider: 'LAAKKONEN' }, description: 'Rengashotelli (kausi)', price: 8990 });
const bundle = (price: number) =>
  suggestion({
    product: { id: 'TIRE-HOTEL-CHANGE', provider: 'LAAKKONEN' },
    description: 'Renkaanvaihto ja rengashotelli',
    price,
    includes: ['TIRE-CHANGE', 'TIRE-HOTEL'],
  });

describe('bundleSavings', () => {
  it('tells each part what the bundle saves, from the real prices (rounded up to euros)', () => {
    const notes = bundleSavings([group('tire-change', 'Renkaanvaihto', [change]), group('tire-hotel', 'Rengashotelli', [hotel, bundle(12990)])]);
    expect(plain(notes.get('TIRE-CHANGE'))).toBe('Renkaanvaihto ja rengashotelli yhdessä: 10 € edullisemmin');
    expect(plain(notes.get('TIRE-HOTEL'))).toBe('Renkaanvaihto ja rengashotelli yhdessä: 10 € edullisemmin');
    expect(notes.has('TIRE-HOTEL-CHANGE')).toBe(false);
    const cheaper = bundleSavings([group('all', 'Kaikki', [change, hotel, bundle(9990)])]);
    expect(plain(cheaper.get('TIRE-CHANGE'))).toBe('Renkaanvaihto ja rengashotelli yhdessä: 40 € edullisemmin');
  });

  it('says nothing when the bundle saves nothing or a part is not offered', () => {
    expect(bundleSavings([group('all', 'Kaikki', [change, hotel, bundle(13980)])]).size).toBe(0);
    expect(bundleSavings([group('all', 'Kaikki', [change, bundle(12990)])]).size).toBe(0);
    expect(bundleSavings(undefined).size).toBe(0);
  });

  it("a van's bundle is sold as the van change and the hotel, not as everything it includes", () => {
    const van = suggestion({ product: { id: 'TIRE-CHANGE-SUV', provider: 'LAAKKONEN' }, description: 'Renkaanvaihto, maastoauto ja pakettiauto', price: 6990, includes: ['TIRE-CHANGE'] });
    const vanBundle = suggestion({
      product: { id: 'TIRE-HOTEL-CHANGE-SUV', provider: 'LAAKKONEN' },
      description: 'Renkaanvaihto ja rengashotelli, maastoauto ja pakettiauto',
      price: 14990,
      includes: ['TIRE-CHANGE-SUV', 'TIRE-HOTEL', 'TIRE-CHANGE', 'TIRE-HOTEL-CHANGE'],
    });
    // A van is offered neither the car change nor the car bundle.
    const forVan = bundleSavings([group('tire-change', 'Renkaanvaihto', [van]), group('tire-hotel', 'Rengashotelli', [hotel, vanBundle])]);
    expect(plain(forVan.get('TIRE-CHANGE-SUV'))).toBe('Renkaanvaihto ja rengashotelli, maastoauto ja pakettiauto yhdessä: 10 € edullisemmin');
    expect(plain(forVan.get('TIRE-HOTEL'))).toBe('Renkaanvaihto ja rengashotelli, maastoauto ja pakettiauto yhdessä: 10 € edullisemmin');
    // A car is offered both: the hotel tells of the car bundle, listed first; the big change of the big bundle.
    const forCar = bundleSavings([group('tire-change', 'Renkaanvaihto', [change, van]), group('tire-hotel', 'Rengashotelli', [hotel, bundle(12990), vanBundle])]);
    expect(plain(forCar.get('TIRE-HOTEL'))).toBe('Renkaanvaihto ja rengashotelli yhdessä: 10 € edullisemmin');
    expect(plain(forCar.get('TIRE-CHANGE-SUV'))).toBe('Renkaanvaihto ja rengashotelli, maastoauto ja pakettiauto yhdessä: 10 € edullisemmin');
  });
});
