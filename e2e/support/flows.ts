import { expect } from 'vitest';
import type { Page } from 'playwright-core';

/**
 * Steps of the maintenance booking flow (/huolto) shared by browser tests: the same
 * selectors and waits as e2e/maintenance-booking.spec.ts. Each helper starts on the step
 * it names and, when it moves on, waits until the next step has loaded.
 */

/** A car of the seed that is found and has no redirect settings (README demo plates). */
export const FOUND_PLATE = 'ABC-123';
/** The office the flows book at (office id 1). */
export const KONALA = /Laakkonen Helsinki Konala/;

export interface ContactDetails {
  firstName: string;
  lastName: string;
  phone: string;
  email: string;
}

export const MAIJA: ContactDetails = {
  firstName: 'Maija',
  lastName: 'Mallikas',
  phone: '040 765 4321',
  email: 'maija.mallikas@example.com',
};

/** Opens the vehicle step of maintenance and fills plate and mileage (without searching). */
export async function openVehicleStep(page: Page, baseUrl: string, plate = FOUND_PLATE, kilometers = '60000') {
  await page.goto(`${baseUrl}/huolto/ajoneuvo`);
  await page.waitForURL(/\/huolto\/ajoneuvo$/);
  await page.getByRole('heading', { name: 'Varaa aika ilman kirjautumista' }).waitFor();
  await page.getByLabel('Rekisterinumero').fill(plate);
  await page.getByLabel('Mittarilukema (km)').fill(kilometers);
}

export function searchButton(page: Page) {
  return page.getByRole('button', { name: 'Hae auton tiedot' });
}

/** Vehicle step: searches a car that is found; waits for the services step. */
export async function searchFoundVehicle(page: Page, baseUrl: string, plate = FOUND_PLATE) {
  await openVehicleStep(page, baseUrl, plate);
  await searchButton(page).click();
  await page.waitForURL(/\/huolto\/palvelut$/);
}

/** The first service of the chosen office (the service-contract checkbox left out). */
export function serviceCheckboxes(page: Page) {
  return page.getByRole('checkbox').filter({ hasNot: page.getByText('huolto- ja/tai leasingsopimus') });
}

/** Services step: picks the office and waits until its services are shown. */
export async function chooseOffice(page: Page) {
  await page.getByRole('button', { name: KONALA }).click();
  await servicesShown(page);
}

/**
 * Services step: waits until the office's services are shown and no longer reloading
 * (a pick during a reload is lost).
 */
export async function servicesShown(page: Page) {
  await page.getByRole('heading', { name: /huolto/i }).first().waitFor();
  await serviceCheckboxes(page).nth(1).waitFor();
  await page.waitForLoadState('networkidle');
}

/** Services step: office 1 and its first service; on through extra services to the time step. */
export async function chooseServiceAndContinue(page: Page) {
  await chooseOffice(page);
  const service = serviceCheckboxes(page).nth(1);
  await service.check();
  await expect.poll(() => service.isChecked()).toBe(true);
  await page.getByRole('button', { name: 'Jatka' }).first().click();
  await page.waitForURL(/\/huolto\/lisapalvelut$/);
  await page.getByRole('button', { name: 'Jatka' }).first().click();
  await page.waitForURL(/\/huolto\/aika$/);
  await page.getByText('Avoinna ma–pe 7.30–17.00').waitFor();
}

/**
 * The time step's free times: compact chips that show the start ('8.00') and are named
 * 'Varaa aika 8.00–9.30'. The held time is the pressed chip (.slot--selected).
 */
export function freeTimeChips(page: Page) {
  return page.getByRole('button', { name: /^Varaa aika / });
}

/** The first free time chip of the time step, once the free times are shown. */
export async function firstFreeTime(page: Page) {
  const reserve = freeTimeChips(page).first();
  await reserve.waitFor();
  return reserve;
}

/**
 * Waits for the time step's free times: a free time chip, or a time already held —
 * a first free day with a single time holds that time by itself (requirements §4).
 */
export async function freeTimesShown(page: Page) {
  await freeTimeChips(page).first().or(page.locator('.slot--selected')).first().waitFor();
}

/**
 * Time step: holds the first free time, unless the page already held the first free day's
 * only time by itself; a click that races that automatic hold is fine when the hold wins.
 * Waits until the chip is pressed and 'Aika valittu' shows beside the times.
 */
export async function reserveFirstFreeTime(page: Page) {
  await freeTimesShown(page);
  const held = page.locator('.slot--selected');
  if ((await held.count()) === 0) {
    try {
      await freeTimeChips(page).first().click({ timeout: 5000 });
    } catch (err) {
      if ((await held.count()) === 0) throw err;
    }
  }
  await page.locator('.slot--selected[aria-pressed="true"]').waitFor();
  await page.getByText('Aika valittu').first().waitFor();
}

/** Time step: reserves the first free time, leaves the car for the day and continues to omat-tiedot. */
export async function reserveAndContinue(page: Page) {
  await reserveFirstFreeTime(page);
  await page.getByLabel('Jätän auton päiväksi').check();
  const next = page.getByRole('button', { name: 'Jatka' }).first();
  await expect.poll(() => next.isEnabled()).toBe(true);
  await next.click();
  await page.waitForURL(/\/huolto\/omat-tiedot$/);
  await page.getByLabel('Etunimi').waitFor();
}

/** From the vehicle step to a filled-in time step's successor: omat-tiedot with a reserved time. */
export async function maintenanceToCustomerStep(page: Page, baseUrl: string, plate = FOUND_PLATE) {
  await searchFoundVehicle(page, baseUrl, plate);
  await chooseServiceAndContinue(page);
  await reserveAndContinue(page);
}

/** omat-tiedot: fills the required contact details. */
export async function fillContactDetails(page: Page, who: ContactDetails = MAIJA) {
  await page.getByLabel('Etunimi').fill(who.firstName);
  await page.getByLabel('Sukunimi').fill(who.lastName);
  await page.getByLabel('Puhelinnumero').fill(who.phone);
  await page.getByLabel('Sähköposti').fill(who.email);
}

export function confirmButton(page: Page) {
  return page.getByRole('button', { name: 'Vahvista tilaus' }).first();
}
