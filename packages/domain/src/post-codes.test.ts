import { describe, expect, it } from 'vitest';
import { postCodeCoordinates } from './post-codes.ts';

describe('postCodeCoordinates', () => {
  it('gives every two-digit area a point inside Finland', () => {
    for (let i = 0; i < 100; i++) {
      const c = postCodeCoordinates(`${String(i).padStart(2, '0')}100`);
      expect(c, String(i)).not.toBeNull();
      expect(c!.latitude).toBeGreaterThanOrEqual(59.7);
      expect(c!.latitude).toBeLessThanOrEqual(70.1);
      expect(c!.longitude).toBeGreaterThanOrEqual(19.5);
      expect(c!.longitude).toBeLessThanOrEqual(31.6);
    }
  });

  it('places the big towns where they are', () => {
    expect(postCodeCoordinates('00100')).toEqual({ latitude: 60.17, longitude: 24.94 });
    expect(postCodeCoordinates('33100')!.latitude).toBeCloseTo(61.5, 1);
    expect(postCodeCoordinates('90100')!.latitude).toBeCloseTo(65.0, 1);
    // Oulu lies north of Tampere, Joensuu east of Turku.
    expect(postCodeCoordinates('90100')!.latitude).toBeGreaterThan(postCodeCoordinates('33100')!.latitude);
    expect(postCodeCoordinates('80100')!.longitude).toBeGreaterThan(postCodeCoordinates('20100')!.longitude);
  });

  it('answers null for a code that is not five digits', () => {
    expect(postCodeCoordinates('0010')).toBeNull();
    expect(postCodeCoordinates('00100 ')).toBeNull();
    expect(postCodeCoordinates('abcde')).toBeNull();
  });
});
