/**
 * The thanks page after a maintenance booking, on a phone (360 × 780) and a desktop
 * (1280 × 900): the thank-you said once, the booking key, the booking's summary, how to
 * bring the car in for the chosen delivery option, the office's notice, the calendar file
 * ('Lisää kalenteriin') with the booked time, and the link to the booking's own page.
 */
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { formatLocalDateTime } from '@huolto/domain';
import { KONALA_INFO_TEXT } from '../apps/server/seed/management.ts';
import { screenshot, startHarness, type Harness } from './support/harness.ts';
import { newestBrowserBooking, readEvent } from './support/stored.ts';
import { axeProblems } from './support/axe-check.ts';
import { FOUND_PLATE, MAIJA, confirmButton, fillContactDetails, maintenanceToCustomerStep } from './support/flows.ts';


let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});




describe('the thanks page', () => {
  for (const [width, height] of [
    [360, 780],
    [1280, 900],
  ] as const) {
    it(`at ${width} × ${height}: thanks once, key, summary, drop-off, notice, calendar file and the booking's own page`, async () => {
      const context = await h.browser.newContext({ viewport: { width, height }, locale: 'fi-FI', reducedMotion: 'reduce', acceptDownloads: true });
      const page = await context.newPage();
      page.setDefaultTimeout(15_000);
      try {
        // The maintenance flow leaves the car for the day ('Jätän auton päiväksi').
        await maintenanceToCustomerStep(page, h.baseUrl);
        await fillContactDetails(page);
        await confirmButton(page).click();
        await page.waitForURL(/\/huolto\/kiitos$/);
        await page.getByRole('heading', { level: 1, name: 'Aikasi on varattu' }).waitFor();

        const stored = await newestBrowserBooking(h, FOUND_PLATE);
        const start = formatLocalDateTime(stored.start_at!);
        const end = formatLocalDateTime(stored.end_at!);
        const main = page.locator('main');

        // The thank-you sentence once, and 'Kiitos' nowhere else on the page.
        await expect.poll(() => main.getByText('Palvelupyyntösi on vastaanotettu').count()).toBe(1);
        expect(await main.getByText(/Kiitos/).count()).toBe(1);
        expect(await main.getByText(/vastaanotettu/).count()).toBe(1);
        await main.getByText(`Varausvahvistus on lähetetty osoitteeseen ${MAIJA.email}.`).waitFor();
        expect(await main.locator('.booking-key').innerText()).toBe(stored.booking_key);

        // The summary: car, office with its address, the booked time, the service with its price, the total.
        const summary = page.getByRole('region', { name: 'Varauksesi' });
        await summary.getByText(FOUND_PLATE).waitFor();
        await summary.getByText('Laakkonen Helsinki Konala').waitFor();
        await summary.getByText('Ruosilantie 14, 00390 Helsinki').waitFor();
        expect(await summary.locator('time').first().getAttribute('datetime')).toBe(start);
        expect(await summary.locator('.summary__item').count()).toBeGreaterThan(0);
        expect(await summary.locator('.summary__item .price').first().innerText()).toMatch(/\d\s€$/);
        expect(await summary.locator('.summary__total').innerText()).toMatch(/Yhteensä\s+[\d\s]+€/);

        // How to bring the car in, for the chosen option only, and the office's notice.
        const dropOff = page.getByRole('region', { name: 'Auton tuominen' });
        await dropOff.getByText('Tuo auto klo 7.30–8.00 varauspäivän aamuna.').waitFor();
        expect(await main.getByText(/20 minuuttia|avainautomaatti/).count()).toBe(0);
        await page.getByRole('note').getByText(KONALA_INFO_TEXT).waitFor();

        await screenshot(page, `thanks-${width}`);
        expect(await axeProblems(page)).toEqual([]);

        // 'Lisää kalenteriin' downloads the booking's .ics at the drop-off (the car is left for the day: 7.30–8.00),
        // with the booked time of the work in its description.
        const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Lisää kalenteriin' }).click()]);
        expect(download.suggestedFilename()).toBe(`varaus-${stored.booking_key}.ics`);
        const event = readEvent(readFileSync((await download.path())!, 'utf8'));
        const day = start.slice(0, 10);
        const clock = (t: string) => `${Number(t.slice(11, 13))}.${t.slice(14, 16)}`;
        expect(event.startDate.zone.tzid).toBe('Europe/Helsinki');
        expect(event.startDate.toString()).toBe(`${day}T07:30:00`);
        expect(event.endDate.toString()).toBe(`${day}T08:00:00`);
        expect(event.uid).toBe(`${stored.booking_key}@ajanvaraus`);
        expect(event.description).toContain(`klo ${clock(start)}–${clock(end)}`);
        expect(event.description).toContain('Auton tuominen: Tuo auto klo 7.30–8.00');

        // The booking's own page, by the same link as the confirmation e-mail's.
        const mail = await h.database.db
          .selectFrom('email_outbox')
          .select('text_body')
          .where('booking_id', '=', stored.id)
          .where('kind', '=', 'CONFIRMATION')
          .executeTakeFirstOrThrow();
        const mailLink = /Katso, siirrä tai peru varauksesi: \S*(\/oma-varaus\?\S+)/.exec(mail.text_body)![1]!;
        expect(mail.text_body).toContain('Auton tuominen: Tuo auto klo 7.30–8.00 varauspäivän aamuna.');
        expect(mail.text_body).toContain(`Toimipisteen tiedote: ${KONALA_INFO_TEXT}`);
        const link = page.getByRole('link', { name: 'Katso tai peru varauksesi' });
        expect(await link.getAttribute('href')).toBe(mailLink);
        await link.click();
        await page.waitForURL((url) => `${url.pathname}${url.search}` === mailLink);
        await page.getByText(stored.booking_key).first().waitFor();
        await page.getByText('Laakkonen Helsinki Konala').first().waitFor();
      } finally {
        await context.close();
        ICAL.TimezoneService.reset();
      }
    });
  }
});
