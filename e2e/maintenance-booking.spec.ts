import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
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

/** Picks office 1, the first service, a time and a delivery option, then confirms with contact details. */
async function bookFromServicesStep(page: Page, shotPrefix: string, email: string) {
  await page.waitForURL(/\/huolto\/palvelut$/);
  await page.getByRole('button', { name: /Laakkonen Helsinki Konala/ }).click();
  const firstService = page.getByRole('checkbox').filter({ hasNot: page.getByText('huolto- ja/tai leasingsopimus') }).nth(1);
  await page.getByRole('heading', { name: /huolto/i }).first().waitFor();
  await firstService.waitFor();
  await screenshot(page, `${shotPrefix}-2-palvelut`);
  await firstService.check();
  await expect.poll(() => firstService.isChecked()).toBe(true);
  await page.getByRole('button', { name: 'Jatka' }).first().click();

  await page.waitForURL(/\/huolto\/lisapalvelut$/);
  await page.getByRole('button', { name: 'Jatka' }).first().click();

  await page.waitForURL(/\/huolto\/aika$/);
  await page.getByText('Avoinna ma–pe 7.30–17.00').waitFor();
  await reserveFirstFreeTime(page);
  await page.getByLabel('Jätän auton päiväksi').check();
  await screenshot(page, `${shotPrefix}-3-aika`);
  const next = page.getByRole('button', { name: 'Jatka' }).first();
  await expect.poll(() => next.isEnabled()).toBe(true);
  await next.click();

  await page.waitForURL(/\/huolto\/omat-tiedot$/);
  const confirm = page.getByRole('button', { name: 'Vahvista tilaus' }).first();
  await page.getByLabel('Etunimi').fill('Maija');
  await page.getByLabel('Sukunimi').fill('Mallikas');
  await page.getByLabel('Puhelinnumero').fill('040 765 4321');
  await page.getByLabel('Sähköposti').fill('maija');
  // An invalid e-mail keeps the order from being confirmed.
  expect(await confirm.isDisabled()).toBe(true);
  await page.getByLabel('Sähköposti').fill(email);
  await page.getByLabel('Lisätietoja').fill('Talvirenkaat ovat takakontissa.');
  await screenshot(page, `${shotPrefix}-4-omat-tiedot`);
  await expect.poll(() => confirm.isEnabled()).toBe(true);
  await confirm.click();

  await page.waitForURL(/\/huolto\/kiitos$/);
  await page.getByText('Palvelupyyntösi on vastaanotettu').waitFor();
  await screenshot(page, `${shotPrefix}-5-kiitos`);
}

async function storedBooking(registerNumber: string) {
  return h.database.db
    .selectFrom('booking')
    .selectAll()
    .where('register_number', '=', registerNumber)
    .where('process_token', 'is not', null)
    .orderBy('id', 'desc')
    .executeTakeFirst();
}

describe('booking a maintenance appointment in the browser', () => {
  it('ABC-123: from the landing page to the thanks page; the booking is stored, the time taken and the e-mail sent', async () => {
    const page = await newPage(h, 1280);
    await page.goto(h.baseUrl + '/');
    await page.waitForURL(/\/etusivu$/);
    await screenshot(page, 'abc-0-etusivu');
    await page.getByRole('link', { name: /huolto/i }).first().click();
    await page.waitForURL(/\/huolto\/ajoneuvo\/?$/);
    await page.getByRole('heading', { name: 'Varaa aika ilman kirjautumista' }).waitFor();

    await page.getByLabel('Rekisterinumero').fill('abc-123');
    expect(await page.getByLabel('Rekisterinumero').inputValue()).toBe('ABC-123');
    await page.getByLabel('Mittarilukema (km)').fill('60000');
    await screenshot(page, 'abc-1-ajoneuvo');
    await page.getByRole('button', { name: 'Hae auton tiedot' }).click();

    await bookFromServicesStep(page, 'abc', 'maija.mallikas@example.com');

    const booking = await storedBooking('ABC-123');
    expect(booking).toBeDefined();
    expect(booking!.organization_id).toBe(1);
    expect((booking!.customer as { email: string }).email).toBe('maija.mallikas@example.com');
    expect((booking!.order_items as unknown[]).length).toBe(1);
    expect((booking!.snapshot as { notes: string }).notes).toBe('Talvirenkaat ovat takakontissa.');
    const time = await h.database.db.selectFrom('resource_time').selectAll().where('booking_id', '=', booking!.id).execute();
    expect(time).toHaveLength(1);
    expect(time[0]!.kind).toBe('BOOKED');

    await h.app.mailer.kick();
    const eml = join(h.outboxDir, `${booking!.booking_key}.eml`);
    expect(existsSync(eml)).toBe(true);
    const mail = readFileSync(eml, 'utf8');
    expect(mail).toMatch(/^To: maija.mallikas@example.com$/m);
    expect(mail).toContain('text/calendar');
    await page.context().close();
  });

  it('ZZZ-999: not found, then make and model by hand, on a 360 px phone', async () => {
    const page = await newPage(h, 360);
    await page.goto(h.baseUrl + '/huolto');
    await page.waitForURL(/\/huolto\/ajoneuvo$/);
    await page.getByLabel('Rekisterinumero').fill('zzz-999');
    await page.getByLabel('Mittarilukema (km)').fill('150000');
    await page.getByRole('button', { name: 'Hae auton tiedot' }).click();
    await page.getByText('Ajoneuvon tietoja ei löytynyt. Ole hyvä ja valitse auton merkki.').waitFor();
    await page.getByLabel('Merkki').selectOption({ label: 'Toyota' });
    await page.getByLabel('Malli').fill('Yaris');
    await screenshot(page, 'zzz-1-ajoneuvo-360');
    await page.getByRole('button', { name: /Hae auton tiedot|Jatka/ }).first().click();

    await bookFromServicesStep(page, 'zzz-360', 'teppo@example.com');

    const booking = await storedBooking('ZZZ-999');
    expect(booking).toBeDefined();
    expect(booking!.vehicle).toMatchObject({ register_number: 'ZZZ-999', make: 'Toyota', model: 'Yaris' });
    await page.context().close();
  });

  it('an invalid plate gets a Finnish error and nothing is searched', async () => {
    const page = await newPage(h, 1280);
    await page.goto(h.baseUrl + '/huolto/ajoneuvo');
    await page.getByLabel('Rekisterinumero').fill('1234');
    await page.getByLabel('Mittarilukema (km)').fill('1000');
    await page.getByRole('button', { name: 'Hae auton tiedot' }).click();
    await page.getByText('Tarkista rekisterinumero (esim. ABC-123)').waitFor();
    expect(page.url()).toMatch(/\/huolto\/ajoneuvo$/);
    await page.context().close();
  });
});
