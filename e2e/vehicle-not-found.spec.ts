import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { MESSAGES } from '@huolto/domain';
import { startHarness, type Harness } from './support/harness.ts';

/**
 * A plate the register does not know (seed: ZZZ-999), on a phone and on a desktop: the
 * explanation stands in the form next to make and model, a make outside the list can be
 * typed ("Muu merkki"), and the step's primary button is on screen and not under the
 * sticky bar.
 */

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});

const VIEWPORTS = [
  { width: 360, height: 780 },
  { width: 1280, height: 900 },
] as const;

async function openPage(viewport: { width: number; height: number }) {
  const context = await h.browser.newContext({ viewport, locale: 'fi-FI' });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  return page;
}

/** Whether the button's centre is inside the viewport and the button itself is what a tap there hits. */
async function tappable(page: Page, button: Locator) {
  const box = (await button.boundingBox())!;
  const viewport = page.viewportSize()!;
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  const inViewport = x >= 0 && x <= viewport.width && y >= 0 && box.y + box.height <= viewport.height;
  const hit = await button.evaluate((el, [px, py]) => {
    const top = document.elementFromPoint(px!, py!);
    return top === el || el.contains(top);
  }, [x, y]);
  return { inViewport, hit };
}

describe('vehicle step: a plate the register does not know', () => {
  for (const viewport of VIEWPORTS) {
    it(`${viewport.width} × ${viewport.height}: explained in place, "Muu merkki" typed, and on to the next step`, async () => {
      const page = await openPage(viewport);
      await page.goto(`${h.baseUrl}/huolto/ajoneuvo`);
      await page.getByRole('heading', { name: 'Varaa aika ilman kirjautumista' }).waitFor();

      // Step 1 has Back alone: it is not a sticky bar, nor a button across the screen.
      const back = page.getByRole('button', { name: 'Takaisin' });
      expect(await page.locator('.step-nav').evaluate((el) => getComputedStyle(el).position)).not.toBe('sticky');
      expect((await back.boundingBox())!.width).toBeLessThan(viewport.width / 2);

      await page.getByLabel('Rekisterinumero').fill('ZZZ-999');
      await page.getByLabel('Mittarilukema (km)').fill('150000');
      const search = page.getByRole('button', { name: 'Hae auton tiedot' });
      expect(await tappable(page, search)).toEqual({ inViewport: true, hit: true });
      await search.click();

      // requirements §8's notification, and the explanation in the form, just above the make.
      await page
        .getByRole('region', { name: 'Ilmoitukset' })
        .locator('.notification')
        .filter({ hasText: MESSAGES.vehicleNotFound.text })
        .waitFor();
      const notice = page.locator('form #vehicle-not-found');
      await notice.waitFor();
      expect(await notice.innerText()).toContain('Ajoneuvon tietoja ei löytynyt rekisterinumerolla ZZZ-999.');
      const make = page.getByRole('combobox', { name: 'Merkki', exact: true });
      const noticeBox = (await notice.boundingBox())!;
      const makeBox = (await make.boundingBox())!;
      expect(noticeBox.y + noticeBox.height).toBeLessThanOrEqual(makeBox.y);
      expect(makeBox.y - (noticeBox.y + noticeBox.height)).toBeLessThan(80);

      // The button now goes on with make and model, and is on screen as they appear.
      const next = page.getByRole('button', { name: 'Jatka' });
      expect(await next.count()).toBe(1);
      expect(await search.count()).toBe(0);
      expect(await tappable(page, next)).toEqual({ inViewport: true, hit: true });

      await make.selectOption({ label: 'Muu merkki' });
      await page.getByLabel('Merkin nimi').fill('Lada');
      await page.getByRole('textbox', { name: 'Malli', exact: true }).fill('Niva');
      // Wherever the customer scrolls it into view, nothing lies over it.
      await next.scrollIntoViewIfNeeded();
      expect(await tappable(page, next)).toEqual({ inViewport: true, hit: true });
      await next.click();

      await page.waitForURL(/\/huolto\/palvelut$/);
      const token = await page.evaluate(() => sessionStorage.getItem('x-process-token'));
      const stored = await h.database.db.selectFrom('process').select('vehicle').where('token', '=', token!).executeTakeFirstOrThrow();
      expect(stored.vehicle).toMatchObject({ register_number: 'ZZZ-999', make: 'Lada', make_id: null, model: 'Niva' });
      await page.context().close();
    });
  }
});
