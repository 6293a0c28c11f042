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

type StoredItem = { product: { id: string; provider: string }; amount: number; price: number; stage: string };

async function storedBooking(registerNumber: string, processType: string) {
  return h.database.db
    .selectFrom('booking')
    .selectAll()
    .where('register_number', '=', registerNumber)
    .where('process_type', '=', processType)
    .orderBy('id', 'desc')
    .executeTakeFirst();
}

async function searchVehicle(page: Page, processPath: string, plate: string) {
  await page.goto(`${h.baseUrl}/${processPath}`);
  await page.waitForURL(new RegExp(`/${processPath}/ajoneuvo$`));
  await page.getByLabel('Rekisterinumero').fill(plate);
  // Mileage is asked only in maintenance.
  expect(await page.getByLabel('Mittarilukema (km)').count()).toBe(0);
  await page.getByRole('button', { name: 'Hae auton tiedot' }).click();
}

/** From the time step to the thanks page: a time, a delivery option, contact details. */
async function finishBooking(page: Page, processPath: string, shotPrefix: string, email: string) {
  await page.waitForURL(new RegExp(`/${processPath}/aika$`));
  await reserveFirstFreeTime(page);
  await page.getByLabel('Jätän auton päiväksi').check();
  await screenshot(page, `${shotPrefix}-aika`);
  const next = page.getByRole('button', { name: 'Jatka' }).first();
  await expect.poll(() => next.isEnabled()).toBe(true);
  await next.click();

  await page.waitForURL(new RegExp(`/${processPath}/omat-tiedot$`));
  await page.getByLabel('Etunimi').fill('Rene');
  await page.getByLabel('Sukunimi').fill('Rengas');
  await page.getByLabel('Puhelinnumero').fill('040 111 2222');
  await page.getByLabel('Sähköposti').fill(email);
  const confirm = page.getByRole('button', { name: 'Vahvista tilaus' }).first();
  await expect.poll(() => confirm.isEnabled()).toBe(true);
  await confirm.click();
  await page.waitForURL(new RegExp(`/${processPath}/kiitos$`));
  await page.getByText('Palvelupyyntösi on vastaanotettu').waitFor();
  await screenshot(page, `${shotPrefix}-kiitos`);
}

describe('tire change and storage (/renkaat) in the browser', () => {
  it('ABC-123: office, tire change and hotel plus four new tires, a time; the booking is stored with them', async () => {
    const page = await newPage(h, 1280);
    await searchVehicle(page, 'renkaat', 'ABC-123');

    await page.waitForURL(/\/renkaat\/toimpiste$/);
    await page.getByRole('heading', { name: 'Valitse toimipiste' }).waitFor();
    await screenshot(page, 'renkaat-1-toimpiste');
    // Picking an office transfers the booking to it and continues.
    await page.getByRole('button', { name: /Laakkonen Espoo Kilo/ }).click();

    await page.waitForURL(/\/renkaat\/palvelut$/);
    const change = page.getByRole('checkbox', { name: 'Renkaanvaihto', exact: true });
    await change.waitFor();
    // The first group is open with its count; the others fold.
    await page.getByText(/3 palvelua saatavilla/).first().waitFor();
    await change.check();
    await expect.poll(() => change.isChecked()).toBe(true);
    await page.getByRole('button', { name: /Rengashotelli/ }).click();
    // A click, not check(): the server puts the bundle in the hotel's place, so its own box ends unchecked.
    await page.getByRole('checkbox', { name: 'Rengashotelli (kausi)' }).click();
    const bundle = page.getByRole('checkbox', { name: 'Renkaanvaihto ja rengashotelli', exact: true });
    await expect.poll(() => bundle.isChecked()).toBe(true);

    // The tire search has run by itself with the car's size; the example tire is in view.
    await page.getByText('Suosituksemme autollesi').waitFor();
    const example = page.getByRole('article').filter({ hasText: 'Suosituksemme autollesi' });
    expect(await example.getByText(/205\/55R16/).count()).toBe(1);
    await example.getByLabel('Määrä').selectOption('4');
    await example.getByRole('button', { name: /^Valitse/ }).click();
    await example.getByText('Valittu').waitFor();
    await screenshot(page, 'renkaat-2-palvelut');
    const cart = page.getByRole('complementary').first();
    await cart.getByText('4 kpl').waitFor();

    await page.getByRole('button', { name: 'Jatka' }).first().click();
    await finishBooking(page, 'renkaat', 'renkaat-3', 'rene.rengas@example.com');

    const booking = await storedBooking('ABC-123', 'TIRE_CHANGE');
    expect(booking).toBeDefined();
    expect(booking!.organization_id).toBe(2);
    const items = booking!.order_items as StoredItem[];
    // The tire change and the hotel chosen are their bundle (e2e/tire-bundle.spec.ts).
    expect(items.map((i) => i.product.id)).toEqual(expect.arrayContaining(['TIRE-HOTEL-CHANGE']));
    const tire = items.find((i) => i.product.provider === 'TIRE');
    expect(tire).toMatchObject({ amount: 4, stage: 'TIRE_SERVICES' });
    expect(items).toHaveLength(2);
    const time = await h.database.db.selectFrom('resource_time').selectAll().where('booking_id', '=', booking!.id).execute();
    expect(time.map((t) => t.kind)).toEqual(['BOOKED']);
    await page.context().close();
  });
});

describe('tire sales (/rengasmyynti) in the browser', () => {
  it('ABC-123 on a phone: buys four tires, a second choice of the same size replaces the first, then office and time', async () => {
    const page = await newPage(h, 360);
    await searchVehicle(page, 'rengasmyynti', 'ABC-123');

    await page.waitForURL(/\/rengasmyynti\/rengasmyynti$/);
    // Without an office, office 1 became active.
    await page.getByText('Laakkonen Helsinki Konala').first().waitFor();
    await page.getByText(/Löytyi \d+ rengas/).waitFor();
    const next = page.getByRole('button', { name: 'Jatka' }).first();
    expect(await next.isDisabled()).toBe(true);

    // Every field is required: without a supplier nothing is searched.
    const nokian = page.getByRole('checkbox', { name: 'Nokian Tyres' });
    await nokian.uncheck();
    await page.getByText('Valitse vähintään yksi valmistaja.').waitFor();
    expect(await page.getByText(/Löytyi \d+ rengas/).count()).toBe(0);
    await page.getByRole('checkbox', { name: 'Michelin' }).check();
    await page.getByRole('checkbox', { name: 'Continental' }).check();
    await page.getByLabel('Rengastyyppi').selectOption({ label: 'Nastarengas' });
    await page.getByText(/Löytyi \d+ rengas/).waitFor();
    await screenshot(page, 'rengasmyynti-1-haku-360');

    await page.getByRole('button', { name: /Näytä muut renkaat/ }).click();
    const cards = page.getByRole('article');
    await expect.poll(() => cards.count()).toBeGreaterThan(1);
    // A tire out of stock cannot be chosen: the choices are among those in stock.
    const inStock = cards.filter({ hasNotText: 'Ei varastossa' });
    const first = inStock.nth(0);
    await first.getByRole('button', { name: /^Valitse/ }).click();
    await first.getByText('Valittu').waitFor();
    const firstTitle = await first.getByRole('heading').innerText();

    // Another tire of the same size replaces the first in the cart.
    const second = inStock.filter({ hasNotText: 'Valittu' }).first();
    const secondTitle = await second.getByRole('heading').innerText();
    await second.getByRole('button', { name: /^Valitse/ }).click();
    await page.getByRole('article').filter({ hasText: secondTitle }).getByText('Valittu').waitFor();
    await expect.poll(() => page.getByRole('article').filter({ hasText: 'Valittu' }).count()).toBe(1);
    expect(firstTitle).not.toBe(secondTitle);
    await screenshot(page, 'rengasmyynti-2-valittu-360');

    await expect.poll(() => next.isEnabled()).toBe(true);
    await next.click();

    await page.waitForURL(/\/rengasmyynti\/toimpiste$/);
    await page.getByRole('button', { name: /Laakkonen Tampere Lakalaiva/ }).click();
    await finishBooking(page, 'rengasmyynti', 'rengasmyynti-3-360', 'ostaja@example.com');

    const booking = await storedBooking('ABC-123', 'TIRE_SALES');
    expect(booking).toBeDefined();
    expect(booking!.organization_id).toBe(4);
    const items = booking!.order_items as StoredItem[];
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ amount: 4, stage: 'TIRE_SERVICES', product: { provider: 'TIRE' } });
    const tire = await h.database.db
      .selectFrom('tire as t')
      .innerJoin('tire_supplier as s', 's.id', 't.supplier_id')
      .innerJoin('product as p', 'p.id', 't.product_id')
      .select(['s.name', 't.tire_type', 't.width', 't.aspect_ratio', 't.rim_diameter', 'p.price_cents'])
      .where('t.product_id', '=', items[0]!.product.id)
      .executeTakeFirstOrThrow();
    expect(['Michelin', 'Continental']).toContain(tire.name);
    expect(tire).toMatchObject({ tire_type: 'WINTER_STUDDED', width: 205, aspect_ratio: 55, rim_diameter: 16 });
    expect(items[0]!.price).toBe(tire.price_cents * 4);
    expect(secondTitle).toContain(tire.name);
    await page.context().close();
  });
});

describe('changing the car', () => {
  it('empties the cart of tires chosen for the earlier car and searches the new car\'s sizes', async () => {
    const page = await newPage(h, 1280);
    await searchVehicle(page, 'rengasmyynti', 'ABC-123');
    await page.waitForURL(/\/rengasmyynti\/rengasmyynti$/);
    const example = page.getByRole('article').filter({ hasText: 'Suosituksemme autollesi' });
    await example.getByRole('button', { name: /^Valitse/ }).click();
    await example.getByText('Valittu').waitFor();
    const cart = page.getByRole('complementary').first();
    await cart.getByText('205/55R16', { exact: false }).waitFor();

    await page.getByRole('button', { name: 'Takaisin' }).click();
    await page.waitForURL(/\/rengasmyynti\/ajoneuvo$/);
    await page.getByLabel('Rekisterinumero').fill('BMW-123');
    await page.getByRole('button', { name: 'Hae auton tiedot' }).click();
    await page.waitForURL(/\/rengasmyynti\/rengasmyynti$/);
    await page.getByRole('button', { name: '225/45R18 95' }).waitFor();
    await page.getByRole('button', { name: '255/40R18 99' }).waitFor();
    await cart.getByText('Et ole vielä valinnut renkaita.').waitFor();
    expect(await cart.getByText('205/55R16', { exact: false }).count()).toBe(0);
    await page.context().close();
  });
});
