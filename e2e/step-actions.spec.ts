import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { FIELD_ERRORS, MESSAGES } from '@huolto/domain';
import { screenshot, startHarness, type Harness } from './support/harness.ts';
import { DESKTOP, PHONE, axeProblems, pageAt } from './support/axe-check.ts';
import { chooseOffice, confirmButton, maintenanceToCustomerStep, searchFoundVehicle, serviceCheckboxes } from './support/flows.ts';

/**
 * What a customer meets on the steps at a 360 × 780 phone and a 1280 × 900 desktop: the
 * windshield warning only once it helps, with the focus on what is missing; Continue always
 * in view (the sticky cart on a desktop, the bar on a phone); the extra services page folded
 * to a phone's few screens with icons for its offers; the confirm button saying what is missing.
 */

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});

async function noAxeProblems(page: Page) {
  await page.waitForLoadState('networkidle');
  expect(await axeProblems(page)).toEqual([]);
}

const WARNING = MESSAGES.windshieldIncomplete.text;

/** Whether the element is wholly inside the window as it is scrolled now. */
async function inView(page: Page, locator: Locator) {
  const box = await locator.boundingBox();
  const size = page.viewportSize()!;
  return box !== null && box.y >= 0 && box.y + box.height <= size.height && box.x >= 0 && box.x + box.width <= size.width;
}

/** Whether the element can be seen where it is: in the window and not under a sticky bar. */
async function uncovered(page: Page, locator: Locator) {
  if (!(await inView(page, locator))) return false;
  return locator.evaluate((el) => {
    const r = el.getBoundingClientRect();
    const top = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    const label = el.closest('label');
    return top !== null && (el.contains(top) || top.contains(el) || (label !== null && top.closest('label') === label));
  });
}

async function toWindshieldReplacement(page: Page) {
  await page.goto(`${h.baseUrl}/proautolasi`);
  await page.waitForURL(/\/proautolasi\/ajoneuvo$/);
  await page.getByLabel('Rekisterinumero').fill('ABC-123');
  await page.getByRole('button', { name: 'Hae auton tiedot' }).click();
  await page.waitForURL(/\/proautolasi\/palvelut$/);
  await page.getByRole('button', { name: /Laakkonen Helsinki Konala/ }).click();
  const replacement = page.getByRole('radio', { name: /Vaihto/ });
  await replacement.check();
  await page.getByRole('group', { name: /Sadetunnistin/ }).waitFor();
}

for (const size of [PHONE, DESKTOP]) {
  describe(`windshield step at ${size.width} px`, () => {
    it('warns only after a try to continue, and moves the focus to the first missing field', async () => {
      const page = await pageAt(h.browser, size);
      await toWindshieldReplacement(page);
      // Chosen, nothing else done yet: no warning.
      await page.waitForTimeout(300);
      expect(await page.getByText(WARNING).count()).toBe(0);
      await screenshot(page, `windshield-untouched-${size.width}`);

      const next = page.getByRole('button', { name: 'Jatka' }).first();
      await next.click();
      await page.getByText(WARNING).waitFor();
      // The first missing answer has the focus and is on the screen, its error beside it.
      const rain = page.getByRole('group', { name: /Sadetunnistin/ });
      await expect.poll(() => rain.getByRole('radio').first().evaluate((el) => el === document.activeElement)).toBe(true);
      expect(await uncovered(page, rain.getByRole('radio').first())).toBe(true);
      expect(await rain.getByText(FIELD_ERRORS.required).count()).toBe(1);
      expect(page.url()).toMatch(/\/proautolasi\/palvelut$/);
      await screenshot(page, `windshield-continue-missing-${size.width}`);
      await noAxeProblems(page);

      // Answered in order, the focus follows to the next missing one on the next try.
      await rain.getByRole('radio', { name: 'Ei' }).check();
      await next.click();
      const camera = page.getByRole('group', { name: /Kamerajärjestelmä/ });
      await expect.poll(() => camera.getByRole('radio').first().evaluate((el) => el === document.activeElement)).toBe(true);

      // Everything answered but the way of booking: the focus goes to that choice.
      await camera.getByRole('radio', { name: 'Ei' }).check();
      await page.getByRole('group', { name: /Yhteydenottotapa/ }).getByRole('radio', { name: 'Sähköposti' }).check();
      await next.click();
      const bookingType = page.getByRole('radiogroup', { name: 'Ajanvaraus vai hintatarjous?' });
      await expect.poll(() => bookingType.getByRole('radio').first().evaluate((el) => el === document.activeElement)).toBe(true);
      await bookingType.getByRole('radio', { name: 'Varaa aika' }).check();
      await expect.poll(() => page.getByText(WARNING).count()).toBe(0);
      await page.context().close();
    });

    it('warns once the customer has touched the form and left it incomplete', async () => {
      const page = await pageAt(h.browser, size);
      await toWindshieldReplacement(page);
      const rain = page.getByRole('group', { name: /Sadetunnistin/ });
      await rain.getByRole('radio', { name: 'Ei' }).check();
      // Moving on within the form is no reason to warn.
      await page.getByRole('group', { name: /Kamerajärjestelmä/ }).getByRole('radio', { name: 'Ei' }).focus();
      await page.waitForTimeout(300);
      expect(await page.getByText(WARNING).count()).toBe(0);
      // Leaving it incomplete is.
      await page.getByRole('button', { name: 'Takaisin' }).focus();
      await page.getByText(WARNING).waitFor();
      await page.context().close();
    });
  });
}

describe('Continue in the sticky cart on a desktop', () => {
  it('is at the cart, in view from the top to the bottom of a long step; the foot keeps Back', async () => {
    const page = await pageAt(h.browser, DESKTOP);
    await searchFoundVehicle(page, h.baseUrl);
    await chooseOffice(page);
    const service = serviceCheckboxes(page).nth(1);
    await service.check();
    await expect.poll(() => service.isChecked()).toBe(true);

    const cart = page.locator('aside.columns__side');
    const next = page.getByRole('button', { name: 'Jatka' });
    // One Continue to see, and it is the cart's.
    expect(await next.count()).toBe(1);
    expect(await cart.getByRole('button', { name: 'Jatka' }).count()).toBe(1);
    expect(await inView(page, next)).toBe(true);
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    console.log(`huolto/palvelut height at 1280 px: ${height}`);
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight / 2));
    expect(await inView(page, next)).toBe(true);
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    expect(await inView(page, next)).toBe(true);
    expect(await page.locator('.step-nav').getByRole('button', { name: 'Takaisin' }).isVisible()).toBe(true);
    await screenshot(page, 'sticky-cart-continue-1280');
    await noAxeProblems(page);
    await next.click();
    await page.waitForURL(/\/huolto\/lisapalvelut$/);
    await page.context().close();
  });

  it('on a phone stays in the bar at the bottom, and the cart below the content has none', async () => {
    const page = await pageAt(h.browser, PHONE);
    await searchFoundVehicle(page, h.baseUrl);
    await chooseOffice(page);
    const next = page.getByRole('button', { name: 'Jatka' });
    expect(await next.count()).toBe(1);
    expect(await page.locator('.step-nav').getByRole('button', { name: 'Jatka' }).count()).toBe(1);
    expect(await inView(page, next)).toBe(true);
    await page.context().close();
  });
});

for (const size of [PHONE, DESKTOP]) {
  describe(`extra services (lisäpalvelut) at ${size.width} px`, () => {
    it('is folded to a few screens, pictures its offers with icons and shows every offer whole', async () => {
      const page = await pageAt(h.browser, size);
      await searchFoundVehicle(page, h.baseUrl);
      await chooseOffice(page);
      const service = serviceCheckboxes(page).nth(1);
      await service.check();
      await expect.poll(() => service.isChecked()).toBe(true);
      await page.getByRole('button', { name: 'Jatka' }).first().click();
      await page.waitForURL(/\/huolto\/lisapalvelut$/);
      await page.getByText(/palvelua saatavilla/).first().waitFor();
      const offers = page.getByRole('region', { name: 'Tarjoukset' }).getByRole('article');
      await offers.first().waitFor();
      await page.waitForLoadState('networkidle');

      await screenshot(page, `lisapalvelut-${size.width}`);
      const height = await page.evaluate(() => document.documentElement.scrollHeight);
      console.log(`huolto/lisapalvelut height at ${size.width} px: ${height}`);
      // The page was 4,895 px on a phone; folded, with compact offers, it is little more than half of that.
      if (size.width < 600) expect(height).toBeLessThan(2700);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(size.width);

      // Each offer has the icon of its kind of service, no letter picture.
      expect(await offers.count()).toBe(3);
      for (const offer of await offers.all()) {
        expect(await offer.locator('.offer__icon svg.lucide').count()).toBe(1);
        expect(await offer.locator('img').count()).toBe(0);
      }
      // The extra items and tires open on demand.
      const extras = page.getByRole('button', { name: /^Lisätuotteet/ });
      expect(await extras.getAttribute('aria-expanded')).toBe('false');
      await noAxeProblems(page);

      if (size.width >= 960) {
        // The side column holds the cart and Continue; it never scrolls inside itself, so nothing in it is cut off.
        const side = page.locator('aside.columns__side');
        expect(await side.evaluate((el) => el.scrollHeight <= el.clientHeight + 1)).toBe(true);
        expect(await side.getByRole('article').count()).toBe(0);
        // Every offer can be seen whole by scrolling the page.
        for (const offer of await offers.all()) {
          await offer.scrollIntoViewIfNeeded();
          expect(await inView(page, offer)).toBe(true);
        }
      }

      await extras.click();
      await page.getByLabel('Tuulilasinpyyhkimien sulat, pari').waitFor();
      await page.context().close();
    });
  });
}

for (const size of [PHONE, DESKTOP]) {
  describe(`customer details at ${size.width} px`, () => {
    it("is headed as the booking it confirms, and the disabled confirm says what is missing", async () => {
      const page = await pageAt(h.browser, size);
      await maintenanceToCustomerStep(page, h.baseUrl);
      expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('Vahvista ajanvarauksesi');

      const confirm = confirmButton(page);
      expect(await confirm.isDisabled()).toBe(true);
      const hint = async () => confirm.evaluate((el) => document.getElementById(el.getAttribute('aria-describedby') ?? '')?.textContent ?? '');
      await expect.poll(hint).toBe('Täytä vielä etunimi, sukunimi, puhelinnumero ja sähköposti.');
      // Said on the screen beside the button, not only to a screen reader.
      const hintShown = await confirm.evaluate((el) => {
        const box = document.getElementById(el.getAttribute('aria-describedby') ?? '')?.getBoundingClientRect();
        return box !== undefined && box.height > 0 && box.bottom <= window.innerHeight && box.top >= 0;
      });
      expect(hintShown).toBe(true);
      expect(await inView(page, confirm)).toBe(true);
      await screenshot(page, `omat-tiedot-missing-${size.width}`);
      await noAxeProblems(page);

      await page.getByLabel('Etunimi').fill('Maija');
      await page.getByLabel('Sukunimi').fill('Mallikas');
      await page.getByLabel('Puhelinnumero').fill('040 765 4321');
      await page.getByLabel('Sähköposti').fill('maija');
      await expect.poll(hint).toBe('Tarkista sähköposti.');
      await page.getByLabel('Sähköposti').fill('maija@example.com');
      await expect.poll(() => confirm.isEnabled()).toBe(true);
      expect(await confirm.getAttribute('aria-describedby')).toBeNull();
      await screenshot(page, `omat-tiedot-ready-${size.width}`);
      await page.context().close();
    });
  });
}
