import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { screenshot, startHarness, type Harness } from './support/harness.ts';
import { DESKTOP, PHONE, axeProblems, pageAt } from './support/axe-check.ts';

/**
 * The landing page: one headline, the four processes as the primary choices with icons,
 * damage inspection and booking by phone as tiles right after them (requirements §2's six tiles),
 * the customer's own booking by key and plate ('Varauksesi'), what the booking promises;
 * laid out in one column on a phone and across a desktop.
 */

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});

const PROCESSES = [
  { name: /^Huolto ja korjaus/, href: /\/huolto\/ajoneuvo\/$/ },
  { name: /^Renkaiden vaihto ja säilytys/, href: /\/renkaat\/ajoneuvo\/$/ },
  { name: /^Rengasmyynti/, href: /\/rengasmyynti\/ajoneuvo\/$/ },
  { name: /^Tuulilasipalvelu/, href: /\/proautolasi\/ajoneuvo\/$/ },
];

async function phoneLinkShown(page: Page) {
  const phone = page.getByRole('link', { name: /010 525 4000/ });
  await phone.waitFor();
  expect(await phone.getAttribute('href')).toBe('tel:0105254000');
  expect(await phone.innerText()).toContain('010 525 4000');
}

for (const size of [PHONE, DESKTOP]) {
  describe(`landing page at ${size.width} px`, () => {
    it('one headline, the four processes with icons, the benefits, and the phone number as a tel: link', async () => {
      const page = await pageAt(h.browser, size);
      await page.goto(`${h.baseUrl}/etusivu`);
      const h1 = page.getByRole('heading', { level: 1 });
      await h1.waitFor();
      expect(await h1.count()).toBe(1);
      expect(await h1.innerText()).toMatch(/^Varaa aika/);

      const choices = page.getByRole('list', { name: 'Varattavat palvelut' });
      const boxes = [];
      for (const p of PROCESSES) {
        const link = choices.getByRole('link', { name: p.name });
        expect(await link.getAttribute('href')).toMatch(p.href);
        // An icon from the icon set, decorative: every picture in the link is hidden from screen readers.
        expect(await link.locator('.process-tile__icon svg.lucide').count()).toBe(1);
        expect(await link.locator('svg').evaluateAll((svgs) => svgs.every((svg) => svg.closest('[aria-hidden="true"]') !== null))).toBe(true);
        boxes.push((await link.boundingBox())!);
      }
      expect(await page.getByRole('list', { name: 'Varaaminen verkossa' }).getByRole('listitem').count()).toBe(4);
      expect(await page.getByRole('link', { name: /Varaa vahinkotarkastus/ }).getAttribute('href')).toMatch(/^https:\/\//);
      await phoneLinkShown(page);

      // Damage inspection and booking by phone are tiles as the processes are, seen as choices:
      // just below them, each as wide as a process tile or wider, and with its icon.
      const others = page.getByRole('list', { name: 'Muut tavat varata' });
      const otherTiles = others.locator(':scope > li > .process-tile');
      expect(await otherTiles.count()).toBe(2);
      const lastProcess = boxes[boxes.length - 1]!;
      for (const tile of await otherTiles.all()) {
        const box = (await tile.boundingBox())!;
        expect(box.width).toBeGreaterThanOrEqual(boxes[0]!.width - 1);
        expect(await tile.locator('.process-tile__icon svg.lucide').count()).toBe(1);
        expect(box.y).toBeGreaterThan(lastProcess.y);
      }
      const firstOther = (await otherTiles.first().boundingBox())!;
      expect(firstOther.y - (lastProcess.y + lastProcess.height)).toBeLessThan(40);
      if (size.width < 600) {
        // On a phone the second tile is within a thumb's scroll of the first process.
        expect(firstOther.y).toBeLessThan(size.height * 1.6);
      } else {
        // On a desktop both are within the first screen.
        const lastOther = (await otherTiles.last().boundingBox())!;
        expect(lastOther.y + lastOther.height).toBeLessThanOrEqual(size.height);
      }
      await page.getByRole('region', { name: 'Varauksesi' }).getByLabel('Varaustunnus').waitFor();

      const height = await page.evaluate(() => document.documentElement.scrollHeight);
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      console.log(`landing page height at ${size.width} px: ${height}`);
      expect(width).toBe(size.width);
      if (size.width < 600) {
        // One column: the choices stacked, each the full width.
        expect(new Set(boxes.map((b) => Math.round(b.x))).size).toBe(1);
        expect(boxes[1]!.y).toBeGreaterThan(boxes[0]!.y);
      } else {
        // The four side by side, and the page fills the window rather than leaving it half empty.
        expect(new Set(boxes.map((b) => Math.round(b.y))).size).toBe(1);
        const footerTop = await page.locator('.site-footer').evaluate((el) => el.getBoundingClientRect().top + window.scrollY);
        const lastContent = await page.locator('.landing').evaluate((el) => el.getBoundingClientRect().bottom + window.scrollY);
        expect(lastContent).toBeGreaterThan(size.height * 0.75);
        expect(footerTop - lastContent).toBeLessThan(200);
      }
      await screenshot(page, `landing-${size.width}`);
      await page.waitForLoadState('networkidle');
      expect(await axeProblems(page)).toEqual([]);

      // Keyboard: the first Tab stops after the skip link and the brand are the four choices in order.
      await page.keyboard.press('Tab');
      let reached = '';
      for (let i = 0; i < 4 && !/^Huolto/.test(reached); i++) {
        await page.keyboard.press('Tab');
        reached = await page.evaluate(() => document.activeElement?.textContent ?? '');
      }
      expect(reached).toMatch(/^Huolto ja korjaus/);
      await page.context().close();
    });
  });
}

describe('landing page inside the booking app', () => {
  it('after an in-app navigation it shows the same choices and the phone number', async () => {
    const page = await pageAt(h.browser, DESKTOP);
    await page.goto(`${h.baseUrl}/huolto`);
    await page.waitForURL(/\/huolto\/ajoneuvo$/);
    await page.getByRole('link', { name: /Laakkonen/ }).first().click();
    await page.waitForURL(/\/etusivu$/);
    await page.getByRole('heading', { level: 1, name: /^Varaa aika/ }).waitFor();
    // The choices follow the enabled processes, which the app may still be asking for.
    const choices = page.getByRole('list', { name: 'Varattavat palvelut' }).getByRole('link');
    await choices.nth(3).waitFor();
    expect(await choices.count()).toBe(4);
    expect(await page.getByRole('list', { name: 'Muut tavat varata' }).locator(':scope > li > .process-tile').count()).toBe(2);
    await phoneLinkShown(page);
    await page.context().close();
  });
});

/** A seeded booking ahead of today that its owner can open: its key and plate. */
async function bookingAhead() {
  return h.database.db
    .selectFrom('booking')
    .select(['booking_key', 'register_number'])
    .where('status', '!=', 'CANCELLED')
    .where('start_at', '>', new Date(Date.now() + 7 * 24 * 3600_000))
    .orderBy('start_at')
    .executeTakeFirstOrThrow();
}

for (const size of [PHONE, DESKTOP]) {
  describe(`'Varauksesi' on the landing page at ${size.width} px`, () => {
    it('opens the booking by its key and plate, and its cancel dialog asks in red as the page does', async () => {
      const booking = await bookingAhead();
      const page = await pageAt(h.browser, size);
      await page.goto(`${h.baseUrl}/etusivu`);
      const find = page.getByRole('region', { name: 'Varauksesi' });
      await find.waitFor();
      // Nothing typed: the form says so at the field and opens nothing.
      await find.getByRole('button', { name: 'Avaa varaus' }).click();
      await find.getByText('Anna varaustunnus.').waitFor();
      expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('varaus');
      expect(page.url()).toMatch(/\/etusivu$/);

      await find.getByLabel('Varaustunnus').fill(booking.booking_key);
      await find.getByLabel('Rekisterinumero').fill(booking.register_number.toLowerCase());
      await screenshot(page, `landing-find-booking-${size.width}`);
      await find.getByRole('button', { name: 'Avaa varaus' }).click();
      await page.waitForURL(/\/oma-varaus\?varaus=/);
      expect(new URL(page.url()).searchParams.get('varaus')).toBe(booking.booking_key);
      await page.getByRole('heading', { name: /Varauksesi/ }).waitFor();
      await page.getByText(booking.register_number).first().waitFor();

      const pageCancel = page.getByRole('region', { name: 'Varauksen peruminen' }).getByRole('button', { name: 'Peru varaus' });
      const red = await pageCancel.evaluate((el) => getComputedStyle(el).color);
      await pageCancel.click();
      const dialog = page.getByRole('dialog', { name: 'Perutaanko varaus?' });
      await dialog.waitFor();
      const confirm = dialog.getByRole('button', { name: 'Peru varaus' });
      expect(await confirm.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe(red);
      await screenshot(page, `oma-varaus-cancel-dialog-${size.width}`);
      await page.waitForLoadState('networkidle');
      expect(await axeProblems(page)).toEqual([]);
      await dialog.getByRole('button', { name: 'Älä peru' }).click();
      await dialog.waitFor({ state: 'hidden' });
      await page.context().close();
    });
  });
}

describe("'Varauksesi' inside the booking app", () => {
  it('opens the booking without leaving the app', async () => {
    const booking = await bookingAhead();
    const page = await pageAt(h.browser, DESKTOP);
    await page.goto(`${h.baseUrl}/huolto`);
    await page.waitForURL(/\/huolto\/ajoneuvo$/);
    await page.getByRole('link', { name: /Laakkonen/ }).first().click();
    await page.waitForURL(/\/etusivu$/);
    const find = page.getByRole('region', { name: 'Varauksesi' });
    await find.getByLabel('Varaustunnus').fill(booking.booking_key);
    await find.getByLabel('Rekisterinumero').fill(booking.register_number);
    // A navigation inside the app: the page is not loaded again.
    await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));
    await find.getByRole('button', { name: 'Avaa varaus' }).click();
    await page.waitForURL(/\/oma-varaus\?varaus=/);
    await page.getByRole('heading', { name: /Varauksesi/ }).waitFor();
    expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
    await page.context().close();
  });
});
