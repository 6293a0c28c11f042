import { describe, expect, it } from 'vitest';
import { PROCESSES, adjacentStep, formatEuros, formatReduction, progressSteps, roundUpToEuros, stepStatuses } from './index.ts';

describe('prices', () => {
  it('round up to whole euros', () => {
    expect(roundUpToEuros(24900)).toBe(249);
    expect(roundUpToEuros(24901)).toBe(250);
    expect(roundUpToEuros(24990)).toBe(250);
    expect(roundUpToEuros(0)).toBe(0);
    expect(roundUpToEuros(1)).toBe(1);
  });

  it('show reductions rounded down, so that lines add up to the total', () => {
    expect(formatReduction(3630)).toBe('\u221236\u00a0€');
    expect(roundUpToEuros(36300) - Math.floor(3630 / 100) - Math.floor(2000 / 100)).toBe(roundUpToEuros(36300 - 3630 - 2000));
  });

  it('format as "1 234 €" with no-break spaces', () => {
    expect(formatEuros(123_350)).toBe('1\u00a0234\u00a0€');
    expect(formatEuros(9_900)).toBe('99\u00a0€');
  });
});

describe('steps (requirements §2, §4)', () => {
  const huolto = PROCESSES.MAINTENANCE;

  it('lists the steps of each process in order', () => {
    expect(huolto.steps.map((s) => s.path)).toEqual(['ajoneuvo', 'palvelut', 'lisapalvelut', 'aika', 'omat-tiedot', 'kiitos']);
    expect(PROCESSES.TIRE_CHANGE.steps.map((s) => s.path)).toEqual(['ajoneuvo', 'toimpiste', 'palvelut', 'aika', 'omat-tiedot', 'kiitos']);
    expect(PROCESSES.TIRE_SALES.steps.map((s) => s.path)).toEqual(['ajoneuvo', 'rengasmyynti', 'toimpiste', 'aika', 'omat-tiedot', 'kiitos']);
    expect(PROCESSES.WINDSHIELD.steps.map((s) => s.path)).toEqual(['ajoneuvo', 'palvelut', 'aika', 'omat-tiedot', 'kiitos']);
  });

  it('leaves the thanks page out of the progress bar', () => {
    expect(progressSteps(huolto).map((s) => s.path)).not.toContain('kiitos');
    expect(progressSteps(huolto)).toHaveLength(5);
  });

  it('marks earlier steps FINISHED, the current ACTIVE, later UNFINISHED', () => {
    expect(stepStatuses(huolto, 'aika')).toEqual(['FINISHED', 'FINISHED', 'FINISHED', 'ACTIVE', 'UNFINISHED', 'UNFINISHED']);
    expect(stepStatuses(huolto, 'ajoneuvo')).toEqual(['ACTIVE', 'UNFINISHED', 'UNFINISHED', 'UNFINISHED', 'UNFINISHED', 'UNFINISHED']);
    expect(stepStatuses(huolto, 'nope').every((s) => s === 'UNFINISHED')).toBe(true);
  });

  it('moves to the next and previous step by position', () => {
    expect(adjacentStep(huolto, 'palvelut', 1)?.path).toBe('lisapalvelut');
    expect(adjacentStep(huolto, 'palvelut', -1)?.path).toBe('ajoneuvo');
    expect(adjacentStep(huolto, 'ajoneuvo', -1)).toBeUndefined();
  });
});
