import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import type { SiteSettings } from '@huolto/domain';
import { SiteSettingsContext } from '@/components/layout/site-settings-context.tsx';
import { resetLoyaltyTokenCache } from '@/features/loyalty/loyalty-token.ts';
import { LoyaltyTestProviders } from '@/features/loyalty/testing.tsx';
import { siteSettings } from '@/test/fixtures.ts';
import { LoyaltyBlock } from './loyalty-block.tsx';

/*
 * The loyalty block follows GET /settings `loyalty`: a company without a loyalty programme (an
 * empty start) shows no loyalty card and no login; while the settings load it stands, headed
 * 'Kanta-asiakkuus', and the programme's name from the settings heads it once they have loaded.
 */

function renderBlock(settings: SiteSettings | undefined, onSelectVehicle?: (license: string) => void) {
  render(
    <SiteSettingsContext.Provider value={settings}>
      <LoyaltyTestProviders>
        <main>
          <LoyaltyBlock onSelectVehicle={onSelectVehicle} />
        </main>
      </LoyaltyTestProviders>
    </SiteSettingsContext.Provider>,
  );
}

beforeEach(() => {
  window.sessionStorage.clear();
  resetLoyaltyTokenCache();
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('LoyaltyBlock and the settings', () => {
  it.each([
    ['the company has a loyalty programme with its name', siteSettings({ loyalty: true, loyaltyName: 'Esimerkki Plus' }), 'Esimerkki Plus'],
    ['the company has a loyalty programme without a name', siteSettings({ loyalty: true, loyaltyName: '' }), 'Kanta-asiakkuus'],
    ['the settings are still loading', undefined, 'Kanta-asiakkuus'],
  ])('is shown when %s, headed by its name or a neutral word', (_, settings, title) => {
    renderBlock(settings, vi.fn());
    expect(screen.getByRole('region', { name: title })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe(title);
    expect(screen.getByRole('button', { name: 'Kirjaudu kanta-asiakkaana' })).toBeTruthy();
  });

  it('is not shown when the company has none', () => {
    renderBlock(siteSettings({ loyalty: false }), vi.fn());
    expect(screen.queryByRole('region')).toBeNull();
    expect(screen.queryByRole('button', { name: /Kirjaudu/ })).toBeNull();
    expect(screen.getByRole('main').textContent).toBe('');
  });
});
