import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { CONSENT_STORAGE_KEY, TAG_MANAGER_ID_PATTERN } from '@huolto/domain';
import { SiteFooter } from '@/components/layout/site-chrome.tsx';
import { SiteSettingsContext } from '@/components/layout/site-settings-context.tsx';
import { CONSENT_KEY, resetTagManagerForTests } from '@/lib/consent.ts';
import { CONTAINER_ID } from '@/lib/tag-manager-id.ts';
import { siteSettings } from '@/test/fixtures.ts';

const GTM = 'GTM-ABC1234';
const GTM_SRC = `https://www.googletagmanager.com/gtm.js?id=${GTM}`;

function footer(tagManagerId: string | undefined) {
  return (
    <SiteSettingsContext.Provider value={tagManagerId === undefined ? undefined : siteSettings({ tagManagerId })}>
      <main id="main" tabIndex={-1}>
        <button type="button">Jatka</button>
      </main>
      <SiteFooter />
    </SiteSettingsContext.Provider>
  );
}

/** The scripts the page has loaded (jsdom does not fetch them: their elements are counted). */
const scripts = () => [...document.querySelectorAll('script')].map((s) => s.src);
const banner = () => screen.queryByRole('region', { name: 'Analytiikka' });
/** Renders and waits for the lazily loaded banner chunk, if it is to be shown. */
async function mount(tagManagerId: string | undefined) {
  const view = render(footer(tagManagerId));
  await act(async () => {
    await new Promise((r) => setTimeout(r, 0));
  });
  return view;
}

// The banner's chunk, loaded before: a render that shows it then settles within mount().
beforeAll(() => import('./consent-choice.tsx'));
beforeEach(() => {
  window.localStorage.clear();
  window.dataLayer = [];
  resetTagManagerForTests();
});
afterEach(() => {
  cleanup();
  document.head.querySelectorAll('script').forEach((s) => s.remove());
});

describe('the analytics choice', () => {
  it('is the domain\'s stored value', () => {
    expect(CONSENT_KEY).toBe(CONSENT_STORAGE_KEY);
  });

  it("asks only for a container id the company's details accept (the domain's pattern)", () => {
    expect(CONTAINER_ID.source).toBe(TAG_MANAGER_ID_PATTERN.source);
    expect(CONTAINER_ID.flags).toBe(TAG_MANAGER_ID_PATTERN.flags);
  });

  it('without a tag manager: no banner, no footer button, nothing loaded — even with a consent stored before', async () => {
    window.localStorage.setItem(CONSENT_KEY, 'granted');
    await mount('');
    expect(banner()).toBeNull();
    expect(screen.queryByRole('button', { name: 'Evästeasetukset' })).toBeNull();
    expect(scripts()).toEqual([]);
    expect(window.dataLayer).toEqual([]);
    // The statements' links stay.
    expect(screen.getByRole('link', { name: 'Tietosuojaseloste' }).getAttribute('href')).toBe('/tietosuojaseloste');
    expect(screen.getByRole('link', { name: 'Saavutettavuusseloste' }).getAttribute('href')).toBe('/saavutettavuusseloste');
  });

  it('while the settings load: nothing asked, nothing loaded', async () => {
    await mount(undefined);
    expect(banner()).toBeNull();
    expect(scripts()).toEqual([]);
  });

  it('with a tag manager and no choice: asks with two equal buttons and the privacy link, without taking the focus or loading anything', async () => {
    await mount(GTM);
    const region = banner();
    expect(region).not.toBeNull();
    expect(region!.textContent).toContain('Käytämme analytiikkaa palvelun kehittämiseen');
    expect(region!.querySelector('a')!.getAttribute('href')).toBe('/tietosuojaseloste');
    const accept = screen.getByRole('button', { name: 'Hyväksy analytiikka' });
    const refuse = screen.getByRole('button', { name: 'Kieltäydy' });
    expect(refuse.className).toBe(accept.className);
    expect(document.activeElement).toBe(document.body);
    expect(scripts()).toEqual([]);
    expect(window.localStorage.getItem(CONSENT_KEY)).toBeNull();
    expect(document.documentElement.hasAttribute('data-consent-open')).toBe(true);
  });

  it('refusing is one click: stored, the banner gone, nothing loaded, and not asked again', async () => {
    await mount(GTM);
    fireEvent.click(screen.getByRole('button', { name: 'Kieltäydy' }));
    expect(window.localStorage.getItem(CONSENT_KEY)).toBe('denied');
    expect(banner()).toBeNull();
    expect(document.documentElement.hasAttribute('data-consent-open')).toBe(false);
    expect(scripts()).toEqual([]);
    cleanup();
    await mount(GTM);
    expect(banner()).toBeNull();
    expect(scripts()).toEqual([]);
    expect(window.dataLayer).toEqual([]);
  });

  it('accepting loads the tag manager once, with the gtm.start event, and on later pages without asking', async () => {
    await mount(GTM);
    fireEvent.click(screen.getByRole('button', { name: 'Hyväksy analytiikka' }));
    expect(window.localStorage.getItem(CONSENT_KEY)).toBe('granted');
    expect(banner()).toBeNull();
    expect(scripts()).toEqual([GTM_SRC]);
    expect(window.dataLayer).toEqual([{ 'gtm.start': expect.any(Number), event: 'gtm.js' }]);
    // Another entry's footer on the same page (the first step handing over to the app): not loaded twice.
    cleanup();
    await mount(GTM);
    expect(banner()).toBeNull();
    expect(scripts()).toEqual([GTM_SRC]);
    expect(window.dataLayer).toHaveLength(1);
  });

  it('a consent stored before loads the tag manager at once, without asking', async () => {
    window.localStorage.setItem(CONSENT_KEY, 'granted');
    await mount(GTM);
    expect(banner()).toBeNull();
    expect(scripts()).toEqual([GTM_SRC]);
  });

  it('an id that is not a container is no tag manager', async () => {
    window.localStorage.setItem(CONSENT_KEY, 'granted');
    await mount('UA-1234-1');
    expect(banner()).toBeNull();
    expect(screen.queryByRole('button', { name: 'Evästeasetukset' })).toBeNull();
    expect(scripts()).toEqual([]);
  });

  it("'Evästeasetukset' opens the choice again with the focus and the current choice; the focus comes back after choosing", async () => {
    window.localStorage.setItem(CONSENT_KEY, 'granted');
    await mount(GTM);
    const settingsButton = screen.getByRole('button', { name: 'Evästeasetukset' });
    fireEvent.click(settingsButton);
    await act(async () => {
      await new Promise((r) => setTimeout(r, 0));
    });
    const region = banner();
    expect(region).not.toBeNull();
    expect(document.activeElement).toBe(region);
    expect(region!.textContent).toContain('Nykyinen valintasi: analytiikka hyväksytty');
    expect(region!.textContent).toContain('seuraavasta sivun latauksesta');
    fireEvent.click(screen.getByRole('button', { name: 'Kieltäydy' }));
    expect(window.localStorage.getItem(CONSENT_KEY)).toBe('denied');
    expect(banner()).toBeNull();
    expect(document.activeElement).toBe(settingsButton);
    // Withdrawn: the next page load loads nothing.
    cleanup();
    document.head.querySelectorAll('script').forEach((s) => s.remove());
    resetTagManagerForTests();
    await mount(GTM);
    expect(scripts()).toEqual([]);
    expect(banner()).toBeNull();
  });

  it('two footers on one page (the first step and the app it hands over to): one choice closes both, the space kept until the last banner goes', async () => {
    const twoFooters = (
      <>
        {footer(GTM)}
        {footer(GTM)}
      </>
    );
    const view = render(twoFooters);
    await act(async () => {
      await new Promise((r) => setTimeout(r, 0));
    });
    expect(screen.getAllByRole('region', { name: 'Analytiikka' })).toHaveLength(2);
    fireEvent.click(screen.getAllByRole('button', { name: 'Hyväksy analytiikka' })[0]!);
    expect(screen.queryAllByRole('region', { name: 'Analytiikka' })).toHaveLength(0);
    expect(scripts()).toEqual([GTM_SRC]);
    expect(document.documentElement.hasAttribute('data-consent-open')).toBe(false);
    view.unmount();

    // One of two open banners going away leaves the other its space.
    window.localStorage.clear();
    const first = render(footer(GTM));
    const second = render(footer(GTM));
    await act(async () => {
      await new Promise((r) => setTimeout(r, 0));
    });
    first.unmount();
    expect(banner()).not.toBeNull();
    expect(document.documentElement.hasAttribute('data-consent-open')).toBe(true);
    second.unmount();
    expect(document.documentElement.hasAttribute('data-consent-open')).toBe(false);
  });

  it('a choice made in another tab is followed', async () => {
    await mount(GTM);
    expect(banner()).not.toBeNull();
    window.localStorage.setItem(CONSENT_KEY, 'denied');
    act(() => {
      window.dispatchEvent(new StorageEvent('storage', { key: CONSENT_KEY, newValue: 'denied' }));
    });
    expect(banner()).toBeNull();
    expect(scripts()).toEqual([]);
  });

  it('a browser that refuses storage is asked again on the next load, and loads nothing meanwhile', async () => {
    const original = Storage.prototype.setItem;
    Storage.prototype.setItem = () => {
      throw new Error('QuotaExceededError');
    };
    try {
      await mount(GTM);
      fireEvent.click(screen.getByRole('button', { name: 'Kieltäydy' }));
      expect(banner()).toBeNull();
      expect(scripts()).toEqual([]);
      cleanup();
      await mount(GTM);
      expect(banner()).not.toBeNull();
    } finally {
      Storage.prototype.setItem = original;
    }
  });
});
