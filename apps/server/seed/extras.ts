/**
 * Maintenance extras: products offered under a selected product, small extra order items,
 * offer cards, and the pictures of the service groups (SVG, stored in the media table).
 */
import type { Insertable } from 'kysely';
import type { Database } from '../src/db/types.ts';
import { groupImageId } from './services.ts';

/** Products offered under a selected one: [product id prefix or id, additional product ids]. */
const ADDITIONAL: readonly [match: (id: string) => boolean, additional: readonly string[]][] = [
  [(id) => id.includes('-MAINT-'), ['BRAKE-FLUID', 'CABIN-FILTER', 'WASH-EXTERIOR']],
  [(id) => id.startsWith('OIL-CHANGE'), ['CABIN-FILTER', 'BATTERY-TEST']],
  [(id) => id === 'BRAKE-PADS-FRONT' || id === 'BRAKE-DISCS-FRONT', ['BRAKE-FLUID']],
  [(id) => id === 'AC-SERVICE', ['AC-DISINFECTION', 'CABIN-FILTER']],
];

export function productAdditionalRows(productIds: readonly string[]): Insertable<Database['product_additional']>[] {
  const known = new Set(productIds);
  return productIds.flatMap((id) =>
    ADDITIONAL.filter(([match]) => match(id)).flatMap(([, extras]) =>
      extras
        .filter((extra) => known.has(extra) && extra !== id)
        .map((extra, i) => ({ product_id: id, additional_product_id: extra, sort: (i + 1) * 10 })),
    ),
  ).filter((row, i, rows) => rows.findIndex((r) => r.product_id === row.product_id && r.additional_product_id === row.additional_product_id) === i);
}

export const EXTRA_ORDER_ITEMS: Insertable<Database['extra_order_item']>[] = [
  { id: 'WIPER-BLADES', description: 'Tuulilasinpyyhkimien sulat, pari', price_cents: 3990, sort: 10 },
  { id: 'WASHER-FLUID', description: 'Lasinpesuneste −20 °C, täyttö', price_cents: 1290, sort: 20 },
  { id: 'BULB-H7', description: 'Ajovalopolttimo H7, asennettuna', price_cents: 1990, sort: 30 },
  { id: 'AIR-FRESHENER', description: 'Raikastin', price_cents: 490, sort: 40 },
  { id: 'ICE-SCRAPER', description: 'Jääraappa ja lumiharja', price_cents: 1490, sort: 50 },
];

export const OFFERS = (imageOf: (groupId: string) => string): Insertable<Database['offer']>[] => [
  {
    id: 'offer-winter',
    title: 'Talvikunnostus',
    body: 'Akku, jarrut ja pakkasneste kuntoon ennen kovia pakkasia – nyt kampanjahintaan.',
    image_id: imageOf('winter-campaign'),
    product_id: 'WINTER-PACKAGE',
    sort: 10,
  },
  {
    id: 'offer-ac',
    title: 'Raikas sisäilma',
    body: 'Ilmastoinnin desinfiointi poistaa hajut ja mikrobit.',
    image_id: imageOf('air-conditioning'),
    product_id: 'AC-DISINFECTION',
    sort: 20,
  },
  {
    id: 'offer-wash',
    title: 'Puhdas auto huollon jälkeen',
    body: 'Sisä- ja ulkopesu samalla käynnillä.',
    image_id: imageOf('wash'),
    product_id: 'WASH-FULL',
    sort: 30,
  },
];

const PALETTE = ['#0b4f8a', '#1b6e4a', '#8a3b0b', '#5b2a86', '#0b6d7a', '#7a5a0b'];

/** A simple, self-contained SVG card picture: a coloured tile with the group's initials. */
function groupSvg(title: string, index: number): string {
  const color = PALETTE[index % PALETTE.length]!;
  const initials = title
    .split(/\s+/)
    .filter((w) => /^[A-ZÅÄÖa-zåäö]/.test(w))
    .slice(0, 2)
    .map((w) => w[0]!.toUpperCase())
    .join('');
  const escaped = title.replace(/&/g, '&amp;').replace(/</g, '&lt;');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="160" height="120" viewBox="0 0 160 120" role="img" aria-label="${escaped}"><rect width="160" height="120" rx="12" fill="${color}"/><circle cx="130" cy="24" r="40" fill="#ffffff" fill-opacity="0.12"/><text x="80" y="74" font-family="system-ui,sans-serif" font-size="40" font-weight="700" fill="#ffffff" text-anchor="middle">${initials}</text></svg>`;
}

export function groupMediaRows(groups: readonly { id: string; title: string }[]): Insertable<Database['media']>[] {
  return groups.map((g, i) => ({
    id: groupImageId(g.id),
    content_type: 'image/svg+xml',
    data: new TextEncoder().encode(groupSvg(g.title, i)),
  }));
}
