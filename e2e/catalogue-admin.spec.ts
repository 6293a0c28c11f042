import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { Page } from 'playwright-core';
import { formatLocalDateTime } from '@huolto/domain';
import { startHarness, type Harness } from './support/harness.ts';
import { DESKTOP, pageAt } from './support/axe-check.ts';
import { expectSoundAtEveryWidth, openAdminPage } from './support/staff-check.ts';
import {
  FOUND_PLATE,
  confirmButton,
  fillContactDetails,
  freeTimeChips,
  freeTimesShown,
  reserveFirstFreeTime,
  searchFoundVehicle,
  chooseOffice,
} from './support/flows.ts';
import { newestBrowserBooking } from './support/stored.ts';

/**
 * The catalogue is kept in the back-office (/hallinta/palvelut): an admin adds a group and in
 * it a wheel alignment service with its price and length; a customer sees it at that price,
 * books it, and the time step offers only times as long as the work on the one lift of
 * Konala that can align wheels. The admin then raises the price: the saved booking keeps the
 * price it was booked at (confirmation e-mail, the booking's own page, the staff booking
 * page), a new customer sees the new one. Each catalogue page is checked with axe and for
 * sideways scrolling at 1280, 768 and 360 px (screenshots catalogue-*).
 */

const ADMIN = { email: 'admin@laakkonen.example', password: 'Hallinta-demo-2026' };
/** Konala (flows.ts KONALA). */
const KONALA_ID = 1;
const GROUP = 'Alustatyöt';
const SERVICE = {
  code: 'ALUSTA-SUUNTAUS',
  name: 'Alustan tarkastus ja nelipyöräsuuntaus',
  minutes: 150,
  kind: 'WHEEL_ALIGNMENT',
};
/** The prices as the customer's pages show them, rounded up to whole euros with a no-break space. */
const OLD_PRICE = '79\u00a0€';
const NEW_PRICE = '99\u00a0€';

let h: Harness;
let admin: Page;
/** The one lift of Konala left able to align wheels. */
let alignmentLift: { id: number; name: string };

beforeAll(async () => {
  h = await startHarness();
  // Every demo lift does every kind of work (seed/work-kinds.ts). Only Konala's busiest lift
  // in the coming two weeks keeps wheel alignment, so that its bookings narrow the free times.
  const busiest = await sql<{ id: number; name: string }>`
    SELECT r.id, r.name FROM resource r
    LEFT JOIN resource_time t ON t.resource_id = r.id AND t.kind = 'BOOKED'
      AND lower(t.during) > now() AND lower(t.during) < now() + interval '14 days'
    WHERE r.organization_id = ${KONALA_ID} AND r.active
    GROUP BY r.id, r.name
    ORDER BY coalesce(sum(extract(epoch FROM upper(t.during) - lower(t.during))), 0) DESC, r.id
    LIMIT 1`.execute(h.database.db);
  alignmentLift = busiest.rows[0]!;
  await h.database.db
    .deleteFrom('resource_work_kind')
    .where('work_kind', '=', SERVICE.kind)
    .where('resource_id', '!=', alignmentLift.id)
    .where('resource_id', 'in', h.database.db.selectFrom('resource').select('id').where('organization_id', '=', KONALA_ID))
    .execute();
  admin = await pageAt(h.browser, DESKTOP);
}, 120_000);
afterAll(async () => {
  await h?.close();
});

/** A page's text with every kind of space (the prices' no-break spaces too) as one plain space. */
async function textOf(page: Page): Promise<string> {
  return (await page.locator('main').innerText()).replace(/\s+/g, ' ');
}

/** The confirmation e-mail of a booking from the outbox, quoted-printable decoded. */
function confirmationMail(bookingKey: string): string {
  const raw = readFileSync(join(h.outboxDir, `${bookingKey}.eml`), 'latin1').replace(/=\r?\n/g, '');
  return Buffer.from(raw.replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))), 'latin1').toString('utf8');
}

/** The services step at Konala with the new group opened: the service's card. */
async function serviceCard(page: Page) {
  await searchFoundVehicle(page, h.baseUrl);
  await chooseOffice(page);
  await page.getByRole('button', { name: new RegExp(`^${GROUP}`) }).click();
  const card = page.locator('.product-card', { has: page.getByRole('checkbox', { name: SERVICE.name, exact: true }) });
  await card.waitFor();
  return card;
}

describe('services kept in the back-office', () => {
  it('the admin signs in and sees the services by stage and group', async () => {
    await admin.goto(`${h.baseUrl}/hallinta`);
    await admin.getByRole('heading', { name: 'Hallinta – kirjaudu sisään' }).waitFor();
    await admin.getByLabel('Sähköposti').fill(ADMIN.email);
    await admin.getByLabel('Salasana').fill(ADMIN.password);
    await admin.getByRole('button', { name: 'Kirjaudu sisään' }).click();
    await admin.getByRole('button', { name: 'Kirjaudu ulos' }).waitFor();
    await admin.waitForLoadState('networkidle');
    await openAdminPage(admin, 'Palvelut');
    await admin.getByRole('heading', { level: 1, name: 'Palvelut' }).waitFor();
    await admin.getByRole('heading', { level: 3, name: 'Öljynvaihto' }).waitFor();
    await admin.getByRole('link', { name: 'Öljynvaihto Longlife-öljyllä' }).waitFor();
    await expectSoundAtEveryWidth(admin, 'services list', 'catalogue-services');
  });

  it('adds a group and in it a wheel alignment service with its price and length', async () => {
    await admin.getByLabel('Ryhmän nimi').fill(GROUP);
    await admin.getByRole('button', { name: 'Lisää ryhmä' }).click();
    await admin.getByRole('heading', { level: 3, name: GROUP }).waitFor();

    await admin.getByRole('link', { name: 'Uusi palvelu' }).click();
    await admin.getByRole('heading', { level: 1, name: 'Uusi palvelu' }).waitFor();
    await admin.getByRole('combobox', { name: /^Ryhmä/ }).selectOption({ label: GROUP });
    await expectSoundAtEveryWidth(admin, 'new service form', 'catalogue-new-service');
    await admin.getByLabel('Tunnus').fill(SERVICE.code);
    await admin.getByRole('textbox', { name: /^Nimi/ }).fill(SERVICE.name);
    await admin.getByLabel('Lisätietoja').fill('Alustan nivelten ja tukivarsien tarkastus sekä pyörien suuntaus kaikista neljästä pyörästä.');
    await admin.getByLabel('Hinta (€, sis. alv)').fill('79,00');
    await admin.getByLabel('Kesto (min)').fill(String(SERVICE.minutes));
    await admin.getByLabel('Työlaji').selectOption({ label: 'Suuntaus' });
    await admin.getByRole('button', { name: 'Lisää palvelu' }).click();
    await admin.waitForURL(/\/hallinta\/palvelut$/);
    await admin.getByText(`Palvelu lisätty: ${SERVICE.name}`).waitFor();
    const row = admin.getByRole('row', { name: new RegExp(SERVICE.name) });
    expect((await row.innerText()).replace(/\s+/g, ' ')).toMatch(/79 €.*2 h 30 min.*Suuntaus.*Käytössä/);

    const stored = await h.database.db
      .selectFrom('product')
      .innerJoin('service_group', 'service_group.id', 'product.group_id')
      .select(['product.price_cents', 'product.duration_minutes', 'product.work_kind', 'service_group.stage', 'service_group.kind', 'service_group.title'])
      .where('product.id', '=', SERVICE.code)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ price_cents: 7900, duration_minutes: SERVICE.minutes, work_kind: SERVICE.kind, stage: 'DEFAULT', kind: 'PRIMARY', title: GROUP });
  });

  it("the service's page, the preview, campaign codes and tires are sound at every width", async () => {
    await admin.getByRole('link', { name: SERVICE.name }).click();
    await admin.getByRole('heading', { level: 1, name: `Palvelu: ${SERVICE.name}` }).waitFor();
    expect(await admin.getByLabel('Hinta (€, sis. alv)').inputValue()).toBe('79,00');
    await expectSoundAtEveryWidth(admin, 'service page', 'catalogue-service');

    await admin.getByRole('link', { name: '← Palvelut' }).click();
    await admin.getByRole('link', { name: 'Esikatsele asiakkaan näkymää' }).click();
    await admin.getByRole('heading', { level: 1, name: 'Palveluiden esikatselu' }).waitFor();
    await admin.getByLabel('Rekisterinumero').fill(FOUND_PLATE);
    await admin.getByRole('main').getByLabel(/^Toimipiste/).selectOption({ label: 'Laakkonen Helsinki Konala' });
    await admin.getByLabel('Mittarilukema (km)').fill('60000');
    await admin.getByRole('button', { name: 'Näytä esikatselu' }).click();
    const preview = admin.getByRole('region', { name: `Asiakkaan näkymä: ${FOUND_PLATE}` });
    await preview.getByRole('heading', { level: 3, name: GROUP }).waitFor();
    expect((await preview.locator('li', { hasText: SERVICE.name }).innerText()).replace(/\s+/g, ' ')).toContain('79 €');
    await expectSoundAtEveryWidth(admin, 'service preview', 'catalogue-preview');

    await openAdminPage(admin, 'Kampanjakoodit');
    await admin.getByRole('heading', { level: 1, name: 'Kampanjakoodit' }).waitFor();
    await admin.locator('.catalogue__table-wrap').first().waitFor();
    await expectSoundAtEveryWidth(admin, 'campaign codes', 'catalogue-campaign-codes');

    await openAdminPage(admin, 'Renkaat');
    await admin.getByRole('heading', { level: 1, name: 'Renkaat' }).waitFor();
    await admin.getByRole('region', { name: 'Hakutulokset' }).getByText(/rengasta|Näytetään 100 ensimmäistä/).waitFor();
    await expectSoundAtEveryWidth(admin, 'tires', 'catalogue-tires');
  });

  let booking: Awaited<ReturnType<typeof newestBrowserBooking>>;

  it('a customer books it at its price; the times offered are as long as the work, on the lift that can do it', async () => {
    const page = await pageAt(h.browser, DESKTOP);
    // The calendar's answers, by day, as the time step asked for them.
    const days = new Map<string, { startTime: string; endTime: string }[]>();
    page.on('response', (r) => {
      if (!r.url().endsWith('/free-times') || r.request().method() !== 'POST' || !r.ok()) return;
      void r.json().then(
        (body: { date: string; calendarSlots: { startTime: string; endTime: string }[] }[]) => {
          for (const d of body) days.set(d.date, d.calendarSlots);
        },
        () => undefined,
      );
    });

    const card = await serviceCard(page);
    expect((await card.locator('.product-card__price').innerText()).trim()).toBe(OLD_PRICE);
    const box = card.getByRole('checkbox', { name: SERVICE.name, exact: true });
    await box.check();
    await expect.poll(() => box.isChecked()).toBe(true);
    await page.getByRole('button', { name: 'Jatka' }).first().click();
    await page.waitForURL(/\/huolto\/lisapalvelut$/);
    await page.getByRole('button', { name: 'Jatka' }).first().click();
    await page.waitForURL(/\/huolto\/aika$/);

    await freeTimesShown(page);
    await page.waitForLoadState('networkidle');
    // The day's chips as offered, before one is held.
    const offered = await freeTimeChips(page).evaluateAll((els) => els.map((e) => e.getAttribute('aria-label') ?? ''));
    await reserveFirstFreeTime(page);
    const held = (await page.locator('.slot--selected').getAttribute('aria-label')) ?? '';
    const token = await page.evaluate(() => sessionStorage.getItem('x-process-token') ?? '');
    const hold = await sql<{ resource_id: number; start: Date; end: Date }>`
      SELECT resource_id, lower(during) AS start, upper(during) AS end FROM resource_time
      WHERE process_token = ${token} AND kind = 'HOLD'`.execute(h.database.db);
    expect(hold.rows).toHaveLength(1);
    expect(hold.rows[0]!.resource_id).toBe(alignmentLift.id);
    const day = formatLocalDateTime(new Date(hold.rows[0]!.start)).slice(0, 10);

    // Every chip of the day is a time of the server's answer for that day, and the other way round.
    // The answer's times are wall-clock 'HH:mm' of the day.
    const clock = (time: string) => time.slice(0, 5).replace(/^0/, '').replace(':', '.');
    const slots = days.get(day);
    expect(slots, `free times of ${day}`).toBeDefined();
    const chips = [...offered, held.replace(/^Aika valittu /, 'Varaa aika ')].filter((v, i, all) => all.indexOf(v) === i).sort();
    expect(chips).toEqual(slots!.map((s) => `Varaa aika ${clock(s.startTime)}–${clock(s.endTime)}`).sort());

    // Each of them is at least the work's length, and the alignment lift is free for all of it
    // (another customer's unexpired hold or a booking would take it).
    for (const s of slots!) {
      const [from, to] = [`${day}T${s.startTime.slice(0, 5)}:00`, `${day}T${s.endTime.slice(0, 5)}:00`];
      const minutes = (Date.parse(`${to}Z`) - Date.parse(`${from}Z`)) / 60_000;
      expect(minutes, `${from} – ${to}`).toBeGreaterThanOrEqual(SERVICE.minutes);
      const taken = await sql<{ id: string }>`
        SELECT id FROM resource_time
        WHERE resource_id = ${alignmentLift.id}
          AND (process_token IS NULL OR process_token <> ${token})
          AND (kind = 'BOOKED' OR expires_at > now())
          AND during && tstzrange((${from}::timestamp AT TIME ZONE 'Europe/Helsinki'), (${to}::timestamp AT TIME ZONE 'Europe/Helsinki'))`.execute(h.database.db);
      expect(taken.rows, `${alignmentLift.name} taken at ${from}`).toEqual([]);
    }

    await page.getByLabel('Jätän auton päiväksi').check();
    const next = page.getByRole('button', { name: 'Jatka' }).first();
    await expect.poll(() => next.isEnabled()).toBe(true);
    await next.click();
    await page.waitForURL(/\/huolto\/omat-tiedot$/);
    await fillContactDetails(page);
    const confirm = confirmButton(page);
    await expect.poll(() => confirm.isEnabled()).toBe(true);
    await confirm.click();
    await page.waitForURL(/\/huolto\/kiitos$/);
    await page.getByText('Palvelupyyntösi on vastaanotettu').waitFor();
    await page.context().close();

    booking = await newestBrowserBooking(h, FOUND_PLATE);
    expect(booking.organization_id).toBe(KONALA_ID);
    expect(booking.total_cents).toBe(7900);
    const items = booking.order_items as { product: { id: string }; price: number }[];
    expect(items.map((i) => [i.product.id, i.price])).toEqual([[SERVICE.code, 7900]]);
    const booked = await sql<{ resource_id: number; minutes: number; kinds: string[] }>`
      SELECT t.resource_id, extract(epoch FROM upper(t.during) - lower(t.during)) / 60 AS minutes,
        array(SELECT k.work_kind FROM resource_work_kind k WHERE k.resource_id = t.resource_id) AS kinds
      FROM resource_time t WHERE t.booking_id = ${booking.id} AND t.kind = 'BOOKED'`.execute(h.database.db);
    expect(booked.rows).toHaveLength(1);
    expect(booked.rows[0]!.resource_id).toBe(alignmentLift.id);
    expect(booked.rows[0]!.kinds).toContain(SERVICE.kind);
    expect(Number(booked.rows[0]!.minutes)).toBeGreaterThanOrEqual(SERVICE.minutes);
  });

  it('the admin raises the price: the booking keeps its price, a new customer sees the new one', async () => {
    await openAdminPage(admin, 'Palvelut');
    await admin.getByRole('link', { name: SERVICE.name }).click();
    await admin.getByRole('heading', { level: 1, name: `Palvelu: ${SERVICE.name}` }).waitFor();
    await admin.getByLabel('Hinta (€, sis. alv)').fill('99,00');
    await admin.getByRole('button', { name: 'Tallenna palvelu' }).click();
    await admin.waitForURL(/\/hallinta\/palvelut$/);
    await admin.getByText(`Palvelu tallennettu: ${SERVICE.name}`).waitFor();
    const product = await h.database.db.selectFrom('product').select('price_cents').where('id', '=', SERVICE.code).executeTakeFirstOrThrow();
    expect(product.price_cents).toBe(9900);

    // The confirmation e-mail, sent after the change, at the booked price.
    await h.app.mailer.kick();
    const mail = confirmationMail(booking.booking_key);
    expect(mail).toContain(`${SERVICE.name}: ${OLD_PRICE}`);
    expect(mail).toContain(`Yhteensä: ${OLD_PRICE}`);
    expect(mail).not.toContain(NEW_PRICE);

    // The booking's own page, by the e-mail's link.
    const link = /https?:\/\/[^\s"<>]+\/oma-varaus\?varaus=[^\s"<>&]+&(?:amp;)?rekisteri=[A-Z0-9-]+/.exec(mail)?.[0]?.replace('&amp;', '&');
    expect(link).toBeDefined();
    const own = await pageAt(h.browser, DESKTOP);
    await own.goto(link!.replace(/^https?:\/\/[^/]+/, h.baseUrl));
    await own.getByRole('heading', { name: /Varauksesi/ }).waitFor();
    await own.getByText(SERVICE.name).first().waitFor();
    const ownText = await textOf(own);
    expect(ownText).toContain('79 €');
    expect(ownText).not.toContain('99 €');
    await own.context().close();

    // The staff booking page.
    await admin.goto(`${h.baseUrl}/hallinta/varaus/${booking.id}`);
    await admin.getByText(SERVICE.name).first().waitFor();
    const staffText = await textOf(admin);
    expect(staffText).toContain('79 €');
    expect(staffText).not.toContain('99 €');

    // A new customer is offered the new price.
    const next = await pageAt(h.browser, DESKTOP);
    const card = await serviceCard(next);
    expect((await card.locator('.product-card__price').innerText()).trim()).toBe(NEW_PRICE);
    await next.context().close();
  });
});
