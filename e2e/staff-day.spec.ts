import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { sql } from 'kysely';
import { formatFinnishDate, fromHelsinki, toHelsinki } from '@huolto/domain';
import { startHarness, type Harness } from './support/harness.ts';
import { PHONE, pageAt } from './support/axe-check.ts';
import { expectSoundAtEveryWidth } from './support/staff-check.ts';
import { MAIJA, confirmButton, fillContactDetails, maintenanceToCustomerStep } from './support/flows.ts';

/**
 * The back-office at /hallinta: the office-1 user signs in, finds a booking made through
 * the customer flow in the day view of its day, then the week view and the printable list;
 * axe-core finds nothing on any of them at 1280 × 900 and 768 × 1024.
 */

const STAFF_EMAIL = 'toimipiste1@laakkonen.example';
const STAFF_PASSWORD = 'Hallinta-demo-2026';
const DESKTOP = { width: 1280, height: 900 };

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});

interface Booked {
  id: number;
  date: string;
  time: string;
}

/** Books ABC-123 at office 1 through the customer's pages; the stored booking's id and Helsinki date. */
async function bookAsCustomer(): Promise<Booked> {
  const page = await pageAt(h.browser, DESKTOP);
  await maintenanceToCustomerStep(page, h.baseUrl);
  await fillContactDetails(page, MAIJA);
  const confirm = confirmButton(page);
  await expect.poll(() => confirm.isEnabled()).toBe(true);
  await confirm.click();
  await page.waitForURL(/\/huolto\/kiitos$/);
  await page.context().close();
  const row = await h.database.db
    .selectFrom('booking')
    .select(['id', 'start_at', 'organization_id'])
    .where('register_number', '=', 'ABC-123')
    .where('process_token', 'is not', null)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  expect(row.organization_id).toBe(1);
  const start = toHelsinki(new Date(row.start_at as unknown as string | Date));
  return { id: Number(row.id), date: start.date, time: start.time };
}

/**
 * The booking's resource takes an absence over the booking's start (reason 'Koulutus'), and a
 * customer holds half an hour of another free resource time that day: the day view draws both.
 */
async function absenceAndHold(booked: Booked): Promise<{ holdStart: string }> {
  const db = h.database.db;
  const resource = await sql<{ resource_id: number }>`
    SELECT resource_id FROM resource_time WHERE booking_id = ${booked.id} LIMIT 1`.execute(db);
  const resourceId = resource.rows[0]!.resource_id;
  const absenceStart = fromHelsinki(booked.date, booked.time);
  const absenceEnd = new Date(absenceStart.getTime() + 60 * 60_000);
  await sql`INSERT INTO resource_absence (resource_id, during, reason)
            VALUES (${resourceId}, tstzrange(${absenceStart.toISOString()}::timestamptz, ${absenceEnd.toISOString()}::timestamptz), 'Koulutus')`.execute(db);
  for (let minutes = 8 * 60; minutes < 16 * 60; minutes += 30) {
    const time = `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}:00`;
    const start = fromHelsinki(booked.date, time);
    const end = new Date(start.getTime() + 30 * 60_000);
    const free = await sql<{ id: number }>`
      SELECT r.id FROM resource r
      WHERE r.organization_id = 1 AND r.id <> ${resourceId}
        AND NOT EXISTS (SELECT 1 FROM resource_time t WHERE t.resource_id = r.id
                        AND t.during && tstzrange(${start.toISOString()}::timestamptz, ${end.toISOString()}::timestamptz))
      ORDER BY r.id LIMIT 1`.execute(db);
    if (free.rows[0]) {
      await sql`INSERT INTO resource_time (resource_id, during, kind, process_token, expires_at)
                VALUES (${free.rows[0].id}, tstzrange(${start.toISOString()}::timestamptz, ${end.toISOString()}::timestamptz), 'HOLD',
                        'selaimen-testi', now() + interval '1 hour')`.execute(db);
      return { holdStart: time };
    }
  }
  throw new Error(`no free half hour at office 1 on ${booked.date}`);
}


async function signIn(page: Page) {
  await page.goto(`${h.baseUrl}/hallinta`);
  await page.getByRole('heading', { name: 'Hallinta – kirjaudu sisään' }).waitFor();
  await page.getByLabel('Sähköposti').fill(STAFF_EMAIL);
  await page.getByLabel('Salasana').fill(STAFF_PASSWORD);
  await page.getByRole('button', { name: 'Kirjaudu sisään' }).click();
}

/** The built files of the back-office's own modules (apps/web/src/app/staff/ and features/staff/), from the build's manifest. */
function staffFiles(): Set<string> {
  const dist = process.env.E2E_WEB_DIST ?? join(import.meta.dirname, '../apps/web/dist');
  const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8')) as Record<string, { file: string; src?: string }>;
  return new Set(Object.entries(manifest).filter(([key]) => key.startsWith('src/app/staff/') || key.startsWith('src/features/staff/')).map(([, chunk]) => chunk.file));
}

/** The script files a page at an address loads. */
async function scriptsLoadedAt(path: string, ready: (page: Page) => Promise<void>): Promise<string[]> {
  const page = await pageAt(h.browser, DESKTOP);
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname.replace(/^\//, ''));
  });
  await page.goto(`${h.baseUrl}${path}`);
  await ready(page);
  await page.waitForLoadState('networkidle');
  await page.context().close();
  return scripts;
}

describe('the back-office is its own chunk', () => {
  it('the landing page and the first step load none of its files; /hallinta loads its entry', async () => {
    const staff = staffFiles();
    expect(staff.size).toBeGreaterThan(3);
    const landing = await scriptsLoadedAt('/etusivu', (p) => p.getByRole('link', { name: /huolto/i }).first().waitFor());
    const firstStep = await scriptsLoadedAt('/huolto/ajoneuvo', (p) => p.getByLabel('Rekisterinumero').waitFor());
    expect(landing.length).toBeGreaterThan(0);
    expect(landing.filter((f) => staff.has(f))).toEqual([]);
    expect(firstStep.filter((f) => staff.has(f))).toEqual([]);
    const backOffice = await scriptsLoadedAt('/hallinta', (p) => p.getByRole('heading', { name: 'Hallinta – kirjaudu sisään' }).waitFor());
    expect(backOffice.filter((f) => staff.has(f)).length).toBeGreaterThan(0);
  });
});

describe('back-office day, week and print views', () => {
  it('a wrong password is refused in Finnish; the sign-in page is axe clean', async () => {
    const page = await pageAt(h.browser, DESKTOP);
    await page.goto(`${h.baseUrl}/hallinta`);
    await page.getByRole('heading', { name: 'Hallinta – kirjaudu sisään' }).waitFor();
    await expect.poll(() => page.title(), { timeout: 5000 }).toBe('Kirjautuminen – Hallinta');
    await expectSoundAtEveryWidth(page, 'sign-in');
    await page.getByLabel('Sähköposti').fill(STAFF_EMAIL);
    await page.getByLabel('Salasana').fill('väärä salasana');
    await page.getByRole('button', { name: 'Kirjaudu sisään' }).click();
    await page.getByRole('alert').getByText('Sähköposti tai salasana on väärin.').waitFor();
    await page.getByRole('button', { name: 'Kirjaudu sisään' }).waitFor();
    expect(page.url()).toBe(`${h.baseUrl}/hallinta`);
    await expectSoundAtEveryWidth(page, 'sign-in with its error', 'hallinta-0-kirjautuminen');
    await page.context().close();
  });

  it('staff find the customer\'s booking in the day view, the week view and the printable list', async () => {
    const booked = await bookAsCustomer();
    const { holdStart } = await absenceAndHold(booked);

    const page = await pageAt(h.browser, DESKTOP);
    await signIn(page);
    // Signed in, /hallinta goes to the office's day view of today.
    await page.waitForURL(/\/hallinta\/paiva\/1\/\d{4}-\d{2}-\d{2}$/);
    await page.getByRole('button', { name: 'Kirjaudu ulos' }).waitFor();
    expect(await page.getByLabel('Toimipiste').inputValue()).toBe('1');

    // To the booking's day with the date field.
    await page.getByLabel('Siirry päivään').fill(booked.date);
    await page.waitForURL(`${h.baseUrl}/hallinta/paiva/1/${booked.date}`);
    await page.getByRole('heading', { level: 1, name: new RegExp(`Päivänäkymä: ${formatFinnishDate(booked.date, true)}`) }).waitFor();
    await expect.poll(() => page.title(), { timeout: 5000 }).toBe('Päivänäkymä – Hallinta');
    const link = page.locator(`a[href="/hallinta/varaus/${booked.id}"]`);
    await link.waitFor();
    const text = await link.innerText();
    expect(text).toContain('ABC-123');
    expect(text).toContain(`${MAIJA.firstName} ${MAIJA.lastName}`);
    expect(text).toContain(`${Number(booked.time.slice(0, 2))}.${booked.time.slice(3, 5)}–`);
    // It sits in a resource's column of the grid, flagged as lying in the absence drawn there.
    expect(await link.evaluate((a) => a.closest('.day-grid__column')?.querySelector('h3')?.textContent ?? '')).not.toBe('');
    expect(text).toContain('Poissaolon aikana');
    const column = page.locator('.day-grid__column').filter({ has: link });
    await column.getByText(/^Poissa .*: Koulutus$/).waitFor();
    // The customer's hold shows as a block of its own.
    const hold = page.locator('.day-hold').filter({ hasText: `${Number(holdStart.slice(0, 2))}.${holdStart.slice(3, 5)}–` });
    await hold.getByText('Varaus kesken').waitFor();
    await expectSoundAtEveryWidth(page, 'day view', 'hallinta-1-paiva');
    // On a phone the day comes first: the schedule starts on the first screen (it started at
    // y ≈ 670–760 under a tall header, date bar and lists; now ≈ 500 with the walk-in's
    // button above it), the absences listed after it.
    await page.setViewportSize(PHONE);
    const top = (selector: string) => page.locator(selector).first().evaluate((el) => Math.round(el.getBoundingClientRect().top + window.scrollY));
    // Polled: the phone layout settles a frame or more after the viewport changes.
    await expect.poll(() => top('.staff-day__scroll')).toBeLessThan(520);
    const scheduleTop = await top('.staff-day__scroll');
    expect(await top('.staff-day__absences')).toBeGreaterThan(scheduleTop);
    await page.setViewportSize(DESKTOP);

    // The week view of the same day lists it under its day.
    await page.getByRole('navigation', { name: 'Hallinnan näkymät' }).getByRole('link', { name: 'Viikko' }).click();
    await page.waitForURL(`${h.baseUrl}/hallinta/viikko/1/${booked.date}`);
    const day = page.getByRole('region', { name: formatFinnishDate(booked.date, true), exact: false });
    const inWeek = day.locator(`a[href="/hallinta/varaus/${booked.id}"]`);
    await inWeek.waitFor();
    expect(await inWeek.innerText()).toContain('ABC-123');
    await expect.poll(() => page.title(), { timeout: 5000 }).toBe('Viikkonäkymä – Hallinta');
    expect(await page.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 2 }) }).count()).toBe(7);
    // Each open day tells its booked share of the open resource time; the booked day's is above 0 %.
    const load = await day.locator('.week-load__text').innerText();
    expect(load).toMatch(/^Varattu \d+ % \(.+ \/ .+\)$/);
    expect(load).not.toMatch(/^Varattu 0 %/);
    const saturday = page.getByRole('region', { name: /^la / });
    expect(await saturday.locator('.week-load').count()).toBe(0);
    await expectSoundAtEveryWidth(page, 'week view', 'hallinta-2-viikko');

    // The printable list of that day has it as a row with the customer's phone and the car.
    await page.getByRole('navigation', { name: 'Hallinnan näkymät' }).getByRole('link', { name: 'Tulosta' }).click();
    await page.waitForURL(`${h.baseUrl}/hallinta/tulosta/1/${booked.date}`);
    const row = page.getByRole('row').filter({ hasText: 'ABC-123' });
    await row.waitFor();
    await expect.poll(async () => (await row.innerText()).includes(MAIJA.phone)).toBe(true);
    await page.getByRole('button', { name: 'Tulosta' }).waitFor();
    await expect.poll(() => page.title(), { timeout: 5000 }).toBe('Tulostettava lista – Hallinta');
    await expectSoundAtEveryWidth(page, 'print list', 'hallinta-3-tulosta');
    // On paper the header and the controls are gone; the table stays.
    await page.emulateMedia({ media: 'print' });
    expect(await page.locator('.staff-header').isVisible()).toBe(false);
    expect(await page.getByRole('button', { name: 'Tulosta' }).isVisible()).toBe(false);
    expect(await row.isVisible()).toBe(true);
    await page.emulateMedia({ media: 'screen' });

    // The capacity page's '1 varaus poissaolon aikana' opens that booking.
    await page.getByRole('navigation', { name: 'Hallinnan näkymät' }).getByRole('link', { name: 'Kapasiteetti' }).click();
    await page.getByRole('list', { name: 'Tulevat poissaolot' }).getByRole('link', { name: '1 varaus poissaolon aikana' }).click();
    await page.waitForURL(`${h.baseUrl}/hallinta/varaus/${booked.id}`);
    await page.getByRole('heading', { level: 1, name: /^Varaus ABC-123/ }).waitFor();

    // The header's search finds the booking by its plate written another way; the result opens it.
    await page.getByRole('search', { name: 'Varausten pikahaku' }).getByLabel('Hae varausta').fill('abc 123');
    await page.getByRole('search', { name: 'Varausten pikahaku' }).getByRole('button', { name: 'Hae' }).click();
    await page.waitForURL(/\/hallinta\/haku\?q=abc(\+|%20)123$/);
    await expect.poll(() => page.title(), { timeout: 5000 }).toBe('Varausten haku – Hallinta');
    const found = page.locator(`main a[href="/hallinta/varaus/${booked.id}"]`);
    await found.waitFor();
    expect(await found.innerText()).toContain('ABC-123');
    await page.getByRole('status').filter({ hasText: /^Löytyi / }).waitFor();
    await expectSoundAtEveryWidth(page, 'search', 'hallinta-4-haku');
    await found.click();
    await page.getByRole('heading', { level: 1, name: /^Varaus ABC-123/ }).waitFor();

    // Signing out returns to the sign-in page; the views ask for it again.
    await page.getByRole('button', { name: 'Kirjaudu ulos' }).click();
    await page.getByRole('heading', { name: 'Hallinta – kirjaudu sisään' }).waitFor();
    await page.goto(`${h.baseUrl}/hallinta/paiva/1/${booked.date}`);
    await page.getByRole('heading', { name: 'Hallinta – kirjaudu sisään' }).waitFor();
    await page.context().close();
  });
});
