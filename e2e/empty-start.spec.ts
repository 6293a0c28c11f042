import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { PROCESSES, createStaffUserBody } from '@huolto/domain';
import { addAccount } from '../apps/server/src/modules/staff/index.ts';
import { startHarness, type Harness } from './support/harness.ts';
import { DESKTOP, pageAt } from './support/axe-check.ts';
import { expectSoundAtEveryWidth, openAdminPage } from './support/staff-check.ts';
import { confirmButton, fillContactDetails, reserveFirstFreeTime, type ContactDetails } from './support/flows.ts';
import { newestBrowserBooking } from './support/stored.ts';

/**
 * A real workshop chain sets itself up in the browser, without SQL: the server starts on a
 * new database as `DEMO_DATA=off npm start` starts it, with one admin added as
 * `npm run staff:add -- --admin` adds one. The customer site says booking is not open yet;
 * the admin follows the set-up list (Käyttöönotto): the company's details, an office with two
 * lifts and its opening hours, then a second chain of offices, their lifts, hours and the
 * services from the example files of docs/data-import/ through the import page. Every step
 * is then ticked, and a customer books maintenance at the office made by hand and at an
 * imported one: both stored at their offices, the e-mails signed with the company's name.
 * Each new back-office page is checked with axe and for sideways scrolling at 1280, 768 and
 * 360 px (screenshots setup-*).
 */

const ADMIN = { email: 'paakayttaja@testiketju.example', password: 'Testiketju-alku-2026' };
const EXAMPLES = join(import.meta.dirname, '../docs/data-import');

let h: Harness;
let admin: Page;
beforeAll(async () => {
  h = await startHarness({ empty: true });
  // What `npm run staff:add -- --admin <email>` does (apps/server/src/staff-add.ts).
  const account = createStaffUserBody.parse({ email: ADMIN.email, name: 'Pääkäyttäjä', role: 'ADMIN', officeIds: [], password: ADMIN.password });
  expect(await addAccount(h.database.db, account)).toBe(true);
  admin = await pageAt(h.browser, DESKTOP);
}, 120_000);
afterAll(async () => {
  await h?.close();
});

/** The live region's message of a saved form. */
async function announced(page: Page, message: string) {
  await page.locator('[role="status"]', { hasText: message }).waitFor({ state: 'attached' });
}

/** Import page: checks a file of the examples, sees the preview, imports it and sees the result. */
async function importExample(page: Page, file: string, label: string, preview: { add: number; change: number; keys: string[] }) {
  await page.getByRole('combobox', { name: /^Tiedosto/ }).selectOption(file);
  await page.getByLabel(/^CSV-tiedosto/).setInputFiles(join(EXAMPLES, `${file}.csv`));
  await page.getByRole('button', { name: 'Tarkista' }).click();
  const checked = page.getByRole('region', { name: `Tarkistettu: ${label}` });
  await checked.waitFor();
  const summary = checked.getByRole('list', { name: 'Muutokset yhteensä' });
  expect(await summary.innerText()).toContain(`Lisätään: ${preview.add}`);
  expect(await summary.innerText()).toContain(`Muutetaan: ${preview.change}`);
  for (const key of preview.keys) await checked.getByRole('cell', { name: key, exact: true }).waitFor();
  return async () => {
    await page.getByRole('button', { name: 'Tuo muutokset' }).click();
    const done = page.getByRole('region', { name: `Tuotu: ${label}` });
    await done.waitFor();
    expect(await done.getByRole('list', { name: 'Muutokset yhteensä' }).innerText()).toContain(`Lisätty: ${preview.add}`);
  };
}

/**
 * The customer's maintenance booking with a car the empty start's register does not know
 * (make and model chosen), at the office named, the imported periodic maintenance as the service.
 */
async function bookMaintenance(office: RegExp, plate: string, who: ContactDetails, hours: string) {
  const page = await pageAt(h.browser, DESKTOP);
  await page.goto(`${h.baseUrl}/huolto/ajoneuvo`);
  await page.getByRole('heading', { name: 'Varaa aika ilman kirjautumista' }).waitFor();
  await page.getByLabel('Rekisterinumero').fill(plate);
  await page.getByLabel('Mittarilukema (km)').fill('85000');
  await page.getByRole('button', { name: 'Hae auton tiedot' }).click();
  const make = page.getByRole('combobox', { name: 'Merkki', exact: true });
  await make.selectOption({ label: 'Toyota' });
  await page.getByRole('textbox', { name: 'Malli', exact: true }).fill('Corolla');
  await page.getByRole('button', { name: 'Jatka' }).first().click();

  await page.waitForURL(/\/huolto\/palvelut$/);
  await page.getByRole('button', { name: office }).click();
  // The first group, open to start with: the imported HUOLTO.
  const service = page.getByRole('checkbox', { name: /Määräaikaishuolto valmistajan ohjelman mukaan/ });
  await service.waitFor();
  await page.waitForLoadState('networkidle');
  await service.check();
  await expect.poll(() => service.isChecked()).toBe(true);
  await page.getByRole('button', { name: 'Jatka' }).first().click();
  await page.waitForURL(/\/huolto\/lisapalvelut$/);
  await page.getByRole('button', { name: 'Jatka' }).first().click();

  await page.waitForURL(/\/huolto\/aika$/);
  await page.getByText(`Avoinna ma–pe ${hours}`).waitFor();
  await reserveFirstFreeTime(page);
  await page.getByLabel('Jätän auton päiväksi').check();
  const next = page.getByRole('button', { name: 'Jatka' }).first();
  await expect.poll(() => next.isEnabled()).toBe(true);
  await next.click();

  await page.waitForURL(/\/huolto\/omat-tiedot$/);
  await fillContactDetails(page, who);
  const confirm = confirmButton(page);
  await expect.poll(() => confirm.isEnabled()).toBe(true);
  await confirm.click();
  await page.waitForURL(/\/huolto\/kiitos$/);
  await page.getByText('Palvelupyyntösi on vastaanotettu').waitFor();
  await page.context().close();
  return newestBrowserBooking(h, plate);
}

/** The confirmation e-mail of a booking from the outbox, its quoted-printable soft breaks joined. */
function confirmationMail(bookingKey: string): string {
  return readFileSync(join(h.outboxDir, `${bookingKey}.eml`), 'utf8').replace(/=\r?\n/g, '');
}

describe('an empty start set up in the browser', () => {
  it('the customer site says booking is not open yet', async () => {
    const page = await pageAt(h.browser, DESKTOP);
    for (const path of ['/', '/huolto']) {
      await page.goto(`${h.baseUrl}${path}`);
      await page.getByRole('heading', { level: 1, name: 'Ajanvaraus ei ole vielä avoinna' }).waitFor();
    }
    expect(await page.locator('body').innerText()).not.toContain('Laakkonen');
    await page.context().close();
  });

  it('no page the server sends names the demo company or its loyalty programme (the prerendered first steps included)', async () => {
    const paths = ['/', '/etusivu', ...Object.values(PROCESSES).map((p) => `/${p.path}/ajoneuvo`)];
    for (const path of paths) {
      const res = await fetch(`${h.baseUrl}${path}`);
      expect(res.status, path).toBe(200);
      const html = await res.text();
      expect(html, path).toContain('</html>');
      expect(html, path).not.toMatch(/Laakkonen|Laakkose/);
    }
  });

  it('the admin signs in and lands on the set-up list, nothing done', async () => {
    await admin.goto(`${h.baseUrl}/hallinta`);
    await admin.getByRole('heading', { name: 'Hallinta – kirjaudu sisään' }).waitFor();
    await admin.getByLabel('Sähköposti').fill(ADMIN.email);
    await admin.getByLabel('Salasana').fill(ADMIN.password);
    await admin.getByRole('button', { name: 'Kirjaudu sisään' }).click();
    await admin.waitForURL(/\/hallinta\/kayttoonotto$/);
    await admin.getByRole('heading', { level: 1, name: 'Käyttöönotto' }).waitFor();
    expect(await admin.locator('.setup-steps__item').count()).toBe(5);
    expect(await admin.locator('.setup-steps__item--done').count()).toBe(0);
    await expectSoundAtEveryWidth(admin, 'set-up list', 'setup-list');
  });

  it("the company's details: name, mail sender and booking line", async () => {
    await admin.getByRole('link', { name: 'Yrityksen tiedot' }).first().click();
    await admin.getByRole('heading', { level: 1, name: 'Yrityksen tiedot' }).waitFor();
    await admin.getByLabel('Yrityksen nimi').fill('Testiketju');
    await admin.getByLabel('Ajanvarauksen puhelinnumero').fill('010 555 1234');
    await admin.getByLabel('Sähköpostien lähettäjän nimi').fill('Testiketju ajanvaraus');
    await admin.getByRole('button', { name: 'Tallenna' }).click();
    await announced(admin, 'Yrityksen tiedot tallennettu');
    // The header names the company at once.
    await admin.getByRole('banner').getByText('Testiketju', { exact: true }).waitFor();
    await expectSoundAtEveryWidth(admin, 'company details', 'setup-company');
  });

  it('an office with two lifts and its opening hours', async () => {
    await openAdminPage(admin, 'Toimipisteet');
    await admin.getByRole('heading', { level: 1, name: 'Toimipisteet' }).waitFor();
    await expectSoundAtEveryWidth(admin, 'offices list', 'setup-offices');
    await admin.getByRole('link', { name: 'Uusi toimipiste' }).click();
    await admin.getByRole('heading', { level: 1, name: 'Uusi toimipiste' }).waitFor();
    await expectSoundAtEveryWidth(admin, 'new office', 'setup-new-office');
    await admin.getByLabel('Tunnus').fill('HKI1');
    await admin.getByLabel('Toimipisteen nimi').fill('Testiketju Helsinki');
    await admin.getByLabel('Katuosoite').fill('Korjaamokuja 3');
    await admin.getByLabel('Postinumero').fill('00380');
    await admin.getByLabel('Postitoimipaikka').fill('Helsinki');
    await admin.getByLabel('Puhelin', { exact: true }).fill('09 555 0100');
    await admin.getByLabel('Sähköposti', { exact: true }).fill('helsinki@testiketju.example');
    await admin.getByRole('button', { name: 'Lisää toimipiste' }).click();
    await admin.waitForURL(/\/hallinta\/toimipisteet\/\d+$/);
    await admin.getByText('Toimipiste lisätty.').waitFor();

    for (const name of ['Nostin 1', 'Nostin 2']) {
      const form = admin.getByRole('form', { name: 'Lisää resurssi' });
      await form.getByLabel('Resurssin nimi').fill(name);
      await form.getByRole('button', { name: 'Lisää resurssi' }).click();
      await admin.getByRole('heading', { level: 3, name }).waitFor();
      await announced(admin, `Resurssi lisätty: ${name}`);
    }
    await admin.getByRole('heading', { level: 1, name: 'Toimipiste: Testiketju Helsinki' }).waitFor();
    await expectSoundAtEveryWidth(admin, 'office page with its resources', 'setup-office');

    await admin.getByRole('link', { name: 'Aukioloajat, poikkeukset ja poissaolot' }).click();
    await admin.getByRole('heading', { level: 1, name: 'Kapasiteetti: Testiketju Helsinki' }).waitFor();
    const hours = admin.getByRole('form', { name: 'Tavalliset aukioloajat' });
    await hours.getByLabel('Avautuu').fill('08:00');
    await hours.getByLabel('Sulkeutuu').fill('16:00');
    await hours.getByRole('button', { name: 'Tallenna aukioloajat' }).click();
    await announced(admin, 'Aukioloajat tallennettu');

    const office = await h.database.db
      .selectFrom('organization')
      .select(['id', 'opening_time', 'closing_time'])
      .where('code', '=', 'HKI1')
      .executeTakeFirstOrThrow();
    expect(office).toMatchObject({ opening_time: '08:00:00', closing_time: '16:00:00' });
    const lifts = await h.database.db.selectFrom('resource').select('name').where('organization_id', '=', office.id).orderBy('sort').execute();
    expect(lifts.map((r) => r.name)).toEqual(['Nostin 1', 'Nostin 2']);
  });

  it('the kinds of work', async () => {
    await openAdminPage(admin, 'Työlajit');
    await admin.getByRole('heading', { level: 1, name: 'Työlajit' }).waitFor();
    await admin.getByText('Renkaanvaihto').first().waitFor();
    await expectSoundAtEveryWidth(admin, 'kinds of work', 'setup-work-kinds');
  });

  it("the example chain's offices, lifts, hours and services imported on the import page", async () => {
    await openAdminPage(admin, 'Tuonti ja vienti');
    await admin.getByRole('heading', { level: 1, name: 'Tuonti ja vienti' }).waitFor();
    await expectSoundAtEveryWidth(admin, 'import page', 'setup-import');

    const applyOffices = await importExample(admin, 'offices', 'Toimipisteet', { add: 2, change: 0, keys: ['TRE1', 'JKL1'] });
    await expectSoundAtEveryWidth(admin, 'import page with a preview', 'setup-import-preview');
    await applyOffices();
    await (await importExample(admin, 'resources', 'Nostimet ja mekaanikot', { add: 4, change: 0, keys: ['TRE1 / Nostin 1', 'JKL1 / Nostin 2'] }))();
    // A new office has the usual hours 7.30–17.00: Tampere's stay, Jyväskylä's change.
    await (await importExample(admin, 'opening-hours', 'Aukioloajat', { add: 0, change: 1, keys: ['JKL1 / ma-pe'] }))();
    await (await importExample(admin, 'services', 'Palvelut ja hinnat', { add: 8, change: 0, keys: ['HUOLTO', 'OLJYNVAIHTO'] }))();
    await expectSoundAtEveryWidth(admin, 'import page with a result', 'setup-import-result');

    await openAdminPage(admin, 'Toimipisteet');
    await admin.getByRole('cell', { name: 'Esimerkkiketju Jyväskylä' }).or(admin.getByRole('link', { name: 'Esimerkkiketju Jyväskylä' })).first().waitFor();
    await expectSoundAtEveryWidth(admin, 'offices list with three offices', 'setup-offices-filled');

    const offices = await h.database.db.selectFrom('organization').select(['code', 'active']).orderBy('code').execute();
    expect(offices).toEqual([
      { code: 'HKI1', active: true },
      { code: 'JKL1', active: true },
      { code: 'TRE1', active: true },
    ]);
  });

  it('the set-up list shows every step done', async () => {
    await openAdminPage(admin, 'Käyttöönotto');
    await admin.getByText('Käyttöönotto on valmis: asiakkaat voivat varata aikoja.').waitFor();
    expect(await admin.locator('.setup-steps__item--done').count()).toBe(5);
    expect(await admin.locator('.setup-steps__state').allInnerTexts()).toEqual(Array(5).fill(' – valmis'));
    await expectSoundAtEveryWidth(admin, 'set-up list, done', 'setup-list-done');
    await admin.context().close();
  });

  it("customers book at the office made by hand and at an imported one; the e-mails carry the company's name", async () => {
    const landing = await pageAt(h.browser, DESKTOP);
    await landing.goto(`${h.baseUrl}/`);
    await landing.getByRole('link', { name: /huolto/i }).first().waitFor();
    expect(await landing.getByRole('heading', { name: 'Ajanvaraus ei ole vielä avoinna' }).count()).toBe(0);
    await landing.context().close();

    const helsinki = await bookMaintenance(/Testiketju Helsinki/, 'TST-101', {
      firstName: 'Aino',
      lastName: 'Asiakas',
      phone: '040 111 2222',
      email: 'aino.asiakas@example.com',
    }, '8.00–16.00');
    const tampere = await bookMaintenance(/Esimerkkiketju Tampere/, 'TST-202', {
      firstName: 'Eero',
      lastName: 'Esimerkki',
      phone: '040 333 4444',
      email: 'eero.esimerkki@example.com',
    }, '7.30–17.00');

    const officeOf = async (code: string) =>
      (await h.database.db.selectFrom('organization').select('id').where('code', '=', code).executeTakeFirstOrThrow()).id;
    expect(helsinki.organization_id).toBe(await officeOf('HKI1'));
    expect(tampere.organization_id).toBe(await officeOf('TRE1'));
    expect(helsinki.vehicle).toMatchObject({ register_number: 'TST-101', make: 'Toyota', model: 'Corolla' });
    for (const booking of [helsinki, tampere]) {
      const times = await h.database.db.selectFrom('resource_time').select('kind').where('booking_id', '=', booking.id).execute();
      expect(times).toEqual([{ kind: 'BOOKED' }]);
    }

    await h.app.mailer.kick();
    for (const [booking, to] of [
      [helsinki, 'aino.asiakas@example.com'],
      [tampere, 'eero.esimerkki@example.com'],
    ] as const) {
      const mail = confirmationMail(booking.booking_key);
      expect(mail).toMatch(new RegExp(`^To: ${to}$`, 'm'));
      expect(mail).toMatch(/^From: "?Testiketju ajanvaraus"? </m);
      expect(mail).toContain('Testiketju');
      expect(mail).not.toMatch(/Laakkonen/i);
    }
  });
});
