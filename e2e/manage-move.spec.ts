import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { Page } from 'playwright-core';
import { formatLocalDateTime } from '@huolto/domain';
import { screenshot, startHarness, type Harness } from './support/harness.ts';
import { axeProblems } from './support/axe-check.ts';

/**
 * The booking's own page (/oma-varaus): moving the booking to another free time at its
 * office (the database and the outbox checked), cancelling as a quieter action with its
 * confirmation, the satisfaction survey only after the visit, and the page's two columns
 * on a desktop — at 360 × 780 and 1280 × 900, with axe-core finding nothing.
 */


let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});

async function newPage(width: number, height: number): Promise<Page> {
  const context = await h.browser.newContext({ viewport: { width, height }, locale: 'fi-FI', reducedMotion: 'reduce' });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  return page;
}


interface SeededBooking {
  id: string;
  booking_key: string;
  register_number: string;
  organization_id: number;
  start_at: Date;
  customer: unknown;
}

/**
 * Confirmed bookings of the seed at offices that book exact times, a week or more ahead
 * (a time within two hours of the run could not be moved or cancelled), with the
 * customer's e-mail; `skip` picks another one for each test.
 */
async function upcomingBooking(skip: number): Promise<SeededBooking> {
  return h.database.db
    .selectFrom('booking as b')
    .innerJoin('organization as o', 'o.id', 'b.organization_id')
    .select(['b.id', 'b.booking_key', 'b.register_number', 'b.organization_id', 'b.start_at', 'b.customer'])
    .where('b.status', '=', 'CONFIRMED')
    .where('b.kind', '=', 'RESERVATION')
    .where('o.time_selection_type', '=', 'EXACT_TIME')
    .where('o.active', '=', true)
    .where('o.lead_only', '=', false)
    .where('b.start_at', '>', sql<Date>`now() + interval '7 days'`)
    .where(sql<boolean>`b.customer->>'email' IS NOT NULL`)
    .where(sql<boolean>`EXISTS (SELECT 1 FROM resource_time rt WHERE rt.booking_id = b.id)`)
    .orderBy('b.start_at')
    .orderBy('b.id')
    .offset(skip)
    .limit(1)
    .executeTakeFirstOrThrow() as Promise<SeededBooking>;
}

/** The booking's row time and its resource_time rows, as Helsinki wall clock. */
async function storedTime(bookingId: string) {
  const row = await h.database.db.selectFrom('booking').select(['start_at', 'end_at', 'status']).where('id', '=', bookingId).executeTakeFirstOrThrow();
  const rows = await sql<{ start: Date; end: Date; kind: string }>`
    SELECT lower(during) AS start, upper(during) AS "end", kind FROM resource_time WHERE booking_id = ${bookingId} ORDER BY id`.execute(h.database.db);
  return {
    start: formatLocalDateTime(new Date(row.start_at!)),
    end: formatLocalDateTime(new Date(row.end_at!)),
    status: row.status,
    times: rows.rows.map((r) => ({ start: formatLocalDateTime(new Date(r.start)), end: formatLocalDateTime(new Date(r.end)), kind: r.kind })),
  };
}

const outboxOf = (bookingId: string) =>
  h.database.db.selectFrom('email_outbox').selectAll().where('booking_id', '=', bookingId).orderBy('id').execute();

const openPage = async (page: Page, b: SeededBooking) => {
  await page.goto(`${h.baseUrl}/oma-varaus?varaus=${b.booking_key}&rekisteri=${b.register_number}`);
  await page.getByRole('heading', { name: /Varauksesi/ }).waitFor();
};

const moveSection = (page: Page) => page.getByRole('region', { name: 'Siirrä toiseen aikaan' });

/**
 * Picks the first free time the page offers: the selected day's first time. Answers the
 * reservation it stands for ('start|end') as read from the list's label and the chip.
 */
async function chooseFirstFreeTime(page: Page, nth = 0): Promise<{ start: string; end: string }> {
  const section = moveSection(page);
  const list = section.getByRole('list', { name: /^Vapaat ajat / });
  await list.waitFor();
  const day = await section.getByRole('button', { pressed: true }).filter({ hasText: /\d+\.\d+\./ }).first().innerText();
  const slot = list.getByRole('button').nth(nth);
  // The chip shows the start; its name is the whole range, '8.00–9.00'.
  const text = (await slot.getAttribute('aria-label'))!;
  await slot.click();
  expect(await slot.getAttribute('aria-pressed')).toBe('true');
  const [d, m] = /(\d+)\.(\d+)\./.exec(day)!.slice(1).map(Number) as [number, number];
  const [from, to] = text.split('–').map((t) => t.replace('.', ':').padStart(5, '0')) as [string, string];
  const label = (await list.getAttribute('aria-label'))!;
  const year = /(\d{4})$/.exec(label)![1]!;
  const date = `${year}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
  return { start: `${date}T${from}:00`, end: `${date}T${to}:00` };
}

/** Shows the following week and waits until its days are there. */
async function nextWeek(page: Page) {
  const section = moveSection(page);
  const days = section.getByRole('group', { name: /^Päivät, Viikko \d+/ });
  await days.waitFor();
  const shown = await days.getAttribute('aria-label');
  await section.getByRole('button', { name: 'Seuraava viikko' }).click();
  await expect.poll(async () => (await days.count()) > 0 && (await days.getAttribute('aria-label')) !== shown).toBe(true);
}

async function pageHeight(page: Page) {
  return page.evaluate(() => document.documentElement.scrollHeight);
}

describe("the booking's own page", () => {
  it('360 × 780: moves the booking to another free time (database, resource_time and a new confirmation), cancel is quiet and asks first, no survey before the visit', async () => {
    const b = await upcomingBooking(0);
    const email = (b.customer as { email: string }).email;
    const before = await storedTime(b.id);
    const mailsBefore = await outboxOf(b.id);
    const page = await newPage(360, 780);
    await openPage(page, b);

    // No satisfaction survey before the visit, only a short note.
    expect(await page.getByRole('region', { name: 'Anna palautetta' }).count()).toBe(0);
    await page.getByText('Voit antaa palautetta käyntisi jälkeen tällä sivulla.').waitFor();

    // The week shows Monday first, Finnish dates.
    const section = moveSection(page);
    const days = section.getByRole('group', { name: /^Päivät, Viikko \d+/ });
    await days.waitFor();
    expect(await days.getByRole('button').first().innerText()).toMatch(/^MA\s/i);

    const move = section.getByRole('button', { name: 'Siirrä varaus' });
    expect(await move.isDisabled()).toBe(true);
    // A time next week: one within two hours of now could no longer be cancelled.
    await nextWeek(page);
    const chosen = await chooseFirstFreeTime(page);
    expect(chosen.start).not.toBe(before.start);
    await section.getByText(/^Uusi aika:/).waitFor();
    await move.click();
    await page.getByRole('status').getByText(/^Varaus on siirretty\. Uusi aika: .*Lähetimme uuden vahvistuksen sähköpostiisi\.$/).waitFor();

    // The page shows the new time.
    const shown = page.getByRole('region', { name: 'Varauksen tiedot' }).locator('time');
    await expect.poll(() => shown.getAttribute('datetime')).toBe(chosen.start);

    // The database: the booking's time and its one resource_time row moved; the old time is free.
    const after = await storedTime(b.id);
    expect(after).toEqual({ start: chosen.start, end: chosen.end, status: 'CONFIRMED', times: [{ start: chosen.start, end: chosen.end, kind: 'BOOKED' }] });
    // The outbox: a new confirmation with the new .ics to the customer (and a notice to the office).
    const mails = await outboxOf(b.id);
    const added = mails.slice(mailsBefore.length);
    const confirmation = added.find((m) => m.recipient === email);
    expect(confirmation).toBeDefined();
    expect(confirmation!.subject).toMatch(/^Varauksesi on siirretty: /);
    const [date, time] = chosen.start.split('T') as [string, string];
    expect(confirmation!.ics).toContain(`DTSTART;TZID=Europe/Helsinki:${date.replace(/-/g, '')}T${time.replace(/:/g, '')}`);
    expect(added.filter((m) => m.recipient !== email)).toHaveLength(1);

    // Cancelling: its own section, an outline button (not the filled red one), and a confirmation first.
    const cancel = page.getByRole('region', { name: 'Varauksen peruminen' }).getByRole('button', { name: 'Peru varaus' });
    expect(await cancel.getAttribute('class')).not.toContain('btn--danger');
    expect(await cancel.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(255, 255, 255)');
    const moveBox = (await move.boundingBox())!;
    const cancelBox = (await cancel.boundingBox())!;
    expect(cancelBox.y).toBeGreaterThan(moveBox.y);

    expect(await axeProblems(page)).toEqual([]);
    const height = await pageHeight(page);
    console.log(`manage-360: page height ${height}px`);
    await screenshot(page, 'manage-360');

    await cancel.click();
    const dialog = page.getByRole('dialog', { name: 'Perutaanko varaus?' });
    await dialog.waitFor();
    expect(await axeProblems(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Älä peru' }).click();
    await expect.poll(() => dialog.count()).toBe(0);
    expect((await storedTime(b.id)).status).toBe('CONFIRMED');
    await page.context().close();
  });

  it('1280 × 900: two columns; a time taken meanwhile keeps the old time and says so in Finnish; then another time moves it', async () => {
    const b = await upcomingBooking(1);
    const before = await storedTime(b.id);
    const mailsBefore = await outboxOf(b.id);
    const page = await newPage(1280, 900);
    await openPage(page, b);

    // Details on the left, the actions on the right, side by side.
    const details = (await page.getByRole('region', { name: 'Varauksen tiedot' }).boundingBox())!;
    const actions = (await moveSection(page).boundingBox())!;
    expect(details.x + details.width).toBeLessThanOrEqual(actions.x);
    expect(Math.abs(details.y - actions.y)).toBeLessThan(4);
    expect(actions.x + actions.width).toBeGreaterThan(900);

    // Someone takes the chosen time on every lift of the office while the customer looks.
    await nextWeek(page);
    const taken = await chooseFirstFreeTime(page);
    const fromInstant = await sql<{ t: Date }>`SELECT (${taken.start}::timestamp AT TIME ZONE 'Europe/Helsinki') AS t`.execute(h.database.db);
    const toInstant = await sql<{ t: Date }>`SELECT (${taken.end}::timestamp AT TIME ZONE 'Europe/Helsinki') AS t`.execute(h.database.db);
    await sql`
      INSERT INTO resource_time (resource_id, during, kind, process_token, expires_at)
      SELECT r.id, tstzrange(${fromInstant.rows[0]!.t}, ${toInstant.rows[0]!.t}, '[)'), 'HOLD', 'e2e-other-' || r.id, now() + interval '30 minutes'
      FROM resource r WHERE r.organization_id = ${b.organization_id}
      ON CONFLICT DO NOTHING`.execute(h.database.db);
    await moveSection(page).getByRole('button', { name: 'Siirrä varaus' }).click();
    await moveSection(page).getByRole('alert').getByText(/Valitsemasi aika ehdittiin varata\. Varauksesi on edelleen entisellä ajallaan\./).waitFor();
    expect(await storedTime(b.id)).toEqual(before);
    expect(await outboxOf(b.id)).toHaveLength(mailsBefore.length);
    // The taken time is no longer offered.
    await expect
      .poll(async () => moveSection(page).getByRole('list', { name: /^Vapaat ajat / }).getByRole('button').first().getAttribute('aria-label'))
      .not.toBe(`${Number(taken.start.slice(11, 13))}.${taken.start.slice(14, 16)}–${Number(taken.end.slice(11, 13))}.${taken.end.slice(14, 16)}`);

    const chosen = await chooseFirstFreeTime(page);
    await moveSection(page).getByRole('button', { name: 'Siirrä varaus' }).click();
    await page.getByRole('status').getByText(/^Varaus on siirretty\./).waitFor();
    const after = await storedTime(b.id);
    expect(after).toMatchObject({ start: chosen.start, end: chosen.end, times: [{ start: chosen.start, end: chosen.end, kind: 'BOOKED' }] });
    expect((await outboxOf(b.id)).length).toBe(mailsBefore.length + 2);
    await expect.poll(() => page.getByRole('region', { name: 'Varauksen tiedot' }).locator('time').getAttribute('datetime')).toBe(chosen.start);

    expect(await page.getByRole('region', { name: 'Anna palautetta' }).count()).toBe(0);
    expect(await axeProblems(page)).toEqual([]);
    const height = await pageHeight(page);
    console.log(`manage-1280: page height ${height}px`);
    await screenshot(page, 'manage-1280');
    await page.context().close();
  });

  it('after the visit\'s day the survey is asked, and the booking can no longer be moved or cancelled', async () => {
    const b = await h.database.db
      .selectFrom('booking')
      .select(['id', 'booking_key', 'register_number'])
      .where('status', '=', 'CONFIRMED')
      .where('kind', '=', 'RESERVATION')
      .where('start_at', '<', sql<Date>`now() - interval '2 days'`)
      .orderBy('start_at', 'desc')
      .executeTakeFirstOrThrow();
    const page = await newPage(360, 780);
    await page.goto(`${h.baseUrl}/oma-varaus?varaus=${b.booking_key}&rekisteri=${b.register_number}`);
    await page.getByRole('region', { name: 'Anna palautetta' }).waitFor();
    expect(await moveSection(page).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Peru varaus' }).count()).toBe(0);
    expect(await axeProblems(page)).toEqual([]);
    await page.context().close();
  });
});
