import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { Page } from 'playwright-core';
import { addDays, fromHelsinki, startOfWeek, todayInHelsinki } from '@huolto/domain';
import { newPage, screenshot, startHarness, type Harness } from './support/harness.ts';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});

/** Through /renkaat to the time step at the named office, with a tire change in the cart. */
async function toTimeStep(page: Page, office: string, plate = 'ABC-123') {
  await page.goto(`${h.baseUrl}/renkaat`);
  await page.getByLabel('Rekisterinumero').fill(plate);
  await page.getByRole('button', { name: 'Hae auton tiedot' }).click();
  await page.waitForURL(/\/renkaat\/toimpiste$/);
  await page.getByRole('button', { name: new RegExp(office) }).click();
  await page.waitForURL(/\/renkaat\/palvelut$/);
  const change = page.getByRole('checkbox', { name: 'Renkaanvaihto', exact: true });
  await change.check();
  await expect.poll(() => change.isChecked()).toBe(true);
  await page.getByRole('button', { name: 'Jatka' }).first().click();
  await page.waitForURL(/\/renkaat\/aika$/);
  await page.getByText('Avoinna ma–pe 7.30–17.00').waitFor();
}

async function officeId(name: string) {
  return (await h.database.db.selectFrom('organization').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;
}

describe('the week calendar', () => {
  it('advances by itself over fully booked weeks to the first week with free times and selects its first free day', async () => {
    // Fill this week and the next at Turku: every lift taken from Monday to Monday.
    const id = await officeId('Laakkonen Turku Itäharju');
    const monday = startOfWeek(todayInHelsinki());
    const from = fromHelsinki(monday);
    const to = fromHelsinki(addDays(monday, 14));
    const resources = await h.database.db.selectFrom('resource').select('id').where('organization_id', '=', id).execute();
    for (const r of resources) {
      await sql`DELETE FROM resource_time WHERE resource_id = ${r.id} AND during && tstzrange(${from}, ${to}, '[)')`.execute(h.database.db);
      await sql`INSERT INTO resource_time (resource_id, during, kind) VALUES (${r.id}, tstzrange(${from}, ${to}, '[)'), 'BOOKED')`.execute(
        h.database.db,
      );
    }

    const page = await newPage(h, 1280);
    await toTimeStep(page, 'Laakkonen Turku Itäharju');
    const week = page.getByLabel('Viikko', { exact: true });
    await expect.poll(() => week.inputValue(), { timeout: 15_000 }).toBe(addDays(monday, 14));
    const selected = page.locator('.day[aria-pressed="true"]');
    await selected.waitFor();
    // The first free day of that week is selected and its times are listed.
    const firstEnabled = page.locator('.calendar__days .day:not([disabled])').first();
    expect(await selected.getAttribute('aria-label')).toBe(await firstEnabled.getAttribute('aria-label'));
    await page.getByRole('button', { name: /Varaa aika/ }).first().waitFor();
    // The picker still offers the current week, where no day can be chosen.
    await week.selectOption(monday);
    await page.getByText('Tällä viikolla ei ole vapaita aikoja').waitFor();
    await screenshot(page, 'aika-auto-advance');
    await page.context().close();
  });
});

describe('vehicle delivery options', () => {
  it('exact times: the waiting option and its drop-off text; one choice replaces another and survives a reload', async () => {
    const page = await newPage(h, 1280);
    await toTimeStep(page, 'Laakkonen Espoo Kilo');
    await page.getByRole('button', { name: /Varaa aika/ }).first().click();
    await page.getByText('Aika valittu').first().waitFor();
    const next = page.getByRole('button', { name: 'Jatka' }).first();
    expect(await next.isDisabled()).toBe(true);

    const waiting = page.getByLabel('Odotan paikan päällä');
    const leaving = page.getByLabel('Jätän auton päiväksi');
    await waiting.check();
    await page.getByText('Tuo auto noin 20 minuuttia ennen sovittua aikaa').waitFor();
    await expect.poll(() => next.isEnabled()).toBe(true);
    await leaving.check();
    await page.getByText('Tuo auto klo 7.30–8.00').waitFor();
    expect(await waiting.isChecked()).toBe(false);

    // The server holds the choice: the flags are exclusive.
    await expect
      .poll(async () => {
        const row = await h.database.db
          .selectFrom('process')
          .select(['customer_waiting', 'vehicle_left_for_day'])
          .where('token', '=', await page.evaluate(() => sessionStorage.getItem('x-process-token') ?? ''))
          .executeTakeFirst();
        return row && [row.customer_waiting, row.vehicle_left_for_day];
      })
      .toEqual([false, true]);

    // A reload in a fresh tab state restores it from the booking.
    await page.evaluate(() => sessionStorage.removeItem('huolto-wizard-state'));
    await page.reload();
    await page.getByText('Aika valittu').first().waitFor();
    await expect.poll(() => page.getByLabel('Jätän auton päiväksi').isChecked()).toBe(true);
    await page.context().close();
  });

  it('a day-only office hides the waiting option and books the day', async () => {
    const page = await newPage(h, 360);
    await toTimeStep(page, 'Laakkonen Hämeenlinna');
    // A day-only day is a single time: it is selected by itself.
    await page.getByText('Aika valittu').first().waitFor();
    await page.getByText(/päivän aikana/).waitFor();
    expect(await page.getByLabel('Odotan paikan päällä').count()).toBe(0);
    await page.getByLabel('Jätän auton päiväksi').check();
    await screenshot(page, 'aika-day-only-360');
    const next = page.getByRole('button', { name: 'Jatka' }).first();
    await expect.poll(() => next.isEnabled()).toBe(true);
    const token = await page.evaluate(() => sessionStorage.getItem('x-process-token') ?? '');
    const held = await sql<{ hours: number }>`
      SELECT extract(epoch FROM upper(during) - lower(during)) / 3600 AS hours
      FROM resource_time WHERE process_token = ${token} AND kind = 'HOLD'`.execute(h.database.db);
    expect(held.rows).toHaveLength(1);
    await page.context().close();
  });
});

describe('other offices', () => {
  it('shows other offices\' free times and switches the booking to one with Vaihda', async () => {
    const page = await newPage(h, 1280);
    await toTimeStep(page, 'Laakkonen Espoo Kilo');
    await page.getByRole('button', { name: 'Näytä muiden toimipisteiden vapaat ajat' }).click();
    const tampere = page.getByRole('listitem').filter({ hasText: 'Laakkonen Tampere Lakalaiva' });
    await tampere.getByText('Ensimmäinen vapaa aika').waitFor();
    expect(await page.getByRole('listitem').filter({ hasText: 'Laakkonen Espoo Kilo' }).count()).toBe(0);
    await screenshot(page, 'aika-other-offices');
    await tampere.getByRole('button', { name: /Vaihda/ }).click();

    await page.locator('.office-info__name', { hasText: 'Laakkonen Tampere Lakalaiva' }).waitFor();
    await page.getByRole('button', { name: /Varaa aika/ }).first().waitFor();
    const token = await page.evaluate(() => sessionStorage.getItem('x-process-token') ?? '');
    const row = await h.database.db.selectFrom('process').select('organization_id').where('token', '=', token).executeTakeFirst();
    expect(row?.organization_id).toBe(await officeId('Laakkonen Tampere Lakalaiva'));
    // The cart came along.
    await page.getByRole('complementary').getByText('Renkaanvaihto').first().waitFor();
    await page.context().close();
  });
});

describe('lead mode', () => {
  it('an office that takes requests shows a month calendar; a weekday after today is the preferred date and the request is saved', async () => {
    const page = await newPage(h, 1280);
    await toTimeStep(page, 'Laakkonen Joensuu');
    await page.getByRole('heading', { name: 'Toivottu päivä' }).waitFor();
    expect(await page.getByRole('button', { name: /Varaa aika/ }).count()).toBe(0);
    const next = page.getByRole('button', { name: 'Jatka' }).first();
    expect(await next.isDisabled()).toBe(true);

    const today = todayInHelsinki();
    const days = page.locator('.month-calendar__day');
    await days.first().waitFor();
    // Today and weekends are disabled.
    const todayCell = page.locator('.month-calendar__day', { hasText: new RegExp(`^${Number(today.slice(8))}$`) }).first();
    expect(await todayCell.isDisabled()).toBe(true);
    const enabled = page.locator('.month-calendar__day:not([disabled])');
    const count = await enabled.count();
    if (count === 0) await page.getByRole('button', { name: 'Seuraava kuukausi' }).click();
    const pick = page.locator('.month-calendar__day:not([disabled])').first();
    await pick.click();
    await expect.poll(() => pick.getAttribute('aria-pressed')).toBe('true');
    await page.getByText(/Toivottu päivä \S+/).waitFor();
    await screenshot(page, 'aika-lead');
    await expect.poll(() => next.isEnabled()).toBe(true);
    await next.click();

    await page.waitForURL(/\/renkaat\/omat-tiedot$/);
    await page.getByLabel('Etunimi').fill('Liisa');
    await page.getByLabel('Sukunimi').fill('Liidi');
    await page.getByLabel('Puhelinnumero').fill('040 333 4444');
    await page.getByLabel('Sähköposti').fill('liisa@example.com');
    const confirm = page.getByRole('button', { name: 'Vahvista tilaus' }).first();
    await expect.poll(() => confirm.isEnabled()).toBe(true);
    await confirm.click();
    await page.waitForURL(/\/renkaat\/kiitos$/);

    const booking = await h.database.db
      .selectFrom('booking')
      .selectAll()
      .where('organization_id', '=', await officeId('Laakkonen Joensuu'))
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    const leadDate = (booking as unknown as { lead_date: string | Date | null }).lead_date;
    expect(leadDate).not.toBeNull();
    const iso = typeof leadDate === 'string' ? leadDate.slice(0, 10) : null;
    if (iso) expect(iso > today).toBe(true);
    const time = await h.database.db.selectFrom('resource_time').selectAll().where('booking_id', '=', booking.id).execute();
    expect(time).toHaveLength(0);
    await page.context().close();
  });
});
