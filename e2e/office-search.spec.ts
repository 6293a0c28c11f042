import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { todayInHelsinki } from '@huolto/domain';
import { screenshot, startHarness, type Harness } from './support/harness.ts';
import { axeProblems } from './support/axe-check.ts';

/**
 * The office lists: a search by town, postcode or address that filters as the customer
 * types, 'Lähimmät ensin' with the browser's location (granted and denied), each office's
 * first free time, and the time step's other offices ordered by distance once the
 * location is known. On /renkaat's office step and /huolto's services step, at a phone
 * and a desktop width.
 */

const SIZES = [
  { width: 360, height: 780 },
  { width: 1280, height: 900 },
] as const;
/** About 2 km from the Tampere office (61.4698, 23.7561): far from every other office. */
const NEAR_TAMPERE = { latitude: 61.4825, longitude: 23.7705 };
const TAMPERE = 'Laakkonen Tampere Lakalaiva';
/** A card's first-free-time line: a time, a day (day-only office), lead mode, or none within the weeks. */
const FREE_LINE =
  /Ensimmäinen vapaa aika (ma|ti|ke|to|pe) \d{1,2}\.\d{1,2}\. klo \d{1,2}\.\d{2}|Ensimmäinen vapaa päivä (ma|ti|ke|to|pe) \d{1,2}\.\d{1,2}\.|Kerro toivottu päivä|Ei vapaita aikoja \d+ viikkoon/;

/** expect.poll with the page's own patience (a busy machine answers in seconds, not in poll's default one). */
const poll = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 15_000 });

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});

async function newContext(size: { width: number; height: number }, location: 'granted' | 'denied'): Promise<BrowserContext> {
  return h.browser.newContext({
    viewport: size,
    locale: 'fi-FI',
    reducedMotion: 'reduce',
    ...(location === 'granted' ? { permissions: ['geolocation'], geolocation: NEAR_TAMPERE } : { permissions: [] }),
  });
}

async function openPage(context: BrowserContext): Promise<Page> {
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  return page;
}

/** /renkaat: the car, then the office step. */
async function toTireOfficeStep(page: Page) {
  await page.goto(`${h.baseUrl}/renkaat`);
  await page.getByLabel('Rekisterinumero').fill('ABC-123');
  await page.getByRole('button', { name: 'Hae auton tiedot' }).click();
  await page.waitForURL(/\/renkaat\/toimpiste$/);
  await page.getByRole('heading', { name: 'Valitse toimipiste' }).waitFor();
}

/** /huolto: the car and mileage, then the services step with its office choice. */
async function toMaintenanceServicesStep(page: Page) {
  await page.goto(`${h.baseUrl}/huolto/ajoneuvo`);
  await page.getByLabel('Rekisterinumero').fill('ABC-123');
  await page.getByLabel('Mittarilukema (km)').fill('60000');
  await page.getByRole('button', { name: 'Hae auton tiedot' }).click();
  await page.waitForURL(/\/huolto\/palvelut$/);
}

const cards = (page: Page) => page.locator('.office-card');
const cardNames = (page: Page) => page.locator('.office-card__name').allTextContents();
const searchField = (page: Page) => page.getByLabel('Hae paikkakunnalla tai postinumerolla');
const nearestButton = (page: Page) => page.getByRole('button', { name: 'Lähimmät ensin' });

/** Every card shows its first free time once the one call for the whole list has answered. */
async function expectFirstFreeTimes(page: Page) {
  await cards(page).first().waitFor();
  const count = await cards(page).count();
  await poll(() => page.locator('.office-card__free').count()).toBe(count);
  await poll(() => page.getByText('Haetaan ensimmäistä vapaata aikaa…').count()).toBe(0);
  const lines = await page.locator('.office-card__free').allTextContents();
  expect(lines.length).toBeGreaterThanOrEqual(10);
  for (const line of lines) expect(line).toMatch(FREE_LINE);
  // Most offices have a time within the weeks looked at.
  expect(lines.filter((l) => l.startsWith('Ensimmäinen vapaa aika')).length).toBeGreaterThanOrEqual(8);
}

/** Typing filters the list as it goes; a search that finds nothing says so and keeps the field usable. */
async function expectSearchFilters(page: Page) {
  const all = await cards(page).count();
  await searchField(page).fill('tampere');
  await poll(() => cardNames(page)).toEqual([TAMPERE]);
  await page.getByRole('status').filter({ hasText: '1 toimipiste haulla ”tampere”' }).waitFor();
  await searchField(page).fill('00390');
  await poll(() => cardNames(page)).toEqual(['Laakkonen Helsinki Konala']);
  await searchField(page).fill('Rovaniemi');
  await poll(() => cards(page).count()).toBe(0);
  await page.getByText('Ei toimipisteitä haulla ”Rovaniemi”').waitFor();
  await page.getByRole('button', { name: 'Näytä kaikki toimipisteet' }).click();
  await poll(() => cards(page).count()).toBe(all);
  expect(await searchField(page).inputValue()).toBe('');
}

/** 'Lähimmät ensin' with a granted location: the office near it comes first with its distance. */
async function expectNearestFirst(page: Page) {
  const before = await cardNames(page);
  expect(before[0]).not.toBe(TAMPERE);
  await nearestButton(page).click();
  await poll(async () => (await cardNames(page))[0]).toBe(TAMPERE);
  expect(await nearestButton(page).getAttribute('aria-pressed')).toBe('true');
  const firstDistance = await cards(page).first().locator('.office-card__distance').textContent();
  expect(firstDistance).toMatch(/^\d,\d km$/);
  expect(Number(firstDistance!.replace(' km', '').replace(',', '.'))).toBeLessThan(5);
  // Nearest first all the way down.
  const km = (await page.locator('.office-card__distance').allTextContents()).map((t) => Number(t.replace(/ km$/, '').replace(',', '.')));
  expect(km).toEqual([...km].sort((a, b) => a - b));
  await page.getByRole('status').filter({ hasText: 'lähimmät ensin' }).waitFor();
}

/** A denied location: the Finnish message in place, the list and its search still work. */
async function expectDeniedLocation(page: Page) {
  const before = await cardNames(page);
  await nearestButton(page).click();
  const alert = page.getByRole('alert').filter({ hasText: 'Sijaintiasi ei voitu käyttää' });
  await alert.waitFor();
  expect(await alert.textContent()).toContain('Hae toimipistettä paikkakunnalla tai postinumerolla');
  expect(await cardNames(page)).toEqual(before);
  expect(await nearestButton(page).getAttribute('aria-pressed')).toBe('false');
  await searchField(page).fill('espoo');
  await poll(() => cardNames(page)).toEqual(['Laakkonen Espoo Kilo']);
  await searchField(page).fill('');
}


describe.each(SIZES)('office lists at $width px', (size) => {
  it('/renkaat office step: first free times, search, nearest first with distances; axe clean', async () => {
    const context = await newContext(size, 'granted');
    const page = await openPage(context);
    const answered = page.waitForResponse((r) => r.url().endsWith('/first-free-times'));
    await toTireOfficeStep(page);
    await expectFirstFreeTimes(page);
    const answer = await answered;
    const timing = answer.request().timing();
    const offices = ((await answer.json()) as { organizations: unknown[] }).organizations.length;
    console.info(`first-free-times for ${offices} offices over HTTP: ${(timing.responseEnd - timing.requestStart).toFixed(0)} ms`);
    await page.waitForLoadState('networkidle');
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    console.info(`/renkaat office step at ${size.width} px: page height ${height} px`);
    await screenshot(page, `offices-${size.width}`);
    expect(await axeProblems(page), `/renkaat toimpiste @ ${size.width}`).toEqual([]);

    await expectSearchFilters(page);
    await expectNearestFirst(page);
    await screenshot(page, `offices-nearest-${size.width}`);
    expect(await axeProblems(page), `/renkaat toimpiste nearest first @ ${size.width}`).toEqual([]);

    // The choice still transfers the booking and continues.
    await page.getByRole('button', { name: new RegExp(TAMPERE) }).click();
    await page.waitForURL(/\/renkaat\/palvelut$/);
    await context.close();
  });

  it('/renkaat office step: a denied location says so and the list stays usable', async () => {
    const context = await newContext(size, 'denied');
    const page = await openPage(context);
    await toTireOfficeStep(page);
    await expectFirstFreeTimes(page);
    await expectDeniedLocation(page);
    await screenshot(page, `offices-denied-${size.width}`);
    expect(await axeProblems(page), `/renkaat toimpiste denied @ ${size.width}`).toEqual([]);
    await context.close();
  });

  it('/huolto services step office choice: first free times, search, nearest first, denied location', async () => {
    const granted = await newContext(size, 'granted');
    const page = await openPage(granted);
    await toMaintenanceServicesStep(page);
    await page.getByRole('heading', { name: 'Valtuutettu merkkihuolto seuraavissa toimipisteissä' }).waitFor();
    await expectFirstFreeTimes(page);
    await page.waitForLoadState('networkidle');
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    console.info(`/huolto services step (office choice) at ${size.width} px: page height ${height} px`);
    await screenshot(page, `offices-huolto-${size.width}`);
    expect(await axeProblems(page), `/huolto palvelut @ ${size.width}`).toEqual([]);
    await expectSearchFilters(page);
    await expectNearestFirst(page);
    // Ordered by distance the groups become one list; the make's dealers keep their mark.
    await page.getByRole('heading', { name: 'Toimipisteet lähimmästä alkaen' }).waitFor();
    expect(await page.getByText('Valtuutettu merkkihuolto', { exact: true }).count()).toBeGreaterThan(0);
    expect(await axeProblems(page), `/huolto palvelut nearest first @ ${size.width}`).toEqual([]);
    await granted.close();

    const denied = await newContext(size, 'denied');
    const other = await openPage(denied);
    await toMaintenanceServicesStep(other);
    await expectFirstFreeTimes(other);
    await expectDeniedLocation(other);
    await denied.close();
  });
});

describe('other offices on the time step', () => {
  /** From /renkaat's office step (nearest first pressed or not) to the time step at Espoo, other offices open. */
  async function otherOffices(page: Page, pressNearest: boolean) {
    await toTireOfficeStep(page);
    await expectFirstFreeTimes(page);
    if (pressNearest) {
      await nearestButton(page).click();
      await poll(async () => (await cardNames(page))[0]).toBe(TAMPERE);
    }
    await page.getByRole('button', { name: /Laakkonen Espoo Kilo/ }).click();
    await page.waitForURL(/\/renkaat\/palvelut$/);
    const change = page.getByRole('checkbox', { name: 'Renkaanvaihto', exact: true });
    await change.check();
    await poll(() => change.isChecked()).toBe(true);
    await page.getByRole('button', { name: 'Jatka' }).first().click();
    await page.waitForURL(/\/renkaat\/aika$/);
    await page.getByRole('button', { name: 'Näytä muiden toimipisteiden vapaat ajat' }).click();
    await page.locator('.other-office').first().waitFor();
    return page.locator('.other-office__name').allTextContents();
  }

  it('are nearest first with their distance once the customer gave the location on the office step', async () => {
    const context = await newContext(SIZES[0], 'granted');
    const page = await openPage(context);
    const names = await otherOffices(page, true);
    expect(names[0]).toContain(TAMPERE);
    expect(names[0]).toMatch(/· \d,\d km$/);
    await page.getByText('Lähimmät toimipisteet ensin').waitFor();
    await screenshot(page, 'offices-other-nearest-360');
    expect(await axeProblems(page), 'aika other offices nearest first @ 360').toEqual([]);
    await context.close();
  });

  it('are by first free time when the location is not known', async () => {
    const context = await newContext(SIZES[1], 'denied');
    const page = await openPage(context);
    const names = await otherOffices(page, false);
    expect(names.every((n) => !/ km$/.test(n))).toBe(true);
    await page.getByText('Järjestetty ensimmäisen vapaan ajan mukaan').waitFor();
    const firsts = await page.locator('.other-office__text strong').allTextContents();
    // 'ti 25.11. klo 8.00' as a sortable number; a month before this one is next year's.
    const month = Number(todayInHelsinki().slice(5, 7));
    const key = (text: string) => {
      const m = /(\d{1,2})\.(\d{1,2})\.(?: klo (\d{1,2})\.(\d{2}))?/.exec(text)!;
      const mo = Number(m[2]);
      return (mo < month ? 1e8 : 0) + mo * 1e6 + Number(m[1]) * 1e4 + Number(m[3] ?? 0) * 100 + Number(m[4] ?? 0);
    };
    const keys = firsts.map(key);
    expect(keys.length).toBeGreaterThan(3);
    expect(keys).toEqual([...keys].sort((a, b) => a - b));
    await context.close();
  });
});
