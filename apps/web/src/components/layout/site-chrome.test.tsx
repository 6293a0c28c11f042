import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { SiteFooter } from './site-chrome.tsx';

afterEach(() => {
  cleanup();
  window.history.replaceState(null, '', '/');
});

/** Follows the link as a press does, without leaving the test's page: the href as the press leaves it. */
function press(link: HTMLAnchorElement): string {
  link.addEventListener('click', (e) => e.preventDefault(), { once: true });
  link.click();
  const url = new URL(link.href);
  return url.pathname + url.search;
}

describe('SiteFooter', () => {
  it('links both statements; the accessibility statement is told the page the customer pressed it on', () => {
    window.history.replaceState(null, '', '/huolto/aika?x=1');
    render(<SiteFooter />);
    expect(screen.getByRole('link', { name: 'Tietosuojaseloste' }).getAttribute('href')).toBe('/tietosuojaseloste');
    const statement = screen.getByRole<HTMLAnchorElement>('link', { name: 'Saavutettavuusseloste' });
    expect(press(statement)).toBe('/saavutettavuusseloste?sivu=%2Fhuolto%2Faika');
  });

  it('on the statement itself the link stays as it is', () => {
    window.history.replaceState(null, '', '/saavutettavuusseloste');
    render(<SiteFooter />);
    expect(press(screen.getByRole<HTMLAnchorElement>('link', { name: 'Saavutettavuusseloste' }))).toBe('/saavutettavuusseloste');
  });
});
