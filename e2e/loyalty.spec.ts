import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
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

/**
 * The loyalty block's chunks that the build loads on demand (React.lazy, import()), by their
 * addresses: from the manifest of the web build the server sends (harness.ts).
 */
function loyaltyCodeOnDemand(): string[] {
  const dist = process.env.E2E_WEB_DIST ?? fileURLToPath(new URL('../apps/web/dist', import.meta.url));
  const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8')) as Record<string, { file: string; isDynamicEntry?: boolean }>;
  return Object.entries(manifest)
    .filter(([key, chunk]) => chunk.isDynamicEntry && key.startsWith('src/features/loyalty/'))
    .map(([, chunk]) => `/${chunk.file}`);
}

/** The demo account of the seed (README). */
const DEMO = { username: 'testi@example.com', password: 'Salasana123!' };

async function logIn(page: Page) {
  await page.getByRole('button', { name: 'Kirjaudu kanta-asiakkaana' }).click();
  const dialog = page.getByRole('dialog', { name: 'Kirjaudu kanta-asiakkaana' });
  await dialog.waitFor();
  const submit = dialog.getByRole('button', { name: 'Kirjaudu', exact: true });
  expect(await submit.isDisabled()).toBe(true);
  await dialog.getByLabel('Käyttäjätunnus').fill(DEMO.username);
  await dialog.getByLabel('Salasana').fill(DEMO.password);
  await expect.poll(() => submit.isEnabled()).toBe(true);
  await submit.click();
  await dialog.waitFor({ state: 'detached' });
  await page.getByText('Tervetuloa!').first().waitFor();
  await page.getByText('Tervetuloa, Testi').waitFor();
}

describe('booking as a logged-in OmaLaakkonen member', () => {
  it('login on ajoneuvo, a saved car, the prefilled form and the voucher; the booking carries the code and the voucher', async () => {
    const page = await newPage(h, 1280);
    await page.goto(h.baseUrl + '/huolto');
    await page.waitForURL(/\/huolto\/ajoneuvo$/);
    await page.getByRole('heading', { name: 'Varaa aika ilman kirjautumista' }).waitFor();

    await logIn(page);
    expect(await page.evaluate(() => sessionStorage.getItem('loyalty-token'))).toBeTruthy();

    await page.getByRole('button', { name: 'Valitse ajoneuvo' }).click();
    const cars = page.getByRole('dialog', { name: 'Valitse ajoneuvo' });
    await cars.getByRole('img', { name: 'Volkswagen Golf' }).waitFor();
    await cars.getByRole('img', { name: 'BMW 320i' }).waitFor();
    await screenshot(page, 'loyalty-1-autot');
    await cars.getByRole('button', { name: /Valitse ABC-123/ }).click();
    await cars.waitFor({ state: 'detached' });
    expect(await page.getByLabel('Rekisterinumero').inputValue()).toBe('ABC-123');

    await page.getByLabel('Mittarilukema (km)').fill('60000');
    await page.getByRole('button', { name: 'Hae auton tiedot' }).click();

    await page.waitForURL(/\/huolto\/palvelut$/);
    await page.getByRole('button', { name: /Laakkonen Helsinki Konala/ }).click();
    const firstService = page.getByRole('checkbox').filter({ hasNot: page.getByText('huolto- ja/tai leasingsopimus') }).nth(1);
    // The office's services load (and reload with the member's prices) before one is picked.
    await page.getByRole('heading', { name: /huolto/i }).first().waitFor();
    await firstService.waitFor();
    await page.waitForLoadState('networkidle');
    await firstService.check();
    await expect.poll(() => firstService.isChecked()).toBe(true);
    await page.getByRole('button', { name: 'Jatka' }).first().click();

    await page.waitForURL(/\/huolto\/lisapalvelut$/);
    await page.getByRole('button', { name: 'Jatka' }).first().click();

    await page.waitForURL(/\/huolto\/aika$/);
    await reserveFirstFreeTime(page);
    await page.getByLabel('Jätän auton päiväksi').check();
    const next = page.getByRole('button', { name: 'Jatka' }).first();
    await expect.poll(() => next.isEnabled()).toBe(true);
    await next.click();

    await page.waitForURL(/\/huolto\/omat-tiedot$/);
    // Prefilled from the account.
    await expect.poll(() => page.getByLabel('Etunimi').inputValue()).toBe('Testi');
    expect(await page.getByLabel('Sukunimi').inputValue()).toBe('Asiakas');
    expect(await page.getByLabel('Sähköposti').inputValue()).toBe(DEMO.username);
    expect(await page.getByLabel('Postitoimipaikka').inputValue()).toBe('Helsinki');
    // The members' code and the valid voucher, not the expired one, in the cart.
    const cart = page.getByRole('region', { name: 'Ostoskori' });
    await cart.getByText('Huoltoetu 20 €').waitFor();
    expect(await cart.innerText()).toContain('−20\u00a0€');
    await cart.getByText('OmaLaakkonen-jäsenetu 10 %').waitFor();
    expect(await cart.getByText('Kesäetu 15 €').count()).toBe(0);
    await screenshot(page, 'loyalty-2-omat-tiedot');

    const confirm = page.getByRole('button', { name: 'Vahvista tilaus' }).first();
    await expect.poll(() => confirm.isEnabled()).toBe(true);
    await confirm.click();
    await page.waitForURL(/\/huolto\/kiitos$/);
    await page.getByText('Palvelupyyntösi on vastaanotettu').waitFor();

    const booking = await h.database.db
      .selectFrom('booking')
      .selectAll()
      .where('register_number', '=', 'ABC-123')
      .where('campaign_code', '=', 'OMALAAKKONEN')
      .orderBy('id', 'desc')
      .executeTakeFirst();
    expect(booking).toBeDefined();
    expect(booking!.voucher_ids).toEqual(['ETU-20-HUOLTO']);
    expect((booking!.customer as { first_name: string; email: string }).first_name).toBe('Testi');
    const voucher = await h.database.db.selectFrom('loyalty_voucher').selectAll().where('id', '=', 'ETU-20-HUOLTO').executeTakeFirstOrThrow();
    expect(voucher.used_booking_id).toBe(booking!.id);
    await page.context().close();
  });

  it("a press on 'Kirjaudu kanta-asiakkaana' while the step's code is still arriving opens the login", async () => {
    // On a busy machine or a slow phone the step's on-demand code can arrive between the press
    // and the release of the button. The button pressed must still be there when released: a
    // button put in its place (say, a placeholder swapped for the loaded block) gets no click,
    // and the login would not open.
    const page = await newPage(h, 1280);
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const onDemand = loyaltyCodeOnDemand();
    expect(onDemand.length).toBeGreaterThan(0);
    await page.route(
      (url) => onDemand.includes(url.pathname),
      async (route) => {
        await released;
        await route.continue();
      },
    );
    await page.goto(h.baseUrl + '/huolto');
    await page.waitForURL(/\/huolto\/ajoneuvo$/, { waitUntil: 'commit' });
    const login = page.getByRole('button', { name: 'Kirjaudu kanta-asiakkaana' });
    await login.waitFor();
    const box = (await login.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    release();
    await page.waitForLoadState('networkidle');
    await page.mouse.up();
    await page.getByRole('dialog', { name: 'Kirjaudu kanta-asiakkaana' }).waitFor();
    await page.context().close();
  });

  it('logging out on a 360 px phone takes the code off the booking', async () => {
    const page = await newPage(h, 360);
    await page.goto(h.baseUrl + '/huolto/ajoneuvo');
    await logIn(page);
    const token = await page.evaluate(() => sessionStorage.getItem('x-process-token'));
    expect(token).toBeTruthy();
    await expect
      .poll(async () => (await h.database.db.selectFrom('process').select('campaign_code').where('token', '=', token!).executeTakeFirst())?.campaign_code)
      .toBe('OMALAAKKONEN');
    await screenshot(page, 'loyalty-3-kirjautunut-360');

    await page.getByRole('button', { name: 'Kirjaudu ulos' }).click();
    await page.getByText('Olet kirjautunut ulos').waitFor();
    await page.getByRole('button', { name: 'Kirjaudu kanta-asiakkaana' }).waitFor();
    expect(await page.evaluate(() => sessionStorage.getItem('loyalty-token'))).toBeNull();
    await expect
      .poll(async () => (await h.database.db.selectFrom('process').select('campaign_code').where('token', '=', token!).executeTakeFirst())?.campaign_code)
      .toBeNull();
    await page.context().close();
  });
});
