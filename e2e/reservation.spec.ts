import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { Page } from 'playwright-core';
import { addDays, fromHelsinki, parseLocalDateTime, startOfWeek, todayInHelsinki } from '@huolto/domain';
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
    const selected = page.locator('.day-button[aria-pressed="true"]');
    await selected.waitFor();
    // The first free day of that week is selected and its times are listed.
    const firstEnabled = page.locator('.calendar__days .day-button:not([disabled])').first();
    expect(await selected.textContent()).toBe(await firstEnabled.textContent());
    expect(await selected.textContent()).toMatch(/\d+ aikaa?/);
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
    await page.locator('.held-time').getByText(/päivän aikana/).waitFor();
    await page.getByRole('complementary').getByText(/päivän aikana/).waitFor();
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

describe('changing a held time', () => {
  it('is one reserve-time call with no release first; a change that fails keeps the held time, in the database and on the page', async () => {
    const page = await newPage(h, 1280);
    await toTimeStep(page, 'Laakkonen Espoo Kilo');
    const token = await page.evaluate(() => sessionStorage.getItem('x-process-token') ?? '');
    const calls: { method: string; path: string; body: string | null }[] = [];
    page.on('request', (r) => {
      const path = new URL(r.url()).pathname;
      if (/\/(reserve-time|remove-reservation)$/.test(path)) calls.push({ method: r.method(), path, body: r.postData() });
    });
    const held = async () =>
      (
        await sql<{ start: Date }>`
          SELECT lower(during) AS start FROM resource_time WHERE process_token = ${token} AND kind = 'HOLD'`.execute(h.database.db)
      ).rows.map((r) => new Date(r.start).getTime());
    const chosen = () => page.getByRole('complementary').locator('.reserved__time time').getAttribute('datetime');
    const reservationOf = (call: { body: string | null } | undefined) =>
      (JSON.parse(call?.body ?? '{}') as { reservation: string }).reservation.split('|') as [string, string];
    const startOf = (call: { body: string | null } | undefined) => reservationOf(call)[0];
    /** Asks for the first listed time that is not the held one and waits for the answer. */
    const chooseAnother = async () => {
      const answered = page.waitForResponse((r) => r.url().endsWith('/reserve-time'));
      await page.getByRole('button', { name: /^Varaa aika / }).first().click();
      await answered;
    };

    // The first time.
    await chooseAnother();
    const first = startOf(calls.at(-1));
    await expect.poll(chosen).toBe(first);
    expect(await held()).toEqual([parseLocalDateTime(first).getTime()]);

    // Changing it: one reserve-time, and nothing released before it.
    calls.length = 0;
    await chooseAnother();
    const [second, secondEnd] = reservationOf(calls.at(-1));
    expect(second).not.toBe(first);
    await expect.poll(chosen).toBe(second);
    expect(calls.map((c) => `${c.method} ${c.path.split('/').at(-1)}`)).toEqual(['POST reserve-time']);
    expect(await held()).toEqual([parseLocalDateTime(second).getTime()]);

    // Someone else was quicker: the change is refused, and the customer keeps the time they had.
    await page.route('**/reserve-time', (route) =>
      route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ responseCode: 'NOT_AVAILABLE', message: 'Aika ehdittiin varata' }) }),
    );
    calls.length = 0;
    await chooseAnother();
    await page.getByText('Ajan varaaminen epäonnistui.').first().waitFor();
    expect(calls.map((c) => `${c.method} ${c.path.split('/').at(-1)}`)).toEqual(['POST reserve-time']);
    expect(await held()).toEqual([parseLocalDateTime(second).getTime()]);
    await expect.poll(chosen).toBe(second);
    await page.locator('.slot--selected[aria-pressed="true"]').waitFor();
    await page.locator('.held-time').getByText('Aika valittu').waitFor();
    await page.unroute('**/reserve-time');

    // The same when the server itself finds the time taken: a later time on the day, not
    // overlapping the held one, has every lift of the office booked after the list was read.
    const text = ((await page.getByRole('button', { name: /^Varaa aika / }).last().getAttribute('aria-label')) ?? '').replace('Varaa aika ', '');
    const last = page.getByRole('button', { name: `Varaa aika ${text}`, exact: true });
    const [from, to] = text.split('–').map((t) => `${t.replace('.', ':').padStart(5, '0')}:00`) as [string, string];
    const date = second.slice(0, 10);
    expect(parseLocalDateTime(`${date}T${from}`).getTime()).toBeGreaterThanOrEqual(parseLocalDateTime(secondEnd).getTime());
    const lifts = await h.database.db.selectFrom('resource').select('id').where('organization_id', '=', await officeId('Laakkonen Espoo Kilo')).execute();
    for (const lift of lifts) {
      await sql`
        INSERT INTO resource_time (resource_id, during, kind)
        VALUES (${lift.id}, tstzrange(${fromHelsinki(date, from)}, ${fromHelsinki(date, to)}, '[)'), 'BOOKED')
        ON CONFLICT DO NOTHING`.execute(h.database.db);
    }
    calls.length = 0;
    const answered = page.waitForResponse((r) => r.url().endsWith('/reserve-time'));
    await last.click();
    expect(((await (await answered).json()) as { responseCode: string }).responseCode).toBe('NOT_AVAILABLE');
    // The time is no longer offered (shown as gone, or left out once the list is read again).
    await expect.poll(() => page.getByRole('button', { name: `Varaa aika ${text}`, exact: true }).count()).toBe(0);
    expect(calls.map((c) => `${c.method} ${c.path.split('/').at(-1)}`)).toEqual(['POST reserve-time']);
    expect(await held()).toEqual([parseLocalDateTime(second).getTime()]);
    await expect.poll(chosen).toBe(second);
    await page.locator('.slot--selected[aria-pressed="true"]').waitFor();
    await page.locator('.held-time').getByText('Aika valittu').waitFor();
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
