/**
 * The tire catalogue: every size the register's cars run on, plus common sizes, from
 * several suppliers in three types, with load indexes 70–130, extra markings (C for vans,
 * XL for reinforced), prices per tire fitted, stock, and a picture per model.
 */
import type { Insertable } from 'kysely';
import { tireInfoHtml } from '@huolto/domain';
import type { Database } from '../src/db/types.ts';
import { MAKES, parseAxleTires } from './catalog.ts';
import type { Random } from './random.ts';

type TireType = 'NORMAL' | 'WINTER_STUDDED' | 'WINTER_STUDLESS';

export const TIRE_SUPPLIERS = [
  { id: 1, name: 'Nokian Tyres', level: 1.15 },
  { id: 2, name: 'Michelin', level: 1.25 },
  { id: 3, name: 'Continental', level: 1.18 },
  { id: 4, name: 'Bridgestone', level: 1.1 },
  { id: 5, name: 'Goodyear', level: 1.08 },
  { id: 6, name: 'Hankook', level: 0.9 },
  { id: 7, name: 'Pirelli', level: 1.2 },
  { id: 8, name: 'Kumho', level: 0.8 },
] as const;

/** Models of each supplier by type: [name, extra markings it is made with]. */
const MODELS: Record<TireType, readonly string[]> = {
  NORMAL: ['Summer Pro', 'Eco Drive', 'Sport Grip'],
  WINTER_STUDDED: ['Nordic Stud', 'Ice Stud Plus'],
  WINTER_STUDLESS: ['Nordic Friction', 'Snow Control'],
};

const SUPPLIER_MODEL_NAMES: Record<number, Record<TireType, readonly string[]>> = {
  1: { NORMAL: ['Hakka Green 3', 'Hakka Blue 3', 'Powerproof 1'], WINTER_STUDDED: ['Hakkapeliitta 10', 'Hakkapeliitta 10 EV'], WINTER_STUDLESS: ['Hakkapeliitta R5', 'Hakkapeliitta R5 EV'] },
  2: { NORMAL: ['Primacy 4+', 'Pilot Sport 5', 'e.Primacy'], WINTER_STUDDED: ['X-Ice North 4', 'X-Ice North 4 SUV'], WINTER_STUDLESS: ['X-Ice Snow', 'Alpin 7'] },
  3: { NORMAL: ['PremiumContact 7', 'EcoContact 6', 'SportContact 7'], WINTER_STUDDED: ['IceContact 3', 'IceContact XTRM'], WINTER_STUDLESS: ['VikingContact 8', 'WinterContact TS 870'] },
  4: { NORMAL: ['Turanza 6', 'Potenza Sport', 'Ecopia EP150'], WINTER_STUDDED: ['Noranza 2 Evo', 'Noranza 001'], WINTER_STUDLESS: ['Blizzak Ice', 'Blizzak LM005'] },
  5: { NORMAL: ['EfficientGrip Performance 2', 'Eagle F1 Asymmetric 6', 'EfficientGrip 2 SUV'], WINTER_STUDDED: ['UltraGrip Arctic 2', 'UltraGrip Ice Arctic SUV'], WINTER_STUDLESS: ['UltraGrip Ice 3', 'UltraGrip Performance 3'] },
  6: { NORMAL: ['Ventus Prime 4', 'Kinergy Eco 2', 'Ventus S1 evo3'], WINTER_STUDDED: ['Winter i*Pike RS2', 'Winter i*Pike X'], WINTER_STUDLESS: ['Winter i*cept iZ3', 'Winter i*cept evo3'] },
  7: { NORMAL: ['Cinturato P7', 'P Zero', 'Scorpion'], WINTER_STUDDED: ['Scorpion Ice Zero 2', 'Ice Zero 2'], WINTER_STUDLESS: ['Ice Zero Asimmetrico', 'Winter Sottozero 3'] },
  8: { NORMAL: ['Ecsta HS52', 'Ecowing ES31', 'Crugen HP71'], WINTER_STUDDED: ['WinterCraft Ice Wi32', 'WinterCraft SUV Ice WS51'], WINTER_STUDLESS: ['WinterCraft WP52', 'WinterCraft Wi51'] },
};

const COMMON_SIZES = [
  '155/65R14 75', '165/70R14 81', '175/65R14 82', '185/65R15 88', '195/65R15 91', '205/60R16 92',
  '215/60R16 99', '215/55R17 98', '225/45R17 94', '225/40R18 92', '235/45R18 98', '235/50R19 103',
  '245/45R19 102', '255/45R20 105', '265/40R21 105', '195/75R16 107', '205/65R16 107', '215/65R16 109',
  '225/70R15 112', '235/65R16 115', '225/75R16 118', '195/70R15 104',
  // small cars, low load indexes
  '135/80R13 70', '145/70R13 71', '155/80R13 79', '165/65R14 79', '175/70R13 82', '175/65R15 84',
  '185/55R15 82', '185/60R14 82', '195/50R15 82', '195/45R16 84', '205/45R17 88', '205/50R17 93',
  // low-profile and large
  '215/40R18 89', '225/35R19 88', '235/35R19 91', '245/35R20 95', '255/35R19 96', '275/40R20 106',
  '285/45R21 113', '265/65R17 112', '275/65R18 116', '285/60R18 118', '255/70R18 116', '265/60R18 110',
  // light trucks and vans, high load indexes
  '235/85R16 120', '245/75R16 120', '215/75R16 116', '185/75R16 104', '205/75R16 113', '235/60R17 117',
  '245/70R17 119', '265/75R16 123', '285/75R16 126', '325/65R18 127',
];

interface Size {
  width: number;
  aspectRatio: number;
  rimDiameter: number;
  /** Load index of the passenger-car tire of this size; null when only vans use it. */
  carLoadIndex: number | null;
  /** Load index of the van (C) tire of this size; null when no van uses it. */
  vanLoadIndex: number | null;
}

/** Every distinct size of the catalogue's models (vans marked) and the common sizes. */
export function tireSizes(): Size[] {
  const sizes = new Map<string, Size>();
  const max = (a: number | null | undefined, b: number) => Math.max(a ?? 0, b);
  // A size that cars and vans share is sold both ways: a car tire and a van (C) tire.
  const add = (t: { width: number; aspectRatio: number; rimDiameter: number; loadIndex: number }, van: boolean) => {
    const key = `${t.width}/${t.aspectRatio}R${t.rimDiameter}`;
    const prev = sizes.get(key);
    sizes.set(key, {
      width: t.width,
      aspectRatio: t.aspectRatio,
      rimDiameter: t.rimDiameter,
      carLoadIndex: van ? (prev?.carLoadIndex ?? null) : max(prev?.carLoadIndex, t.loadIndex),
      vanLoadIndex: van ? max(prev?.vanLoadIndex, t.loadIndex) : (prev?.vanLoadIndex ?? null),
    });
  };
  for (const make of MAKES) {
    for (const model of make.models) {
      for (const spec of model.tires) {
        const axles = parseAxleTires(spec);
        add(axles.front, !!model.van);
        add(axles.rear, !!model.van);
      }
    }
  }
  for (const spec of COMMON_SIZES) {
    const { front } = parseAxleTires(spec);
    add(front, front.loadIndex >= 104 && front.aspectRatio >= 65);
  }
  return [...sizes.values()].sort((a, b) => a.rimDiameter - b.rimDiameter || a.width - b.width || a.aspectRatio - b.aspectRatio);
}

const SPEED = ['Q', 'T', 'H', 'V', 'W', 'Y'];

/** A stable number 0…1 of a text (FNV-1a), so that a tire's label does not move the catalogue's random stream. */
function unitHash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return (h >>> 0) / 0x1_0000_0000;
}

const LABEL_CLASSES = ['A', 'B', 'C', 'D', 'E'] as const;
const classAt = (i: number) => LABEL_CLASSES[Math.min(4, Math.max(0, Math.round(i)))]!;

/**
 * The EU tyre label of a tire (Regulation (EU) 2020/740) as the makers declare it: summer
 * tires roll and grip the wet best, Nordic friction tires grip ice at the cost of wet grip,
 * wide tires are louder. Studded tires are outside the regulation: no label.
 */
export function tireLabel(id: string, type: TireType, width: number, level: number) {
  if (type === 'WINTER_STUDDED') return { rolling_resistance_class: null, wet_grip_class: null, noise_db: null, noise_class: null };
  const quality = (level - 0.8) / 0.45; // 0 (budget) … 1 (premium)
  const rolling = (type === 'NORMAL' ? 1.6 : 2.6) - quality + unitHash(`${id}:rr`) * 1.6 - 0.8;
  const wet = (type === 'NORMAL' ? 1.4 : 2.8) - quality * 1.2 + unitHash(`${id}:wg`) * 1.6 - 0.8;
  const noiseDb = Math.round(66 + (width - 155) / 40 + (type === 'NORMAL' ? 1 : 0) + unitHash(`${id}:db`) * 4 - quality);
  return {
    rolling_resistance_class: classAt(rolling),
    wet_grip_class: classAt(wet),
    noise_db: noiseDb,
    noise_class: noiseDb <= 68 ? 'A' : noiseDb <= 72 ? 'B' : 'C',
  };
}

export const tireImageId = (supplierId: number, type: TireType, model: string) =>
  `tire-${supplierId}-${type}-${model.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;

export interface TireCatalogue {
  suppliers: Insertable<Database['tire_supplier']>[];
  products: Insertable<Database['product']>[];
  tires: Insertable<Database['tire']>[];
  media: Insertable<Database['media']>[];
}

/** A tire picture: a tread pattern, studs for studded tires, in the supplier's colour. */
function tireSvg(label: string, type: TireType, hue: number) {
  const studs =
    type === 'WINTER_STUDDED'
      ? Array.from({ length: 10 }, (_, i) => `<circle cx="${60 + 28 * Math.cos((i * Math.PI) / 5)}" cy="${60 + 28 * Math.sin((i * Math.PI) / 5)}" r="2.5" fill="#c9d3dd"/>`).join('')
      : '';
  const grooves = type === 'NORMAL' ? 'M60 14 L60 32 M60 88 L60 106 M14 60 L32 60 M88 60 L106 60' : 'M27 27 L40 40 M93 27 L80 40 M27 93 L40 80 M93 93 L80 80';
  return `<svg xmlns="http://www.w3.org/2000/svg" width="120" height="120" viewBox="0 0 120 120" role="img" aria-label="${label}"><circle cx="60" cy="60" r="56" fill="#1d1f22"/><circle cx="60" cy="60" r="44" fill="none" stroke="#3a3d42" stroke-width="10"/><path d="${grooves}" stroke="#4a4e55" stroke-width="5"/><circle cx="60" cy="60" r="22" fill="hsl(${hue} 30% 78%)"/><circle cx="60" cy="60" r="6" fill="#5b636e"/>${studs}</svg>`;
}

/** Builds at least 10,000 tires (size × supplier × type × model × load variant). */
export function tireCatalogue(rng: Random): TireCatalogue {
  const out: TireCatalogue = {
    suppliers: TIRE_SUPPLIERS.map((s) => ({ id: s.id, name: s.name })),
    products: [],
    tires: [],
    media: [],
  };
  const images = new Set<string>();
  const types: TireType[] = ['NORMAL', 'WINTER_STUDDED', 'WINTER_STUDLESS'];
  for (const size of tireSizes()) {
    for (const supplier of TIRE_SUPPLIERS) {
      for (const type of types) {
        for (const model of SUPPLIER_MODEL_NAMES[supplier.id]?.[type] ?? MODELS[type]) {
          const imageId = tireImageId(supplier.id, type, model);
          if (!images.has(imageId)) {
            images.add(imageId);
            out.media.push({
              id: imageId,
              content_type: 'image/svg+xml',
              data: new TextEncoder().encode(tireSvg(`${supplier.name} ${model}`, type, supplier.id * 45)),
            });
          }
          // A standard and a reinforced version of each size, for cars and for vans (C).
          const variants: [string[], number][] = [
            ...(size.carLoadIndex !== null ? ([[[], size.carLoadIndex], [['XL'], size.carLoadIndex]] as [string[], number][]) : []),
            ...(size.vanLoadIndex !== null ? ([[['C'], size.vanLoadIndex], [['C', 'XL'], size.vanLoadIndex]] as [string[], number][]) : []),
          ];
          for (const [markings, standardLoad] of variants) {
            const loadIndex = Math.min(130, Math.max(70, standardLoad + (markings.includes('XL') ? 3 : 0)));
            const base = 40 + size.rimDiameter * 4.5 + (size.width - 150) * 0.35 + (type === 'NORMAL' ? 0 : 18) + (type === 'WINTER_STUDDED' ? 8 : 0);
            const euros = Math.round(base * supplier.level * (markings.includes('XL') ? 1.06 : 1) * (0.95 + rng.next() * 0.1));
            const priceCents = euros * 100 - 10; // e.g. 129,90 €
            const id = `T-${supplier.id}-${type.slice(0, 2)}${type.endsWith('STUDLESS') ? 'L' : ''}-${model.replace(/[^A-Za-z0-9]+/g, '').toUpperCase()}-${size.width}${size.aspectRatio}R${size.rimDiameter}-${loadIndex}${markings.join('')}`;
            const speed = SPEED[Math.min(SPEED.length - 1, Math.max(0, Math.floor((size.rimDiameter - 13) / 1.4) + (type === 'NORMAL' ? 1 : -1)))]!;
            out.products.push({
              id,
              group_id: 'tires',
              provider: 'TIRE',
              description: `${supplier.name} ${model} ${size.width}/${size.aspectRatio}R${size.rimDiameter} ${loadIndex}${speed}${markings.length ? ' ' + markings.join(' ') : ''}`,
              info_html: tireInfoHtml(supplier.name, model, type),
              price_cents: priceCents,
              normal_price_cents: null,
              duration_minutes: 60,
              image_ids: [imageId],
              sort: 0,
              active: true,
            });
            out.tires.push({
              product_id: id,
              supplier_id: supplier.id,
              // The supplier's list names the demo's tires by their product ids.
              supplier_code: id,
              make: supplier.name,
              model,
              tire_type: type,
              width: size.width,
              aspect_ratio: size.aspectRatio,
              rim_diameter: size.rimDiameter,
              load_index: loadIndex,
              speed_index: speed,
              extra_markings: markings,
              stock: rng.int(0, 40),
              ...tireLabel(id, type, size.width, supplier.level),
            });
          }
        }
      }
    }
  }
  return out;
}
