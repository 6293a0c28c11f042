import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { screenshot, startHarness, type Harness } from './support/harness.ts';
import { DESKTOP, PHONE, axeProblems, pageAt } from './support/axe-check.ts';

/**
 * The tire card of the tire search (/rengasmyynti): the amount follows the stock (one in
 * stock: one offered, no more; none: not offered at all), the C and XL markings open an
 * explanation, and the EU tyre label's values show as the catalogue has them.
 */

let h: Harness;

interface CatalogueTire {
  product_id: string;
  model: string;
  load_index: number;
  speed_index: string;
  extra_markings: string[];
  stock: number;
  rolling_resistance_class: string | null;
  wet_grip_class: string | null;
  noise_db: number | null;
  noise_class: string | null;
}

/** ABC-123's size in Nokian's friction tires, the search's defaults but for the tire type: those in stock. */
let tires: CatalogueTire[];
let single: CatalogueTire;
let none: CatalogueTire;
let van: CatalogueTire;

beforeAll(async () => {
  h = await startHarness();
  tires = (await h.database.db
    .selectFrom('tire')
    .select(['product_id', 'model', 'load_index', 'speed_index', 'extra_markings', 'stock', 'rolling_resistance_class', 'wet_grip_class', 'noise_db', 'noise_class'])
    .where('supplier_id', '=', 1)
    .where('tire_type', '=', 'WINTER_STUDLESS')
    .where('width', '=', 205)
    .where('aspect_ratio', '=', 55)
    .where('rim_diameter', '=', 16)
    .where('load_index', '>=', 91)
    .orderBy('product_id')
    .execute()) as CatalogueTire[];
  const xl = tires.find((t) => t.extra_markings.join() === 'XL')!;
  const cxl = tires.find((t) => t.extra_markings.join() === 'C,XL')!;
  van = tires.find((t) => t.extra_markings.join() === 'C')!;
  // One XL tire with one left in stock and one sold out, whatever the seed gave them.
  await h.database.db.updateTable('tire').set({ stock: 1 }).where('product_id', '=', xl.product_id).execute();
  await h.database.db.updateTable('tire').set({ stock: 0 }).where('product_id', '=', cxl.product_id).execute();
  await h.database.db.updateTable('tire').set({ stock: 12 }).where('product_id', '=', van.product_id).execute();
  single = { ...xl, stock: 1 };
  none = { ...cxl, stock: 0 };
  van = { ...van, stock: 12 };
  const now = new Map([single, none, van].map((t) => [t.product_id, t]));
  // The search offers the tires in stock only.
  tires = tires.map((t) => now.get(t.product_id) ?? t).filter((t) => t.stock > 0);
});
afterAll(async () => {
  await h?.close();
});

/** The card of a catalogue tire: its make and model as the heading, its size, load and speed index and markings. */
function card(page: Page, t: CatalogueTire) {
  const size = `205/55R16 ${t.load_index}${t.speed_index}`;
  return page
    .getByRole('article')
    .filter({ has: page.getByRole('heading', { name: `Nokian Tyres ${t.model}`, exact: true }) })
    .filter({ hasText: new RegExp(`${size} · Kitkarengas ${t.extra_markings.join(' ')}`) });
}

async function toFrictionTires(page: Page) {
  await page.goto(`${h.baseUrl}/rengasmyynti`);
  await page.waitForURL(/\/rengasmyynti\/ajoneuvo$/);
  await page.getByLabel('Rekisterinumero').fill('ABC-123');
  await page.getByRole('button', { name: 'Hae auton tiedot' }).click();
  await page.waitForURL(/\/rengasmyynti\/rengasmyynti$/);
  await page.getByText(/Löytyi \d+ rengas/).waitFor();
  await page.getByLabel('Rengastyyppi').selectOption({ label: 'Kitkarengas' });
  await page.getByText(`Löytyi ${tires.length} rengasta`).waitFor();
  const others = page.getByRole('button', { name: /Näytä muut renkaat/ });
  if ((await others.count()) > 0) await others.click();
  await expect.poll(() => page.getByRole('article').count()).toBe(tires.length);
}

for (const size of [PHONE, DESKTOP]) {
  describe(`tire card at ${size.width} px`, () => {
    it('the amount follows the stock, C and XL are explained, the EU label values show', async () => {
      const page = await pageAt(h.browser, size);
      await toFrictionTires(page);

      // One in stock: one offered first, and no more can be chosen.
      const one = card(page, single);
      expect(await one.count()).toBe(1);
      await one.getByText('Varastossa 1 kpl – voit valita enintään 1').waitFor();
      const amount = one.getByLabel('Määrä');
      expect(await amount.inputValue()).toBe('1');
      expect(await amount.locator('option').allInnerTexts()).toEqual(['1 kpl']);
      await expect(amount.selectOption('2', { timeout: 1000 })).rejects.toThrow();
      expect(await amount.inputValue()).toBe('1');

      // Sold out: not offered at all (its stock went to 0: it left the search at once).
      expect(await card(page, none).count()).toBe(0);

      // Plenty in stock: a set of four first, up to a cart line's eight.
      const plenty = card(page, van);
      expect(await plenty.getByLabel('Määrä').inputValue()).toBe('4');
      expect(await plenty.getByLabel('Määrä').locator('option').count()).toBe(8);

      // XL opens its explanation with the keyboard; C with a tap.
      const xl = one.getByRole('button', { name: /Mitä merkintä XL tarkoittaa/ });
      expect(await xl.getAttribute('aria-expanded')).toBe('false');
      const xlText = page.locator(`[id="${await xl.getAttribute('aria-controls')}"]`);
      expect(await xlText.isVisible()).toBe(false);
      await xl.focus();
      await page.keyboard.press('Enter');
      expect(await xl.getAttribute('aria-expanded')).toBe('true');
      expect(await xlText.innerText()).toMatch(/XL = vahvistettu rengas \(Extra Load\)/);
      const c = plenty.getByRole('button', { name: /Mitä merkintä C tarkoittaa/ });
      await c.click();
      expect(await plenty.locator(`[id="${await c.getAttribute('aria-controls')}"]`).innerText()).toMatch(/vahvistettu pakettiautorengas/);

      // The EU tyre label as the catalogue has it.
      for (const t of [single, van]) {
        const label = card(page, t).getByRole('definition');
        const values = await label.allInnerTexts();
        expect(values).toEqual([t.rolling_resistance_class, t.wet_grip_class, `${t.noise_db} dB (${t.noise_class})`]);
        const terms = await card(page, t).getByRole('term').allInnerTexts();
        expect(terms).toEqual(['Vierintävastus', 'Märkäpito', 'Melu']);
      }

      await one.scrollIntoViewIfNeeded();
      await screenshot(page, `tires-${size.width}`);
      await page.waitForLoadState('networkidle');
      expect(await axeProblems(page)).toEqual([]);

      // Choosing it puts the one tire in the cart.
      await one.getByRole('button', { name: /^Valitse/ }).click();
      await one.getByText('Valittu').waitFor();
      const cart = page.getByRole('region', { name: 'Ostoskori' });
      await cart.getByText(`Nokian Tyres ${single.model}`, { exact: false }).waitFor();
      const process = await page.evaluate(() => sessionStorage.getItem('x-process-token'));
      const row = await h.database.db.selectFrom('process').select('cart').where('token', '=', process!).executeTakeFirstOrThrow();
      const lines = row.cart as { productId: string; amount: number }[];
      expect(lines.filter((l) => l.productId === single.product_id).map((l) => l.amount)).toEqual([1]);
      await page.context().close();
    });
  });
}
