import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { sql } from 'kysely';
import { addDays, deliveryOptionOf, dropOffTime, formatFinnishDate, formatLocalDateTime, isoWeekday, todayInHelsinki, type Booking, type FreeTimeDay } from '@huolto/domain';
import { screenshot, startHarness, type Harness } from './support/harness.ts';
import { PHONE, axeProblems, pageAt } from './support/axe-check.ts';
import { expectSoundAtEveryWidth } from './support/staff-check.ts';
import {
  chooseServiceAndContinue,
  confirmButton,
  fillContactDetails,
  maintenanceToCustomerStep,
  searchFoundVehicle,
  type ContactDetails,
} from './support/flows.ts';

/**
 * The back-office's actions in the browser: the office-1 user opens a booking made through
 * the customer flow from the day view and moves it to another time, cancels another one (the
 * customer's e-mails checked in the outbox and the mail directory), adds absences and a
 * closed day on the capacity page and a customer's calendar loses those times; an admin adds a staff
 * account. With the keyboard alone a staff member signs in, reaches a booking in the day grid
 * with Tab, marks it arrived and adds a note. axe-core finds nothing on the detail, capacity and users pages at 1280 × 900 and
 * 768 × 1024.
 */

const OFFICE_USER = 'toimipiste1@laakkonen.example';
const ADMIN = 'admin@laakkonen.example';
const PASSWORD = 'Hallinta-demo-2026';
const DESKTOP = { width: 1280, height: 900 };

const HILKKA: ContactDetails = { firstName: 'Hilkka', lastName: 'Siirrettävä', phone: '040 111 2222', email: 'hilkka.siirrettava@example.com' };
const TAUNO: ContactDetails = { firstName: 'Tauno', lastName: 'Peruttava', phone: '040 333 4444', email: 'tauno.peruttava@example.com' };
const KALLE: ContactDetails = { firstName: 'Kalle', lastName: 'Näppäimistö', phone: '040 555 6666', email: 'kalle.nappaimisto@example.com' };

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});

interface Booked {
  id: number;
  bookingKey: string;
  date: string;
  start: string;
  end: string;
}

/** Books ABC-123 at office 1 through the customer's pages as `who`; the stored booking. */
async function bookAsCustomer(who: ContactDetails): Promise<Booked> {
  const page = await pageAt(h.browser, DESKTOP);
  await maintenanceToCustomerStep(page, h.baseUrl);
  await fillContactDetails(page, who);
  const confirm = confirmButton(page);
  await expect.poll(() => confirm.isEnabled()).toBe(true);
  await confirm.click();
  await page.waitForURL(/\/huolto\/kiitos$/);
  await page.context().close();
  const row = await h.database.db
    .selectFrom('booking')
    .select(['id', 'booking_key', 'start_at', 'end_at', 'organization_id'])
    .where('register_number', '=', 'ABC-123')
    .where(sql<boolean>`customer->>'email' = ${who.email}`)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  expect(row.organization_id).toBe(1);
  const start = formatLocalDateTime(new Date(row.start_at as unknown as string));
  return {
    id: Number(row.id),
    bookingKey: row.booking_key,
    date: start.slice(0, 10),
    start,
    end: formatLocalDateTime(new Date(row.end_at as unknown as string)),
  };
}

async function storedBooking(id: number) {
  const row = await h.database.db.selectFrom('booking').select(['start_at', 'end_at', 'status']).where('id', '=', String(id)).executeTakeFirstOrThrow();
  const times = await sql<{ resource_id: number; start: Date; end: Date }>`
    SELECT resource_id, lower(during) AS start, upper(during) AS "end" FROM resource_time WHERE booking_id = ${String(id)} ORDER BY id`.execute(h.database.db);
  return {
    status: row.status,
    start: formatLocalDateTime(new Date(row.start_at as unknown as string)),
    end: formatLocalDateTime(new Date(row.end_at as unknown as string)),
    times: times.rows.map((t) => ({ resourceId: t.resource_id, start: formatLocalDateTime(new Date(t.start)), end: formatLocalDateTime(new Date(t.end)) })),
  };
}

const outboxOf = (bookingId: number) =>
  h.database.db.selectFrom('email_outbox').selectAll().where('booking_id', '=', String(bookingId)).orderBy('id').execute();

async function signIn(page: Page, email: string, password = PASSWORD) {
  await page.goto(`${h.baseUrl}/hallinta`);
  await page.getByRole('heading', { name: 'Hallinta – kirjaudu sisään' }).waitFor();
  await page.getByLabel('Sähköposti').fill(email);
  await page.getByLabel('Salasana').fill(password);
  await page.getByRole('button', { name: 'Kirjaudu sisään' }).click();
  await page.getByRole('button', { name: 'Kirjaudu ulos' }).waitFor();
}


/**
 * Presses Tab until the focused element matches `selector` (and has the text `name`, when
 * given); fails after `max` presses. Answers how many it took.
 */
async function tabUntil(page: Page, selector: string, opts: { name?: string; max?: number } = {}): Promise<number> {
  const max = opts.max ?? 250;
  for (let presses = 1; presses <= max; presses++) {
    await page.keyboard.press('Tab');
    const reached = await page.evaluate(
      ([sel, name]) => {
        const el = document.activeElement;
        return !!el && el.matches(sel!) && (name === null || el.textContent?.trim() === name);
      },
      [selector, opts.name ?? null] as const,
    );
    if (reached) return presses;
  }
  throw new Error(`${selector}${opts.name ? ` "${opts.name}"` : ''} not reached with ${max} presses of Tab`);
}

/** The live region's message of the page. */
const announced = (page: Page, text: string | RegExp) =>
  page.locator('.staff-page [role="status"]').getByText(text, { exact: typeof text === 'string' }).waitFor();

/**
 * The booking's visit moved to today (its times only): a visit is marked from its day on,
 * and the customer flow books no earlier than the next free time.
 */
async function visitToday(id: number): Promise<string> {
  const today = todayInHelsinki();
  await sql`UPDATE booking
            SET start_at = ((${today}::date + (start_at AT TIME ZONE 'Europe/Helsinki')::time) AT TIME ZONE 'Europe/Helsinki'),
                end_at = ((${today}::date + (end_at AT TIME ZONE 'Europe/Helsinki')::time) AT TIME ZONE 'Europe/Helsinki')
            WHERE id = ${String(id)}`.execute(h.database.db);
  return today;
}

/** Where an element's top is on the page (not the screen), in CSS pixels. */
const pageTop = (page: Page, selector: string) =>
  page.locator(selector).first().evaluate((el) => Math.round(el.getBoundingClientRect().top + window.scrollY));

/** Whether the element is inside the screen as it is scrolled now. */
const onScreen = (page: Page, selector: string) =>
  page.locator(selector).first().evaluate((el) => {
    const r = el.getBoundingClientRect();
    return r.height > 0 && r.top >= 0 && r.bottom <= window.innerHeight;
  });

/** The starts the move form offers (not taken, not past), 'HH:mm:ss'. */
async function offeredStarts(page: Page): Promise<string[]> {
  const select = page.getByLabel('Alkamisaika');
  await expect.poll(async () => (await select.locator('option').count()) > 1 || (await page.getByText('Toimipiste on suljettu tänä päivänä.').count()) > 0).toBe(true);
  return select.evaluate((el) => Array.from((el as HTMLSelectElement).options).filter((o) => o.value && !o.disabled).map((o) => o.value));
}

describe('back-office actions', () => {
  it("office staff open a customer's booking from the day view, move it, and cancel another; the customers are e-mailed", async () => {
    const moving = await bookAsCustomer(HILKKA);
    const cancelling = await bookAsCustomer(TAUNO);
    const before = await storedBooking(moving.id);
    const mailsBefore = await outboxOf(moving.id);

    const page = await pageAt(h.browser, DESKTOP);
    await signIn(page, OFFICE_USER);
    await page.goto(`${h.baseUrl}/hallinta/paiva/1/${moving.date}`);
    const link = page.locator(`a[href="/hallinta/varaus/${moving.id}"]`);
    await link.waitFor();
    // By keyboard: the booking's block in the day grid is a link.
    await link.focus();
    await page.keyboard.press('Enter');
    await page.waitForURL(`${h.baseUrl}/hallinta/varaus/${moving.id}`);

    // The detail: the customer, the car, the lines with their total, the history.
    await page.getByRole('heading', { level: 1, name: new RegExp(`^Varaus ABC-123 ${moving.bookingKey}$`) }).waitFor();
    await expect.poll(() => page.title(), { timeout: 5000 }).toBe('Varauksen tiedot – Hallinta');
    const customer = page.getByRole('region', { name: 'Asiakas ja auto' });
    await customer.getByText(`${HILKKA.firstName} ${HILKKA.lastName}`).waitFor();
    await customer.getByRole('link', { name: HILKKA.email }).waitFor();
    const lines = page.getByRole('region', { name: 'Palvelut ja tuotteet' });
    expect(await lines.getByRole('row').count()).toBeGreaterThanOrEqual(3);
    await lines.getByRole('row', { name: /^Yhteensä/ }).waitFor();
    await page.getByRole('region', { name: 'Asiakkaan tiedot käynnistä' }).getByText('Auto jätetään päiväksi').waitFor();
    const history = page.getByRole('region', { name: 'Historia' }).getByRole('listitem');
    expect(await history.count()).toBe(1);
    expect(await history.first().innerText()).toMatch(/^Varaus tehty .* · Asiakas$/);
    const back = page.getByRole('link', { name: /^Päivänäkymä: Laakkonen Helsinki Konala/ });
    expect(await back.getAttribute('href')).toBe(`/hallinta/paiva/1/${moving.date}`);
    await expectSoundAtEveryWidth(page, 'booking detail', 'hallinta-4-varaus');

    // Move: the booking's own resource, the first start offered on its day or a later working day.
    const move = page.getByRole('region', { name: 'Siirrä' });
    let date = moving.date;
    let starts = (await offeredStarts(page)).filter((t) => `${date}T${t}` !== moving.start);
    for (let i = 1; starts.length === 0 && i <= 10; i++) {
      date = addDays(moving.date, i);
      if (isoWeekday(date) > 5) continue;
      await move.getByLabel('Päivä').fill(date);
      starts = await offeredStarts(page);
    }
    expect(starts.length).toBeGreaterThan(0);
    const target = `${date}T${starts[0]!}`;
    await move.getByLabel('Alkamisaika').selectOption(starts[0]!);
    const resourceId = Number(await move.getByLabel('Resurssi').inputValue());
    expect(before.times.map((t) => t.resourceId)).toContain(resourceId);
    await move.getByRole('button', { name: 'Siirrä varaus' }).click();
    // Nothing moves before the confirmation, which says what the customer will receive.
    const confirmMove = page.getByRole('dialog', { name: 'Siirretäänkö varaus?' });
    await confirmMove.waitFor();
    expect(await confirmMove.innerText()).toContain(`Asiakkaalle lähetetään sähköposti uudesta ajasta ja kalenterikutsu osoitteeseen ${HILKKA.email}.`);
    expect(await page.evaluate(() => document.activeElement?.closest('dialog') !== null)).toBe(true);
    expect(await axeProblems(page)).toEqual([]);
    await screenshot(page, 'hallinta-4b-siirto-vahvistus-1280');
    await page.setViewportSize(PHONE);
    await screenshot(page, 'hallinta-4b-siirto-vahvistus-360');
    await page.setViewportSize(DESKTOP);
    expect(await storedBooking(moving.id)).toEqual(before);
    // Escape closes it without a move.
    await page.keyboard.press('Escape');
    await expect.poll(() => confirmMove.isVisible()).toBe(false);
    expect(await storedBooking(moving.id)).toEqual(before);
    await move.getByRole('button', { name: 'Siirrä varaus' }).click();
    await confirmMove.getByRole('button', { name: 'Siirrä varaus' }).click();
    // The result in sight where the staff member is (the form, far down on a phone), not only read out.
    const result = /^Varaus siirretty: .*\. Asiakkaalle lähti sähköposti uudesta ajasta\.$/;
    await announced(page, result);
    expect(await page.locator('.booking-detail__result').isVisible()).toBe(true);
    expect(await onScreen(page, '.booking-detail__result')).toBe(true);
    await expect.poll(() => page.locator('.booking-detail__when time').getAttribute('datetime')).toBe(target);
    await screenshot(page, 'hallinta-4c-siirretty-1280');
    expect(await history.count()).toBe(2);
    expect(await history.nth(1).innerText()).toMatch(/^Varaus siirretty .* · Toimipiste Demo/);

    // The database: the booking and its one booked time moved, its length kept.
    const lengthMs = new Date(`${before.end}Z`).getTime() - new Date(`${before.start}Z`).getTime();
    const targetEnd = new Date(new Date(`${target}Z`).getTime() + lengthMs).toISOString().slice(0, 19);
    expect(await storedBooking(moving.id)).toEqual({ status: 'CONFIRMED', start: target, end: targetEnd, times: [{ resourceId, start: target, end: targetEnd }] });
    // The outbox: the customer's new confirmation with the new time in its .ics, and the office's notice.
    const added = (await outboxOf(moving.id)).slice(mailsBefore.length);
    const moved = added.find((m) => m.kind === 'MOVED');
    expect(moved?.recipient).toBe(HILKKA.email);
    // The event is when the customer brings the car in (domain delivery.ts): the new time's drop-off.
    const delivery = await h.database.db.selectFrom('booking').select(['snapshot', 'using_key_locker']).where('id', '=', String(moving.id)).executeTakeFirstOrThrow();
    const snap = (delivery.snapshot ?? {}) as Partial<Pick<Booking, 'customer_waiting' | 'vehicle_left_for_day' | 'product_parameters'>>;
    const option = deliveryOptionOf({
      customer_waiting: snap.customer_waiting ?? false,
      vehicle_left_for_day: snap.vehicle_left_for_day ?? false,
      using_key_locker: delivery.using_key_locker,
      product_parameters: snap.product_parameters ?? [],
    });
    const dropOff = dropOffTime(option, { start: target, end: targetEnd });
    expect(moved!.ics).toContain(`DTSTART;TZID=Europe/Helsinki:${dropOff.start.replace(/[-:]/g, '')}`);
    expect(added.filter((m) => m.kind === 'OFFICE_NOTICE')).toHaveLength(1);
    await h.app.mailer.kick();
    await expect.poll(async () => (await h.database.db.selectFrom('email_outbox').select('sent_at').where('id', '=', moved!.id).executeTakeFirstOrThrow()).sent_at).not.toBeNull();
    expect(existsSync(join(h.outboxDir, moved!.file_name))).toBe(true);
    // The page's messages list it, sent, once the page is read again.
    await page.reload();
    const messages = page.getByRole('region', { name: 'Viestit' });
    await messages.getByRole('listitem').filter({ hasText: `Siirron vahvistus · sähköposti ${HILKKA.email}` }).filter({ hasText: /Lähetetty \S/ }).waitFor();

    // Cancel the other booking, with a reason, after the confirmation.
    const cancelMailsBefore = await outboxOf(cancelling.id);
    await page.goto(`${h.baseUrl}/hallinta/varaus/${cancelling.id}`);
    await page.getByRole('heading', { level: 1, name: /^Varaus ABC-123/ }).waitFor();
    await page.getByRole('region', { name: 'Peruminen' }).getByRole('button', { name: 'Peru varaus' }).click();
    const dialog = page.getByRole('dialog', { name: 'Perutaanko varaus?' });
    await dialog.waitFor();
    expect(await dialog.innerText()).toContain(`Asiakkaalle lähetetään peruutuksesta sähköposti osoitteeseen ${TAUNO.email}`);
    await dialog.getByLabel('Syy (vapaaehtoinen)').fill('Asiakas soitti ja perui');
    expect(await axeProblems(page)).toEqual([]);
    await page.setViewportSize(PHONE);
    await screenshot(page, 'hallinta-5a-peruutus-vahvistus-360');
    await page.setViewportSize(DESKTOP);
    expect((await storedBooking(cancelling.id)).status).toBe('CONFIRMED');
    await dialog.getByRole('button', { name: 'Peru varaus' }).click();
    await announced(page, 'Varaus peruttu. Asiakkaalle lähti peruutuksesta sähköposti.');
    expect(await onScreen(page, '.booking-detail__result')).toBe(true);
    await page.locator('.booking-detail__status').getByText('Peruttu').waitFor();
    expect(await page.getByRole('region', { name: 'Siirrä' }).count()).toBe(0);
    await page.getByRole('region', { name: 'Historia' }).getByText('Syy: Asiakas soitti ja perui').waitFor();
    const cancelled = await storedBooking(cancelling.id);
    expect(cancelled.status).toBe('CANCELLED');
    expect(cancelled.times).toEqual([]);
    const cancelMails = (await outboxOf(cancelling.id)).slice(cancelMailsBefore.length);
    const cancelMail = cancelMails.find((m) => m.kind === 'CANCELLED');
    expect(cancelMail?.recipient).toBe(TAUNO.email);
    expect(cancelMails.filter((m) => m.kind === 'OFFICE_NOTICE')).toHaveLength(1);
    await expectSoundAtEveryWidth(page, 'cancelled booking', 'hallinta-5-peruttu');

    // Visit status and an internal note on the moved booking: a coming day's visit cannot be marked yet.
    await page.goto(`${h.baseUrl}/hallinta/varaus/${moving.id}`);
    const visit = page.getByRole('region', { name: 'Käynnin tila' });
    await visit.getByText(/^Käynnin tilan voi merkitä vasta käynnin päivänä/).waitFor();
    expect(await visit.getByRole('button').count()).toBe(0);
    // On its day it can; the status then shows as a status.
    await visitToday(moving.id);
    await page.reload();
    await visit.getByRole('button', { name: 'Merkitse saapuneeksi' }).click();
    await announced(page, 'Merkitty: Saapunut');
    await visit.locator('.staff-badge').getByText('Saapunut').waitFor();
    expect(await visit.getByRole('button').allInnerTexts()).toEqual(['Merkitse valmiiksi', 'Merkitse ei saapuneeksi', 'Poista merkintä']);
    // On a phone the status and its buttons are on the first screen.
    await page.setViewportSize(PHONE);
    expect(await pageTop(page, '.booking-detail__visit-card')).toBeLessThan(PHONE.height - 150);
    await screenshot(page, 'hallinta-4d-kaynnin-tila-360');
    await page.setViewportSize(DESKTOP);
    const note = page.getByRole('region', { name: 'Lisää muistiinpano' });
    await note.getByLabel('Sisäinen muistiinpano').fill('Talvirenkaat takakontissa');
    await note.getByRole('button', { name: 'Lisää muistiinpano' }).click();
    await announced(page, 'Muistiinpano lisätty');
    await page.getByRole('region', { name: 'Historia' }).getByText('Talvirenkaat takakontissa').waitFor();
    expect((await h.database.db.selectFrom('booking').select('visit_status').where('id', '=', String(moving.id)).executeTakeFirstOrThrow()).visit_status).toBe('ARRIVED');
    await page.context().close();
  });

  it('by keyboard alone: sign in, open a booking from the day grid, mark it arrived and add a note', async () => {
    const booked = await bookAsCustomer(KALLE);
    booked.date = await visitToday(booked.id);
    const page = await pageAt(h.browser, DESKTOP);
    await page.goto(`${h.baseUrl}/hallinta`);
    await page.getByRole('heading', { name: 'Hallinta – kirjaudu sisään' }).waitFor();
    await tabUntil(page, 'input[type="email"]', { max: 10 });
    await page.keyboard.type(OFFICE_USER);
    await tabUntil(page, 'input[type="password"]', { max: 3 });
    await page.keyboard.type(PASSWORD);
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'Kirjaudu ulos' }).waitFor();

    // The booking's day by its address; from there on only keys.
    await page.goto(`${h.baseUrl}/hallinta/paiva/1/${booked.date}`);
    await page.locator(`a[href="/hallinta/varaus/${booked.id}"]`).waitFor();
    await tabUntil(page, `a[href="/hallinta/varaus/${booked.id}"]`);
    await page.keyboard.press('Enter');
    await page.waitForURL(`${h.baseUrl}/hallinta/varaus/${booked.id}`);
    await page.getByRole('heading', { level: 1, name: new RegExp(`^Varaus ABC-123 ${booked.bookingKey}$`) }).waitFor();

    await tabUntil(page, 'button', { name: 'Merkitse saapuneeksi' });
    await page.keyboard.press('Enter');
    const visitStatus = async () =>
      (await h.database.db.selectFrom('booking').select('visit_status').where('id', '=', String(booked.id)).executeTakeFirstOrThrow()).visit_status;
    await expect.poll(visitStatus, { timeout: 5000 }).toBe('ARRIVED');
    await announced(page, 'Merkitty: Saapunut');

    await tabUntil(page, 'textarea');
    await page.keyboard.type('Tuo avaimen tiskille.');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent?.trim())).toBe('Lisää muistiinpano');
    await page.keyboard.press('Enter');
    const notes = async () =>
      (await h.database.db.selectFrom('booking_event').select('note').where('booking_id', '=', String(booked.id)).where('action', '=', 'NOTE').execute()).map(
        (e) => e.note,
      );
    await expect.poll(notes, { timeout: 5000 }).toEqual(['Tuo avaimen tiskille.']);
    await page.context().close();
  });

  it("absences and a closed day added on the capacity page take those times from a customer's calendar", async () => {
    // A customer at the time step of office 1.
    const customer = await pageAt(h.browser, DESKTOP);
    await searchFoundVehicle(customer, h.baseUrl);
    await chooseServiceAndContinue(customer);
    const freeTimes = (start: string, end: string) =>
      customer.evaluate(
        async ({ start, end }) => {
          const xsrf = document.cookie
            .split(';')
            .map((c) => c.trim())
            .find((c) => c.startsWith('XSRF-TOKEN='));
          const response = await fetch('/ServiceBooking/rest/free-times', {
            method: 'POST',
            headers: {
              'Content-Type': 'application/json',
              'x-process-token': sessionStorage.getItem('x-process-token') ?? '',
              'x-xsrf-token': decodeURIComponent(xsrf?.slice('XSRF-TOKEN='.length) ?? ''),
            },
            body: JSON.stringify({ start, end }),
          });
          return { status: response.status, days: (await response.json()) as FreeTimeDay[] };
        },
        { start, end },
      );
    const from = addDays(todayInHelsinki(), 1);
    const first = await freeTimes(from, addDays(from, 20));
    expect(first.status).toBe(200);
    const withTimes = first.days.filter((d) => d.calendarSlots.length > 0);
    expect(withTimes.length).toBeGreaterThanOrEqual(2);
    const [day, other] = withTimes as [FreeTimeDay, FreeTimeDay];

    // Staff mark every lift of the office away that whole day.
    const page = await pageAt(h.browser, DESKTOP);
    await signIn(page, OFFICE_USER);
    await page.getByRole('navigation', { name: 'Hallinnan näkymät' }).getByRole('link', { name: 'Kapasiteetti' }).click();
    await page.waitForURL(`${h.baseUrl}/hallinta/kapasiteetti/1`);
    await page.getByRole('heading', { level: 1, name: 'Kapasiteetti: Laakkonen Helsinki Konala' }).waitFor();
    const form = page.getByRole('form', { name: 'Lisää poissaolo' });
    const resources = await form.getByLabel('Resurssi').locator('option').allInnerTexts();
    const firstResourceId = Number(await form.getByLabel('Resurssi').locator('option').first().getAttribute('value'));
    expect(resources).toHaveLength(5);
    expect(new Set(resources).size).toBe(5);
    const list = page.getByRole('list', { name: 'Tulevat poissaolot' });

    // A refusal names its field: an end before the start.
    await form.getByLabel('Ensimmäinen päivä').fill(day.date);
    await form.getByLabel('Koko päivän').uncheck();
    await form.getByLabel('Päättyy (päivä)').fill(day.date);
    await form.getByLabel('Alkaa (kello)').fill('12:00');
    await form.getByLabel('Päättyy (kello)').fill('10:00');
    await form.getByRole('button', { name: 'Lisää poissaolo' }).click();
    await form.getByText('Loppu ennen alkua').waitFor();
    expect(await form.getByLabel('Päättyy (päivä)').getAttribute('aria-invalid')).toBe('true');
    await expectSoundAtEveryWidth(page, 'capacity page with a field error');
    await form.getByLabel('Koko päivän').check();

    for (const name of resources) {
      await form.getByLabel('Resurssi').selectOption({ label: name });
      await form.getByLabel('Ensimmäinen päivä').fill(day.date);
      await form.getByLabel('Viimeinen päivä').fill(day.date);
      await form.getByLabel('Syy (vapaaehtoinen)').fill('Koulutuspäivä');
      await form.getByRole('button', { name: 'Lisää poissaolo' }).click();
      await announced(page, `Poissaolo lisätty: ${name}, ${formatFinnishDate(day.date, true)}`);
      await list.getByRole('listitem').filter({ hasText: `${name}: ${formatFinnishDate(day.date, true)}Koulutuspäivä` }).waitFor();
    }
    const stored = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM resource_absence a JOIN resource r ON r.id = a.resource_id
      WHERE r.organization_id = 1 AND a.reason = 'Koulutuspäivä'`.execute(h.database.db);
    expect(stored.rows[0]!.n).toBe(5);
    // Bookings already in the absence stay; the list counts them (the first lift's here).
    const inside = await sql<{ n: number }>`
      SELECT count(DISTINCT b.id)::int AS n FROM booking b JOIN resource_time t ON t.booking_id = b.id JOIN resource r ON r.id = t.resource_id
      WHERE r.id = ${firstResourceId} AND b.status = 'CONFIRMED'
        AND t.during && tstzrange((${day.date}::date)::timestamp AT TIME ZONE 'Europe/Helsinki', (${addDays(day.date, 1)}::date)::timestamp AT TIME ZONE 'Europe/Helsinki')`.execute(h.database.db);
    const first1 = list.getByRole('listitem').filter({ hasText: `${resources[0]}: ${formatFinnishDate(day.date, true)}` });
    const n = inside.rows[0]!.n;
    if (n > 0) await first1.getByText(n === 1 ? '1 varaus poissaolon aikana' : `${n} varausta poissaolon aikana`).waitFor();
    else expect(await first1.getByText(/poissaolon aikana/).count()).toBe(0);
    await expect.poll(() => form.getByRole('button', { name: 'Lisää poissaolo' }).isEnabled()).toBe(true);
    await expectSoundAtEveryWidth(page, 'capacity page', 'hallinta-6-kapasiteetti');

    // The customer's calendar: that day has no times any more, the other day keeps its own.
    const after = await freeTimes(from, addDays(from, 20));
    expect(after.status).toBe(200);
    expect(after.days.find((d) => d.date === day.date)?.calendarSlots ?? []).toEqual([]);
    expect(after.days.find((d) => d.date === other.date)?.calendarSlots).toEqual(other.calendarSlots);

    // Deleting one lift's absence gives part of the day back.
    await list.getByRole('button', { name: `Poista poissaolo: ${resources[0]}, ${formatFinnishDate(day.date, true)}` }).click();
    await announced(page, `Poissaolo poistettu: ${resources[0]}, ${formatFinnishDate(day.date, true)}`);
    await expect.poll(() => list.getByRole('listitem').filter({ hasText: 'Koulutuspäivä' }).count()).toBe(4);
    const back = await freeTimes(day.date, day.date);
    expect(back.days[0]!.calendarSlots.length).toBeGreaterThan(0);

    // An exception: the other day closed for inventory takes its times too; deleting it gives them back.
    const exception = page.getByRole('form', { name: 'Lisää poikkeus' });
    await exception.getByLabel('Päivä', { exact: true }).fill(other.date);
    await exception.getByLabel('Suljettu koko päivän').check();
    await exception.getByLabel('Syy (vapaaehtoinen)').fill('Inventaario');
    await exception.getByRole('button', { name: 'Tallenna poikkeus' }).click();
    await announced(page, 'Poikkeus tallennettu');
    const exceptions = page.getByRole('list', { name: 'Tulevat poikkeukset' });
    await exceptions.getByRole('listitem').filter({ hasText: `${formatFinnishDate(other.date, true)}: SuljettuInventaario` }).waitFor();
    expect((await freeTimes(other.date, other.date)).days[0]?.calendarSlots ?? []).toEqual([]);
    await exceptions.getByRole('button', { name: /^Poista poikkeus / }).click();
    await announced(page, 'Poikkeus poistettu');
    expect((await freeTimes(other.date, other.date)).days[0]?.calendarSlots).toEqual(other.calendarSlots);
    await page.context().close();
    await customer.context().close();
  });

  it('an admin adds a staff account on the users page, its user changes the password on Oma tili; the pages and the edit dialog are axe clean', async () => {
    const page = await pageAt(h.browser, DESKTOP);
    await signIn(page, ADMIN);
    await page.getByRole('navigation', { name: 'Hallinnan näkymät' }).getByRole('link', { name: 'Käyttäjät' }).click();
    await page.waitForURL(`${h.baseUrl}/hallinta/kayttajat`);
    const table = page.getByRole('table');
    await table.getByRole('row', { name: /toimipiste1@laakkonen\.example/ }).waitFor();
    expect(await table.getByRole('row', { name: /admin@laakkonen\.example/ }).innerText()).toContain('Pääkäyttäjä');
    expect(await table.getByRole('row', { name: /toimipiste1@laakkonen\.example/ }).innerText()).toContain('Laakkonen Helsinki Konala');
    await expectSoundAtEveryWidth(page, 'users page', 'hallinta-7-kayttajat');

    const create = page.getByRole('region', { name: 'Lisää käyttäjä' });
    await create.getByLabel('Sähköposti').fill('uusi.mekaanikko@laakkonen.example');
    await create.getByLabel('Nimi').fill('Uusi Mekaanikko');
    await create.getByLabel('Laakkonen Helsinki Konala').check();
    await create.getByLabel('Salasana').fill('lyhyt');
    await create.getByRole('button', { name: 'Lisää käyttäjä' }).click();
    await create.getByText('Salasanassa on vähintään 12 merkkiä').waitFor();
    await create.getByLabel('Salasana').fill('Pitka-salasana-2026');
    await create.getByRole('button', { name: 'Lisää käyttäjä' }).click();
    await announced(page, 'Käyttäjä lisätty');
    const row = table.getByRole('row', { name: /uusi\.mekaanikko@laakkonen\.example/ });
    await row.waitFor();
    expect(await row.innerText()).toContain('Toimipisteen käyttäjä');
    const stored = await h.database.db.selectFrom('staff_user').select(['id', 'role', 'active']).where('email', '=', 'uusi.mekaanikko@laakkonen.example').executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ role: 'OFFICE', active: true });

    // The new user signs in and changes their own password on Oma tili; the new one signs in.
    const newcomer = await pageAt(h.browser, DESKTOP);
    await signIn(newcomer, 'uusi.mekaanikko@laakkonen.example', 'Pitka-salasana-2026');
    await newcomer.getByRole('link', { name: 'Uusi Mekaanikko – oma tili' }).click();
    await newcomer.waitForURL(`${h.baseUrl}/hallinta/oma-tili`);
    await newcomer.getByRole('heading', { level: 1, name: 'Oma tili' }).waitFor();
    await expectSoundAtEveryWidth(newcomer, 'own account page', 'hallinta-8-oma-tili');
    await newcomer.getByLabel('Nykyinen salasana').fill('Pitka-salasana-2026');
    await newcomer.getByLabel(/^Uusi salasana\s*\*?$/).fill('Oma-uusi-salasana-7');
    await newcomer.getByLabel('Uusi salasana uudelleen').fill('Oma-uusi-salasana-7');
    await newcomer.getByRole('button', { name: 'Vaihda salasana' }).click();
    await newcomer.getByRole('status').getByText('Salasana vaihdettu. Muut kirjautumisesi on päätetty.').waitFor();
    await newcomer.getByRole('button', { name: 'Kirjaudu ulos' }).click();
    await signIn(newcomer, 'uusi.mekaanikko@laakkonen.example', 'Oma-uusi-salasana-7');
    await newcomer.context().close();

    await row.getByRole('button', { name: 'Muokkaa: Uusi Mekaanikko' }).click();
    const dialog = page.getByRole('dialog', { name: 'Muokkaa: Uusi Mekaanikko' });
    await dialog.waitFor();
    expect(await axeProblems(page)).toEqual([]);
    await dialog.getByLabel('Tunnus käytössä').uncheck();
    await dialog.getByRole('button', { name: 'Tallenna' }).click();
    await announced(page, 'Käyttäjä tallennettu');
    await expect.poll(() => row.innerText()).toContain('Poistettu käytöstä');
    expect((await h.database.db.selectFrom('staff_user').select('active').where('id', '=', stored.id).executeTakeFirstOrThrow()).active).toBe(false);
    await page.context().close();
  });
});

