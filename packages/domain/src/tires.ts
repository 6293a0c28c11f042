/** Tire rules shared by the tire search and the server (SPEC §2 "Tire search", §9). */
import * as z from 'zod/mini';
import type { TireType } from './enums.ts';
import { TIRE_TYPES, VEHICLE_CLASS } from './enums.ts';
import { PG_INT_MAX, PG_INT_MIN } from './storable.ts';

/** Load index range, SPEC §9: 70–130, 61 values. */
const LOAD_INDEX_MIN = 70;
const LOAD_INDEX_MAX = 130;
export const LOAD_INDEXES: readonly number[] = Array.from({ length: LOAD_INDEX_MAX - LOAD_INDEX_MIN + 1 }, (_, i) => LOAD_INDEX_MIN + i);

/**
 * The search-tires/v2 query (SPEC §5 "Tire search"), in zod/mini as the tire search step
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

/** Finnish names of the tire types (GLOSSARY). */
export const TIRE_TYPE_LABELS: Record<TireType, string> = {
  NORMAL: 'Kesärengas',
  WINTER_STUDDED: 'Nastarengas',
  WINTER_STUDLESS: 'Kitkarengas',
};

/** Tires in a set ("Sarja asennettuna" is the price of four, fitted). */
export const TIRES_IN_SET = 4;

/** The office made active for tire sales when none is set (SPEC §9). */
export const DEFAULT_TIRE_SALES_OFFICE_ID = 1;

export interface SuggestedTire {
  make: string;
  description: string;
  size_info: string;
  extra_markings: string[];
}

/**
 * Whether a tire suits a vehicle class for the example tire (SPEC §9): a van (class 2)
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

/** A tire of the search results, as `suggested_tire` of a product suggestion (SPEC §3). */
export interface TireDetails extends SuggestedTire {
  tire_type: TireType;
  /** Tires in stock at the supplier; 0 = ordered on demand. */
  stock: number;
  /** 'Sarja asennettuna': four tires, fitted, in cents. */
  set_price: number;
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
 * (SPEC §5 "Tire search": tire type, at least one supplier, width, aspect ratio, rim
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
