import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { screenshot, startHarness, type Harness } from './support/harness.ts';
import { DESKTOP, PHONE, axeProblems, pageAt } from './support/axe-check.ts';

/**
 * The landing page: one headline, the four processes as the primary choices with icons,
 * what the booking promises, damage inspection and booking by phone with the number as a
 * tel: link; laid out in one column on a phone and across a desktop.
 */

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});

const PROCESSES = [
  { name: /^Huolto ja korjaus/, href: /\/huolto\/ajoneuvo\/$/ },
  { name: /^Renkaiden vaihto ja säilytys/, href: /\/renkaat\/ajoneuvo\/$/ },
  { name: /^Rengasmyynti/, href: /\/rengasmyynti\/ajoneuvo\/$/ },
  { name: /^Tuulilasipalvelu/, href: /\/proautolasi\/ajoneuvo\/$/ },
];

async function phoneLinkShown(page: Page) {
  const phone = page.getByRole('link', { name: /010 525 4000/ });
  await phone.waitFor();
  expect(await phone.getAttribute('href')).toBe('tel:0105254000');
  expect(await phone.innerText()).toContain('010 525 4000');
}

for (const size of [PHONE, DESKTOP]) {
  describe(`landing page at ${size.width} px`, () => {
    it('one headline, the four processes with icons, the benefits, and the phone number as a tel: link', async () => {
      const page = await pageAt(h.browser, size);
      await page.goto(`${h.baseUrl}/etusivu`);
      const h1 = page.getByRole('heading', { level: 1 });
      await h1.waitFor();
      expect(await h1.count()).toBe(1);
      expect(await h1.innerText()).toMatch(/^Varaa aika/);

      const choices = page.getByRole('list', { name: 'Varattavat palvelut' });
      const boxes = [];
      for (const p of PROCESSES) {
        const link = choices.getByRole('link', { name: p.name });
        expect(await link.getAttribute('href')).toMatch(p.href);
        // An icon from the icon set, decorative: every picture in the link is hidden from screen readers.
        expect(await link.locator('.process-tile__icon svg.lucide').count()).toBe(1);
        expect(await link.locator('svg').evaluateAll((svgs) => svgs.every((svg) => svg.closest('[aria-hidden="true"]') !== null))).toBe(true);
        boxes.push((await link.boundingBox())!);
      }
      expect(await page.getByRole('list', { name: 'Varaaminen verkossa' }).getByRole('listitem').count()).toBe(4);
      expect(await page.getByRole('link', { name: /Varaa vahinkotarkastus/ }).getAttribute('href')).toMatch(/^https:\/\//);
      await phoneLinkShown(page);

      const height = await page.evaluate(() => document.documentElement.scrollHeight);
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      console.log(`landing page height at ${size.width} px: ${height}`);
      expect(width).toBe(size.width);
      if (size.width < 600) {
        // One column: the choices stacked, each the full width.
        expect(new Set(boxes.map((b) => Math.round(b.x))).size).toBe(1);
        expect(boxes[1]!.y).toBeGreaterThan(boxes[0]!.y);
      } else {
        // The four side by side, and the page fills the window rather than leaving it half empty.
        expect(new Set(boxes.map((b) => Math.round(b.y))).size).toBe(1);
        const footerTop = await page.locator('.site-footer').evaluate((el) => el.getBoundingClientRect().top + window.scrollY);
        const lastContent = await page.locator('.landing').evaluate((el) => el.getBoundingClientRect().bottom + window.scrollY);
        expect(lastContent).toBeGreaterThan(size.height * 0.75);
        expect(footerTop - lastContent).toBeLessThan(200);
      }
      await screenshot(page, `landing-${size.width}`);
      await page.waitForLoadState('networkidle');
      expect(await axeProblems(page)).toEqual([]);

      // Keyboard: the first Tab stops after the skip link and the brand are the four choices in order.
      await page.keyboard.press('Tab');
      let reached = '';
      for (let i = 0; i < 4 && !/^Huolto/.test(reached); i++) {
        await page.keyboard.press('Tab');
        reached = await page.evaluate(() => document.activeElement?.textContent ?? '');
      }
      expect(reached).toMatch(/^Huolto ja korjaus/);
      await page.context().close();
    });
  });
}

describe('landing page inside the booking app', () => {
  it('after an in-app navigation it shows the same choices and the phone number', async () => {
    const page = await pageAt(h.browser, DESKTOP);
    await page.goto(`${h.baseUrl}/huolto`);
    await page.waitForURL(/\/huolto\/ajoneuvo$/);
    await page.getByRole('link', { name: /Laakkonen/ }).first().click();
    await page.waitForURL(/\/etusivu$/);
    await page.getByRole('heading', { level: 1, name: /^Varaa aika/ }).waitFor();
    // The choices follow the enabled processes, which the app may still be asking for.
    const choices = page.getByRole('list', { name: 'Varattavat palvelut' }).getByRole('link');
    await choices.nth(3).waitFor();
    expect(await choices.count()).toBe(4);
    await phoneLinkShown(page);
    await page.context().close();
  });
});
