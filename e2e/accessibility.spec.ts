import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { screenshot, startHarness, type Harness } from './support/harness.ts';
import { freeTimesShown, reserveFirstFreeTime } from './support/flows.ts';

/**
 * Accessibility of every page of every process (WCAG 2.1 A and AA as axe-core checks
 * them), every page at a 360 px phone width without sideways scrolling, and a whole
 * maintenance booking made with the keyboard alone.
 */

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const PHONE = { width: 360, height: 740 };
const DESKTOP = { width: 1280, height: 900 };

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});

interface AxeNode {
  target: unknown[];
  failureSummary?: string;
}
interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  helpUrl: string;
  nodes: AxeNode[];
}

async function newPage(width = PHONE.width): Promise<Page> {
  const context = await h.browser.newContext({
    viewport: width === PHONE.width ? PHONE : DESKTOP,
    locale: 'fi-FI',
    // Without transitions a colour is never measured half-way between two states.
    reducedMotion: 'reduce',
  });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  return page;
}

/** axe-core's WCAG 2.1 A/AA violations on the page as it is now. */
async function axeViolations(page: Page): Promise<AxeViolation[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  return page.evaluate(async (tags) => {
    const axe = (window as unknown as { axe: { run: (ctx: Document, opts: unknown) => Promise<{ violations: unknown[] }> } }).axe;
    const result = await axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] });
    return result.violations as never;
  }, WCAG_TAGS);
}

function describeViolations(page: string, width: number, violations: AxeViolation[]): string {
  return violations
    .map(
      (v) =>
        `${page} @ ${width}px: ${v.id} (${v.impact}) – ${v.help}\n  ${v.helpUrl}\n` +
        v.nodes.map((n) => `  ${JSON.stringify(n.target)}${n.failureSummary ? `\n    ${n.failureSummary.replace(/\n/g, '\n    ')}` : ''}`).join('\n'),
    )
    .join('\n');
}

/**
 * Checks the page as it stands: axe at 360 px and at 1280 px, a screenshot at 360 px and
 * no horizontal overflow there. Problems are collected; the test fails at its end with
 * all of them.
 */
async function checkPage(page: Page, name: string, problems: string[]) {
  await page.waitForLoadState('networkidle');
  const original = page.viewportSize();
  await page.setViewportSize(PHONE);
  await page.waitForTimeout(50);
  const overflow = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    wide: Array.from(document.querySelectorAll('body *'))
      .filter((el) => el.getBoundingClientRect().right > window.innerWidth + 0.5)
      .slice(0, 5)
      .map((el) => `${el.tagName.toLowerCase()}${el.id ? '#' + el.id : ''}.${Array.from(el.classList).join('.')}`),
  }));
  if (overflow.scrollWidth > PHONE.width) {
    problems.push(`${name} @ 360px: scrollWidth ${overflow.scrollWidth} > 360 (${overflow.wide.join(', ')})`);
  }
  await screenshot(page, `a11y-${name}-360`);
  const phone = await axeViolations(page);
  if (phone.length > 0) problems.push(describeViolations(name, PHONE.width, phone));

  await page.setViewportSize(DESKTOP);
  await page.waitForTimeout(50);
  const desktop = await axeViolations(page);
  if (desktop.length > 0) problems.push(describeViolations(name, DESKTOP.width, desktop));
  if (original) await page.setViewportSize(original);
}

function expectNoProblems(problems: string[]) {
  expect(problems.length, `\n${problems.join('\n\n')}\n`).toBe(0);
}

async function searchVehicle(page: Page, processPath: string, plate: string, kilometers?: string) {
  await page.goto(`${h.baseUrl}/${processPath}`);
  await page.waitForURL(new RegExp(`/${processPath}/ajoneuvo$`));
  await page.getByLabel('Rekisterinumero').fill(plate);
  if (kilometers) await page.getByLabel('Mittarilukema (km)').fill(kilometers);
}

/** The time step to the thanks page, checking each page on the way. */
async function timeToThanks(page: Page, processPath: string, email: string, problems: string[]) {
  await page.waitForURL(new RegExp(`/${processPath}/aika$`));
  await freeTimesShown(page);
  await checkPage(page, `${processPath}-aika`, problems);
  await reserveFirstFreeTime(page);
  await page.getByLabel('Jätän auton päiväksi').check();
  await checkPage(page, `${processPath}-aika-valittu`, problems);
  const next = page.getByRole('button', { name: 'Jatka' }).first();
  await expect.poll(() => next.isEnabled()).toBe(true);
  await next.click();

  await page.waitForURL(new RegExp(`/${processPath}/omat-tiedot$`));
  await page.getByLabel('Etunimi').waitFor();
  await checkPage(page, `${processPath}-omat-tiedot`, problems);
  await page.getByLabel('Etunimi').fill('Essi');
  await page.getByLabel('Sukunimi').fill('Esteetön');
  await page.getByLabel('Puhelinnumero').fill('040 123 4567');
  await page.getByLabel('Sähköposti').fill(email);
  const confirm = page.getByRole('button', { name: 'Vahvista tilaus' }).first();
  await expect.poll(() => confirm.isEnabled()).toBe(true);
  await confirm.click();

  await page.waitForURL(new RegExp(`/${processPath}/kiitos$`));
  await page.getByText('Palvelupyyntösi on vastaanotettu').waitFor();
  await checkPage(page, `${processPath}-kiitos`, problems);
}

interface Target {
  tag?: string;
  type?: string;
  id?: string;
  name?: RegExp;
}

/** The focused element: tag, type, id and the name it is announced by (aria, label or text). */
async function focused(page: Page) {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return { tag: 'body', type: '', id: '', name: '' };
    const labelledBy = el.getAttribute('aria-labelledby');
    const name =
      el.getAttribute('aria-label') ??
      (labelledBy ? labelledBy.split(/\s+/).map((id) => document.getElementById(id)?.textContent ?? '').join(' ') : null) ??
      (el as HTMLInputElement).labels?.[0]?.textContent ??
      el.textContent ??
      '';
    return { tag: el.tagName.toLowerCase(), type: el.getAttribute('type') ?? '', id: el.id, name: name.replace(/\s+/g, ' ').trim() };
  });
}

/** WCAG 2.4.7: the focused control shows that it has the focus (an outline or a ring). */
async function focusIndicator(page: Page) {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement;
    const style = getComputedStyle(el);
    const outline = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 2;
    const ring = style.boxShadow !== 'none';
    return el.matches(':focus-visible') && (outline || ring);
  });
}

const matches = (f: Awaited<ReturnType<typeof focused>>, t: Target) =>
  (!t.tag || f.tag === t.tag) && (!t.type || f.type === t.type) && (!t.id || f.id === t.id) && (!t.name || t.name.test(f.name));

/**
 * Presses Tab until the target has the focus. A control that is still disabled is skipped
 * by Tab, so the round is repeated a few times while the page catches up.
 */
async function tabTo(page: Page, target: Target) {
  const seen: string[] = [];
  for (let round = 0; round < 4; round++) {
    for (let i = 0; i < 150; i++) {
      await page.keyboard.press('Tab');
      const f = await focused(page);
      if (matches(f, target)) {
        expect(await focusIndicator(page), `focus indicator of ${f.tag} "${f.name}"`).toBe(true);
        return;
      }
      if (round === 0) seen.push(`${f.tag}${f.type ? `[${f.type}]` : ''} "${f.name.slice(0, 40)}"`);
    }
    await page.waitForTimeout(300);
  }
  throw new Error(`Tab never reached ${JSON.stringify({ ...target, name: target.name?.source })}; it went through:\n${seen.join('\n')}`);
}

/** Moves through a radio group with the arrow keys until the option is focused (and so chosen). */
async function arrowTo(page: Page, target: Target) {
  for (let i = 0; i < 10; i++) {
    if (matches(await focused(page), target)) return;
    await page.keyboard.press('ArrowDown');
  }
  throw new Error(`The arrow keys never reached ${target.name?.source}`);
}

async function typeInto(page: Page, label: RegExp, text: string) {
  await tabTo(page, { tag: 'input', name: label });
  await page.keyboard.type(text);
}

describe('accessibility (axe-core, WCAG 2.1 AA) and 360 px phones', () => {
  it('landing, not-found, and maintenance from the vehicle step to the thanks page and the booking\'s own page', async () => {
    const problems: string[] = [];
    const page = await newPage();
    await page.goto(`${h.baseUrl}/etusivu`);
    await page.getByRole('heading', { name: 'Varaa aika' }).waitFor();
    await checkPage(page, 'etusivu', problems);

    await page.goto(`${h.baseUrl}/ei-tallaista-sivua`);
    await page.getByRole('heading', { name: 'Sivua ei löytynyt' }).waitFor();
    await checkPage(page, 'not-found', problems);

    await searchVehicle(page, 'huolto', 'ABC-123', '60000');
    await checkPage(page, 'huolto-ajoneuvo', problems);
    await page.getByRole('button', { name: 'Hae auton tiedot' }).click();

    await page.waitForURL(/\/huolto\/palvelut$/);
    await page.getByRole('button', { name: /Laakkonen Helsinki Konala/ }).waitFor();
    await checkPage(page, 'huolto-palvelut-toimipisteet', problems);
    await page.getByRole('button', { name: /Laakkonen Helsinki Konala/ }).click();
    const firstService = page.getByRole('checkbox').filter({ hasNot: page.getByText('huolto- ja/tai leasingsopimus') }).nth(1);
    await page.getByRole('heading', { name: /huolto/i }).first().waitFor();
    await firstService.waitFor();
    await firstService.check();
    await expect.poll(() => firstService.isChecked()).toBe(true);
    await checkPage(page, 'huolto-palvelut', problems);
    await page.getByRole('button', { name: 'Jatka' }).first().click();

    await page.waitForURL(/\/huolto\/lisapalvelut$/);
    await page.getByText(/palvelua saatavilla/).first().waitFor();
    await checkPage(page, 'huolto-lisapalvelut', problems);
    await page.getByRole('button', { name: 'Jatka' }).first().click();

    await timeToThanks(page, 'huolto', 'essi.huolto@example.com', problems);

    const booking = await h.database.db
      .selectFrom('booking')
      .select(['booking_key', 'register_number'])
      .where('register_number', '=', 'ABC-123')
      .where('process_type', '=', 'MAINTENANCE')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    await page.goto(`${h.baseUrl}/oma-varaus?varaus=${encodeURIComponent(booking.booking_key)}&rekisteri=${booking.register_number}`);
    await page.getByRole('heading', { name: /Varauksesi/ }).waitFor();
    await page.getByText('Laakkonen Helsinki Konala').first().waitFor();
    await checkPage(page, 'oma-varaus', problems);
    await page.goto(`${h.baseUrl}/oma-varaus`);
    await page.getByLabel(/Rekisterinumero/).first().waitFor();
    await checkPage(page, 'oma-varaus-haku', problems);

    await page.context().close();
    expectNoProblems(problems);
  });

  it('tire change (/renkaat) and tire sales (/rengasmyynti), every step', async () => {
    const problems: string[] = [];
    const page = await newPage();
    await searchVehicle(page, 'renkaat', 'ABC-123');
    await checkPage(page, 'renkaat-ajoneuvo', problems);
    await page.getByRole('button', { name: 'Hae auton tiedot' }).click();

    await page.waitForURL(/\/renkaat\/toimpiste$/);
    await page.getByRole('button', { name: /Laakkonen Espoo Kilo/ }).waitFor();
    await checkPage(page, 'renkaat-toimpiste', problems);
    await page.getByRole('button', { name: /Laakkonen Espoo Kilo/ }).click();

    await page.waitForURL(/\/renkaat\/palvelut$/);
    const change = page.getByRole('checkbox', { name: 'Renkaanvaihto', exact: true });
    await change.waitFor();
    await change.check();
    await expect.poll(() => change.isChecked()).toBe(true);
    await page.getByText('Suosituksemme autollesi').waitFor();
    await checkPage(page, 'renkaat-palvelut', problems);
    await page.getByRole('button', { name: 'Jatka' }).first().click();
    await timeToThanks(page, 'renkaat', 'essi.renkaat@example.com', problems);

    await searchVehicle(page, 'rengasmyynti', 'ABC-123');
    await checkPage(page, 'rengasmyynti-ajoneuvo', problems);
    await page.getByRole('button', { name: 'Hae auton tiedot' }).click();
    await page.waitForURL(/\/rengasmyynti\/rengasmyynti$/);
    await page.getByText(/Löytyi \d+ rengas/).waitFor();
    const example = page.getByRole('article').filter({ hasText: 'Suosituksemme autollesi' });
    await example.getByRole('button', { name: /^Valitse/ }).click();
    await example.getByText('Valittu').waitFor();
    await page.getByRole('button', { name: /Näytä muut renkaat/ }).click();
    await checkPage(page, 'rengasmyynti-rengasmyynti', problems);
    const next = page.getByRole('button', { name: 'Jatka' }).first();
    await expect.poll(() => next.isEnabled()).toBe(true);
    await next.click();

    await page.waitForURL(/\/rengasmyynti\/toimpiste$/);
    await page.getByRole('button', { name: /Laakkonen Tampere Lakalaiva/ }).waitFor();
    await checkPage(page, 'rengasmyynti-toimpiste', problems);
    await page.getByRole('button', { name: /Laakkonen Tampere Lakalaiva/ }).click();
    await timeToThanks(page, 'rengasmyynti', 'essi.myynti@example.com', problems);

    await page.context().close();
    expectNoProblems(problems);
  });

  it('windshield (/proautolasi), every step, with the repair form and the replacement form', async () => {
    const problems: string[] = [];
    const page = await newPage();
    // The vehicle step's other states: a plate that is not valid, a car the register does
    // not know (make and model by hand), and the login popup.
    await searchVehicle(page, 'proautolasi', '1234');
    await page.getByRole('button', { name: 'Hae auton tiedot' }).click();
    await page.getByText('Tarkista rekisterinumero (esim. ABC-123)').waitFor();
    await checkPage(page, 'proautolasi-ajoneuvo-virhe', problems);
    await page.getByLabel('Rekisterinumero').fill('ZZZ-999');
    await page.getByRole('button', { name: 'Hae auton tiedot' }).click();
    await page.getByLabel('Merkki').waitFor();
    await checkPage(page, 'proautolasi-ajoneuvo-ei-loytynyt', problems);
    await page.getByRole('button', { name: 'Kirjaudu kanta-asiakkaana' }).click();
    await page.getByRole('dialog').waitFor();
    await checkPage(page, 'proautolasi-ajoneuvo-kirjautuminen', problems);
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);

    await searchVehicle(page, 'proautolasi', 'ABC-123');
    await checkPage(page, 'proautolasi-ajoneuvo', problems);
    await page.getByRole('button', { name: 'Hae auton tiedot' }).click();

    await page.waitForURL(/\/proautolasi\/palvelut$/);
    await page.getByRole('button', { name: /Laakkonen Helsinki Konala/ }).click();
    await page.getByRole('radio', { name: /Vaihto/ }).check();
    await page.getByLabel('Minulla on vakuutus').check();
    await checkPage(page, 'proautolasi-palvelut-vaihto', problems);

    await page.getByRole('radio', { name: /Korjaus/ }).check();
    await page.getByLabel(/Korjattavien kohtien määrä/).selectOption('2');
    await page.getByRole('radio', { name: 'Sähköposti' }).check();
    await checkPage(page, 'proautolasi-palvelut-korjaus', problems);
    // The repair is in the cart before going on (on a loaded machine the cart's answer came
    // after 'Jatka' was already pressed, and the step stayed).
    await expect.poll(() => page.getByText('Et ole vielä valinnut palveluita.').count(), { timeout: 10_000 }).toBe(0);
    const next = page.getByRole('button', { name: 'Jatka' }).first();
    await expect.poll(() => next.isEnabled(), { timeout: 10_000 }).toBe(true);
    await next.click();
    await timeToThanks(page, 'proautolasi', 'essi.lasi@example.com', problems);

    await page.context().close();
    expectNoProblems(problems);
  });
  it('a whole maintenance booking with the keyboard alone, from the landing page to the thanks page', async () => {
    const page = await newPage(DESKTOP.width);
    await page.goto(`${h.baseUrl}/etusivu`);
    await page.getByRole('heading', { name: 'Varaa aika' }).waitFor();
    await tabTo(page, { tag: 'a', name: /^Huolto/ });
    await page.keyboard.press('Enter');

    await page.waitForURL(/\/huolto\/ajoneuvo\/?$/);
    await page.getByRole('heading', { name: 'Varaa aika ilman kirjautumista' }).waitFor();
    await typeInto(page, /Rekisterinumero/, 'abc-123');
    await typeInto(page, /Mittarilukema/, '60000');
    await tabTo(page, { tag: 'button', name: /Hae auton tiedot/ });
    await page.keyboard.press('Enter');

    await page.waitForURL(/\/huolto\/palvelut$/);
    await page.getByRole('button', { name: /Laakkonen Helsinki Konala/ }).waitFor();
    await tabTo(page, { tag: 'button', name: /Laakkonen Helsinki Konala/ });
    await page.keyboard.press('Enter');
    const service = page.getByRole('checkbox').filter({ hasNot: page.getByText('huolto- ja/tai leasingsopimus') }).nth(1);
    await service.waitFor();
    const serviceId = await service.getAttribute('id');
    expect(serviceId).toBeTruthy();
    await tabTo(page, { tag: 'input', type: 'checkbox', id: serviceId! });
    await page.keyboard.press('Space');
    await expect.poll(() => service.isChecked()).toBe(true);
    await tabTo(page, { tag: 'button', name: /^Jatka/ });
    await page.keyboard.press('Enter');

    await page.waitForURL(/\/huolto\/lisapalvelut$/);
    await page.getByText(/palvelua saatavilla/).first().waitFor();
    await tabTo(page, { tag: 'button', name: /^Jatka/ });
    await page.keyboard.press('Enter');

    await page.waitForURL(/\/huolto\/aika$/);
    await page.getByRole('button', { name: /Varaa aika/ }).first().waitFor();
    await tabTo(page, { tag: 'button', name: /Varaa aika/ });
    await page.keyboard.press('Enter');
    await page.getByText('Aika valittu').first().waitFor();
    await tabTo(page, { tag: 'input', type: 'radio', name: /Odotan paikan päällä|Jätän auton päiväksi/ });
    await arrowTo(page, { tag: 'input', type: 'radio', name: /Jätän auton päiväksi/ });
    await page.keyboard.press('Space');
    await expect.poll(() => page.getByLabel('Jätän auton päiväksi').isChecked()).toBe(true);
    await tabTo(page, { tag: 'button', name: /^Jatka/ });
    await page.keyboard.press('Enter');

    await page.waitForURL(/\/huolto\/omat-tiedot$/);
    await page.getByLabel('Etunimi').waitFor();
    await typeInto(page, /^Etunimi/, 'Kalle');
    await typeInto(page, /^Sukunimi/, 'Näppäin');
    await typeInto(page, /^Puhelinnumero/, '040 246 8100');
    await typeInto(page, /^Sähköposti/, 'kalle.nappain@example.com');
    await tabTo(page, { tag: 'button', name: /Vahvista tilaus/ });
    await page.keyboard.press('Enter');

    await page.waitForURL(/\/huolto\/kiitos$/);
    await page.getByText('Palvelupyyntösi on vastaanotettu').waitFor();
    const rows = await h.database.db.selectFrom('booking').select(['customer', 'order_items', 'organization_id']).where('register_number', '=', 'ABC-123').execute();
    const booking = rows.find((r) => (r.customer as { email?: string } | null)?.email === 'kalle.nappain@example.com');
    expect(booking).toBeDefined();
    expect(booking!.organization_id).toBe(1);
    expect((booking!.order_items as unknown[]).length).toBe(1);
    await page.context().close();
  });
});
