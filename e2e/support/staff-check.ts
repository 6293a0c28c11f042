import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import { screenshot } from './harness.ts';
import { DESKTOP, PHONE, axeProblems } from './axe-check.ts';

/** The back-office's widths: a desk, a tablet in the workshop, a phone in a mechanic's pocket. */
export const TABLET = { width: 768, height: 1024 } as const;
const SIZES = [DESKTOP, TABLET, PHONE] as const;

/** Elements the page itself scrolls sideways to show (a box scrolling inside itself does not count). */
function sidewaysOverflow(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    if (document.documentElement.scrollWidth <= width) return [];
    const clips = (el: Element | null): boolean => {
      for (let e = el; e && e !== document.body; e = e.parentElement) {
        if (['auto', 'scroll', 'hidden', 'clip'].includes(getComputedStyle(e).overflowX)) return true;
      }
      return false;
    };
    return Array.from(document.querySelectorAll('body *'))
      .filter((el) => el.getBoundingClientRect().right > width + 1 && !clips(el.parentElement))
      .slice(0, 5)
      .map((el) => `${el.tagName.toLowerCase()}.${String(el.className)} ends at ${Math.round(el.getBoundingClientRect().right)} px`);
  });
}

/**
 * A back-office page at each width: axe finds nothing, and the page never scrolls sideways
 * (on a phone, wide content such as the day grid scrolls inside its own frame). Screenshots
 * at each width when named. Leaves the page at desktop width.
 */
export async function expectSoundAtEveryWidth(page: Page, what: string, shot?: string) {
  for (const size of SIZES) {
    await page.setViewportSize(size);
    expect(await axeProblems(page), `${what} at ${size.width} px`).toEqual([]);
    expect(await sidewaysOverflow(page), `${what} scrolls sideways at ${size.width} px`).toEqual([]);
    if (shot) await screenshot(page, `${shot}-${size.width}`);
  }
  await page.setViewportSize(DESKTOP);
}

/**
 * A page of the admin's 'Ylläpito' menu. The menu closes when the page changes, so a redirect
 * just after signing in can close it between finding the link and clicking it: the menu is
 * opened and the link clicked again until the click lands.
 */
export async function openAdminPage(page: Page, label: string) {
  const nav = page.getByRole('navigation', { name: 'Hallinnan näkymät' });
  const link = nav.getByRole('link', { name: label, exact: true });
  await expect
    .poll(async () => {
      if (!(await link.isVisible())) await nav.locator('summary', { hasText: 'Ylläpito' }).click();
      try {
        await link.click({ timeout: 2_000 });
        return true;
      } catch {
        return false;
      }
    })
    .toBe(true);
}
