import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { Page } from 'playwright-core';
import { parseLocalDateTime } from '@huolto/domain';
import { screenshot, startHarness, type Harness } from './support/harness.ts';
import { axeProblems } from './support/axe-check.ts';
import { chooseServiceAndContinue, freeTimeChips, searchFoundVehicle } from './support/flows.ts';

/**
 * The time step (/huolto/aika) on a 360 × 780 phone and a 1280 × 900 desktop: the first
 * free times in view on arrival, a time held with one tap on its chip, the delivery choice
 * right under it, the optional mechanic behind a link, and no axe violations.
 */


let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});


async function boxOf(page: Page, selector: string) {
  const box = await page.locator(selector).first().boundingBox();
  if (!box) throw new Error(`${selector} has no box`);
  return box;
}

for (const viewport of [
  { width: 360, height: 780 },
  { width: 1280, height: 900 },
]) {
  describe(`the time step at ${viewport.width} × ${viewport.height}`, () => {
    it('shows the first free times on arrival; a chip holds its time, with the delivery choice right under it', async () => {
      const context = await h.browser.newContext({ viewport, locale: 'fi-FI', reducedMotion: 'reduce' });
      const page = await context.newPage();
      page.setDefaultTimeout(15_000);
      await searchFoundVehicle(page, h.baseUrl);
      await chooseServiceAndContinue(page);

      // On arrival, without scrolling: the first time chip is inside the window and not
      // under the sticky bar at the bottom.
      const first = freeTimeChips(page).first();
      await first.waitFor();
      await page.waitForLoadState('networkidle');
      expect(await page.evaluate(() => window.scrollY)).toBe(0);
      const chip = await first.boundingBox();
      const bar = await boxOf(page, '.step-nav');
      expect(chip).not.toBeNull();
      expect(chip!.y).toBeGreaterThanOrEqual(0);
      expect(chip!.x + chip!.width).toBeLessThanOrEqual(viewport.width);
      expect(chip!.y + chip!.height).toBeLessThanOrEqual(viewport.height);
      expect(chip!.y + chip!.height).toBeLessThanOrEqual(Math.min(bar.y, viewport.height));
      // The chip shows the start; its name says the whole range and what it does.
      const name = (await first.getAttribute('aria-label')) ?? '';
      const [, start, end] = /^Varaa aika (\d{1,2}\.\d{2})–(\d{1,2}\.\d{2})$/.exec(name) ?? [];
      expect(start, name).toBeDefined();
      expect((await first.innerText()).trim()).toBe(start);
      expect(await first.getAttribute('aria-pressed')).toBe('false');

      // Optional choices come after the times: the mechanic behind a link, its select hidden.
      const mechanicLink = page.getByRole('button', { name: 'Valitse oma mekaanikko' });
      const mechanic = page.getByLabel('Mekaanikko', { exact: true });
      expect(await mechanic.isVisible()).toBe(false);
      expect((await mechanicLink.boundingBox())!.y).toBeGreaterThan(chip!.y);

      // One tap holds the time: the chip is pressed and says so.
      const token = await page.evaluate(() => sessionStorage.getItem('x-process-token') ?? '');
      const answered = page.waitForResponse((r) => r.url().endsWith('/reserve-time'));
      await first.click();
      expect(((await (await answered).json()) as { responseCode: string }).responseCode).toBe('SUCCESS');
      const held = page.getByRole('button', { name: `Aika valittu ${start}–${end}` });
      await expect.poll(() => held.getAttribute('aria-pressed')).toBe('true');
      const status = page.locator('.held-time');
      await status.getByText('Aika valittu').waitFor();
      expect(await status.innerText()).toContain(`${start}–${end}`);
      // 'Aika valittu' is in view at once, clear of the sticky bars, and so is the chip.
      const inView = async (box: { y: number; height: number } | null) => {
        const nav = await boxOf(page, '.step-nav');
        const progress = await boxOf(page, '.progress');
        return !!box && box.y >= progress.y + progress.height && box.y + box.height <= Math.min(nav.y, viewport.height);
      };
      await expect.poll(async () => inView(await status.boundingBox())).toBe(true);
      expect(await inView(await held.boundingBox())).toBe(true);
      // What the customer sees now (the window, not the whole page).
      await screenshot(page, `time-${viewport.width}-held-window`, { window: true });

      // The database holds it for this booking, from the chip's start to its end.
      const rows = await sql<{ start: Date; end: Date }>`
        SELECT lower(during) AS start, upper(during) AS end FROM resource_time
        WHERE process_token = ${token} AND kind = 'HOLD'`.execute(h.database.db);
      expect(rows.rows).toHaveLength(1);
      const reservation = (await answered).request().postDataJSON() as { reservation: string };
      const [from, to] = reservation.reservation.split('|') as [string, string];
      expect(new Date(rows.rows[0]!.start).getTime()).toBe(parseLocalDateTime(from).getTime());
      expect(new Date(rows.rows[0]!.end).getTime()).toBe(parseLocalDateTime(to).getTime());
      expect(from.slice(11, 16).replace(/^0/, '').replace(':', '.')).toBe(start);

      // The delivery choice comes right after the held time, before anything optional.
      const delivery = page.getByRole('group', { name: 'Auton tuominen korjaamolle' });
      await delivery.scrollIntoViewIfNeeded();
      expect(await delivery.isVisible()).toBe(true);
      const heldBox = (await held.boundingBox())!;
      const statusBox = (await status.boundingBox())!;
      const deliveryBox = (await delivery.boundingBox())!;
      expect(deliveryBox.y).toBeGreaterThan(heldBox.y);
      // Right under the 'Aika valittu' line, whatever number of the day's chips follow the held one.
      expect(statusBox.y).toBeGreaterThan(heldBox.y);
      expect(deliveryBox.y - (statusBox.y + statusBox.height)).toBeGreaterThanOrEqual(0);
      expect(deliveryBox.y - (statusBox.y + statusBox.height)).toBeLessThan(60);
      const order = await page.evaluate(() => {
        const main = document.querySelector('.columns__main');
        const y = (selector: string) => main?.querySelector(selector)?.getBoundingClientRect().top ?? NaN;
        return { delivery: y('.delivery'), mechanic: y('.mechanic'), others: y('.other-offices') };
      });
      expect(order.mechanic).toBeGreaterThan(order.delivery);
      expect(order.others).toBeGreaterThan(order.delivery);
      await page.getByLabel('Jätän auton päiväksi').check();
      const next = page.getByRole('button', { name: 'Jatka' }).first();
      await expect.poll(() => next.isEnabled()).toBe(true);

      // The mechanic link reveals the select.
      await mechanicLink.click();
      expect(await mechanicLink.getAttribute('aria-expanded')).toBe('true');
      await mechanic.waitFor({ state: 'visible' });
      expect(await mechanic.inputValue()).toBe('');

      await page.evaluate(() => window.scrollTo(0, 0));
      await screenshot(page, `time-${viewport.width}`);
      expect(await axeProblems(page)).toEqual([]);
      await context.close();
    });
  });
}
