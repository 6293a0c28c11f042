import { describe, expect, it } from 'vitest';
import { LOAD_INDEXES, TIRE_MARKING_TEXTS, defaultTireType, tireAmountChoice, exampleTire, formatTireSize, matchesVehicleClass, tireSearchBody, tireSearchQueryOf, type TireSearchForm } from './index.ts';

const r = (extra: string[]) => ({ suggested_tire: { make: 'X', description: '', size_info: '', extra_markings: extra } });

describe('tire rules', () => {
  it('offers load indexes 70–130, 61 values', () => {
    expect(LOAD_INDEXES).toHaveLength(61);
    expect(LOAD_INDEXES[0]).toBe(70);
    expect(LOAD_INDEXES.at(-1)).toBe(130);
  });

  it('the example tire is the first result matching the vehicle class (class 2 ↔ C)', () => {
    const results = [r([]), r(['XL']), r(['C']), r(['C', 'XL'])];
    expect(exampleTire(results, 2)).toBe(results[2]);
    expect(exampleTire(results, 1)).toBe(results[0]);
    expect(exampleTire([r(['C'])], 1)).toBeUndefined();
    expect(matchesVehicleClass({ extra_markings: ['C'] }, 2)).toBe(true);
  });

  it('the search form needs every field and at least one supplier', () => {
    const ok = { suppliers: [1], width: 205, aspectRatio: 55, rimDiameter: 16, minLoadIndex: 91, tireType: 'NORMAL' };
    expect(tireSearchBody.safeParse(ok).success).toBe(true);
    expect(tireSearchBody.safeParse({ ...ok, suppliers: [] }).success).toBe(false);
    expect(tireSearchBody.safeParse({ ...ok, minLoadIndex: 69 }).success).toBe(false);
    expect(tireSearchBody.safeParse({ ...ok, minLoadIndex: 131 }).success).toBe(false);
    expect(tireSearchBody.safeParse({ ...ok, tireType: 'SUMMER' }).success).toBe(false);
    const { width: _w, ...noWidth } = ok;
    expect(tireSearchBody.safeParse(noWidth).success).toBe(false);
  });

  it('offers winter tires in the cold months', () => {
    expect(defaultTireType(11)).toBe('WINTER_STUDLESS');
    expect(defaultTireType(6)).toBe('NORMAL');
  });

  it('the form gives a search body only when every field is filled', () => {
    const form: TireSearchForm = { tireType: 'WINTER_STUDDED', suppliers: [1, 3], width: '205', aspectRatio: '55', rimDiameter: '16', loadIndex: '91' };
    expect(tireSearchQueryOf(form)).toEqual({ suppliers: [1, 3], width: 205, aspectRatio: 55, rimDiameter: 16, minLoadIndex: 91, tireType: 'WINTER_STUDDED' });
    expect(tireSearchQueryOf({ ...form, tireType: '' })).toBeNull();
    expect(tireSearchQueryOf({ ...form, suppliers: [] })).toBeNull();
    for (const field of ['width', 'aspectRatio', 'rimDiameter', 'loadIndex'] as const) {
      expect(tireSearchQueryOf({ ...form, [field]: '' })).toBeNull();
      expect(tireSearchQueryOf({ ...form, [field]: ' ' })).toBeNull();
    }
    expect(tireSearchQueryOf({ ...form, loadIndex: '69' })).toBeNull();
    expect(tireSearchQueryOf({ ...form, loadIndex: '130' })).not.toBeNull();
    expect(tireSearchQueryOf({ ...form, width: '205.5' })).toBeNull();
  });

  it('writes a size as 205/55R16', () => {
    expect(formatTireSize({ width: 205, aspectRatio: 55, rimDiameter: 16 })).toBe('205/55R16');
  });
});

describe('tire amount from stock', () => {
  it('offers a set of four when four are in stock, and no more than the stock or a cart line', () => {
    expect(tireAmountChoice(17)).toEqual({ initial: 4, max: 8, amounts: [1, 2, 3, 4, 5, 6, 7, 8] });
    expect(tireAmountChoice(4)).toEqual({ initial: 4, max: 4, amounts: [1, 2, 3, 4] });
    expect(tireAmountChoice(6, 2)).toMatchObject({ initial: 2, max: 6 });
  });

  it('offers only what is in stock: one in stock gives one, at most one', () => {
    expect(tireAmountChoice(1)).toEqual({ initial: 1, max: 1, amounts: [1] });
    expect(tireAmountChoice(3)).toEqual({ initial: 3, max: 3, amounts: [1, 2, 3] });
  });

  it('a tire out of stock cannot be chosen', () => {
    expect(tireAmountChoice(0)).toEqual({ initial: 0, max: 0, amounts: [] });
    expect(tireAmountChoice(-2)).toEqual({ initial: 0, max: 0, amounts: [] });
  });

  it('explains the C and XL markings', () => {
    expect(TIRE_MARKING_TEXTS.C?.title).toContain('pakettiautorengas');
    expect(TIRE_MARKING_TEXTS.XL?.title).toContain('Extra Load');
  });
});
