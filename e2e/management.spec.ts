import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { newPage, screenshot, startHarness, type Harness } from './support/harness.ts';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});

async function setMinimumPriceForCredit(cents: number) {
  await sql`INSERT INTO setting (key, value) VALUES ('minimumPriceForCredit', ${JSON.stringify(cents)}::jsonb)
            ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value`.execute(h.database.db);
}

describe('redirect after the vehicle step', () => {
  it('BMW-123: the popup shows the make\'s message and then posts license and mileage in thousands to BMW\'s site', async () => {
    const page = await newPage(h, 1280);
    let posted: { url: string; method: string; body: string | null } | null = null;
    await page.route('https://bmw.example/**', async (route) => {
      const request = route.request();
      posted = { url: request.url(), method: request.method(), body: request.postData() };
      await route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>BMW</title><h1>BMW huoltovaraus</h1>' });
    });
    await page.goto(`${h.baseUrl}/huolto/ajoneuvo`);
    await page.getByLabel('Rekisterinumero').fill('BMW-123');
    await page.getByLabel('Mittarilukema (km)').fill('45001');
    await page.getByRole('button', { name: 'Hae auton tiedot' }).click();
    const dialog = page.getByRole('dialog', { name: 'Siirrymme merkin omaan ajanvaraukseen' });
    await dialog.waitFor();
    await dialog.getByText(/BMW/).first().waitFor();
    await screenshot(page, 'redirect-popup');
    await page.waitForURL('https://bmw.example/**', { timeout: 20_000 });
    expect(posted).not.toBeNull();
    expect(posted!.method).toBe('POST');
    expect(new URLSearchParams(posted!.body ?? '')).toEqual(new URLSearchParams({ license: 'BMW-123', mileage: '46' }));
    await page.context().close();
  });

  it('a make without redirect settings goes straight on', async () => {
    const page = await newPage(h, 1280);
    await page.goto(`${h.baseUrl}/huolto/ajoneuvo`);
    await page.getByLabel('Rekisterinumero').fill('TOY-123');
    await page.getByLabel('Mittarilukema (km)').fill('80000');
    await page.getByRole('button', { name: 'Hae auton tiedot' }).click();
    await page.waitForURL(/\/huolto\/palvelut$/);
    expect(await page.getByRole('dialog').count()).toBe(0);
    await page.context().close();
  });
});

describe('loan calculator and the booking\'s own page', () => {
  it('shows the calculator over the minimum price, and the e-mail\'s link lets the customer cancel: the time is freed', async () => {
    await setMinimumPriceForCredit(10_000);
    const page = await newPage(h, 1280);
    await page.goto(`${h.baseUrl}/huolto/ajoneuvo`);
    await page.getByLabel('Rekisterinumero').fill('ABC-123');
    await page.getByLabel('Mittarilukema (km)').fill('60000');
    await page.getByRole('button', { name: 'Hae auton tiedot' }).click();
    await page.waitForURL(/\/huolto\/palvelut$/);
    await page.getByRole('button', { name: /Laakkonen Helsinki Konala/ }).click();
    const service = page.getByRole('checkbox').filter({ hasNot: page.getByText('huolto- ja/tai leasingsopimus') }).nth(1);
    await page.getByRole('heading', { name: /huolto/i }).first().waitFor();
    await service.waitFor();
    await service.check();
    await expect.poll(() => service.isChecked()).toBe(true);
    await page.getByRole('button', { name: 'Jatka' }).first().click();
    await page.waitForURL(/\/huolto\/lisapalvelut$/);
    await page.getByRole('button', { name: 'Jatka' }).first().click();
    await page.waitForURL(/\/huolto\/aika$/);
    // A time next week: one within two hours of now could no longer be cancelled, whatever
    // the hour the test runs at.
    await page.getByRole('button', { name: /Varaa aika/ }).first().waitFor();
    const slots = page.locator('section.slots');
    const thisWeeksDay = await slots.getAttribute('aria-label');
    await page.getByRole('button', { name: 'Seuraava viikko' }).click();
    await expect.poll(() => slots.getAttribute('aria-label')).not.toBe(thisWeeksDay);
    await slots.getByRole('button', { name: /Varaa aika/ }).first().click();
    await page.getByText('Aika valittu').first().waitFor();
    await page.getByLabel('Jätän auton päiväksi').check();
    const next = page.getByRole('button', { name: 'Jatka' }).first();
    await expect.poll(() => next.isEnabled()).toBe(true);
    await next.click();

    await page.waitForURL(/\/huolto\/omat-tiedot$/);
    const calculator = page.getByRole('region', { name: 'Rahoituslaskuri' });
    await calculator.waitFor();
    await calculator.getByLabel(/Laina-aika/).fill('1');
    await calculator.getByText(/Kuukausierä \d+/).waitFor();
    await screenshot(page, 'loan-calculator');

    await page.getByLabel('Etunimi').fill('Pertti');
    await page.getByLabel('Sukunimi').fill('Peruja');
    await page.getByLabel('Puhelinnumero').fill('040 999 8888');
    await page.getByLabel('Sähköposti').fill('pertti@example.com');
    const confirm = page.getByRole('button', { name: 'Vahvista tilaus' }).first();
    await expect.poll(() => confirm.isEnabled()).toBe(true);
    await confirm.click();
    await page.waitForURL(/\/huolto\/kiitos$/);

    const booking = await h.database.db
      .selectFrom('booking')
      .selectAll()
      .where('register_number', '=', 'ABC-123')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    await h.app.mailer.kick();
    const mail = readFileSync(join(h.outboxDir, `${booking.booking_key}.eml`), 'utf8').replace(/=\r?\n/g, '').replace(/=3D/g, '=');
    const link = /https?:\/\/[^\s"<>]+\/oma-varaus\?varaus=[^\s"<>&]+&(?:amp;)?rekisteri=[A-Z0-9-]+/.exec(mail)?.[0]?.replace('&amp;', '&');
    expect(link).toBeDefined();
    expect(await h.database.db.selectFrom('resource_time').select('id').where('booking_id', '=', booking.id).execute()).toHaveLength(1);

    // The link's path and query are the product's; its origin is this test server's.
    await page.goto(link!.replace(/^https?:\/\/[^/]+/, h.baseUrl));
    await page.getByRole('heading', { name: /Varauksesi/ }).waitFor();
    await page.getByText('Laakkonen Helsinki Konala').first().waitFor();
    await screenshot(page, 'oma-varaus');
    await page.getByRole('button', { name: 'Peru varaus' }).click();
    const dialog = page.getByRole('dialog', { name: 'Perutaanko varaus?' });
    await dialog.getByRole('button', { name: 'Peru varaus' }).click();
    await page.getByText('Varaus on peruttu.').waitFor();
    await page.getByRole('heading', { name: /Peruttu varaus/ }).waitFor();

    const after = await h.database.db.selectFrom('booking').select('status').where('id', '=', booking.id).executeTakeFirstOrThrow();
    expect(after.status).toBe('CANCELLED');
    expect(await h.database.db.selectFrom('resource_time').select('id').where('booking_id', '=', booking.id).execute()).toHaveLength(0);
    await page.context().close();
  });

  it('hides the calculator when the price is under the minimum for credit', async () => {
    await setMinimumPriceForCredit(100_000_000);
    const page = await newPage(h, 360);
    await page.goto(`${h.baseUrl}/huolto/ajoneuvo`);
    await page.getByLabel('Rekisterinumero').fill('ABC-123');
    await page.getByLabel('Mittarilukema (km)').fill('60000');
    await page.getByRole('button', { name: 'Hae auton tiedot' }).click();
    await page.waitForURL(/\/huolto\/palvelut$/);
    await page.getByRole('button', { name: /Laakkonen Helsinki Konala/ }).click();
    const service = page.getByRole('checkbox').filter({ hasNot: page.getByText('huolto- ja/tai leasingsopimus') }).nth(1);
    await page.getByRole('heading', { name: /huolto/i }).first().waitFor();
    await service.waitFor();
    await service.check();
    await expect.poll(() => service.isChecked()).toBe(true);
    await page.getByRole('button', { name: 'Jatka' }).first().click();
    await page.waitForURL(/\/huolto\/lisapalvelut$/);
    await page.getByRole('button', { name: 'Jatka' }).first().click();
    await page.waitForURL(/\/huolto\/aika$/);
    // A time next week: one within two hours of now could no longer be cancelled, whatever
    // the hour the test runs at.
    await page.getByRole('button', { name: /Varaa aika/ }).first().waitFor();
    const slots = page.locator('section.slots');
    const thisWeeksDay = await slots.getAttribute('aria-label');
    await page.getByRole('button', { name: 'Seuraava viikko' }).click();
    await expect.poll(() => slots.getAttribute('aria-label')).not.toBe(thisWeeksDay);
    await slots.getByRole('button', { name: /Varaa aika/ }).first().click();
    await page.getByText('Aika valittu').first().waitFor();
    await page.getByLabel('Jätän auton päiväksi').check();
    await page.getByRole('button', { name: 'Jatka' }).first().click();
    await page.waitForURL(/\/huolto\/omat-tiedot$/);
    await page.getByLabel('Etunimi').waitFor();
    await page.waitForLoadState('networkidle');
    expect(await page.getByRole('region', { name: 'Rahoituslaskuri' }).count()).toBe(0);
    await page.context().close();
  });
});
