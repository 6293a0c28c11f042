import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { screenshot, startHarness, type Harness } from './support/harness.ts';
import { DESKTOP, PHONE, axeProblems, pageAt } from './support/axe-check.ts';

/**
 * The windshield replacement's booking type is a real choice (a radio group that the
 * keyboard operates), the replacement's price is a from-price ('alkaen') in the list and
 * the cart, and a quote request shows no price in the cart, the total or the summary.
 */

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});

const FROM_390 = /alkaen\s390\s€/;

async function toReplacement(page: Page) {
  await page.goto(`${h.baseUrl}/proautolasi`);
  await page.waitForURL(/\/proautolasi\/ajoneuvo$/);
  await page.getByLabel('Rekisterinumero').fill('ABC-123');
  await page.getByRole('button', { name: 'Hae auton tiedot' }).click();
  await page.waitForURL(/\/proautolasi\/palvelut$/);
  await page.getByRole('button', { name: /Laakkonen Helsinki Konala/ }).click();
  const replacement = page.getByRole('radio', { name: /Vaihto/ });
  await replacement.waitFor();
  // The services list: the replacement is a from-price.
  expect(await page.locator('label', { has: replacement }).innerText()).toMatch(FROM_390);
  await replacement.check();
  await page.getByRole('group', { name: /Sadetunnistin/ }).getByRole('radio', { name: 'Ei' }).check();
  await page.getByRole('group', { name: /Kamerajärjestelmä/ }).getByRole('radio', { name: 'Ei' }).check();
  await page.getByRole('group', { name: /Yhteydenottotapa/ }).getByRole('radio', { name: 'Sähköposti' }).check();
}

const cart = (page: Page) => page.getByRole('region', { name: 'Ostoskori' });

async function noAxeProblems(page: Page) {
  await page.waitForLoadState('networkidle');
  expect(await axeProblems(page)).toEqual([]);
}

for (const size of [PHONE, DESKTOP]) {
  describe(`windshield booking type at ${size.width} px`, () => {
    it('is a radio group operated with the keyboard; a time shows "alkaen", a quote request no price', async () => {
      const page = await pageAt(h.browser, size);
      await toReplacement(page);

      const group = page.getByRole('radiogroup', { name: 'Ajanvaraus vai hintatarjous?' });
      await group.waitFor();
      const reserve = group.getByRole('radio', { name: 'Varaa aika' });
      const quote = group.getByRole('radio', { name: 'Pyydä hintatarjous' });
      expect(await group.getByRole('radio').count()).toBe(2);
      expect(await reserve.isChecked()).toBe(false);
      expect(await quote.isChecked()).toBe(false);
      // Each card describes itself to a screen reader.
      expect(await reserve.evaluate((el) => document.getElementById(el.getAttribute('aria-describedby') ?? '')?.textContent)).toMatch(FROM_390);
      expect(await quote.evaluate((el) => document.getElementById(el.getAttribute('aria-describedby') ?? '')?.textContent)).toContain(
        'Hinta tarjouksen mukaan',
      );

      // Keyboard: Tab from the last answer reaches the group, Space chooses, the arrows move the choice.
      await page.getByRole('group', { name: /Yhteydenottotapa/ }).getByRole('radio', { name: 'Sähköposti' }).focus();
      await page.keyboard.press('Tab');
      expect(await reserve.evaluate((el) => el === document.activeElement)).toBe(true);
      await page.keyboard.press('Space');
      await expect.poll(() => reserve.isChecked()).toBe(true);

      // A reserved time: the replacement costs 390 € and up, in the cart and its total.
      await expect.poll(() => cart(page).locator('.cart__item').first().innerText(), { timeout: 10_000 }).toMatch(FROM_390);
      expect(await cart(page).locator('.price--total').innerText()).toMatch(FROM_390);
      if (size.width < 600) expect(await page.locator('.cart-total').first().innerText()).toMatch(FROM_390);
      await screenshot(page, `windshield-${size.width}`);
      await noAxeProblems(page);

      await page.keyboard.press('ArrowDown');
      await expect.poll(() => quote.isChecked()).toBe(true);
      expect(await reserve.isChecked()).toBe(false);
      expect(await quote.evaluate((el) => el === document.activeElement)).toBe(true);

      // A quote request: no price in the cart, its total or the bar.
      await expect.poll(() => cart(page).locator('.price--total').innerText(), { timeout: 10_000 }).toBe('Hinta tarjouksen mukaan');
      expect(await cart(page).innerText()).not.toMatch(/€/);
      if (size.width < 600) expect(await page.locator('.cart-total').first().innerText()).not.toMatch(/€/);
      await screenshot(page, `windshield-quote-${size.width}`);
      await noAxeProblems(page);

      // Back up again and down: the arrows keep moving the one choice.
      await page.keyboard.press('ArrowUp');
      await expect.poll(() => reserve.isChecked()).toBe(true);
      await expect.poll(() => cart(page).locator('.price--total').innerText()).toMatch(FROM_390);
      await page.keyboard.press('ArrowDown');
      await expect.poll(() => quote.isChecked()).toBe(true);
      await expect.poll(() => cart(page).locator('.price--total').innerText()).toBe('Hinta tarjouksen mukaan');

      // The preferred date, then the customer step's cart and the thanks page's summary: no price.
      const next = page.getByRole('button', { name: 'Jatka' }).first();
      await expect.poll(() => next.isEnabled()).toBe(true);
      await next.click();
      await page.waitForURL(/\/proautolasi\/aika$/);
      await page.getByRole('heading', { name: 'Toivottu päivä' }).waitFor();
      let day = page.locator('.month-calendar__day:not([disabled])').first();
      if ((await day.count()) === 0) {
        await page.getByRole('button', { name: 'Seuraava kuukausi' }).click();
        day = page.locator('.month-calendar__day:not([disabled])').first();
      }
      await day.click();
      await expect.poll(() => next.isEnabled()).toBe(true);
      expect(await cart(page).innerText()).not.toMatch(/€/);
      await next.click();
      await page.waitForURL(/\/proautolasi\/omat-tiedot$/);
      await cart(page).getByText('Tuulilasin vaihto').waitFor();
      expect(await cart(page).innerText()).not.toMatch(/€/);
      if (size.width < 600) expect(await page.locator('.cart-total').first().innerText()).not.toMatch(/€/);

      await page.getByLabel('Etunimi').fill('Lasse');
      await page.getByLabel('Sukunimi').fill('Lasinen');
      await page.getByLabel('Puhelinnumero').fill('040 555 6666');
      await page.getByLabel('Sähköposti').fill(`tarjous-${size.width}@example.com`);
      const confirm = page.getByRole('button', { name: 'Vahvista tilaus' }).first();
      await expect.poll(() => confirm.isEnabled()).toBe(true);
      await confirm.click();
      await page.waitForURL(/\/proautolasi\/kiitos$/);
      const summary = page.getByRole('region', { name: 'Varauksesi' });
      await summary.getByText('Tuulilasin vaihto').waitFor();
      expect(await summary.innerText()).not.toMatch(/€/);
      expect(await summary.getByText('Hinta tarjouksen mukaan').count()).toBe(2);
      await page.context().close();
    });
  });
}
