import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { todayInHelsinki } from '@huolto/domain';
import { startHarness, type Harness } from './support/harness.ts';
import { confirmButton, fillContactDetails, maintenanceToCustomerStep } from './support/flows.ts';

/**
 * The pages run under the server's Content-Security-Policy without breaking it: no
 * `securitypolicyviolation` fires on the back-office's pages (signed in, every page of the
 * menu and a booking's page) nor on the customer's (the landing, a booking from the vehicle
 * step to the thanks page, the booking's own page). A violation is reported to the CSP report endpoint in
 * production, so a library that only probes (zod's check for `new Function`) fills the
 * reports with noise that hides a real attack.
 */

const STAFF_EMAIL = 'toimipiste1@laakkonen.example';
const STAFF_PASSWORD = 'Hallinta-demo-2026';

interface Violation {
  page: string;
  directive: string;
  blocked: string;
  sample: string;
}

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});

/** A browser context that records every CSP violation of its pages (and the browser's CSP console errors). */
async function watchedContext(): Promise<{ context: BrowserContext; page: Page; violations: () => Promise<Violation[]>; consoleErrors: string[] }> {
  const context = await h.browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'fi-FI' });
  await context.addInitScript(() => {
    const w = window as unknown as { __cspViolations: unknown[] };
    w.__cspViolations = [];
    document.addEventListener('securitypolicyviolation', (e) => {
      w.__cspViolations.push({ page: location.pathname, directive: e.violatedDirective, blocked: e.blockedURI, sample: e.sample });
    });
  });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  const consoleErrors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' && /Content Security Policy|unsafe-eval/i.test(m.text())) consoleErrors.push(m.text());
  });
  const seen: Violation[] = [];
  const collect = async () => {
    const now = await page.evaluate(() => (window as unknown as { __cspViolations?: Violation[] }).__cspViolations ?? []);
    seen.push(...now.filter((v) => !seen.some((s) => JSON.stringify(s) === JSON.stringify(v))));
  };
  return {
    context,
    page,
    consoleErrors,
    /** Every violation so far: call it before leaving a page, whose record goes with it. */
    violations: async () => {
      await collect();
      return seen;
    },
  };
}

/** Waits for the page's calls to settle. */
async function settle(page: Page) {
  await page.waitForLoadState('networkidle');
}

describe('no CSP violation', () => {
  it('on the back-office: sign-in, day, week, print list, booking, capacity, search, own account', async () => {
    const { context, page, violations, consoleErrors } = await watchedContext();
    const booking = await h.database.db.selectFrom('booking').select(['id']).where('organization_id', '=', 1).orderBy('id').executeTakeFirstOrThrow();
    const today = todayInHelsinki();
    await page.goto(`${h.baseUrl}/hallinta`);
    await page.getByRole('heading', { name: 'Hallinta – kirjaudu sisään' }).waitFor();
    await page.getByLabel('Sähköposti').fill(STAFF_EMAIL);
    await page.getByLabel('Salasana').fill(STAFF_PASSWORD);
    await page.getByRole('button', { name: 'Kirjaudu sisään' }).click();
    await page.getByRole('button', { name: 'Kirjaudu ulos' }).waitFor();
    await settle(page);
    for (const path of [`/hallinta/paiva/1/${today}`, `/hallinta/viikko/1/${today}`, `/hallinta/tulosta/1/${today}`, `/hallinta/varaus/${booking.id}`, '/hallinta/kapasiteetti/1', '/hallinta/haku?q=ABC', '/hallinta/oma-tili']) {
      await violations();
      await page.goto(`${h.baseUrl}${path}`);
      await page.locator('main h1, h1').first().waitFor();
      await settle(page);
    }
    await violations();
    const found = await violations();
    await context.close();
    expect(found).toEqual([]);
    expect(consoleErrors).toEqual([]);
  });

  it("on the customer's pages: the landing, a booking from the vehicle to the thanks page, the booking's own page", async () => {
    const { context, page, violations, consoleErrors } = await watchedContext();
    await page.goto(`${h.baseUrl}/`);
    await page.locator('h1').first().waitFor();
    await settle(page);
    await violations();
    await maintenanceToCustomerStep(page, h.baseUrl);
    await fillContactDetails(page);
    await page.getByLabel('Sähköposti').blur();
    await settle(page);
    // The contact form is checked against its schema as the booking is confirmed.
    const confirm = confirmButton(page);
    await expect.poll(() => confirm.isEnabled()).toBe(true);
    await confirm.click();
    await page.waitForURL(/\/huolto\/kiitos$/);
    await settle(page);
    await violations();
    await page.goto(`${h.baseUrl}/oma-varaus`);
    await page.locator('h1').first().waitFor();
    await settle(page);
    await violations();
    const found = await violations();
    await context.close();
    expect(found).toEqual([]);
    expect(consoleErrors).toEqual([]);
  });
});
