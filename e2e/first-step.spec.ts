import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIELD_ERRORS, PROCESSES } from '@huolto/domain';
import { startHarness, type Harness } from './support/harness.ts';
import { axeProblems, DESKTOP, PHONE, pageAt } from './support/axe-check.ts';

/**
 * The first page of every booking, each process's vehicle step: the server sends it
 * prerendered (scripts/prerender.mjs), so the form is there before any script runs; the
 * page is usable with React alone, the booking app is loaded only when the customer starts
 * on the form, and the search carries on in the app with what was typed.
 */

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});

/** The booking app's own chunks (router, query cache): none is needed before the customer acts. */
const APP_CHUNK = /\/assets\/(app-entry|vehicle-step|time-step|customer-step)-[A-Za-z0-9_-]{8}\.js$/;

describe('first step: prerendered and usable before the booking app', () => {
  for (const proc of Object.values(PROCESSES)) {
    const path = `/${proc.path}/ajoneuvo`;
    it(`${path}: the HTML has the step's form, and no inline script under the strict CSP`, async () => {
      const res = await fetch(`${h.baseUrl}${path}`);
      expect(res.status).toBe(200);
      const csp = res.headers.get('content-security-policy') ?? '';
      expect(csp).toContain("script-src 'self'");
      expect(csp).not.toContain('unsafe-inline');
      const html = await res.text();
      expect(html).toContain(`<title>Ajoneuvo – ${proc.title} – Ajanvaraus</title>`);
      expect(html).toContain('<h1 tabindex="-1" class="page-title">Varaa aika ilman kirjautumista</h1>');
      expect(html).toContain('aria-label="Ajoneuvon tiedot"');
      expect(html).toContain('<label class="field__label" for="registerNumber">Rekisterinumero');
      expect(html.includes('for="kilometers">Mittarilukema (km)')).toBe(proc.type === 'MAINTENANCE');
      expect(html).toContain('Hae auton tiedot</button>');
      expect(html).toContain('Kirjaudu kanta-asiakkaana');
      // The first paint names no company and no loyalty programme: the name comes with the settings.
      expect(html).not.toMatch(/Laakkonen|Laakkose/);
      // Every <script> has a src; no style attribute either (style-src 'self').
      expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
      expect(html).not.toMatch(/\sstyle="/);
    });
  }

  for (const size of [PHONE, DESKTOP]) {
    it(`${size.width} × ${size.height}, scripts off: the step is painted from the HTML alone`, async () => {
      const context = await h.browser.newContext({ viewport: size, locale: 'fi-FI', javaScriptEnabled: false });
      const page = await context.newPage();
      await page.goto(`${h.baseUrl}/huolto/ajoneuvo`);
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Varaa aika ilman kirjautumista');
      expect(await page.getByLabel('Rekisterinumero').isVisible()).toBe(true);
      expect(await page.getByLabel('Mittarilukema (km)').isVisible()).toBe(true);
      expect(await page.getByRole('navigation', { name: 'Varauksen vaiheet' }).isVisible()).toBe(true);
      // Styled: the form is a card, the search button a primary button, side by side on a desktop.
      expect(await page.locator('form.vehicle-form').evaluate((el) => getComputedStyle(el).borderRadius)).not.toBe('0px');
      const form = (await page.locator('form.vehicle-form').boundingBox())!;
      const loyalty = (await page.locator('.loyalty').boundingBox())!;
      if (size.width >= 960) expect(loyalty.x).toBeGreaterThan(form.x + form.width - 1);
      else expect(loyalty.y).toBeGreaterThan(form.y + form.height - 1);
      await context.close();
    });
  }

  it('360 × 780: checked with the Finnish texts before the app has loaded, then searched in the app', async () => {
    const page = await pageAt(h.browser, PHONE);
    const scripts: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
    });
    await page.goto(`${h.baseUrl}/huolto/ajoneuvo`);
    const search = page.getByRole('button', { name: 'Hae auton tiedot' });
    // Enabled once the page's script runs (disabled in the HTML, so nothing submits before).
    await page.waitForFunction(() => !document.querySelector<HTMLButtonElement>('.vehicle-form__submit')?.disabled);
    await page.waitForLoadState('networkidle');
    expect(scripts.filter((s) => APP_CHUNK.test(s))).toEqual([]);
    expect(await axeProblems(page)).toEqual([]);

    // Empty: both fields are required; the focus goes to the first.
    await search.click();
    const plate = page.getByLabel('Rekisterinumero');
    await page.locator('#registerNumber-error').waitFor();
    expect(await page.locator('#registerNumber-error').textContent()).toBe(FIELD_ERRORS.required);
    expect(await page.locator('#kilometers-error').textContent()).toBe(FIELD_ERRORS.kilometers);
    expect(await plate.getAttribute('aria-invalid')).toBe('true');
    expect(await plate.getAttribute('aria-describedby')).toBe('registerNumber-error');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('registerNumber');

    // Typed in lower case: upper-cased as typed; a wrong plate has its own message, corrected as typed.
    await plate.pressSequentially('abc-12x');
    expect(await plate.inputValue()).toBe('ABC-12X');
    expect(await page.locator('#registerNumber-error').textContent()).toBe(FIELD_ERRORS.registerNumber);
    await plate.fill('abc-123');
    await page.locator('#registerNumber-error').waitFor({ state: 'detached' });
    await page.getByLabel('Mittarilukema (km)').fill('12,5');
    expect(await page.locator('#kilometers-error').textContent()).toBe(FIELD_ERRORS.kilometers);
    await page.getByLabel('Mittarilukema (km)').fill('60 000');
    await page.locator('#kilometers-error').waitFor({ state: 'detached' });
    expect(await axeProblems(page)).toEqual([]);

    await search.click();
    await page.waitForURL(/\/huolto\/palvelut$/);
    // The app has taken the page's place: one root, one main, one heading.
    expect(await page.locator('#root').count()).toBe(1);
    expect(await page.locator('main').count()).toBe(1);
    expect(await page.getByRole('heading', { level: 1 }).count()).toBe(1);
    // The search was made with what was typed on the first page.
    expect(await page.locator('.vehicle-chip .plate').textContent()).toBe('ABC-123');

    // Back on the vehicle step by a full load, the tab's booking is shown by the app itself.
    await page.goto(`${h.baseUrl}/huolto/ajoneuvo`);
    await page.getByRole('region', { name: 'Valittu auto' }).waitFor();
    expect(await page.getByLabel('Rekisterinumero').inputValue()).toBe('ABC-123');
    expect(await page.getByLabel('Mittarilukema (km)').inputValue()).toBe('60000');
    expect(await page.locator('main').count()).toBe(1);
    await page.context().close();
  });

  it('1280 × 900, tires: a plate the register does not know brings up make and model in the app', async () => {
    const page = await pageAt(h.browser, DESKTOP);
    await page.goto(`${h.baseUrl}/renkaat/ajoneuvo`);
    expect(await page.getByLabel('Mittarilukema (km)').count()).toBe(0);
    await page.getByLabel('Rekisterinumero').fill('ZZZ-999');
    await page.getByRole('button', { name: 'Hae auton tiedot' }).click();
    await page.getByLabel('Merkki').waitFor();
    expect(await page.getByLabel('Rekisterinumero').inputValue()).toBe('ZZZ-999');
    expect(await page.getByRole('button', { name: 'Jatka' }).first().isVisible()).toBe(true);
    expect(await page.locator('main').count()).toBe(1);
    await page.context().close();
  });
});
