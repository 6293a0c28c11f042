/** Tire rules shared by the tire search and the server (SPEC §2 "Tire search", §9). */
import type { TireType } from './enums.ts';
import { VEHICLE_CLASS } from './enums.ts';

/** Load index range, SPEC §9: 70–130, 61 values. */
export const LOAD_INDEX_MIN = 70;
export const LOAD_INDEX_MAX = 130;
export const LOAD_INDEXES: readonly number[] = Array.from({ length: LOAD_INDEX_MAX - LOAD_INDEX_MIN + 1 }, (_, i) => LOAD_INDEX_MIN + i);

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
