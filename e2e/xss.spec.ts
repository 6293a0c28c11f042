/**
 * Script in the text fields of a booking made in the browser (issue 9, point 5): what the
 * customer types is shown as text on every page after it, never as markup. The server side
 * (storage, the e-mail) is apps/server/src/hostile-input.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { sanitizeNotes } from '@huolto/domain';
import { newPage, screenshot, startHarness, type Harness } from './support/harness.ts';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});

const SCRIPT = '<script>alert(1)</script>';
const IMG = '"><img src=x onerror=alert(1)>';
const JS_URL = 'javascript:alert(1)';
const SVG = "<svg/onload=alert('x')>";
/** The car model: both payloads in one field (at most 80 characters). */
const MODEL = `${IMG}${SCRIPT}`;

/** No element the payloads would make, and no dialog so far. */
async function expectInert(page: Page, dialogs: string[], where: string) {
  expect(await page.locator('img[src="x"]').count(), `${where}: img`).toBe(0);
  expect(await page.locator('svg[onload]').count(), `${where}: svg`).toBe(0);
  expect(await page.locator('[onerror], [onload]').count(), `${where}: event attributes`).toBe(0);
  const scripts = await page.locator('script').evaluateAll((nodes) => nodes.map((n) => n.textContent ?? ''));
  expect(scripts.filter((s) => s.includes('alert')), `${where}: script`).toEqual([]);
  expect(await page.locator('a[href^="javascript:"]').count(), `${where}: javascript link`).toBe(0);
  expect(dialogs, `${where}: dialogs`).toEqual([]);
}

describe('script typed into a booking in the browser', () => {
  it('is shown as text on the summary, thanks and booking pages; no element is injected and no dialog opens', async () => {
    const page = await newPage(h, 1280);
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });

    await page.goto(`${h.baseUrl}/huolto/ajoneuvo`);
    await page.getByLabel('Rekisterinumero').fill('xss-1');
    await page.getByLabel('Mittarilukema (km)').fill('80000');
    await page.getByRole('button', { name: 'Hae auton tiedot' }).click();
    await page.getByText('Ajoneuvon tietoja ei löytynyt. Ole hyvä ja valitse auton merkki.').waitFor();
    await page.getByLabel('Merkki').selectOption({ label: 'Toyota' });
    await page.getByLabel('Malli').fill(MODEL);
    await page.getByRole('button', { name: /Hae auton tiedot|Jatka/ }).first().click();

    await page.waitForURL(/\/huolto\/palvelut$/);
    await page.getByRole('button', { name: /Laakkonen Helsinki Konala/ }).click();
    const firstService = page.getByRole('checkbox').filter({ hasNot: page.getByText('huolto- ja/tai leasingsopimus') }).nth(1);
    await firstService.waitFor();
    await firstService.check();
    await expect.poll(() => firstService.isChecked()).toBe(true);
    // The symptom form is folded until opened.
    await page.getByRole('button', { name: /^Muu korjaus tai huolto/ }).click();
    const symptom = page.getByLabel('Muu korjaus/huolto tai valmistajan takaisinkutsukampanja');
    await symptom.fill(`${SVG} ${JS_URL}`);
    const saved = page.waitForResponse((r) => r.url().includes('/symptoms'));
    await page.getByRole('button', { name: 'Tallenna' }).click();
    expect((await saved).status()).toBe(200);
    await expect.poll(() => symptom.isDisabled()).toBe(true);
    // The car in the cart's summary, as typed.
    await page.getByText(MODEL, { exact: false }).first().waitFor();
    await expectInert(page, dialogs, 'palvelut');
    await page.getByRole('button', { name: 'Jatka' }).first().click();

    await page.waitForURL(/\/huolto\/lisapalvelut$/);
    await page.getByRole('button', { name: 'Jatka' }).first().click();

    await page.waitForURL(/\/huolto\/aika$/);
    const reserve = page.getByRole('button', { name: /Varaa aika/ }).first();
    await reserve.waitFor();
    await reserve.click();
    await page.getByText('Aika valittu').first().waitFor();
    await page.getByLabel('Jätän auton päiväksi').check();
    const next = page.getByRole('button', { name: 'Jatka' }).first();
    await expect.poll(() => next.isEnabled()).toBe(true);
    await next.click();

    await page.waitForURL(/\/huolto\/omat-tiedot$/);
    const typed = {
      Etunimi: SCRIPT,
      Sukunimi: IMG,
      Puhelinnumero: '040 765 4321',
      Sähköposti: 'xss@example.com',
      Katuosoite: `${JS_URL} ${SVG}`,
      Postitoimipaikka: IMG,
      Lisätietoja: `${SCRIPT} ${IMG}`,
    };
    for (const [label, value] of Object.entries(typed)) await page.getByLabel(label).fill(value);
    for (const [label, value] of Object.entries(typed)) expect(await page.getByLabel(label).inputValue()).toBe(value);
    await expectInert(page, dialogs, 'omat-tiedot');
    await screenshot(page, 'xss-1-omat-tiedot');
    const confirm = page.getByRole('button', { name: 'Vahvista tilaus' }).first();
    await expect.poll(() => confirm.isEnabled()).toBe(true);
    await confirm.click();

    await page.waitForURL(/\/huolto\/kiitos$/);
    await page.getByText('Palvelupyyntösi on vastaanotettu').waitFor();
    const summary = page.getByRole('region', { name: 'Varauksesi' });
    // The car as text; the symptom as saved (requirements §5 keeps only letters, digits, punctuation
    // and spaces: < > = are symbols and go).
    expect(await summary.getByText(MODEL, { exact: false }).count()).toBe(1);
    expect(await summary.textContent()).toContain(`XSS-1 Toyota ${MODEL}`);
    expect(sanitizeNotes(`${SVG} ${JS_URL}`)).toBe("svg/onloadalert('x') javascript:alert(1)");
    expect(await summary.textContent()).toContain("svg/onloadalert('x') javascript:alert(1)");
    await expectInert(page, dialogs, 'kiitos');
    await screenshot(page, 'xss-2-kiitos');

    const booking = await h.database.db
      .selectFrom('booking')
      .selectAll()
      .where('register_number', '=', 'XSS-1')
      .executeTakeFirstOrThrow();
    expect(booking.customer).toMatchObject({
      first_name: SCRIPT,
      last_name: IMG,
      address: `${JS_URL} ${SVG}`,
      post_office: IMG,
    });
    expect(booking.vehicle).toMatchObject({ make: 'Toyota', model: MODEL });

    // The booking's own page, opened from the e-mail's link, shows the car as text too.
    await page.goto(`${h.baseUrl}/oma-varaus?varaus=${booking.booking_key}&rekisteri=XSS-1`);
    await page.getByText(`Toyota ${MODEL}`, { exact: false }).first().waitFor();
    await expectInert(page, dialogs, 'oma-varaus');
    await screenshot(page, 'xss-3-oma-varaus');
    await page.context().close();
  });
});
