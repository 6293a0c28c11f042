import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { MESSAGES, XSRF_COOKIE, XSRF_HEADER } from '@huolto/domain';
import { hashPassword } from '../apps/server/src/lib/password.ts';
import { screenshot, startHarness, type Harness } from './support/harness.ts';
import { PHONE, axeProblems, pageAt } from './support/axe-check.ts';

/*
 * 'Omat tiedot' of the loyalty block: a logged-in customer downloads everything held about
 * them as one JSON file, and deletes their account with the password again. The demo account
 * is only downloaded and refused a deletion (other browser tests log in with it); the deletion
 * that succeeds is of an account made here for it.
 */

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});

/** The demo account of the seed (README). */
const DEMO = { username: 'testi@example.com', password: 'Salasana123!' };
/** The account this test makes and deletes. */
const LEAVING = { username: 'poistuva.asiakas@example.com', password: 'Poistettava-2026' };

async function logIn(page: Page, account: { username: string; password: string }) {
  await page.getByRole('button', { name: 'Kirjaudu kanta-asiakkaana' }).click();
  const dialog = page.getByRole('dialog', { name: 'Kirjaudu kanta-asiakkaana' });
  await dialog.waitFor();
  await dialog.getByLabel('Käyttäjätunnus').fill(account.username);
  await dialog.getByLabel('Salasana').fill(account.password);
  const submit = dialog.getByRole('button', { name: 'Kirjaudu', exact: true });
  await expect.poll(() => submit.isEnabled()).toBe(true);
  await submit.click();
  await dialog.waitFor({ state: 'detached' });
}

async function openPersonalData(page: Page) {
  await page.getByRole('button', { name: 'Omat tiedot' }).click();
  const dialog = page.getByRole('dialog', { name: 'Omat tiedot' });
  await dialog.getByRole('button', { name: 'Lataa tietoni' }).waitFor();
  return dialog;
}

const loyaltyToken = (page: Page) => page.evaluate(() => sessionStorage.getItem('loyalty-token'));

/** A confirmed account with a saved car and a voucher, as a confirmed registration and the workshop would leave it. */
async function createLeavingAccount(): Promise<number> {
  const db = h.database.db;
  const { id } = await db
    .insertInto('loyalty_account')
    .values({
      username: LEAVING.username,
      email: LEAVING.username,
      password_hash: await hashPassword(LEAVING.password),
      firstname: 'Paula',
      lastname: 'Poistuja',
      phone: '040 765 4321',
      confirmed: true,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('loyalty_vehicle')
    .values({ account_id: id, license: 'POI-123', brand_name: 'Skoda', model_name: 'Octavia', car_type_specified: 'Octavia 1.5 TSI Style' })
    .execute();
  await db
    .insertInto('loyalty_voucher')
    .values({ id: 'POISTUVA-ETU', account_id: id, title: 'Tervetuloetu 10 €', discount_cents: 1000, valid_from: '2026-01-01', valid_to: '2027-12-31' })
    .execute();
  return id;
}

async function accountRows(id: number) {
  const db = h.database.db;
  const count = async (table: 'loyalty_account' | 'loyalty_vehicle' | 'loyalty_voucher') =>
    Number(
      (
        await db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .where(table === 'loyalty_account' ? 'id' : 'account_id', '=', id)
          .executeTakeFirstOrThrow()
      ).n,
    );
  return { account: await count('loyalty_account'), vehicles: await count('loyalty_vehicle'), vouchers: await count('loyalty_voucher') };
}

describe("'Omat tiedot' of a loyalty customer", () => {
  it('downloads the data as one JSON file with the account’s e-mail; a wrong password deletes nothing; no axe problems at 360×780', async () => {
    const page = await pageAt(h.browser, PHONE);
    await page.goto(h.baseUrl + '/huolto/ajoneuvo');
    await logIn(page, DEMO);
    await page.getByText('Tervetuloa, Testi').waitFor();
    const dialog = await openPersonalData(page);

    const download = page.waitForEvent('download');
    await dialog.getByRole('button', { name: 'Lataa tietoni' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^omat-tiedot-\d{4}-\d{2}-\d{2}\.json$/);
    const exported = JSON.parse(await readFile((await file.path())!, 'utf8')) as {
      summary: string[];
      loyaltyAccounts: Record<string, unknown>[];
    };
    expect(exported.loyaltyAccounts.length).toBeGreaterThan(0);
    expect(JSON.stringify(exported.loyaltyAccounts)).toContain(DEMO.username);
    expect(exported.summary.length).toBeGreaterThan(0);
    // The dialog names the file and lists what it holds: the document's own summary.
    const saved = dialog.getByRole('status').filter({ hasText: file.suggestedFilename() });
    await saved.waitFor();
    expect(await saved.getByRole('listitem').allInnerTexts()).toEqual(exported.summary);

    expect(await axeProblems(page)).toEqual([]);
    await screenshot(page, 'loyalty-data-1-omat-tiedot-360');
    await screenshot(dialog, 'loyalty-data-2-dialog-360');

    const demoId = (await h.database.db.selectFrom('loyalty_account').select('id').where('username', '=', DEMO.username).executeTakeFirstOrThrow()).id;
    const before = await accountRows(demoId);
    const password = dialog.getByLabel('Vahvista salasanallasi');
    await password.fill('väärä-salasana');
    await dialog.getByRole('button', { name: 'Poista tili pysyvästi' }).click();
    await expect.poll(() => password.getAttribute('aria-invalid')).toBe('true');
    const error = (await password.getAttribute('aria-describedby'))!;
    expect(await page.locator(`[id="${error}"]`).innerText()).toMatch(/Salasana on väärin/);
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('autocomplete'))).toBe('current-password');
    expect(await axeProblems(page)).toEqual([]);
    await screenshot(dialog, 'loyalty-data-3-vaara-salasana-360');

    // Nothing deleted, still logged in.
    expect(await accountRows(demoId)).toEqual(before);
    expect(before.account).toBe(1);
    expect(await loyaltyToken(page)).toBeTruthy();
    await dialog.getByRole('button', { name: 'Sulje' }).first().click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByText('Tervetuloa, Testi').waitFor();
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Omat tiedot');
    await page.context().close();
  });

  it('an account made for the test deletes itself: logged out, its car and voucher gone, its login refused', async () => {
    const id = await createLeavingAccount();
    expect(await accountRows(id)).toEqual({ account: 1, vehicles: 1, vouchers: 1 });
    const page = await pageAt(h.browser, PHONE);
    await page.goto(h.baseUrl + '/huolto/ajoneuvo');
    await logIn(page, LEAVING);
    await page.getByText('Tervetuloa, Paula').waitFor();
    const token = (await loyaltyToken(page))!;
    expect(token).toBeTruthy();

    const dialog = await openPersonalData(page);
    await dialog.getByLabel('Vahvista salasanallasi').fill(LEAVING.password);
    await dialog.getByRole('button', { name: 'Poista tili pysyvästi' }).click();
    const done = dialog.getByRole('status').getByText('Tilisi on poistettu');
    await done.waitFor();
    await expect.poll(() => done.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await axeProblems(page)).toEqual([]);
    await screenshot(dialog, 'loyalty-data-4-poistettu-360');

    // Logged out in the tab, the token dead on the server, the account with its car and voucher gone.
    expect(await loyaltyToken(page)).toBeNull();
    const xsrf = (await page.context().cookies()).find((c) => c.name === XSRF_COOKIE)!.value;
    const userInfo = await page.request.post(h.baseUrl + '/omalaakkonen/api/getUserInfo/', {
      data: { token },
      headers: { [XSRF_HEADER]: decodeURIComponent(xsrf) },
    });
    expect(userInfo.status()).toBe(401);
    expect(await accountRows(id)).toEqual({ account: 0, vehicles: 0, vouchers: 0 });
    // The demo account is untouched.
    expect(await h.database.db.selectFrom('loyalty_account').select('id').where('username', '=', DEMO.username).executeTakeFirst()).toBeDefined();

    // Closed, the block offers the login with the focus on it; logging in again is refused.
    await dialog.getByRole('button', { name: 'Sulje' }).last().click();
    await dialog.waitFor({ state: 'detached' });
    const login = page.getByRole('button', { name: 'Kirjaudu kanta-asiakkaana' });
    await expect.poll(() => login.evaluate((el) => el === document.activeElement)).toBe(true);
    await login.click();
    const loginDialog = page.getByRole('dialog', { name: 'Kirjaudu kanta-asiakkaana' });
    await loginDialog.getByLabel('Käyttäjätunnus').fill(LEAVING.username);
    await loginDialog.getByLabel('Salasana').fill(LEAVING.password);
    await loginDialog.getByRole('button', { name: 'Kirjaudu', exact: true }).click();
    await loginDialog.getByRole('alert').waitFor();
    expect(await loginDialog.getByRole('alert').innerText()).toBe(MESSAGES.loginFailed.text);
    expect(await loyaltyToken(page)).toBeNull();
    expect(await loginDialog.isVisible()).toBe(true);
    await page.context().close();
  });
});
