import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { newPage, screenshot, startHarness, type Harness } from './support/harness.ts';
import { reserveFirstFreeTime } from './support/flows.ts';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});

/** Ticks a checkbox and waits for the cart call it makes and the booking refetch after it. */
async function tick(page: Page, label: string, call: string) {
  const box = page.getByLabel(label, { exact: true }).first();
  await box.waitFor();
  const done = page.waitForResponse((r) => r.url().includes(call) && r.request().method() === 'POST');
  const refetched = page.waitForResponse((r) => r.url().includes('/get-booking/v2'));
  await box.check();
  expect((await done).status()).toBe(200);
  await refetched;
  await expect.poll(() => box.isChecked()).toBe(true);
}

describe('a complete maintenance booking in the browser', () => {
  it('primary, additional and campaign services, a symptom, an extra service, an extra item and a note reach the saved booking', async () => {
    const page = await newPage(h);
    await page.goto(`${h.baseUrl}/huolto/ajoneuvo`);
    await page.getByLabel('Rekisterinumero').fill('ABC-123');
    await page.getByLabel('Mittarilukema (km)').fill('60000');
    await page.getByRole('button', { name: 'Hae auton tiedot' }).click();

    await page.waitForURL(/\/huolto\/palvelut$/);
    await page.getByRole('button', { name: /Laakkonen Helsinki Konala/ }).click();
    await tick(page, 'Määräaikaishuolto 60 000 km', 'add-products-to-cart');
    // The other groups, the symptom form and the service code are folded: open them first.
    await page.getByRole('button', { name: /^Akku ja sähkö/ }).click();
    await tick(page, 'Akun kuntotesti', 'add-products-to-cart');
    await page.getByRole('button', { name: /^Talvikampanja/ }).click();
    await tick(page, 'Talvipaketti: tarkastus, pyyhkijänsulat ja pesuneste', 'add-products-to-cart');

    await page.getByRole('button', { name: /^Muu korjaus tai huolto/ }).click();
    const symptom = page.getByLabel('Muu korjaus/huolto tai valmistajan takaisinkutsukampanja');
    await symptom.fill('Ohjaus vetää oikealle');
    const saved = page.waitForResponse((r) => r.url().includes('/symptoms'));
    await page.getByRole('button', { name: 'Tallenna' }).click();
    expect((await saved).status()).toBe(200);
    await expect.poll(() => symptom.isDisabled()).toBe(true);
    await screenshot(page, 'extras-1-palvelut');
    await page.getByRole('button', { name: 'Jatka' }).first().click();

    await page.waitForURL(/\/huolto\/lisapalvelut$/);
    await page.getByText('3 palvelua saatavilla').first().waitFor();
    await tick(page, 'Sisäpuhdistus', 'add-products-to-cart');
    // The extra items are folded like the services step's other choices: open them first.
    await page.getByRole('button', { name: /^Lisätuotteet/ }).click();
    await tick(page, 'Tuulilasinpyyhkimien sulat, pari', 'extra-order-items');
    await screenshot(page, 'extras-2-lisapalvelut');
    await page.getByRole('button', { name: 'Jatka' }).first().click();

    await page.waitForURL(/\/huolto\/aika$/);
    await reserveFirstFreeTime(page);
    await page.getByLabel('Odotan paikan päällä').check();
    await page.getByRole('button', { name: 'Jatka' }).first().click();

    await page.waitForURL(/\/huolto\/omat-tiedot$/);
    await page.getByLabel('Etunimi').fill('Kalle');
    await page.getByLabel('Sukunimi').fill('Korjaaja');
    await page.getByLabel('Puhelinnumero').fill('050 111 2222');
    await page.getByLabel('Sähköposti').fill('kalle@example.com');
    await page.getByLabel('Lisätietoja').fill('Soittakaa ennen lisätöitä, kiitos!');
    await page.getByRole('button', { name: 'Vahvista tilaus' }).first().click();
    await page.waitForURL(/\/huolto\/kiitos$/);

    const booking = await h.database.db
      .selectFrom('booking')
      .selectAll()
      .where('register_number', '=', 'ABC-123')
      .where('process_token', 'is not', null)
      .executeTakeFirstOrThrow();
    const items = booking.order_items as { product: { id: string }; price: number; stage: string }[];
    expect(items.map((i) => i.product.id).sort()).toEqual(['BATTERY-TEST', 'INTERIOR-CLEAN', 'VW-MAINT-60000', 'WINTER-PACKAGE']);
    expect(items.find((i) => i.product.id === 'WINTER-PACKAGE')!.stage).toBe('FIXED_CAMPAIGN_SERVICES');
    const snapshot = booking.snapshot as {
      symptoms: { description: string }[];
      notes: string;
      extra_order_items: { id: string; price: number }[];
      price: { active_price: number; normal_price: number; has_public_campaign: boolean };
      customer_waiting: boolean;
    };
    expect(snapshot.symptoms).toEqual([{ id: 1, description: 'Ohjaus vetää oikealle' }]);
    expect(snapshot.notes).toBe('Soittakaa ennen lisätöitä, kiitos!');
    expect(snapshot.extra_order_items.map((i) => i.id)).toEqual(['WIPER-BLADES']);
    const expectedTotal = items.reduce((s, i) => s + i.price, 0) + snapshot.extra_order_items.reduce((s, i) => s + i.price, 0);
    expect(booking.total_cents).toBe(expectedTotal);
    expect(snapshot.price.active_price).toBe(expectedTotal);
    expect(snapshot.price.has_public_campaign).toBe(true);
    expect(snapshot.price.normal_price).toBeGreaterThan(snapshot.price.active_price);
    await page.context().close();
  });
});
