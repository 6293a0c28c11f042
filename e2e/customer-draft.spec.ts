import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startHarness, type Harness } from './support/harness.ts';
import { MAIJA, confirmButton, fillContactDetails, maintenanceToCustomerStep } from './support/flows.ts';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});

/** A common phone: 360 × 780 CSS pixels. */
async function phonePage(): Promise<Page> {
  const context = await h.browser.newContext({ viewport: { width: 360, height: 780 }, locale: 'fi-FI' });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  return page;
}

async function box(page: Page, selector: string) {
  const b = await page.locator(selector).first().boundingBox();
  if (!b) throw new Error(`${selector} has no box`);
  return b;
}

describe('omat-tiedot on a 360 × 780 phone', () => {
  it('shows the first field on arrival, keeps the typed details over a reload and forgets them once saved', async () => {
    const page = await phonePage();
    await maintenanceToCustomerStep(page, h.baseUrl);
    await page.waitForLoadState('networkidle');

    // On arrival the first field is in view, above the sticky bar with the total and the buttons.
    const firstName = page.getByLabel('Etunimi');
    const field = await firstName.boundingBox();
    const bar = await box(page, '.step-nav');
    expect(field).not.toBeNull();
    expect(field!.y).toBeGreaterThanOrEqual(0);
    expect(field!.y + field!.height).toBeLessThanOrEqual(780);
    expect(field!.y + field!.height).toBeLessThanOrEqual(bar.y);
    // "Vahvista tilaus" on one line: as tall as Back beside it.
    const confirm = await confirmButton(page).boundingBox();
    const back = await page.getByRole('button', { name: 'Takaisin' }).boundingBox();
    expect(confirm!.height).toBe(back!.height);
    // The total says the prices include VAT.
    expect(await page.locator('.step-nav').getByText('hinnat sis. alv 25,5 %').isVisible()).toBe(true);

    await fillContactDetails(page);
    await page.getByLabel('Katuosoite').fill('Ruosilantie 14');
    await page.getByLabel('Lisätietoja').fill('Talvirenkaat tavaratilassa');
    await page.reload();
    await page.getByLabel('Etunimi').waitFor();
    await expect.poll(() => page.getByLabel('Etunimi').inputValue()).toBe(MAIJA.firstName);
    expect(await page.getByLabel('Sukunimi').inputValue()).toBe(MAIJA.lastName);
    expect(await page.getByLabel('Puhelinnumero').inputValue()).toBe(MAIJA.phone);
    expect(await page.getByLabel('Sähköposti').inputValue()).toBe(MAIJA.email);
    expect(await page.getByLabel('Katuosoite').inputValue()).toBe('Ruosilantie 14');
    expect(await page.getByLabel('Lisätietoja').inputValue()).toBe('Talvirenkaat tavaratilassa');
    // Kept for this tab only.
    expect(await page.evaluate(() => window.localStorage.length)).toBe(0);

    // The site's own privacy notice, opened beside the booking.
    const privacy = page.getByRole('link', { name: /^tietosuojaselosteemme/ });
    expect(await privacy.getAttribute('href')).toBe('/tietosuojaseloste');
    expect(await privacy.getAttribute('target')).toBe('_blank');

    await expect.poll(() => confirmButton(page).isEnabled()).toBe(true);
    await confirmButton(page).click();
    await page.waitForURL(/\/huolto\/kiitos$/);
    expect(await page.evaluate(() => window.sessionStorage.getItem('customer-draft'))).toBeNull();
    await page.context().close();
  });
});
