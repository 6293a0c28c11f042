import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { newPage, screenshot, startHarness, type Harness } from './support/harness.ts';
import { axeProblems } from './support/axe-check.ts';
import { confirmButton, fillContactDetails, reserveFirstFreeTime } from './support/flows.ts';

/**
 * The tire change in the browser: choosing the tire change and the tire hotel gives the
 * bundle's price, said on the page, and the booking is stored with the bundle alone; a
 * van's change and the hotel are the van bundle. At a phone's and a desktop's width, with
 * axe finding nothing. docs/decisions/018-bundles-in-the-cart.md.
 */

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});

type StoredItem = { product: { id: string }; price: number };

async function storedBooking(registerNumber: string) {
  return h.database.db
    .selectFrom('booking')
    .select(['id', 'order_items', 'total_cents'])
    .where('register_number', '=', registerNumber)
    .where('process_type', '=', 'TIRE_CHANGE')
    .orderBy('id', 'desc')
    .executeTakeFirst();
}

/** Vehicle and office: on to the tire services of Espoo Kilo. */
async function toTireServices(page: Page, plate: string) {
  await page.goto(`${h.baseUrl}/renkaat`);
  await page.waitForURL(/\/renkaat\/ajoneuvo$/);
  await page.getByLabel('Rekisterinumero').fill(plate);
  await page.getByRole('button', { name: 'Hae auton tiedot' }).click();
  await page.waitForURL(/\/renkaat\/toimpiste$/);
  await page.getByRole('button', { name: /Laakkonen Espoo Kilo/ }).click();
  await page.waitForURL(/\/renkaat\/palvelut$/);
}

async function expectNoAxeProblems(page: Page) {
  expect(await axeProblems(page)).toEqual([]);
}

/** The totals the page shows (the cart panel and the sticky bar), as text with plain spaces. */
async function shownTotals(page: Page) {
  const texts = await page.locator('.summary__total, .cart-total').allInnerTexts();
  return texts.map((t) => t.replace(/\s+/g, ' ').trim());
}

/** On from the services to the thanks page: a time, the car left for the day, contact details. */
async function book(page: Page, email: string) {
  await page.getByRole('button', { name: 'Jatka' }).first().click();
  await page.waitForURL(/\/renkaat\/aika$/);
  await reserveFirstFreeTime(page);
  await page.getByLabel('Jätän auton päiväksi').check();
  const next = page.getByRole('button', { name: 'Jatka' }).first();
  await expect.poll(() => next.isEnabled()).toBe(true);
  await next.click();
  await page.waitForURL(/\/renkaat\/omat-tiedot$/);
  await fillContactDetails(page, { firstName: 'Rene', lastName: 'Rengas', phone: '040 111 2222', email });
  const confirm = confirmButton(page);
  await expect.poll(() => confirm.isEnabled()).toBe(true);
  await confirm.click();
  await page.waitForURL(/\/renkaat\/kiitos$/);
}

describe('tire change and hotel in the browser: the bundle price', () => {
  for (const width of [360, 1280]) {
    it(`ABC-123 at ${width} px: the change and the hotel become the 130 € bundle, shown, announced and stored`, async () => {
      const page = await newPage(h, width);
      await toTireServices(page, 'ABC-123');
      const change = page.getByRole('checkbox', { name: 'Renkaanvaihto', exact: true });
      await change.check();
      await expect.poll(() => change.isChecked()).toBe(true);
      // The parts tell what they cost together.
      await page.getByText('Renkaanvaihto ja rengashotelli yhdessä: 10 € edullisemmin').first().waitFor();

      await page.getByRole('button', { name: /^Rengashotelli/ }).click();
      // A click, not check(): the server answers with the bundle in the hotel's place, so the
      // hotel's own box ends unchecked (check() fails when that answer comes before its look).
      await page.getByRole('checkbox', { name: 'Rengashotelli (kausi)' }).click();
      const bundle = page.getByRole('checkbox', { name: 'Renkaanvaihto ja rengashotelli', exact: true });
      await expect.poll(() => bundle.isChecked()).toBe(true);

      // Said on the bundle's card and in the status region; the parts say why they cannot be chosen.
      const said = 'Saat valitsemasi palvelut yhdessä: Renkaanvaihto ja rengashotelli 130 € – 10 € edullisemmin kuin erikseen.';
      const card = page.getByRole('article').filter({ has: bundle });
      await expect.poll(async () => (await card.innerText()).replace(/\s+/g, ' ')).toContain(said);
      expect((await page.getByRole('status').filter({ hasText: 'Saat valitsemasi' }).innerText()).replace(/\s+/g, ' ')).toBe(said);
      for (const name of ['Renkaanvaihto', 'Rengashotelli (kausi)']) {
        const part = page.getByRole('checkbox', { name, exact: true });
        expect(await part.isDisabled()).toBe(true);
        expect(await part.isChecked()).toBe(false);
        await page.getByRole('article').filter({ has: part }).getByText('Sisältyy valitsemaasi palveluun Renkaanvaihto ja rengashotelli').waitFor();
      }
      const totals = await shownTotals(page);
      expect(totals.length).toBeGreaterThan(0);
      for (const total of totals) {
        expect(total).toContain('130 €');
        expect(total).not.toContain('140 €');
      }
      await page.getByText('Sisältää: Renkaanvaihto + Rengashotelli (kausi)').first().waitFor();
      await card.scrollIntoViewIfNeeded();
      await screenshot(page, `renkaat-paketti-${width}`);
      await expectNoAxeProblems(page);

      await book(page, `paketti-${width}@example.com`);
      const stored = await storedBooking('ABC-123');
      expect((stored!.order_items as StoredItem[]).map((i) => i.product.id)).toEqual(['TIRE-HOTEL-CHANGE']);
      expect(stored!.total_cents).toBe(12990);
      await screenshot(page, `renkaat-paketti-kiitos-${width}`);
      await expectNoAxeProblems(page);
      await page.context().close();
    });
  }

  it('VAN-123 on a phone: the van change and the hotel become the van bundle (149,90 €), never 199,80 €', async () => {
    const page = await newPage(h, 360);
    await toTireServices(page, 'VAN-123');
    // A van's tires are changed as a van's: the car change and the car bundle are not offered.
    const vanChange = page.getByRole('checkbox', { name: 'Renkaanvaihto, maastoauto ja pakettiauto', exact: true });
    await vanChange.check();
    await expect.poll(() => vanChange.isChecked()).toBe(true);
    expect(await page.getByRole('checkbox', { name: 'Renkaanvaihto', exact: true }).count()).toBe(0);
    await page.getByRole('button', { name: /^Rengashotelli/ }).click();
    expect(await page.getByRole('checkbox', { name: 'Renkaanvaihto ja rengashotelli', exact: true }).count()).toBe(0);
    // A click, not check(): the hotel's box ends unchecked once the van bundle takes its place.
    await page.getByRole('checkbox', { name: 'Rengashotelli (kausi)' }).click();
    const vanBundle = page.getByRole('checkbox', { name: 'Renkaanvaihto ja rengashotelli, maastoauto ja pakettiauto', exact: true });
    await expect.poll(() => vanBundle.isChecked()).toBe(true);
    await page.getByRole('status').filter({ hasText: 'Renkaanvaihto ja rengashotelli, maastoauto ja pakettiauto 150 €' }).waitFor();
    for (const total of await shownTotals(page)) {
      expect(total).toContain('150 €');
      expect(total).not.toContain('200 €');
    }
    await page.getByRole('article').filter({ has: vanBundle }).scrollIntoViewIfNeeded();
    await screenshot(page, 'renkaat-paketti-pakettiauto-360');
    await expectNoAxeProblems(page);

    await book(page, 'pakettiauto@example.com');
    const stored = await storedBooking('VAN-123');
    expect((stored!.order_items as StoredItem[]).map((i) => i.product.id)).toEqual(['TIRE-HOTEL-CHANGE-SUV']);
    expect(stored!.total_cents).toBe(14990);
    await page.context().close();
  });
});
