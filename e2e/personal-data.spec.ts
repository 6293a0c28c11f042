import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { sql } from 'kysely';
import type { PersonalDataExport } from '@huolto/domain';
import { startHarness, type Harness } from './support/harness.ts';
import { DESKTOP, PHONE, axeProblems, pageAt } from './support/axe-check.ts';
import { screenshot } from './support/harness.ts';
import { openAdminPage } from './support/staff-check.ts';
import { confirmButton, fillContactDetails, maintenanceToCustomerStep, type ContactDetails } from './support/flows.ts';

/**
 * A person's data on request: a customer books through the customer's pages with an address
 * of their own; the admin finds the booking by that e-mail at /hallinta/henkilotiedot (the
 * erasure refused while it is ahead), downloads the data as one JSON file, cancels the booking
 * on its page, erases, and a new search finds nothing of the person. axe-core finds nothing
 * at 1280 × 900 and 360 × 780 on the way.
 */

const ADMIN_EMAIL = 'admin@laakkonen.example';
const ADMIN_PASSWORD = 'Hallinta-demo-2026';
const CUSTOMER: ContactDetails = {
  firstName: 'Henna',
  lastName: 'Pyytäjä',
  phone: '040 765 1122',
  email: `henna.pyytaja.${Date.now()}@example.com`,
};

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});

/** Books ABC-123 at office 1 through the customer's pages as CUSTOMER; the stored booking's id and key. */
async function bookAsCustomer(): Promise<{ id: number; key: string }> {
  const page = await pageAt(h.browser, DESKTOP);
  await maintenanceToCustomerStep(page, h.baseUrl);
  await fillContactDetails(page, CUSTOMER);
  const confirm = confirmButton(page);
  await expect.poll(() => confirm.isEnabled()).toBe(true);
  await confirm.click();
  await page.waitForURL(/\/huolto\/kiitos$/);
  await page.context().close();
  const rows = await sql<{ id: string; booking_key: string }>`
    SELECT id, booking_key FROM booking WHERE lower(customer->>'email') = ${CUSTOMER.email}`.execute(h.database.db);
  expect(rows.rows).toHaveLength(1);
  return { id: Number(rows.rows[0]!.id), key: rows.rows[0]!.booking_key };
}

async function signIn(page: Page) {
  await page.goto(`${h.baseUrl}/hallinta`);
  await page.getByRole('heading', { name: 'Hallinta – kirjaudu sisään' }).waitFor();
  await page.getByLabel('Sähköposti').fill(ADMIN_EMAIL);
  await page.getByLabel('Salasana').fill(ADMIN_PASSWORD);
  await page.getByRole('button', { name: 'Kirjaudu sisään' }).click();
  await page.getByRole('button', { name: 'Kirjaudu ulos' }).waitFor();
}

/** To the page from the admin's menu ('Ylläpito' → 'Henkilötiedot'). */
async function openFromMenu(page: Page) {
  await openAdminPage(page, 'Henkilötiedot');
  await page.waitForURL(`${h.baseUrl}/hallinta/henkilotiedot`);
  await page.getByRole('heading', { level: 1, name: 'Henkilötiedot' }).waitFor();
}

/** Searches by the customer's e-mail and waits for what the search came to. */
async function searchByEmail(page: Page): Promise<string> {
  const main = page.locator('main');
  await main.getByLabel('Sähköposti').fill(CUSTOMER.email);
  await main.getByRole('button', { name: 'Hae tiedot' }).click();
  const status = page.locator('p.personal-data__status');
  await expect.poll(() => status.innerText(), { timeout: 15_000 }).toMatch(/^(Löytyi|Henkilöstä ei löytynyt)/);
  return status.innerText();
}

/** axe at the desk's and the phone's size, and a screenshot at each; back at the desk's size. */
async function expectAxeClean(page: Page, what: string, shot: string) {
  for (const size of [DESKTOP, PHONE]) {
    await page.setViewportSize(size);
    expect(await axeProblems(page), `${what} at ${size.width} px`).toEqual([]);
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth),
      `${what} scrolls sideways at ${size.width} px`,
    ).toBe(true);
    await screenshot(page, `${shot}-${size.width}`);
  }
  await page.setViewportSize(DESKTOP);
}

describe("a person's data on request", () => {
  it('the admin finds, downloads and erases a customer\'s data; an upcoming booking is cancelled first', async () => {
    const booking = await bookAsCustomer();
    const page = await pageAt(h.browser, DESKTOP);
    await signIn(page);
    await openFromMenu(page);
    await expectAxeClean(page, 'the empty page', 'henkilotiedot-0-tyhja');

    // Found by the e-mail: the booking ahead, marked and linked; the erasure refused for it.
    expect(await searchByEmail(page)).toMatch(/^Löytyi 1 varaus, 0 kanta-asiakastiliä, \d+ viesti/);
    const bookings = page.getByRole('region', { name: 'Varaukset (1)' });
    const row = bookings.getByRole('row').nth(1);
    expect(await row.innerText()).toContain(`${CUSTOMER.firstName} ${CUSTOMER.lastName}`);
    expect(await row.innerText()).toContain('Tuleva');
    expect(await row.getByRole('link').getAttribute('href')).toBe(`/hallinta/varaus/${booking.id}`);
    const erase = page.getByRole('button', { name: 'Poista henkilötiedot' });
    expect(await erase.isDisabled()).toBe(true);
    await page.getByText(/Henkilöllä on tulevia varauksia\. Peru ne ensin/).waitFor();
    // The query is in no address.
    expect(page.url()).toBe(`${h.baseUrl}/hallinta/henkilotiedot`);
    await expectAxeClean(page, 'the person found, with a booking ahead', 'henkilotiedot-1-tuleva');

    // 'Lataa tiedot': one JSON file named by the day, holding the booking.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Lataa tiedot' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^henkilotiedot-\d{4}-\d{2}-\d{2}\.json$/);
    const exported = JSON.parse(readFileSync((await download.path())!, 'utf8')) as PersonalDataExport;
    expect(exported.summary.length).toBeGreaterThan(0);
    expect(exported.bookings).toHaveLength(1);
    expect(JSON.stringify(exported.bookings[0])).toContain(booking.key);
    expect(JSON.stringify(exported.bookings[0])).toContain(CUSTOMER.email);
    await page.getByText(/^Tiedot ladattu tiedostoon henkilotiedot-/).waitFor();

    // The booking ahead is cancelled on its page, as the customer is to hear of it.
    await row.getByRole('link').click();
    await page.waitForURL(`${h.baseUrl}/hallinta/varaus/${booking.id}`);
    await page.getByRole('button', { name: 'Peru varaus' }).click();
    const cancelDialog = page.getByRole('dialog', { name: 'Perutaanko varaus?' });
    await cancelDialog.getByRole('button', { name: 'Peru varaus' }).click();
    await page.getByText(/^Varaus peruttu\./).first().waitFor();

    // Back on the page: the booking cancelled, the erasure open; confirmed in a dialog.
    await openFromMenu(page);
    expect(await searchByEmail(page)).toMatch(/^Löytyi 1 varaus/);
    expect(await page.getByRole('region', { name: 'Varaukset (1)' }).getByRole('row').nth(1).innerText()).toContain('Peruttu');
    expect(await erase.isEnabled()).toBe(true);
    await erase.click();
    const dialog = page.getByRole('dialog', { name: 'Poistetaanko henkilötiedot?' });
    await dialog.waitFor();
    expect(await dialog.innerText()).toContain('Poistoa ei voi perua.');
    await expectAxeClean(page, 'the erasure confirmed in a dialog', 'henkilotiedot-2-vahvistus');
    await dialog.getByRole('button', { name: 'Poista pysyvästi' }).click();

    // The counts in the live region; the form empty, nothing of the person left on the page.
    const status = page.locator('p.personal-data__status');
    await expect.poll(() => status.innerText()).toMatch(/^Henkilötiedot poistettu: 1 varaus, 0 kanta-asiakastiliä, \d+ viesti/);
    expect(await status.getAttribute('role')).toBe('status');
    expect(await page.locator('main').getByLabel('Sähköposti').inputValue()).toBe('');
    expect(await page.locator('main').innerText()).not.toContain(CUSTOMER.lastName);
    await expectAxeClean(page, 'after the erasure', 'henkilotiedot-3-poistettu');

    const stored = await sql<{ customer: unknown; register_number: string | null; removed: Date | null }>`
      SELECT customer, register_number, personal_data_removed_at AS removed FROM booking WHERE id = ${booking.id}`.execute(h.database.db);
    expect(stored.rows[0]!.removed).not.toBeNull();
    expect(JSON.stringify(stored.rows[0]!.customer)).not.toContain(CUSTOMER.email);
    expect(JSON.stringify(stored.rows[0]!.customer)).not.toContain(CUSTOMER.lastName);

    // A new search by the same e-mail finds no booking and no account of the person.
    expect(await searchByEmail(page)).toMatch(/^(Henkilöstä ei löytynyt tietoja\.|Löytyi 0 varausta, 0 kanta-asiakastiliä)/);
    expect(await page.locator('main').innerText()).not.toContain(CUSTOMER.lastName);
    await page.context().close();
  });
});
