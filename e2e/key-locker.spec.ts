/**
 * A maintenance booking with the key locker ('Tuon auton aukioloaikojen ulkopuolella, avain
 * avainautomaattiin'), on a phone (360 × 780) and a desktop (1280 × 900): the thanks page,
 * the confirmation e-mail (text and HTML, rendered in the browser and checked with axe),
 * the calendar file at the drop-off and /oma-varaus all say where the locker is, how to
 * leave the key and by when. Screenshots of the three go to test-results/screenshots.
 */
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { formatLocalDateTime } from '@huolto/domain';
import { screenshot, startHarness, type Harness } from './support/harness.ts';
import { newestBrowserBooking, readEvent } from './support/stored.ts';
import { axeProblems } from './support/axe-check.ts';
import { FOUND_PLATE, MAIJA, chooseServiceAndContinue, confirmButton, fillContactDetails, reserveFirstFreeTime, searchFoundVehicle } from './support/flows.ts';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});

const KEY_LOCKER = 'Tuon auton aukioloaikojen ulkopuolella, avain avainautomaattiin';
/** The key locker's instructions as every place says them (domain delivery.ts). */
const WHEN = 'Tuo auto aukioloaikojen ulkopuolella ja jätä avain avainautomaattiin viimeistään varauspäivän aamuna klo 7.30.';
const WHERE = 'Avainautomaatti on toimipisteen pääoven vieressä osoitteessa Ruosilantie 14, 00390 Helsinki.';
const HOW = 'Ota automaatista avainkuori, kirjoita siihen auton rekisterinumero ja puhelinnumerosi, laita avain kuoreen ja pudota kuori automaatin luukusta.';



describe('a booking with the key locker', () => {
  for (const [width, height] of [
    [360, 780],
    [1280, 900],
  ] as const) {
    it(`at ${width} × ${height}: the thanks page, the e-mail, the .ics and /oma-varaus tell where, how and when`, async () => {
      const context = await h.browser.newContext({ viewport: { width, height }, locale: 'fi-FI', reducedMotion: 'reduce', acceptDownloads: true });
      const page = await context.newPage();
      page.setDefaultTimeout(15_000);
      try {
        await searchFoundVehicle(page, h.baseUrl);
        await chooseServiceAndContinue(page);
        await reserveFirstFreeTime(page);
        await page.getByLabel(KEY_LOCKER).check();
        const next = page.getByRole('button', { name: 'Jatka' }).first();
        await expect.poll(() => next.isEnabled()).toBe(true);
        await next.click();
        await page.waitForURL(/\/huolto\/omat-tiedot$/);
        await fillContactDetails(page);
        await confirmButton(page).click();
        await page.waitForURL(/\/huolto\/kiitos$/);
        await page.getByRole('heading', { level: 1, name: 'Aikasi on varattu' }).waitFor();

        // The thanks page: the choice, when, where and how, in the order the customer acts.
        const dropOff = page.getByRole('region', { name: 'Auton tuominen' });
        await dropOff.getByText(`Valintasi: ${KEY_LOCKER}`).waitFor();
        await dropOff.getByText(WHEN).waitFor();
        const steps = await dropOff.getByRole('listitem').allInnerTexts();
        expect(steps[0]).toBe(WHERE);
        expect(steps).toContain(HOW);
        expect(await dropOff.getByRole('link', { name: 'Laakkonen Helsinki Konala kartalla' }).getAttribute('href')).toMatch(
          /^https:\/\/www\.google\.com\/maps\/search\/\?api=1&query=Laakkonen%20Helsinki%20Konala/,
        );
        await screenshot(page, `key-locker-thanks-${width}`);
        expect(await axeProblems(page)).toEqual([]);

        const stored = await newestBrowserBooking(h, FOUND_PLATE);
        expect(stored.using_key_locker).toBe(true);
        const start = formatLocalDateTime(stored.start_at!);

        // The calendar file: at the locker's deadline on the day (7.00–7.30), the work's time in the description.
        const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Lisää kalenteriin' }).click()]);
        const event = readEvent(readFileSync((await download.path())!, 'utf8'));
        expect(event.startDate.toString()).toBe(`${start.slice(0, 10)}T07:00:00`);
        expect(event.endDate.toString()).toBe(`${start.slice(0, 10)}T07:30:00`);
        expect(event.summary).toBe('Jätä auto ja avain avainautomaattiin: ABC-123 Volkswagen Golf');
        expect(event.description).toContain(`Työn aika: `);
        expect(event.description).toContain(WHERE);

        // The confirmation e-mail, as queued and as sent to the outbox: instructions in the text and the HTML.
        const mail = await h.database.db
          .selectFrom('email_outbox')
          .select(['subject', 'text_body', 'html_body', 'recipient'])
          .where('booking_id', '=', stored.id)
          .where('kind', '=', 'CONFIRMATION')
          .executeTakeFirstOrThrow();
        expect(mail.recipient).toBe(MAIJA.email);
        expect(mail.subject).toMatch(/^Aikasi on varattu: ABC-123 /);
        for (const part of [mail.text_body, mail.html_body!]) {
          expect(part).toContain(WHEN);
          expect(part).toContain(WHERE);
          expect(part).toContain(HOW);
        }
        await expect.poll(() => existsSync(h.outboxDir) && readdirSync(h.outboxDir).some((f) => f.startsWith(stored.booking_key)), { timeout: 15_000 }).toBe(true);
        const eml = readdirSync(h.outboxDir).find((f) => f.startsWith(stored.booking_key) && f.endsWith('.eml'))!;
        const sent = readFileSync(join(h.outboxDir, eml), 'utf8');
        expect(sent).toMatch(/^Content-Type: text\/plain/m);
        expect(sent).toMatch(/^Content-Type: text\/html/m);

        // The HTML e-mail in the browser: readable at the width, no axe finding.
        const mailPage = await context.newPage();
        await mailPage.setContent(mail.html_body!);
        await mailPage.getByRole('heading', { level: 1, name: 'Aikasi on varattu' }).waitFor();
        await mailPage.getByRole('heading', { level: 2, name: 'Auton tuominen' }).waitFor();
        expect(await mailPage.getByRole('link', { name: /^0\d[\d ]+$/ }).first().getAttribute('href')).toMatch(/^tel:\+358\d+$/);
        await screenshot(mailPage, `key-locker-mail-${width}`);
        expect(await axeProblems(mailPage)).toEqual([]);
        await mailPage.close();

        // /oma-varaus: the same instructions and the choice.
        await page.getByRole('link', { name: 'Katso tai peru varauksesi' }).click();
        await page.waitForURL(/\/oma-varaus\?/);
        const manageDropOff = page.getByRole('region', { name: 'Auton tuominen' });
        await manageDropOff.getByText(`Valintasi: ${KEY_LOCKER}`).waitFor();
        await manageDropOff.getByText(WHEN).waitFor();
        expect(await manageDropOff.getByRole('listitem').allInnerTexts()).toContain(WHERE);
        await screenshot(page, `key-locker-manage-${width}`);
        expect(await axeProblems(page)).toEqual([]);
      } finally {
        await context.close();
        ICAL.TimezoneService.reset();
      }
    });
  }
});
