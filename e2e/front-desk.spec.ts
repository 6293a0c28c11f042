import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { sql } from 'kysely';
import { addDays, finnishHolidays, formatFinnishTime, isoWeekday, timeToMinutes, todayInHelsinki } from '@huolto/domain';
import { screenshot, startHarness, type Harness } from './support/harness.ts';
import { PHONE, axeProblems, pageAt } from './support/axe-check.ts';
import { TABLET } from './support/staff-check.ts';

/**
 * The front desk: the office-1 user presses an empty time on a lift's column of a coming
 * working day, books a phone customer's car the register does not know (ZZZ-999, make and
 * model typed, no e-mail) at 1280 px and at 768 px; the booking shows in the day view as a
 * phone booking, and the database has its channel, its maker and the staff member's CREATED
 * event. 'Varaa uudelleen' on its page fills the car, the customer and the service in again.
 */

const STAFF_EMAIL = 'toimipiste1@laakkonen.example';
const STAFF_PASSWORD = 'Hallinta-demo-2026';
const DESKTOP = { width: 1280, height: 900 };
/** Two hours of free quarter hours after the pressed one: any short service fits there. */
const FREE_AHEAD = 8;

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});

/** A weekday three weeks or more ahead that is no public holiday. */
function comingWorkingDay(offset: number): string {
  for (let d = addDays(todayInHelsinki(), offset); ; d = addDays(d, 1)) {
    if (isoWeekday(d) <= 5 && !finnishHolidays(Number(d.slice(0, 4))).has(d)) return d;
  }
}

async function signIn(page: Page) {
  await page.goto(`${h.baseUrl}/hallinta`);
  await page.getByRole('heading', { name: 'Hallinta – kirjaudu sisään' }).waitFor();
  await page.getByLabel('Sähköposti').fill(STAFF_EMAIL);
  await page.getByLabel('Salasana').fill(STAFF_PASSWORD);
  await page.getByRole('button', { name: 'Kirjaudu sisään' }).click();
  await page.getByRole('button', { name: 'Kirjaudu ulos' }).waitFor();
}

interface Slot {
  resource: string;
  time: string;
  label: string;
}

/** The empty times of the day grid ('Uusi varaus: Nosturi 2 klo 10.15'): one with two free hours after it on its lift, if any. */
async function roomySlot(page: Page): Promise<Slot | null> {
  await page.locator('.day-grid__column').first().waitFor();
  const labels = await page.locator('a.day-grid__slot').evaluateAll((links) => links.map((a) => a.getAttribute('aria-label') ?? ''));
  const slots = labels.flatMap((label) => {
    const m = /^Uusi varaus: (.+) klo (\d{1,2})\.(\d\d)$/.exec(label);
    return m ? [{ resource: m[1]!, time: `${m[2]!.padStart(2, '0')}:${m[3]}`, label }] : [];
  });
  const free = new Set(slots.map((s) => `${s.resource}|${timeToMinutes(s.time)}`));
  const roomy = slots.find(
    (s) => timeToMinutes(s.time) >= 9 * 60 && Array.from({ length: FREE_AHEAD }, (_, i) => free.has(`${s.resource}|${timeToMinutes(s.time) + 15 * i}`)).every(Boolean),
  );
  return roomy ?? null;
}

/** The first working day from `offset` days ahead whose day grid has a roomy empty time (a seeded full day is passed over). */
async function dayWithRoom(page: Page, offset: number): Promise<{ date: string; slot: Slot }> {
  let date = comingWorkingDay(offset);
  for (let tries = 0; tries < 5; tries++, date = comingWorkingDay(daysBetween(date) + 1)) {
    await page.goto(`${h.baseUrl}/hallinta/paiva/1/${date}`);
    await page.getByRole('heading', { level: 1, name: /^Päivänäkymä/ }).waitFor();
    const slot = await roomySlot(page);
    if (slot) return { date, slot };
  }
  throw new Error(`no roomy empty time at office 1 from ${offset} days ahead`);
}

/** Days from today to `date`. */
function daysBetween(date: string): number {
  return Math.round((Date.parse(`${date}T12:00:00Z`) - Date.parse(`${todayInHelsinki()}T12:00:00Z`)) / 86_400_000);
}

/** Presses a roomy empty time of a coming working day and makes the phone booking; the booking's id. */
async function bookAtDesk(page: Page, offset: number, shot: string | null): Promise<number> {
  const { date, slot } = await dayWithRoom(page, offset);
  await page.getByRole('link', { name: slot.label, exact: true }).click();
  await page.waitForURL(/\/hallinta\/uusi-varaus\/1\?/);
  const url = new URL(page.url());
  expect(url.searchParams.get('paiva')).toBe(date);
  expect(url.searchParams.get('kanava')).toBe('PHONE');
  await page.getByRole('heading', { level: 1, name: /^Uusi varaus/ }).waitFor();
  expect(await page.getByRole('radio', { name: 'Puhelin' }).isChecked()).toBe(true);
  expect(await page.getByLabel('Päivä', { exact: true }).inputValue()).toBe(date);

  await page.getByRole('textbox', { name: /Rekisterinumero/ }).fill('zzz-999');
  await page.locator('main').getByRole('button', { name: 'Hae', exact: true }).click();
  await page.getByText('Ajoneuvoa ei löytynyt rekisteristä: kirjoita merkki ja malli').waitFor();
  await page.getByRole('textbox', { name: 'Merkki', exact: true }).fill('Lada');
  await page.getByRole('textbox', { name: 'Malli', exact: true }).fill('Niva');

  // A service of under an hour, so that it fits in the two free hours.
  const short = page.locator('.desk__service').filter({ has: page.locator('.desk__service-meta .muted', { hasText: /^\d+ min$/ }) }).first();
  await short.waitFor();
  const serviceName = (await short.locator('.desk__service-name').innerText()).trim();
  await short.getByRole('checkbox').check();

  // The pressed time is chosen once the times of the work are read.
  // (The desk's times name a lift as the office's resources do; the day grid may show its mechanic instead.)
  const checked = page.locator('input.desk__start-input:checked');
  await checked.waitFor({ state: 'attached' });
  expect(await checked.getAttribute('aria-label')).toMatch(new RegExp(`^${formatFinnishTime(slot.time).replace('.', '\\.')}, `));
  const summary = page.getByRole('region', { name: 'Yhteenveto' });
  await expect.poll(() => summary.innerText()).toContain(`klo ${formatFinnishTime(slot.time)}, `);
  expect(await summary.innerText()).toContain(serviceName);

  await page.getByRole('textbox', { name: /Sukunimi/ }).fill('Virtanen');
  await page.getByRole('textbox', { name: /Etunimi/ }).fill('Ville');

  // The phone is required: saving without it is refused at the field, in Finnish.
  await page.getByRole('button', { name: 'Tallenna varaus' }).click();
  const phone = page.getByRole('textbox', { name: /Puhelin/ });
  await expect.poll(() => phone.getAttribute('aria-invalid')).toBe('true');
  await page.getByText('Pakollinen tieto').waitFor();
  await phone.fill('040 765 4321');
  await page.getByLabel('Vian kuvaus').fill('Kolina etupäästä');

  if (shot) {
    for (const size of [DESKTOP, TABLET, PHONE]) {
      await page.setViewportSize(size);
      expect(await axeProblems(page), `new booking at ${size.width} px`).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth), `new booking scrolls sideways at ${size.width} px`).toBe(true);
      await screenshot(page, `desk-${shot}-${size.width}`);
    }
    await page.setViewportSize(DESKTOP);
  }

  await page.getByRole('button', { name: 'Tallenna varaus' }).click();
  await page.waitForURL(/\/hallinta\/varaus\/\d+$/);
  const id = Number(/\/varaus\/(\d+)$/.exec(page.url())![1]);
  await page.getByRole('heading', { level: 1, name: /^Varaus ZZZ-999/ }).waitFor();
  await page.getByRole('status').filter({ hasText: /^Varaus tallennettu: ZZZ-999/ }).waitFor();
  await page.getByText('Kanava: Puhelimitse').waitFor();
  await page.getByText('Tehnyt: Toimipiste Demo').waitFor();
  if (shot) await screenshot(page, `desk-booking-${page.viewportSize()!.width}`, { window: true });

  // Booking it again: the car, the customer and the service are filled in.
  await page.getByRole('link', { name: 'Varaa uudelleen' }).click();
  await page.waitForURL(`${h.baseUrl}/hallinta/uusi-varaus/1?uudelleen=${id}`);
  const again = page.locator('.desk__service').filter({ hasText: serviceName }).first().getByRole('checkbox');
  await expect.poll(() => again.isChecked()).toBe(true);
  expect(await page.getByRole('textbox', { name: /Rekisterinumero/ }).inputValue()).toBe('ZZZ-999');
  expect(await page.getByRole('textbox', { name: 'Merkki', exact: true }).inputValue()).toBe('Lada');
  expect(await page.getByRole('textbox', { name: /Sukunimi/ }).inputValue()).toBe('Virtanen');
  expect(await page.getByRole('textbox', { name: /Puhelin/ }).inputValue()).toBe('040 765 4321');

  // In the day view, on the pressed lift at the pressed time, as a phone booking.
  await page.goto(`${h.baseUrl}/hallinta/paiva/1/${date}`);
  const block = page.locator(`a[href="/hallinta/varaus/${id}"]`);
  await block.waitFor();
  const text = await block.innerText();
  expect(text).toContain('ZZZ-999');
  expect(text).toContain(`${formatFinnishTime(slot.time)}–`);
  expect(text).toContain('Puhelimitse');
  expect(await block.evaluate((a) => a.closest('.day-grid__column')?.querySelector('h3')?.textContent ?? '')).toBe(slot.resource);
  return id;
}

/** The stored booking, its maker and its events. */
async function stored(id: number) {
  const db = h.database.db;
  const booking = await sql<{ register_number: string; channel: string; created_by_staff_id: number | null; organization_id: number; make: string | null; model: string | null; email: string | null }>`
    SELECT b.register_number, b.channel, b.created_by_staff_id, b.organization_id,
           b.vehicle->>'make' AS make, b.vehicle->>'model' AS model, b.customer->>'email' AS email
    FROM booking b WHERE b.id = ${id}`.execute(db);
  const staff = await sql<{ id: number }>`SELECT id FROM staff_user WHERE email = ${STAFF_EMAIL}`.execute(db);
  const events = await sql<{ action: string; actor: string; staff_user_id: number | null }>`
    SELECT action, actor, staff_user_id FROM booking_event WHERE booking_id = ${id} ORDER BY id`.execute(db);
  return { booking: booking.rows[0], staffId: staff.rows[0]!.id, events: events.rows };
}

describe('the front desk', () => {
  for (const [width, size, offset] of [
    [1280, DESKTOP, 21],
    [768, TABLET, 28],
  ] as const) {
    it(`at ${width} px: an empty time pressed on the day grid becomes a phone booking of a car not in the register, without e-mail`, async () => {
      const page = await pageAt(h.browser, size);
      await signIn(page);
      const id = await bookAtDesk(page, offset, width === 1280 ? 'new-booking' : null);
      const { booking, staffId, events } = await stored(id);
      expect(booking).toMatchObject({ register_number: 'ZZZ-999', channel: 'PHONE', created_by_staff_id: staffId, organization_id: 1, make: 'Lada', model: 'Niva' });
      expect(booking?.email ?? '').toBe('');
      expect(events).toEqual([{ action: 'CREATED', actor: 'STAFF', staff_user_id: staffId }]);
      if (width === 1280) await screenshot(page, 'desk-day-1280', { window: true });
      await page.context().close();
    });
  }
});
