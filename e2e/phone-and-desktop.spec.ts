import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { MESSAGES } from '@huolto/domain';
import { newPage, screenshot, startHarness, type Harness } from './support/harness.ts';
import { MAIJA, fillContactDetails, maintenanceToCustomerStep, openVehicleStep } from './support/flows.ts';

/**
 * The login dialog's error and the customer's draft, at a 360 × 780 phone and a
 * 1280 × 900 desktop: the failure is told inside the dialog (not only in a message the
 * dialog's dimming covers), a later success clears it, and typed details survive a reload.
 */

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});

const notifications = (page: Page, text: string) =>
  page.getByRole('region', { name: 'Ilmoitukset' }).locator('.notification').filter({ hasText: text });

describe.each([360, 1280])('at %i px', (width) => {
  it('a failed login is told inside the dialog; the right password welcomes the member and no error is left', async () => {
    const page = await newPage(h, width);
    await openVehicleStep(page, h.baseUrl);
    await page.getByRole('button', { name: 'Kirjaudu kanta-asiakkaana' }).click();
    const dialog = page.getByRole('dialog', { name: 'Kirjaudu kanta-asiakkaana' });
    await dialog.getByLabel('Käyttäjätunnus (sähköposti)').fill('testi@example.com');
    await dialog.getByLabel('Salasana').fill('väärä-salasana');
    const submit = dialog.getByRole('button', { name: 'Kirjaudu', exact: true });
    await expect.poll(() => submit.isEnabled()).toBe(true);
    await submit.click();

    const inDialog = dialog.getByRole('alert').filter({ hasText: MESSAGES.loginFailed.text });
    await inDialog.waitFor();
    // Inside the dialog's own box, so it is seen above the dimming.
    const alertBox = (await inDialog.boundingBox())!;
    const dialogBox = (await dialog.boundingBox())!;
    expect(alertBox.y).toBeGreaterThanOrEqual(dialogBox.y);
    expect(alertBox.y + alertBox.height).toBeLessThanOrEqual(dialogBox.y + dialogBox.height);
    expect(alertBox.y + alertBox.height).toBeLessThanOrEqual(width < 600 ? 780 : 900);
    await screenshot(page, `login-error-${width}`);

    await dialog.getByLabel('Salasana').fill('Salasana123!');
    await submit.click();
    await dialog.waitFor({ state: 'detached' });
    await notifications(page, MESSAGES.loginSuccess.text).first().waitFor();
    // The stale failure is gone with the success.
    await expect.poll(() => notifications(page, MESSAGES.loginFailed.text).count()).toBe(0);
    await page.context().close();
  });

  it('the typed contact details survive a reload, in this tab only', async () => {
    const page = await newPage(h, width);
    await maintenanceToCustomerStep(page, h.baseUrl);
    await fillContactDetails(page);
    await page.getByLabel('Lisätietoja').fill('Avain on hanskalokerossa');
    await page.reload();
    await page.getByLabel('Etunimi').waitFor();
    await expect.poll(() => page.getByLabel('Etunimi').inputValue()).toBe(MAIJA.firstName);
    expect(await page.getByLabel('Sukunimi').inputValue()).toBe(MAIJA.lastName);
    expect(await page.getByLabel('Puhelinnumero').inputValue()).toBe(MAIJA.phone);
    expect(await page.getByLabel('Sähköposti').inputValue()).toBe(MAIJA.email);
    expect(await page.getByLabel('Lisätietoja').inputValue()).toBe('Avain on hanskalokerossa');
    expect(await page.evaluate(() => window.localStorage.length)).toBe(0);
    expect(await page.evaluate(() => window.sessionStorage.getItem('customer-draft'))).not.toBeNull();
    await screenshot(page, `customer-draft-${width}`);
    await page.context().close();
  });
});
