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
 * empty start) shows no OmaLaakkonen card and no login; while the settings load it stands, as
 * the demo's steps have always painted it.
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
    ['the company has a loyalty programme', siteSettings({ loyalty: true })],
    ['the settings are still loading', undefined],
  ])('is shown when %s', (_, settings) => {
    renderBlock(settings, vi.fn());
    expect(screen.getByRole('region', { name: 'OmaLaakkonen' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Kirjaudu OmaLaakkoseen' })).toBeTruthy();
  });

  it('is not shown when the company has none', () => {
    renderBlock(siteSettings({ loyalty: false }), vi.fn());
    expect(screen.queryByRole('region', { name: 'OmaLaakkonen' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Kirjaudu/ })).toBeNull();
    expect(screen.getByRole('main').textContent).toBe('');
  });
});
