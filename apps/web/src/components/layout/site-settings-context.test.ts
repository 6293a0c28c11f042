import { describe, expect, it } from 'vitest';
import { NEUTRAL_SERVICE_NAME } from '@huolto/domain';
import { SERVICE_NAME, brandName, siteTitle } from './site-settings-context.tsx';

describe('the site’s name', () => {
  it('is the domain’s neutral service name', () => {
    expect(SERVICE_NAME).toBe(NEUTRAL_SERVICE_NAME);
  });

  it('titles a page with the company’s name, or without one', () => {
    expect(siteTitle('Etusivu', 'Yritys Oy')).toBe('Etusivu – Ajanvaraus – Yritys Oy');
    expect(siteTitle('Etusivu', '')).toBe('Etusivu – Ajanvaraus');
    expect(siteTitle('Etusivu', undefined)).toBe('Etusivu – Ajanvaraus');
    expect(brandName('Yritys Oy')).toBe('Yritys Oy');
    expect(brandName('')).toBe('Ajanvaraus');
  });
});
