import { describe, expect, it } from 'vitest';
import { matchesOfficeSearch, officeCountText } from './office-search.ts';

const KILO = { name: 'Laakkonen Espoo Kilo', address: 'Kilonkartanontie 3', post_code: '02610', post_office: 'Espoo' };
const JKL = { name: 'Laakkonen Jyväskylä Seppälä', address: 'Vasarakatu 21', post_code: '40320', post_office: 'Jyväskylä' };

describe('office search', () => {
  it('matches town, postcode, address and name, whatever the case, every word', () => {
    expect(matchesOfficeSearch(KILO, '')).toBe(true);
    expect(matchesOfficeSearch(KILO, '  espoo ')).toBe(true);
    expect(matchesOfficeSearch(KILO, '026')).toBe(true);
    expect(matchesOfficeSearch(KILO, 'kilonkartanontie')).toBe(true);
    expect(matchesOfficeSearch(KILO, 'espoo kilo')).toBe(true);
    expect(matchesOfficeSearch(KILO, 'espoo tampere')).toBe(false);
    expect(matchesOfficeSearch(JKL, 'JYVÄSKYLÄ')).toBe(true);
    expect(matchesOfficeSearch(JKL, 'helsinki')).toBe(false);
  });

  it('counts in Finnish and says when nothing matched', () => {
    expect(officeCountText(12, '')).toBe('12 toimipistettä');
    expect(officeCountText(1, ' Espoo ')).toBe('1 toimipiste haulla ”Espoo”');
    expect(officeCountText(0, 'Rovaniemi')).toBe('Ei toimipisteitä haulla ”Rovaniemi”');
  });
});
