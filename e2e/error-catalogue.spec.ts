import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { Page, Request, Response, Route } from 'playwright-core';
import { DELIVERY_PARAMETER_CODES, MESSAGES, NOTIFICATION_CHECK_MS, NOTIFICATION_TTL_MS, type MessageKey } from '@huolto/domain';
import { extended } from '../apps/server/src/lib/extra-tables.ts';
import { newPage, screenshot, startHarness, type Harness } from './support/harness.ts';
import {
  FOUND_PLATE,
  chooseOffice,
  chooseServiceAndContinue,
  confirmButton,
  fillContactDetails,
  firstFreeTime,
  maintenanceToCustomerStep,
  openVehicleStep,
  searchButton,
  searchFoundVehicle,
  serviceCheckboxes,
  servicesShown,
} from './support/flows.ts';

/**
 * requirements §8, every row, in the running app: `page.route` makes one API call fail while
 * everything else reaches the real server (or the server itself answers 412 for a
 * session that has run out). Covered elsewhere, and not repeated here: 'Tervetuloa!' and
 * 'Olet kirjautunut ulos' in loyalty.spec.ts (asserted here once more after a failed
 * login), the not-found fields in maintenance-booking.spec.ts (ZZZ-999).
 */

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});

const API = '**/ServiceBooking/rest';

function stack(page: Page) {
  return page.getByRole('region', { name: 'Ilmoitukset' });
}

function notificationsWith(page: Page, text: string) {
  return stack(page).locator('.notification').filter({ hasText: text });
}

/** Waits until the notification with `text` is shown and has finished sliding in. */
async function shownWith(page: Page, text: string) {
  const shown = notificationsWith(page, text);
  await shown.first().waitFor();
  await shown.first().evaluate((el) => Promise.all(el.getAnimations().map((a) => a.finished)));
  return shown;
}

/** Waits for the catalogue message `key` and checks that it is shown once, with its level. */
async function expectMessage(page: Page, key: MessageKey) {
  const { level, text } = MESSAGES[key];
  const shown = await shownWith(page, text);
  expect(await shown.count()).toBe(1);
  expect(await shown.getAttribute('class')).toContain(`notification--${level.toLowerCase()}`);
  // Errors and warnings are read out at once; info and success politely.
  expect(await shown.getAttribute('role')).toBe(level === 'ERROR' || level === 'WARNING' ? 'alert' : 'status');
  return shown;
}

async function countOf(page: Page, key: MessageKey) {
  return notificationsWith(page, MESSAGES[key].text).count();
}

/** Closes the notification with `key` (so that the next step starts with an empty stack). */
async function dismiss(page: Page, key: MessageKey) {
  const shown = notificationsWith(page, MESSAGES[key].text);
  await shown.getByRole('button', { name: 'Sulje ilmoitus' }).click();
  await shown.waitFor({ state: 'detached' });
}

/** Records the requests to an API path (e.g. '/save-booking'), whatever their answer. */
function recordRequests(page: Page, path: string) {
  const seen: Request[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname.endsWith(path)) seen.push(r);
  });
  return seen;
}

/** Records the answers to API paths, whatever their status. */
function answersTo(page: Page, paths: string[]) {
  const seen: Response[] = [];
  page.on('response', (r) => {
    const path = new URL(r.url()).pathname;
    if (paths.some((p) => path.endsWith(p))) seen.push(r);
  });
  return seen;
}

const fulfilJson = (status: number, body: unknown) => (route: Route) =>
  route.fulfill({ status, contentType: 'application/json', body: JSON.stringify(body) });

/** The server's error body for a status (what its error handler sends). */
const errorBody = (status: number) =>
  ({ 400: { error: 'VALIDATION', message: 'Virheellinen pyyntö' }, 404: { error: 'NOT_FOUND' }, 409: { error: 'CONFLICT' } })[
    status
  ] ?? { error: 'INTERNAL', message: 'Palvelussa tapahtui virhe.' };

async function processToken(page: Page) {
  return page.evaluate(() => sessionStorage.getItem('x-process-token'));
}

async function wizardState(page: Page) {
  return page.evaluate(() => JSON.parse(sessionStorage.getItem('huolto-wizard-state') ?? 'null') as Record<string, unknown> | null);
}

describe('requirements §8 error catalogue in the browser', () => {
  it('vehicle not found: the info message, and make and model appear', async () => {
    const page = await newPage(h, 1280);
    await openVehicleStep(page, h.baseUrl, 'ZZZ-999', '150000');
    await searchButton(page).click();
    await expectMessage(page, 'vehicleNotFound');
    await page.getByLabel('Merkki').waitFor();
    await page.getByLabel('Malli').waitFor();
    await page.context().close();
  });

  it('vehicle search failed: HTTP 500, a lost connection and an unknown answer each give the error, not the generic warning', async () => {
    const page = await newPage(h, 360);
    const searches = recordRequests(page, '/search-vehicle');
    await openVehicleStep(page, h.baseUrl);

    await page.route(`${API}/search-vehicle`, fulfilJson(500, errorBody(500)));
    await searchButton(page).click();
    await expectMessage(page, 'vehicleSearchFailed');
    await screenshot(page, 'error-catalogue-vehicle-search-failed-360');
    expect(await countOf(page, 'serverError')).toBe(0);
    expect(page.url()).toMatch(/\/huolto\/ajoneuvo$/);
    await dismiss(page, 'vehicleSearchFailed');

    await page.unroute(`${API}/search-vehicle`);
    await page.route(`${API}/search-vehicle`, (route) => route.abort('connectionreset'));
    await searchButton(page).click();
    await expectMessage(page, 'vehicleSearchFailed');
    expect(await countOf(page, 'serverError')).toBe(0);
    await dismiss(page, 'vehicleSearchFailed');

    await page.unroute(`${API}/search-vehicle`);
    await page.route(`${API}/search-vehicle`, fulfilJson(200, { responseCode: 'ERROR' }));
    await searchButton(page).click();
    await expectMessage(page, 'vehicleSearchFailed');
    expect(page.url()).toMatch(/\/huolto\/ajoneuvo$/);
    // The car is not found-and-unknown: no make and model fields.
    expect(await page.getByLabel('Merkki').count()).toBe(0);
    expect(searches).toHaveLength(3);

    // With the server reachable again the same search goes on.
    await page.unroute(`${API}/search-vehicle`);
    await searchButton(page).click();
    await page.waitForURL(/\/huolto\/palvelut$/);
    await page.context().close();
  });

  it('login failed: the error, the dialog stays open; then the right password welcomes the member', async () => {
    const page = await newPage(h, 1280);
    await openVehicleStep(page, h.baseUrl);
    await page.getByRole('button', { name: 'Kirjaudu kanta-asiakkaana' }).click();
    const dialog = page.getByRole('dialog', { name: 'Kirjaudu kanta-asiakkaana' });
    await dialog.getByLabel('Käyttäjätunnus').fill('testi@example.com');
    await dialog.getByLabel('Salasana').fill('väärä-salasana');
    const submit = dialog.getByRole('button', { name: 'Kirjaudu', exact: true });
    await expect.poll(() => submit.isEnabled()).toBe(true);
    await submit.click();
    await expectMessage(page, 'loginFailed');
    expect(await dialog.isVisible()).toBe(true);
    expect(await page.evaluate(() => sessionStorage.getItem('loyalty-token'))).toBeNull();

    await dialog.getByLabel('Salasana').fill('Salasana123!');
    await submit.click();
    await dialog.waitFor({ state: 'detached' });
    await expectMessage(page, 'loginSuccess');
    await page.context().close();
  });

  it('time reservation failed: HTTP 500 and a time someone else took give the error; no time is held', async () => {
    const page = await newPage(h, 1280);
    const reservations = recordRequests(page, '/reserve-time');
    await searchFoundVehicle(page, h.baseUrl);
    await chooseServiceAndContinue(page);
    const next = page.getByRole('button', { name: 'Jatka' }).first();

    await page.route(`${API}/reserve-time`, fulfilJson(500, errorBody(500)));
    await (await firstFreeTime(page)).click();
    await expectMessage(page, 'reservationFailed');
    expect(await countOf(page, 'serverError')).toBe(0);
    expect(await page.getByText('Aika valittu').count()).toBe(0);
    expect(await next.isDisabled()).toBe(true);
    await dismiss(page, 'reservationFailed');

    // The server's answer when another customer was quicker.
    await page.unroute(`${API}/reserve-time`);
    await page.route(`${API}/reserve-time`, fulfilJson(200, { responseCode: 'NOT_AVAILABLE', message: 'Aika ei ole enää vapaana.' }));
    await (await firstFreeTime(page)).click();
    await expectMessage(page, 'reservationFailed');
    await screenshot(page, 'error-catalogue-reservation-failed');
    expect(await page.getByText('Aika valittu').count()).toBe(0);
    expect(reservations).toHaveLength(2);

    const token = await processToken(page);
    const holds = await h.database.db.selectFrom('resource_time').select('id').where('process_token', '=', token).execute();
    expect(holds).toHaveLength(0);

    await page.unroute(`${API}/reserve-time`);
    await (await firstFreeTime(page)).click();
    await page.getByText('Aika valittu').first().waitFor();
    await page.context().close();
  });

  it('too many requests (HTTP 429): starting a booking and holding a time show the server\'s own words, not a network error', async () => {
    const page = await newPage(h, 360);
    const tooMany = 'Liian monta pyyntöä. Yritä hetken kuluttua uudelleen.';
    await page.route(`${API}/init-session**`, fulfilJson(429, { error: 'TOO_MANY_REQUESTS', message: tooMany }));
    await page.goto(`${h.baseUrl}/huolto/ajoneuvo`);
    await page.getByText('Varauksen aloittaminen epäonnistui').waitFor();
    expect(await page.getByText(tooMany).count()).toBe(1);
    expect(await page.getByText('Tarkista verkkoyhteys').count()).toBe(0);
    await screenshot(page, 'error-catalogue-init-session-429');
    // Once the server lets it, "Yritä uudelleen" starts the booking.
    await page.unroute(`${API}/init-session**`);
    await page.getByRole('button', { name: 'Yritä uudelleen' }).click();
    await page.getByLabel('Rekisterinumero').waitFor();

    await searchFoundVehicle(page, h.baseUrl);
    await chooseServiceAndContinue(page);
    const share = 'Tästä osoitteesta on juuri nyt varattuna liian monta aikaa. Yritä hetken kuluttua uudelleen.';
    await page.route(`${API}/reserve-time`, fulfilJson(429, { error: 'TOO_MANY_REQUESTS', message: share }));
    await (await firstFreeTime(page)).click();
    expect(await (await shownWith(page, share)).count()).toBe(1);
    expect(await countOf(page, 'reservationFailed')).toBe(0);
    expect(await page.getByText('Aika valittu').count()).toBe(0);
    await page.unroute(`${API}/reserve-time`);
    await page.context().close();
  });

  it('session expired on the server (HTTP 412): the warning, back to the vehicle step, the booking state reset', async () => {
    const page = await newPage(h, 1280);
    await searchFoundVehicle(page, h.baseUrl);
    await chooseServiceAndContinue(page);
    // The choice is saved in the background (reservation-details/v2 and one product parameter
    // per code); the process must run out only after those calls, or one of them meets the
    // expired process before the time is clicked (a CI run failed so).
    const deliverySaved = answersTo(page, ['/reservation-details/v2', '/product-parameter']);
    await page.getByLabel('Jätän auton päiväksi').check();
    await expect.poll(async () => (await wizardState(page))?.deliveryOption).toBe('VEHICLE_LEFT_FOR_DAY');
    await expect.poll(() => deliverySaved.length).toBe(1 + DELIVERY_PARAMETER_CODES.length);
    const oldToken = await processToken(page);
    expect(oldToken).toBeTruthy();

    // The process runs out on the server while the customer is on the time step.
    await sql`UPDATE process SET expires_at = now() - interval '1 minute' WHERE token = ${oldToken}`.execute(h.database.db);
    await (await firstFreeTime(page)).click();

    await expectMessage(page, 'sessionExpired');
    await page.waitForURL(/\/huolto\/ajoneuvo$/);
    // Not reported as a failed reservation or a generic error as well.
    expect(await countOf(page, 'reservationFailed')).toBe(0);
    expect(await countOf(page, 'serverError')).toBe(0);
    await screenshot(page, 'error-catalogue-session-expired');

    // A new process has started, and nothing of the old one is left in the browser.
    await expect.poll(() => processToken(page)).not.toBeNull();
    expect(await processToken(page)).not.toBe(oldToken);
    expect(await wizardState(page)).toMatchObject({ deliveryOption: null, serviceContract: false, lastBooking: null });
    expect(await page.getByLabel('Rekisterinumero').inputValue()).toBe('');
    expect(await page.getByText(FOUND_PLATE).count()).toBe(0);
    // The progress bar starts over: no finished (clickable) steps.
    const progress = page.getByRole('navigation', { name: 'Varauksen vaiheet' });
    await progress.waitFor();
    expect(await progress.getByRole('link').count()).toBe(0);

    // The later steps are closed until a car is searched again.
    await page.goto(`${h.baseUrl}/huolto/aika`);
    await page.waitForURL(/\/huolto\/ajoneuvo$/);
    await page.getByLabel('Rekisterinumero').waitFor();
    await page.context().close();
  });

  it('session expired on save-booking (HTTP 412): the warning only, no save failure, the state reset', async () => {
    const page = await newPage(h, 1280);
    const saves = recordRequests(page, '/save-booking');
    await maintenanceToCustomerStep(page, h.baseUrl);
    await fillContactDetails(page);
    const oldToken = await processToken(page);
    await page.route(`${API}/save-booking`, fulfilJson(412, { error: 'SESSION_EXPIRED', message: 'Istunto on päättynyt.' }));
    await expect.poll(() => confirmButton(page).isEnabled()).toBe(true);
    await confirmButton(page).click();

    await expectMessage(page, 'sessionExpired');
    await page.waitForURL(/\/huolto\/ajoneuvo$/);
    expect(await countOf(page, 'saveFailed')).toBe(0);
    expect(saves).toHaveLength(1);
    await expect.poll(() => processToken(page)).not.toBeNull();
    expect(await processToken(page)).not.toBe(oldToken);
    expect(await wizardState(page)).toMatchObject({ deliveryOption: null, lastBooking: null });
    expect(await page.getByLabel('Rekisterinumero').inputValue()).toBe('');
    await page.context().close();
  });

  it('server errors 400, 404, 500, 504 and a lost connection give the generic warning; another status (409) none', async () => {
    const page = await newPage(h, 1280);
    await searchFoundVehicle(page, h.baseUrl);
    await chooseOffice(page);
    const service = serviceCheckboxes(page).nth(1);
    const adds = recordRequests(page, '/add-products-to-cart');

    for (const status of [400, 404, 500, 504]) {
      await page.route(`${API}/add-products-to-cart`, fulfilJson(status, errorBody(status)));
      await service.click();
      await expectMessage(page, 'serverError');
      if (status === 504) await screenshot(page, 'error-catalogue-server-error-504');
      await dismiss(page, 'serverError');
      await page.unroute(`${API}/add-products-to-cart`);
      // The cart did not change: the service is not shown as chosen.
      await expect.poll(() => service.isChecked()).toBe(false);
    }

    await page.route(`${API}/add-products-to-cart`, (route) => route.abort('internetdisconnected'));
    await service.click();
    await expectMessage(page, 'serverError');
    await dismiss(page, 'serverError');
    await page.unroute(`${API}/add-products-to-cart`);

    await page.route(`${API}/add-products-to-cart`, fulfilJson(409, errorBody(409)));
    await service.click();
    await expect.poll(() => adds.length).toBe(6);
    await page.waitForLoadState('networkidle');
    expect(await stack(page).locator('.notification').count()).toBe(0);
    await page.unroute(`${API}/add-products-to-cart`);

    // A query (GET) that fails is reported the same way.
    await page.route(`${API}/services/v2**`, fulfilJson(504, errorBody(504)));
    await page.reload();
    await expectMessage(page, 'serverError');
    await page.unroute(`${API}/services/v2**`);

    // With the server answering again the service goes into the cart.
    await page.reload();
    await servicesShown(page);
    await serviceCheckboxes(page).nth(1).check();
    await expect.poll(() => serviceCheckboxes(page).nth(1).isChecked()).toBe(true);
    await page.context().close();
  });

  it('the same failure twice shows one notification, which is gone 5 seconds later', async () => {
    const page = await newPage(h, 360);
    await searchFoundVehicle(page, h.baseUrl);
    await chooseOffice(page);
    const adds = recordRequests(page, '/add-products-to-cart');
    await page.route(`${API}/add-products-to-cart`, fulfilJson(500, errorBody(500)));
    // The page notes when a notification first shows and when the last one leaves, by its own
    // clock: on a busy machine the test's polling notices either a while later. It also notes
    // how late its own timers run (a 100 ms probe): the app removes a notification at its first
    // check after the TTL, and a starved page runs that check late.
    await page.evaluate(() => {
      const w = window as unknown as { shownAt?: number; goneAt?: number; timerLag: number };
      w.timerLag = 0;
      let last = performance.now();
      window.setInterval(() => {
        const now = performance.now();
        w.timerLag = Math.max(w.timerLag, now - last - 100);
        last = now;
      }, 100);
      new MutationObserver(() => {
        const any = document.querySelector('.notification') !== null;
        if (any && w.shownAt === undefined) w.shownAt = Date.now();
        if (!any && w.shownAt !== undefined && w.goneAt === undefined) w.goneAt = Date.now();
      }).observe(document.body, { childList: true, subtree: true });
    });
    // The same failure again raises the notification again, and its time counts from the last
    // raise: when the last failed call's answer reached the page (its resource timing), by the
    // page's clock. On a busy run the second answer came 1.5 s after the first.
    const times = () =>
      page.evaluate(() => {
        const w = window as unknown as { shownAt?: number; goneAt?: number; timerLag: number };
        const answered = performance
          .getEntriesByType('resource')
          .filter((e) => e.name.includes('/add-products-to-cart'))
          .map((e) => performance.timeOrigin + (e as PerformanceResourceTiming).responseEnd);
        return { shownAt: w.shownAt, goneAt: w.goneAt, timerLag: w.timerLag, lastAnswerAt: answered.length > 0 ? Math.max(...answered) : undefined };
      });

    // Two different services in quick succession: two failed calls (the second in a folded group, opened first).
    await page.getByRole('button', { name: /^Öljynvaihto/ }).click();
    await Promise.all([serviceCheckboxes(page).nth(1).click(), serviceCheckboxes(page).nth(2).click()]);
    await expect.poll(() => adds.length).toBe(2);
    await Promise.all(adds.map((r) => r.response()));
    const shown = await expectMessage(page, 'serverError');
    await screenshot(page, 'error-catalogue-one-notification-360');
    expect(await stack(page).locator('.notification').count()).toBe(1);
    const { shownAt } = await times();
    expect(shownAt).toBeDefined();

    // Still there a second before its time (when this test gets there in time)…
    const untilSecondBefore = shownAt! + NOTIFICATION_TTL_MS - 1000 - Date.now();
    if (untilSecondBefore > 200) {
      await page.waitForTimeout(untilSecondBefore);
      expect(await shown.count()).toBe(1);
    }
    // …and gone within the check interval (500 ms) after it.
    await shown.waitFor({ state: 'detached', timeout: NOTIFICATION_TTL_MS + 3000 });
    const { goneAt, timerLag, lastAnswerAt } = await times();
    expect(lastAnswerAt).toBeDefined();
    const lived = goneAt! - shownAt!;
    expect(lived).toBeGreaterThanOrEqual(NOTIFICATION_TTL_MS - 1000);
    // Gone at the first check after the TTL from the last raise (NOTIFICATION_CHECK_MS), that
    // check as late as the page's timers ran; a notification that stays longer still fails.
    const sinceLastRaise = goneAt! - Math.max(shownAt!, lastAnswerAt!);
    expect(sinceLastRaise).toBeLessThan(NOTIFICATION_TTL_MS + NOTIFICATION_CHECK_MS + timerLag + 1000);
    expect(await stack(page).locator('.notification').count()).toBe(0);
    await page.context().close();
  });

  it('invalid customer form on confirm: the form message, the first bad field focused, nothing saved', async () => {
    const page = await newPage(h, 1280);
    await maintenanceToCustomerStep(page, h.baseUrl);
    const sent = ['/customer/v2', '/save-notes', '/save-booking'].map((p) => recordRequests(page, p));
    await fillContactDetails(page, { firstName: 'Maija', lastName: 'Mallikas', phone: '040 765 4321', email: 'maija' });
    // The confirm button is disabled while the form is invalid (requirements §5)…
    await expect.poll(() => confirmButton(page).isDisabled()).toBe(true);
    // …and Enter in a field does not submit past it.
    await page.getByLabel('Sukunimi').press('Enter');
    await page.waitForTimeout(500);
    expect(await countOf(page, 'invalidCustomerForm')).toBe(0);

    // A submit that still reaches the form (the browser's own, without the button) is refused.
    await page.locator('form.customer-form').evaluate((form: HTMLFormElement) => form.requestSubmit());
    await expectMessage(page, 'invalidCustomerForm');
    await screenshot(page, 'error-catalogue-invalid-customer-form');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('type'))).toBe('email');
    expect(await page.getByText('Tarkista sähköpostiosoite').count()).toBeGreaterThan(0);
    // Loading stops and nothing is sent.
    expect(await page.locator('.loader-overlay').count()).toBe(0);
    await page.waitForLoadState('networkidle');
    expect(sent.map((s) => s.length)).toEqual([0, 0, 0]);
    expect(page.url()).toMatch(/\/huolto\/omat-tiedot$/);
    await page.context().close();
  });

  it('save failure: the error, the customer stays on omat-tiedot with the form filled; a retry saves', async () => {
    const page = await newPage(h, 1280);
    await maintenanceToCustomerStep(page, h.baseUrl);
    const token = await processToken(page);
    await fillContactDetails(page, { firstName: 'Sanna', lastName: 'Säilyvä', phone: '040 111 2222', email: 'sanna@example.com' });
    await page.getByLabel('Lisätietoja').fill('Soittakaa ennen töiden aloittamista.');
    const filled = async () =>
      Promise.all(['Etunimi', 'Sukunimi', 'Puhelinnumero', 'Sähköposti', 'Lisätietoja'].map((l) => page.getByLabel(l).inputValue()));
    const before = await filled();
    const stored = () =>
      h.database.db.selectFrom('booking').select('id').where('process_token', '=', token).execute();

    await page.route(`${API}/save-booking`, fulfilJson(500, errorBody(500)));
    await expect.poll(() => confirmButton(page).isEnabled()).toBe(true);
    await confirmButton(page).click();
    await expectMessage(page, 'saveFailed');
    expect(await countOf(page, 'serverError')).toBe(0);
    await screenshot(page, 'error-catalogue-save-failed');
    expect(page.url()).toMatch(/\/huolto\/omat-tiedot$/);
    expect(await filled()).toEqual(before);
    expect(await stored()).toHaveLength(0);
    await dismiss(page, 'saveFailed');

    // An answer other than SUCCESS keeps the customer on the page as well (requirements §4).
    await page.unroute(`${API}/save-booking`);
    await page.route(`${API}/save-booking`, fulfilJson(200, { responseCode: 'NOT_AVAILABLE' }));
    await expect.poll(() => confirmButton(page).isEnabled()).toBe(true);
    await confirmButton(page).click();
    await expectMessage(page, 'saveFailed');
    expect(page.url()).toMatch(/\/huolto\/omat-tiedot$/);
    expect(await filled()).toEqual(before);

    await page.unroute(`${API}/save-booking`);
    await confirmButton(page).click();
    await page.waitForURL(/\/huolto\/kiitos$/);
    expect(await stored()).toHaveLength(1);
    await page.context().close();
  });
});

describe('the booking\'s own page: feedback and the confirmation again', () => {
  /** A confirmed booking of the seed, a week or more ahead, with the customer's e-mail. */
  async function upcomingBooking() {
    return h.database.db
      .selectFrom('booking')
      .select(['id', 'booking_key', 'register_number', 'customer'])
      .where('status', '=', 'CONFIRMED')
      .where('kind', '=', 'RESERVATION')
      .where('start_at', '>', sql<Date>`now() + interval '7 days'`)
      .orderBy('start_at')
      .orderBy('id')
      .executeTakeFirstOrThrow();
  }

  const outboxOf = (bookingId: string) =>
    h.database.db.selectFrom('email_outbox').selectAll().where('booking_id', '=', bookingId).orderBy('id').execute();

  it('re-sends the confirmation (a new outbox message) and stores the feedback after the visit; failures are told and keep the form', async () => {
    const booking = await upcomingBooking();
    const email = (booking.customer as { email: string }).email;
    const page = await newPage(h, 360);
    await page.goto(`${h.baseUrl}/oma-varaus?varaus=${booking.booking_key}&rekisteri=${booking.register_number}`);
    await page.getByRole('heading', { name: /Varauksesi/ }).waitFor();

    const resend = page.getByRole('button', { name: 'Lähetä vahvistus uudelleen sähköpostiin' });
    const failedResend = 'Vahvistuksen lähettäminen epäonnistui. Yritä hetken kuluttua uudelleen.';
    const sentResend = 'Varausvahvistus on lähetetty uudelleen sähköpostiisi.';
    const mailsBefore = await outboxOf(booking.id);

    await page.route(`${API}/send-email`, fulfilJson(500, errorBody(500)));
    await resend.click();
    expect(await (await shownWith(page, failedResend)).getAttribute('class')).toContain('notification--error');
    expect(await notificationsWith(page, MESSAGES.serverError.text).count()).toBe(0);
    await page.unroute(`${API}/send-email`);
    expect(await outboxOf(booking.id)).toHaveLength(mailsBefore.length);

    await resend.click();
    const sent = await shownWith(page, sentResend);
    expect(await sent.getAttribute('class')).toContain('notification--success');
    expect(await sent.getAttribute('role')).toBe('status');
    // The failure of the first try is taken away by the success.
    expect(await notificationsWith(page, failedResend).count()).toBe(0);
    await screenshot(page, 'error-catalogue-oma-varaus-resend-360');
    const mailsAfter = await outboxOf(booking.id);
    expect(mailsAfter).toHaveLength(mailsBefore.length + 1);
    const mail = mailsAfter.at(-1)!;
    expect(mail.recipient).toBe(email);
    expect(mail.file_name).toContain(booking.booking_key);
    expect(mail.ics).toBeTruthy();
    await h.app.mailer.kick();
    expect(existsSync(join(h.outboxDir, mail.file_name))).toBe(true);

    // Feedback is asked after the visit: a booking of the seed whose day is past. A failure
    // first, which keeps the rating and the comment.
    const visited = await h.database.db
      .selectFrom('booking')
      .select(['id', 'booking_key', 'register_number'])
      .where('status', '=', 'CONFIRMED')
      .where('start_at', '<', sql<Date>`now() - interval '2 days'`)
      .orderBy('start_at', 'desc')
      .executeTakeFirstOrThrow();
    await page.goto(`${h.baseUrl}/oma-varaus?varaus=${visited.booking_key}&rekisteri=${visited.register_number}`);
    const feedback = page.getByRole('region', { name: 'Anna palautetta' });
    const send = feedback.getByRole('button', { name: 'Lähetä palaute' });
    expect(await send.isDisabled()).toBe(true);
    await feedback.getByRole('radio', { name: /^4 –/ }).check();
    await feedback.getByLabel('Kommentti (vapaaehtoinen)').fill('Ajan varaaminen oli helppoa.');
    await page.route(`${API}/feedback/v2`, fulfilJson(504, errorBody(504)));
    await send.click();
    const failedFeedback = await shownWith(page, 'Palautteen lähettäminen epäonnistui. Yritä hetken kuluttua uudelleen.');
    expect(await failedFeedback.getAttribute('class')).toContain('notification--error');
    expect(await feedback.getByRole('radio', { name: /^4 –/ }).isChecked()).toBe(true);
    expect(await feedback.getByLabel('Kommentti (vapaaehtoinen)').inputValue()).toBe('Ajan varaaminen oli helppoa.');
    await page.unroute(`${API}/feedback/v2`);

    await send.click();
    const thanked = await shownWith(page, 'Kiitos palautteestasi!');
    expect(await thanked.getAttribute('class')).toContain('notification--success');
    expect(await failedFeedback.count()).toBe(0);
    await feedback.getByText(/Palautteesi on vastaanotettu/).waitFor();
    await screenshot(page, 'error-catalogue-oma-varaus-feedback-360');
    const rows = await extended(h.database.db).selectFrom('feedback').selectAll().where('booking_id', '=', visited.id).execute();
    expect(rows).toEqual([expect.objectContaining({ rating: 4, message: 'Ajan varaaminen oli helppoa.' })]);
    await page.context().close();
  });
});
