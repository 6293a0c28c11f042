/** Tire rules shared by the tire search and the server (requirements §2 "Tire search", §9). */
import * as z from 'zod/mini';
import type { TireType } from './enums.ts';
import { TIRE_TYPES, VEHICLE_CLASS } from './enums.ts';
import { PG_INT_MAX, PG_INT_MIN } from './storable.ts';
import { MAX_TIRES_PER_LINE } from './rules.ts';

/** Load index range, requirements §9: 70–130, 61 values. */
const LOAD_INDEX_MIN = 70;
const LOAD_INDEX_MAX = 130;
export const LOAD_INDEXES: readonly number[] = Array.from({ length: LOAD_INDEX_MAX - LOAD_INDEX_MIN + 1 }, (_, i) => LOAD_INDEX_MIN + i);

/**
 * The search-tires/v2 query (requirements §5 "Tire search"), in zod/mini as the tire search step
 * validates with it (see validation.ts); api.ts wraps it for the server as tireSearchBody.
 */
/** An integer that fits the integer columns it is compared with. */
const int4 = () => z.number().check(z.int(), z.gte(PG_INT_MIN), z.lte(PG_INT_MAX));
export const tireSearchQuerySchema = z.object({
  suppliers: z.array(int4()).check(z.minLength(1)),
  width: int4(),
  aspectRatio: int4(),
  rimDiameter: int4(),
  minLoadIndex: z.number().check(z.int(), z.gte(LOAD_INDEX_MIN), z.lte(LOAD_INDEX_MAX)),
  tireType: z.enum(TIRE_TYPES),
});
export type TireSearchQuery = z.infer<typeof tireSearchQuerySchema>;

/** Finnish names of the tire types (docs/glossary.md). */
export const TIRE_TYPE_LABELS: Record<TireType, string> = {
  NORMAL: 'Kesärengas',
  WINTER_STUDDED: 'Nastarengas',
  WINTER_STUDLESS: 'Kitkarengas',
};

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
/**
 * A tire's info text on its card ("Lisätietoja"), made of its make, model and type:
 * '<p>Nokian Tyres Hakkapeliitta R5, kitkarengas.</p>'. The import writes it for each tire of
 * a price list, as the demo catalogue has it.
 */
export function tireInfoHtml(make: string, model: string, tireType: TireType): string {
  const text = `${make} ${model}, ${TIRE_TYPE_LABELS[tireType].toLowerCase()}.`;
  return `<p>${text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!)}</p>`;
}

/** Tires in a set ("Sarja asennettuna" is the price of four, fitted). */
export const TIRES_IN_SET = 4;

/** The office made active for tire sales when none is set (requirements §9). */
export const DEFAULT_TIRE_SALES_OFFICE_ID = 1;

export interface SuggestedTire {
  make: string;
  description: string;
  size_info: string;
  extra_markings: string[];
}

/**
 * Whether a tire suits a vehicle class for the example tire (requirements §9): a van (class 2)
 * needs a tire marked C; other cars take tires without the C marking.
 */
export function matchesVehicleClass(tire: { extra_markings: readonly string[] }, classificationId: number | null | undefined) {
  const isC = tire.extra_markings.includes('C');
  return classificationId === VEHICLE_CLASS.VAN ? isC : !isC;
}

/** The example tire: the first search result that matches the vehicle class. */
export function exampleTire<T extends { suggested_tire: { extra_markings: readonly string[] } | null }>(
  results: readonly T[],
  classificationId: number | null | undefined,
): T | undefined {
  return results.find((r) => r.suggested_tire !== null && matchesVehicleClass(r.suggested_tire, classificationId));
}

/** The tire type offered first: winter tires from October to March, in Helsinki. */
export function defaultTireType(month: number): TireType {
  return month >= 10 || month <= 3 ? 'WINTER_STUDLESS' : 'NORMAL';
}

/** Classes of rolling resistance (fuel efficiency) and wet grip on the EU tyre label (Regulation (EU) 2020/740), best first. */
export const TIRE_LABEL_CLASSES = ['A', 'B', 'C', 'D', 'E'] as const;
export type TireLabelClass = (typeof TIRE_LABEL_CLASSES)[number];
/** External rolling noise classes on the EU tyre label, quietest first. */
export const TIRE_NOISE_CLASSES = ['A', 'B', 'C'] as const;
export type TireNoiseClass = (typeof TIRE_NOISE_CLASSES)[number];

/**
 * The EU tyre label's values (Regulation (EU) 2020/740). Studded tires are outside the
 * regulation, so they have none.
 */
export interface TireLabel {
  rollingResistance: TireLabelClass;
  wetGrip: TireLabelClass;
  /** External rolling noise in dB(A). */
  noiseDb: number;
  noiseClass: TireNoiseClass;
}

/** A tire of the search results, as `suggested_tire` of a product suggestion (requirements §3). */
export interface TireDetails extends SuggestedTire {
  tire_type: TireType;
  /** Tires in stock at the supplier; 0 = none to sell. */
  stock: number;
  /** 'Sarja asennettuna': four tires, fitted, in cents. */
  set_price: number;
  /** The EU tyre label; null where the catalogue has none (studded tires). */
  label?: TireLabel | null;
}

/** What the extra markings of a tire size mean, in Finnish (shown beside the marking). */
export const TIRE_MARKING_TEXTS: Readonly<Record<string, { title: string; text: string }>> = {
  C: {
    title: 'C = vahvistettu pakettiautorengas',
    text: 'Commercial: pakettiautoon tai muuhun raskaasti kuormattavaan autoon tehty rengas, jonka rakenne kestää suuremman kuorman ja paineen.',
  },
  XL: {
    title: 'XL = vahvistettu rengas (Extra Load)',
    text: 'Kantaa enemmän painoa kuin saman kokoinen perusrengas, kun rengaspaine on sille suositeltu. Sopii myös tavalliseen henkilöautoon.',
  },
};

/** How many of one tire the customer may choose, from its stock. */
export interface TireAmountChoice {
  /** The amount offered first. */
  initial: number;
  /** The most that can be chosen; 0 = none in stock, the tire cannot be chosen. */
  max: number;
  /** The amounts to offer, 1…max. */
  amounts: number[];
}

/**
 * The amount of a tire follows its stock: no more than the supplier has and no more
 * than a cart line takes (MAX_TIRES_PER_LINE); the amount offered first is the preferred
 * one (a set of four, or two per axle) when that many are in stock, else all there are.
 */
export function tireAmountChoice(stock: number, preferred: number = TIRES_IN_SET): TireAmountChoice {
  const max = Math.max(0, Math.min(Math.floor(Number.isFinite(stock) ? stock : 0), MAX_TIRES_PER_LINE));
  const initial = Math.min(Math.max(1, preferred), max);
  return { initial, max, amounts: Array.from({ length: max }, (_, i) => i + 1) };
}

/** One tire size of the vehicle, suggested in the tire search. */
export interface SuggestedTireSize {
  width: number;
  aspectRatio: number;
  rimDiameter: number;
  loadIndex: number;
}

/** '205/55R16' */
export function formatTireSize(size: Pick<SuggestedTireSize, 'width' | 'aspectRatio' | 'rimDiameter'>): string {
  return `${size.width}/${size.aspectRatio}R${size.rimDiameter}`;
}

/** The tire search form as its controls hold it: selects give strings, '' is unchosen. */
export interface TireSearchForm {
  tireType: TireType | '';
  suppliers: number[];
  width: string;
  aspectRatio: string;
  rimDiameter: string;
  loadIndex: string;
}

/**
 * The search-tires/v2 body of a filled form, or null while the form is not valid
 * (requirements §5 "Tire search": tire type, at least one supplier, width, aspect ratio, rim
 * diameter and load index 70–130 are required). The search runs once this is non-null.
 */
export function tireSearchQueryOf(form: TireSearchForm): TireSearchQuery | null {
  const num = (v: string) => (v.trim() === '' ? Number.NaN : Number(v));
  const parsed = tireSearchQuerySchema.safeParse({
    suppliers: form.suppliers,
    width: num(form.width),
    aspectRatio: num(form.aspectRatio),
    rimDiameter: num(form.rimDiameter),
    minLoadIndex: num(form.loadIndex),
    tireType: form.tireType,
  });
  return parsed.success ? parsed.data : null;
}
