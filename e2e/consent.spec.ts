import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { Locator, Page, Request } from 'playwright-core';
import { CONSENT_STORAGE_KEY, SITE_COOKIES } from '@huolto/domain';
import { startHarness, type Harness } from './support/harness.ts';
import { axeProblems, DESKTOP, PHONE } from './support/axe-check.ts';
import { confirmButton, fillContactDetails, FOUND_PLATE, maintenanceToCustomerStep, openVehicleStep, searchButton } from './support/flows.ts';

/**
 * Cookies and analytics consent (docs/decisions/022): a whole booking and a loyalty login
 * set no cookie outside SITE_COOKIES and, without a tag manager, ask nothing and call no
 * other origin than the site's own. With a tag manager configured (in this spec's own
 * server's database), its gtm.js is requested only after 'Hyväksy analytiikka', exactly
 * once per page load; 'Kieltäydy' is one click and loads nothing, also after a reload; the
 * footer's 'Evästeasetukset' opens the choice again. The tag manager is answered by a stub
 * (page.route), under the page's real Content-Security-Policy.
 */

const TAG_MANAGER_ID = 'GTM-TEST123';
const GTM = 'https://www.googletagmanager.com';
/** What the stub gtm.js does: a marker in the dataLayer, so that the test sees it ran. */
const GTM_STUB = "window.dataLayer = window.dataLayer || []; window.dataLayer.push({ event: 'stub-gtm-loaded' });";
const LOYALTY = { username: 'testi@example.com', password: 'Salasana123!' };

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});

/** A context that records every request of its pages and every CSP violation. */
async function recordedContext(size: { width: number; height: number } = { width: 1280, height: 900 }) {
  const context = await h.browser.newContext({ viewport: size, locale: 'fi-FI', reducedMotion: 'reduce' });
  await context.addInitScript(() => {
    const w = window as unknown as { __cspViolations: string[] };
    w.__cspViolations = [];
    document.addEventListener('securitypolicyviolation', (e) => w.__cspViolations.push(`${e.violatedDirective} ${e.blockedURI}`));
  });
  const requests: string[] = [];
  context.on('request', (r: Request) => requests.push(r.url()));
  const gtmRequests: string[] = [];
  await context.route(`${GTM}/**`, async (route) => {
    gtmRequests.push(route.request().url());
    await route.fulfill({ status: 200, contentType: 'text/javascript', body: GTM_STUB });
  });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  return { context, page, requests, gtmRequests };
}

const banner = (page: Page) => page.getByRole('region', { name: 'Analytiikka' });
const settingsButton = (page: Page) => page.getByRole('button', { name: 'Evästeasetukset' });
const storedConsent = (page: Page) => page.evaluate((key) => localStorage.getItem(key), CONSENT_STORAGE_KEY);
const cspViolations = (page: Page) => page.evaluate(() => (window as unknown as { __cspViolations?: string[] }).__cspViolations ?? []);
const dataLayerEvents = (page: Page) =>
  page.evaluate(() => ((window as unknown as { dataLayer?: { event?: string }[] }).dataLayer ?? []).map((e) => e.event ?? ''));

/** Waits until the page's calls have settled (the settings, a lazily loaded chunk). */
async function settle(page: Page) {
  await page.waitForLoadState('networkidle');
}

/** Whether the element is in view and the topmost thing at its centre (nothing covers it). */
async function uncovered(locator: Locator): Promise<boolean> {
  await locator.scrollIntoViewIfNeeded();
  return locator.evaluate((el) => {
    const r = el.getBoundingClientRect();
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    return r.bottom <= window.innerHeight && hit !== null && el.contains(hit);
  });
}

/** Sets the tag manager in this spec's own server's database (as PUT /staff/company stores it); null removes it. */
async function setTagManager(id: string | null) {
  if (id === null) await sql`DELETE FROM setting WHERE key = 'tagManagerId'`.execute(h.database.db);
  else
    await sql`INSERT INTO setting (key, value) VALUES ('tagManagerId', to_jsonb(${id}::text))
      ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value`.execute(h.database.db);
}

async function loyaltyLogin(page: Page) {
  await page.getByRole('button', { name: 'Kirjaudu kanta-asiakkaana' }).click();
  const dialog = page.getByRole('dialog', { name: 'Kirjaudu kanta-asiakkaana' });
  await dialog.waitFor();
  await dialog.getByLabel('Käyttäjätunnus').fill(LOYALTY.username);
  await dialog.getByLabel('Salasana').fill(LOYALTY.password);
  const submit = dialog.getByRole('button', { name: 'Kirjaudu', exact: true });
  await expect.poll(() => submit.isEnabled()).toBe(true);
  await submit.click();
  await dialog.waitFor({ state: 'detached' });
  await page.getByText('Tervetuloa, Testi').waitFor();
}

describe('cookies and analytics', () => {
  it('a whole booking and a loyalty login without a tag manager: only the listed cookies, no choice asked, no other origin called', async () => {
    await setTagManager(null);
    const { context, page, requests, gtmRequests } = await recordedContext();
    const noChoice = async () => {
      await settle(page);
      expect(await banner(page).count(), page.url()).toBe(0);
      expect(await settingsButton(page).count(), page.url()).toBe(0);
    };
    await page.goto(`${h.baseUrl}/`);
    await page.locator('h1').first().waitFor();
    await noChoice();
    await maintenanceToCustomerStep(page, h.baseUrl);
    await noChoice();
    await fillContactDetails(page);
    await page.getByLabel('Sähköposti').blur();
    const confirm = confirmButton(page);
    await expect.poll(() => confirm.isEnabled()).toBe(true);
    await confirm.click();
    await page.waitForURL(/\/huolto\/kiitos$/);
    await page.getByText('Palvelupyyntösi on vastaanotettu').waitFor();
    await noChoice();

    // A loyalty login in another tab of the same browser (its own booking session).
    const second = await context.newPage();
    second.setDefaultTimeout(15_000);
    await second.goto(`${h.baseUrl}/huolto/ajoneuvo`);
    await second.getByRole('heading', { name: 'Varaa aika ilman kirjautumista' }).waitFor();
    await loyaltyLogin(second);
    await settle(second);
    expect(await banner(second).count()).toBe(0);

    const cookies = await context.cookies();
    const allowed = SITE_COOKIES.map((c) => c.name);
    expect(cookies.map((c) => c.name).filter((name) => !allowed.includes(name))).toEqual([]);
    // The booking's and the login's own cookies are there (the comparison above compared something).
    expect(cookies.map((c) => c.name)).toEqual(expect.arrayContaining(['XSRF-TOKEN', 'omalaakkonen-laite']));

    const origins = new Set(requests.filter((u) => !u.startsWith('data:')).map((u) => new URL(u).origin));
    expect([...origins]).toEqual([h.baseUrl]);
    expect(gtmRequests).toEqual([]);
    expect(await storedConsent(page)).toBeNull();
    expect(await cspViolations(second)).toEqual([]);
    await context.close();
  });

  describe('with a tag manager configured', () => {
    beforeAll(async () => {
      await setTagManager(TAG_MANAGER_ID);
    });
    afterAll(async () => {
      await setTagManager(null);
    });

    it("on a phone's first step: nothing loads before consent; 'Kieltäydy' is one click and loads nothing, also after a reload; accepting from 'Evästeasetukset' loads gtm.js once", async () => {
      const { context, page, gtmRequests } = await recordedContext(PHONE);
      await openVehicleStep(page, h.baseUrl);
      await banner(page).waitFor();
      await settle(page);
      const region = banner(page);
      await region.getByText('Käytämme analytiikkaa palvelun kehittämiseen').waitFor();
      expect(await region.getByRole('link', { name: /tietosuojaseloste/i }).getAttribute('href')).toBe('/tietosuojaseloste');
      // Shown without taking the focus; the step's own button is not covered.
      expect(await region.evaluate((el) => el.contains(document.activeElement))).toBe(false);
      expect(await uncovered(searchButton(page))).toBe(true);
      expect(await axeProblems(page)).toEqual([]);
      // The two choices are alike: the same size and the same look.
      const accept = region.getByRole('button', { name: 'Hyväksy analytiikka' });
      const refuse = region.getByRole('button', { name: 'Kieltäydy' });
      const [a, r] = [await accept.boundingBox(), await refuse.boundingBox()];
      expect(Math.round(r!.width)).toBe(Math.round(a!.width));
      expect(Math.round(r!.height)).toBe(Math.round(a!.height));
      expect(await refuse.getAttribute('class')).toBe(await accept.getAttribute('class'));
      expect(gtmRequests).toEqual([]);

      // Refusing: one click.
      await refuse.click();
      await banner(page).waitFor({ state: 'detached' });
      expect(await storedConsent(page)).toBe('denied');
      await settle(page);
      expect(gtmRequests).toEqual([]);
      await page.reload();
      await page.getByLabel('Rekisterinumero').waitFor();
      await settingsButton(page).waitFor();
      await settle(page);
      expect(await banner(page).count()).toBe(0);
      expect(gtmRequests).toEqual([]);
      expect(await dataLayerEvents(page)).not.toContain('stub-gtm-loaded');

      // Opened again from the footer, with the current choice; accepting loads the tag manager once.
      await settingsButton(page).click();
      await banner(page).waitFor();
      expect(await banner(page).evaluate((el) => el.contains(document.activeElement))).toBe(true);
      await banner(page).getByText('Nykyinen valintasi: analytiikka kielletty').waitFor();
      await banner(page).getByRole('button', { name: 'Hyväksy analytiikka' }).click();
      await banner(page).waitFor({ state: 'detached' });
      expect(await storedConsent(page)).toBe('granted');
      await expect.poll(() => dataLayerEvents(page)).toContain('stub-gtm-loaded');
      expect(gtmRequests).toEqual([`${GTM}/gtm.js?id=${TAG_MANAGER_ID}`]);
      expect(await dataLayerEvents(page)).toContain('gtm.js');
      expect(await cspViolations(page)).toEqual([]);

      // The next page load loads it at once, without asking, once — also when the first step hands over to the app.
      await page.reload();
      await page.getByLabel('Rekisterinumero').waitFor();
      // The field is in the prerendered HTML; the tag manager comes once the app has started,
      // which on a busy machine is more than expect.poll's default second later.
      await expect.poll(() => gtmRequests.length, { timeout: 15_000 }).toBe(2);
      expect(await banner(page).count()).toBe(0);
      await page.getByLabel('Rekisterinumero').fill(FOUND_PLATE);
      await page.getByLabel('Mittarilukema (km)').fill('60000');
      await searchButton(page).click();
      await page.waitForURL(/\/huolto\/palvelut$/);
      await settle(page);
      expect(gtmRequests).toEqual([`${GTM}/gtm.js?id=${TAG_MANAGER_ID}`, `${GTM}/gtm.js?id=${TAG_MANAGER_ID}`]);
      expect(await cspViolations(page)).toEqual([]);
      await context.close();
    });

    it("on the landing page and in the app: asked alike, axe-clean with the choice shown, the step's sticky Continue not covered", async () => {
      const { context, page, gtmRequests } = await recordedContext(PHONE);
      await page.goto(`${h.baseUrl}/`);
      await page.locator('h1').first().waitFor();
      await banner(page).waitFor();
      await settle(page);
      expect(await axeProblems(page)).toEqual([]);
      expect(gtmRequests).toEqual([]);

      // Into the app (the booking's services step) with the choice still open.
      await openVehicleStep(page, h.baseUrl);
      await searchButton(page).click();
      await page.waitForURL(/\/huolto\/palvelut$/);
      await page.getByRole('button', { name: /Laakkonen Helsinki Konala/ }).click();
      await settle(page);
      await banner(page).waitFor();
      const next = page.locator('.step-nav').getByRole('button', { name: 'Jatka' });
      expect(await uncovered(next)).toBe(true);
      expect(await axeProblems(page)).toEqual([]);
      expect(gtmRequests).toEqual([]);

      // The keyboard reaches both choices; Enter on 'Kieltäydy' refuses.
      await banner(page).getByRole('button', { name: 'Kieltäydy' }).focus();
      await page.keyboard.press('Enter');
      await banner(page).waitFor({ state: 'detached' });
      expect(await storedConsent(page)).toBe('denied');
      // The focus goes to where the choice can be changed.
      expect(await settingsButton(page).evaluate((el) => el === document.activeElement)).toBe(true);
      await settle(page);
      expect(gtmRequests).toEqual([]);
      expect(await cspViolations(page)).toEqual([]);
      await context.close();
    });

    it("on a desktop: one row at the window's foot, axe-clean, the cart's Continue above it", async () => {
      const { context, page, gtmRequests } = await recordedContext(DESKTOP);
      await openVehicleStep(page, h.baseUrl);
      await searchButton(page).click();
      await page.waitForURL(/\/huolto\/palvelut$/);
      await page.getByRole('button', { name: /Laakkonen Helsinki Konala/ }).click();
      await settle(page);
      const region = banner(page);
      await region.waitFor();
      const box = (await region.boundingBox())!;
      expect(box.height).toBeLessThan(120);
      expect(Math.round(box.y + box.height)).toBe(DESKTOP.height);
      const [a, r] = [await region.getByRole('button', { name: 'Hyväksy analytiikka' }).boundingBox(), await region.getByRole('button', { name: 'Kieltäydy' }).boundingBox()];
      expect(Math.round(r!.width)).toBe(Math.round(a!.width));
      expect(Math.round(r!.y)).toBe(Math.round(a!.y));
      expect(await uncovered(page.locator('.columns__action').getByRole('button', { name: 'Jatka' }))).toBe(true);
      expect(await axeProblems(page)).toEqual([]);
      expect(gtmRequests).toEqual([]);
      await context.close();
    });
  });
});
