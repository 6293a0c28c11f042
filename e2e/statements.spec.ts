import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { PROCESSES } from '@huolto/domain';
import { screenshot, startHarness, type Harness } from './support/harness.ts';
import { DESKTOP, PHONE, axeProblems, pageAt } from './support/axe-check.ts';
import { maintenanceToCustomerStep } from './support/flows.ts';

/**
 * The privacy notice (/tietosuojaseloste) and the accessibility statement
 * (/saavutettavuusseloste): every customer page's footer links both and they open; the
 * details step links the privacy notice; both pages pass axe at a phone and a desktop; the
 * feedback form sends exactly one e-mail to the company.
 */

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});

/** The seeded company's e-mail (apps/server/seed/index.ts). */
const COMPANY_EMAIL = 'asiakaspalvelu@laakkonen.example';

const STATEMENTS = [
  { link: 'Tietosuojaseloste', path: '/tietosuojaseloste', heading: 'Tietosuojaseloste' },
  { link: 'Saavutettavuusseloste', path: '/saavutettavuusseloste', heading: 'Saavutettavuusseloste' },
] as const;

const footerLinks = (page: Page) => page.getByRole('contentinfo').getByRole('navigation', { name: 'Sivuston tiedot' });

/** The footer of the page as it is now links both statements, and each opens with its heading. */
async function footerOpensBoth(page: Page, where: string) {
  const url = page.url();
  for (const s of STATEMENTS) {
    const link = footerLinks(page).getByRole('link', { name: s.link, exact: true });
    expect(await link.getAttribute('href'), `${where}: ${s.link}`).toBe(s.path);
    await link.click();
    await page.waitForURL((u) => u.pathname === s.path);
    await page.getByRole('heading', { level: 1, name: s.heading }).waitFor();
    await page.goBack();
    await page.waitForURL(url);
    await footerLinks(page).waitFor();
  }
}

const feedbackRows = () =>
  h.database.db.selectFrom('email_outbox').selectAll().where('kind', '=', 'ACCESSIBILITY_FEEDBACK').orderBy('id').execute();

/** The statement page with its content in place: the notice's tables, the statement's form. */
async function openStatement(page: Page, path: string) {
  await page.goto(`${h.baseUrl}${path}`);
  if (path === '/tietosuojaseloste') await page.getByRole('table', { name: 'Evästeet' }).waitFor();
  else await page.getByRole('button', { name: 'Lähetä palaute' }).waitFor();
  await page.waitForLoadState('networkidle');
}

describe('statements linked from every customer page', () => {
  it('the landing page, each process\'s first step (stand-alone and in the app) and the booking\'s own page link both statements in the footer', async () => {
    const page = await pageAt(h.browser, DESKTOP);
    const pages = ['/etusivu', ...Object.values(PROCESSES).map((p) => `/${p.path}/ajoneuvo`), '/oma-varaus'];
    for (const path of pages) {
      await page.goto(`${h.baseUrl}${path}`);
      await page.getByRole('heading', { level: 1 }).waitFor();
      await footerOpensBoth(page, path);
    }
    // Inside the booking app too: its landing route and a process's first step, reached by links.
    await page.goto(`${h.baseUrl}/tietosuojaseloste`);
    await page.getByRole('banner').getByRole('link').click();
    await page.waitForURL((u) => u.pathname === '/etusivu');
    await page.getByRole('heading', { level: 1, name: /^Varaa aika/ }).waitFor();
    await footerOpensBoth(page, 'the app\'s landing');
    await page.getByRole('link', { name: /^Huolto ja korjaus/ }).click();
    await page.waitForURL((u) => u.pathname.startsWith('/huolto/ajoneuvo'));
    await page.getByRole('heading', { level: 1, name: 'Varaa aika ilman kirjautumista' }).waitFor();
    await footerOpensBoth(page, 'the app\'s first step');
    await page.context().close();
  });

  it('the details step of a booking in progress links both in the footer and the privacy notice beside the form, in a new tab', async () => {
    const page = await pageAt(h.browser, PHONE);
    await maintenanceToCustomerStep(page, h.baseUrl);
    const link = page.getByRole('link', { name: /^tietosuojaselosteemme/ });
    expect(await link.getAttribute('href')).toBe('/tietosuojaseloste');
    const [notice] = await Promise.all([page.context().waitForEvent('page'), link.click()]);
    await notice.getByRole('heading', { level: 1, name: 'Tietosuojaseloste' }).waitFor();
    // The company as the notice's controller, from the server.
    await notice.getByRole('region', { name: 'Rekisterinpitäjä ja yhteystiedot' }).getByText('1234567-8').waitFor();
    await notice.close();
    // The booking stays where it was.
    expect(new URL(page.url()).pathname).toBe('/huolto/omat-tiedot');
    await footerOpensBoth(page, 'omat-tiedot');
    await page.getByLabel('Etunimi').waitFor();
    await page.context().close();
  });
});

describe('the statements themselves', () => {
  for (const size of [PHONE, DESKTOP]) {
    it(`both pass axe at ${size.width} × ${size.height} and fit the width`, async () => {
      const page = await pageAt(h.browser, size);
      const problems: string[] = [];
      for (const s of STATEMENTS) {
        await openStatement(page, s.path);
        problems.push(...(await axeProblems(page)).map((p) => `${s.path} @ ${size.width}: ${p}`));
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
        if (overflow > 0) problems.push(`${s.path} @ ${size.width}: ${overflow} px sideways scroll`);
        await screenshot(page, `statement-${s.path.slice(1)}-${size.width}`);
      }
      expect(problems).toEqual([]);
      await page.context().close();
    });
  }

  it('the feedback form sends exactly one e-mail to the company with the message and the page', async () => {
    const page = await pageAt(h.browser, PHONE);
    const before = (await feedbackRows()).length;
    await openStatement(page, '/saavutettavuusseloste?sivu=/huolto/aika');
    expect(await page.getByLabel(/Sivu, jota palaute koskee/).inputValue()).toBe('/huolto/aika');
    await page.getByLabel(/Palautteesi/).fill('Aikojen valinta ei toimi ruudunlukijalla.');
    await page.getByLabel(/Sähköpostiosoitteesi/).fill('maija.mallikas@example.com');
    await page.getByRole('button', { name: 'Lähetä palaute' }).click();
    await page.getByRole('status').getByText(/^Kiitos palautteesta/).waitFor();
    await screenshot(page, 'statement-feedback-sent-360');
    const rows = await feedbackRows();
    expect(rows).toHaveLength(before + 1);
    const mail = rows.at(-1)!;
    expect(mail.recipient).toBe(COMPANY_EMAIL);
    expect(mail.booking_id).toBeNull();
    expect(mail.text_body).toContain('Aikojen valinta ei toimi ruudunlukijalla.');
    expect(mail.text_body).toContain('Sivu: /huolto/aika');
    await page.context().close();
  });
});
