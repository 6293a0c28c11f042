import { describe, expect, it } from 'vitest';
import { contentsChangeable } from './contents-model.ts';

describe('contentsChangeable', () => {
  // 2.12.2026 at 10.00 in Helsinki (UTC+2).
  const now = new Date('2026-12-02T08:00:00Z');

  it('a confirmed booking that has not started yet, or a lead from its wished day on', () => {
    expect(contentsChangeable({ status: 'CONFIRMED', start: '2026-12-02T10:15:00', leadDate: null }, now)).toBe(true);
    expect(contentsChangeable({ status: 'CONFIRMED', start: null, leadDate: '2026-12-02' }, now)).toBe(true);
  });

  it('not a started, past or cancelled one, nor a lead of a day gone', () => {
    expect(contentsChangeable({ status: 'CONFIRMED', start: '2026-12-02T10:00:00', leadDate: null }, now)).toBe(false);
    expect(contentsChangeable({ status: 'CONFIRMED', start: '2026-12-01T12:00:00', leadDate: null }, now)).toBe(false);
    expect(contentsChangeable({ status: 'CANCELLED', start: '2026-12-09T10:00:00', leadDate: null }, now)).toBe(false);
    expect(contentsChangeable({ status: 'CONFIRMED', start: null, leadDate: '2026-12-01' }, now)).toBe(false);
  });
});
