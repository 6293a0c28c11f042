import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { screenshot, startHarness, type Harness } from './support/harness.ts';
import { axeProblems } from './support/axe-check.ts';
import { chooseOffice, searchFoundVehicle } from './support/flows.ts';

/**
 * The maintenance services step (/huolto/palvelut) after choosing an office: the package
 * that fits the car and its mileage first, the other service groups folded with their
 * counts and opened on demand, at most three phone screens tall before anything is
 * opened; and the tire-change services' wording and bundle saving.
 */

const PHONE = { width: 360, height: 780 };
const DESKTOP = { width: 1280, height: 900 };
/** Three phone screens: the most the step may take before the customer opens anything. */
const MAX_PHONE_HEIGHT = 3 * PHONE.height;

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});

async function newPage(viewport: { width: number; height: number }): Promise<Page> {
  const context = await h.browser.newContext({ viewport, locale: 'fi-FI', reducedMotion: 'reduce' });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  return page;
}


const documentHeight = (page: Page) => page.evaluate(() => document.documentElement.scrollHeight);
const groupToggle = (page: Page, title: string) => page.getByRole('button', { name: new RegExp(`^${title}`) });

describe('maintenance services step', () => {
  for (const viewport of [PHONE, DESKTOP]) {
    it(`at ${viewport.width} px: the fitting package first, the groups folded with counts, opened on demand, no axe violations`, async () => {
      const page = await newPage(viewport);
      await searchFoundVehicle(page, h.baseUrl);
      await chooseOffice(page);

      // The package for a Volkswagen at 60 000 km leads, visible and ready to tick.
      const lead = page.getByRole('region', { name: 'Autollesi sopiva huolto' });
      const pkg = lead.getByRole('checkbox', { name: /^Määräaikaishuolto 60\s000\skm$/ });
      expect(await pkg.isVisible()).toBe(true);
      const firstService = page.getByRole('checkbox').nth(1);
      expect(await firstService.getAttribute('id')).toBe(await pkg.getAttribute('id'));
      expect(await lead.getByText('Mittarilukeman 60 000 km mukaan.').isVisible()).toBe(true);

      // Every other group is folded and tells how many services it has.
      const others = page.getByRole('region', { name: 'Muut palvelut' });
      const toggles = others.locator('.collapsible-group__toggle');
      const titles = await toggles.locator('.collapsible-group__title').allTextContents();
      expect(titles).toEqual(expect.arrayContaining(['Öljynvaihto', 'Jarrut', 'Akku ja sähkö', 'Talvikampanja']));
      expect(titles).not.toContain('Määräaikaishuolto');
      for (const expanded of await toggles.evaluateAll((els) => els.map((e) => e.getAttribute('aria-expanded')))) {
        expect(expanded).toBe('false');
      }
      expect(await groupToggle(page, 'Jarrut').textContent()).toContain('4 palvelua saatavilla');
      expect(await groupToggle(page, 'Jarrukampanja').textContent()).toContain('1 palvelu saatavilla');
      expect(await page.getByRole('checkbox', { name: 'Jarrunesteen vaihto', exact: true }).count()).toBe(0);

      // Before the customer opens anything the phone page is at most three screens.
      const height = await documentHeight(page);
      if (viewport === PHONE) expect(height).toBeLessThanOrEqual(MAX_PHONE_HEIGHT);
      await screenshot(page, `services-${viewport.width}`);
      expect(await axeProblems(page)).toEqual([]);

      // Opening a group shows its services with their real icons (no letter tiles).
      await groupToggle(page, 'Jarrut').click();
      expect(await groupToggle(page, 'Jarrut').getAttribute('aria-expanded')).toBe('true');
      const brakes = page.getByRole('region', { name: 'Jarrut' });
      for (const name of ['Jarrunesteen vaihto', 'Etujarrupalojen vaihto', 'Jarrujen huolto']) {
        expect(await brakes.getByRole('checkbox', { name, exact: true }).isVisible()).toBe(true);
      }
      expect(await brakes.locator('.service-icon svg').count()).toBeGreaterThan(0);
      expect(await brakes.locator('.service-icon').first().getAttribute('aria-hidden')).toBe('true');
      expect(await page.locator('img[src*="service-"]').count()).toBe(0);
      expect(await axeProblems(page)).toEqual([]);
      await page.context().close();
    });
  }

  it('with the package chosen: the oil changes it includes say so and cannot be chosen, nothing under it that it already does nor twice on the page, the cart keeps "60 000 km" whole and shows no "1 kpl"', async () => {
    const page = await newPage(PHONE);
    await searchFoundVehicle(page, h.baseUrl);
    await chooseOffice(page);
    const pkg = page.getByRole('checkbox', { name: /^Määräaikaishuolto 60\s000\skm$/ });
    const refetched = page.waitForResponse((r) => r.url().includes('/get-booking/v2'));
    await pkg.check();
    await refetched;
    await expect.poll(() => pkg.isChecked()).toBe(true);

    const under = page.getByRole('group', { name: /^Lisää samalla: Määräaikaishuolto/ });
    await under.waitFor();
    const offeredUnder = await under.getByRole('checkbox').evaluateAll((els) => els.map((e) => (e as HTMLInputElement).labels?.[0]?.textContent));
    expect(offeredUnder).toContain('Jarrunesteen vaihto');
    expect(offeredUnder).not.toContain('Raitisilmasuodattimen vaihto'); // the 60 000 km package changes it
    // The oil changes the package includes stay in view, unchosen and disabled, saying why (decision 018).
    const oilToggle = groupToggle(page, 'Öljynvaihto');
    if ((await oilToggle.getAttribute('aria-expanded')) !== 'true') await oilToggle.click();
    const oil = page.getByRole('region', { name: 'Öljynvaihto' });
    const oilChange = oil.getByRole('checkbox', { name: 'Öljynvaihto', exact: true });
    await expect.poll(() => oilChange.isDisabled()).toBe(true);
    expect(await oilChange.isChecked()).toBe(false);
    const oilCard = oil.locator('.product-card').filter({ has: page.getByRole('checkbox', { name: 'Öljynvaihto', exact: true }) });
    const reason = oilCard.locator('.product-card__note');
    await expect.poll(async () => (await reason.textContent())?.replace(/\u00a0/g, ' ')).toBe('Sisältyy valitsemaasi palveluun Määräaikaishuolto 60 000 km');
    await reason.scrollIntoViewIfNeeded();
    await screenshot(page, 'services-package-includes-360');
    expect(await axeProblems(page)).toEqual([]);
    // What is offered under the package is not repeated in its own group.
    await expect.poll(async () => groupToggle(page, 'Jarrut').textContent()).toContain('3 palvelua saatavilla');
    await groupToggle(page, 'Jarrut').click();
    const brakes = page.getByRole('region', { name: 'Jarrut' });
    await brakes.getByRole('checkbox', { name: 'Jarrujen huolto', exact: true }).waitFor();
    expect(await brakes.getByRole('checkbox', { name: 'Jarrunesteen vaihto', exact: true }).count()).toBe(0);
    expect(await page.getByRole('checkbox', { name: 'Jarrunesteen vaihto', exact: true }).count()).toBe(1);

    const line = page.locator('.cart__item').filter({ hasText: 'Määräaikaishuolto' });
    await line.waitFor();
    const description = line.locator('.cart__description');
    expect(await description.textContent()).toBe('Määräaikaishuolto 60\u00a0000\u00a0km');
    expect(await line.locator('.cart__amount').count()).toBe(0);
    await page.context().close();
  });
});

describe('tire-change services step', () => {
  it('says "Näytä palvelun sisältö" and what the tire change and hotel save together', async () => {
    const page = await newPage(PHONE);
    await page.goto(`${h.baseUrl}/renkaat/ajoneuvo`);
    await page.getByLabel('Rekisterinumero').fill('ABC-123');
    await page.getByRole('button', { name: 'Hae auton tiedot' }).click();
    await page.waitForURL(/\/renkaat\/toimpiste$/);
    await page.getByRole('button', { name: /Laakkonen Espoo Kilo/ }).click();
    await page.waitForURL(/\/renkaat\/palvelut$/);
    const change = page.getByRole('checkbox', { name: 'Renkaanvaihto', exact: true });
    await change.waitFor();

    expect(await page.getByRole('button', { name: /Näytä palvelun sisältö/ }).count()).toBeGreaterThan(0);
    expect(await page.getByText('Näytä huollon sisältö').count()).toBe(0);
    // 49,90 € + 89,90 € separately against 129,90 € together: 9,90 €, shown rounded up.
    const card = page.locator('.product-card').filter({ has: change });
    expect((await card.locator('.product-card__note').textContent())?.replace(/\u00a0/g, ' ')).toBe(
      'Renkaanvaihto ja rengashotelli yhdessä: 10 € edullisemmin',
    );
    expect(await page.locator('.service-icon svg').count()).toBeGreaterThan(0);
    await screenshot(page, 'tire-services-360');
    expect(await axeProblems(page)).toEqual([]);
    await page.context().close();
  });
});
