/**
 * The office's notice of a booking made, moved or cancelled (by the customer or by staff):
 * a short e-mail to the office's own address (organization.email), queued in the caller's
 * transaction with kind OFFICE_NOTICE. An office without an address gets none.
 *
 * Every text the customer typed (name, contact details, make and model, symptoms, notes)
 * goes through userText (text.ts): one line, links defanged; the subject is one line too.
 */
import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import {
  DELIVERY_NOTICE_LABELS,
  DROP_OFF_HEADING,
  deliveryOptionOf,
  formatEuros,
  formatFinnishDate,
  formatFinnishDateLong,
  formatFinnishTime,
  formatLocalDateTime,
  staffPaths,
  type VehicleDeliveryOption,
} from '@huolto/domain';
import type { Executor } from '#src/db/database.ts';
import { storedJson } from '../process/index.ts';
import type { ComposedMail } from './compose.ts';
import { findAddedRowsForNotice, findBookingForNotice, insertOutboxMail } from './repository.ts';
import { userText } from './text.ts';

export type OfficeNoticeKind = 'CREATED' | 'MOVED' | 'CANCELLED';

// The booking's jsonb columns as the notice reads them; older bookings carry only some fields.
const customerSchema = z
  .looseObject({
    first_name: z.string().nullish(),
    last_name: z.string().nullish(),
    phone_number: z.string().nullish(),
    email: z.string().nullish(),
  })
  .nullable();
const vehicleSchema = z.looseObject({ make: z.string().nullish(), model: z.string().nullish() }).nullable();
const orderItemsSchema = z.array(z.looseObject({ display_description: z.string(), amount: z.number(), price: z.number() }));
const snapshotSchema = z
  .looseObject({
    extra_order_items: z.array(z.looseObject({ description: z.string(), price: z.number() })).optional(),
    symptoms: z.array(z.looseObject({ description: z.string() })).optional(),
    notes: z.string().nullish(),
    customer_waiting: z.boolean().optional(),
    vehicle_left_for_day: z.boolean().optional(),
    product_parameters: z.array(z.looseObject({ parameterCode: z.string(), selectedValue: z.string() })).optional(),
  })
  .nullable();

/** What the notice says of a booking. */
export interface NoticeBooking {
  id: number | string;
  bookingKey: string;
  registerNumber: string;
  kind: 'RESERVATION' | 'LEAD';
  start: Date | null;
  end: Date | null;
  timeSelectionType: string | null;
  leadDate: string | null;
  officeName: string;
  customer: { name: string; phone: string; email: string };
  vehicle: string;
  items: string[];
  symptoms: string[];
  notes: string | null;
  deliveryOption: VehicleDeliveryOption | null;
  usingKeyLocker: boolean;
  totalCents: number;
}

export interface OfficeNoticeOptions {
  /** The booking's time before a move. */
  previousStart?: Date | null | undefined;
  /** The site's address (PUBLIC_URL): the notice links to the booking's back-office page. */
  publicUrl?: string | null | undefined;
  /** Who did it, when not the customer online (e.g. a staff member's name). */
  by?: string | null | undefined;
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** 'ke 2.12. klo 9.00' (a day-only time: the day), or a lead's wished date. */
function shortTime(b: Pick<NoticeBooking, 'start' | 'timeSelectionType' | 'leadDate'>): string {
  if (!b.start) return b.leadDate ? `toivottu päivä ${formatFinnishDate(b.leadDate)}` : 'ei sovittua aikaa';
  const [date, time] = formatLocalDateTime(b.start).split('T') as [string, string];
  return b.timeSelectionType === 'DAY_ONLY' ? formatFinnishDate(date) : `${formatFinnishDate(date)} klo ${formatFinnishTime(time)}`;
}

/** 'keskiviikko 2.12.2026 klo 9.00–10.00', a day-only day, or a lead's wished date. */
function longTime(start: Date | null, end: Date | null, timeSelectionType: string | null, leadDate: string | null): string {
  if (!start) return leadDate ? `toivottu päivä ${formatFinnishDateLong(leadDate)}` : 'ei sovittua aikaa';
  const [date, from] = formatLocalDateTime(start).split('T') as [string, string];
  if (timeSelectionType === 'DAY_ONLY') return `${formatFinnishDateLong(date)} (työ tehdään päivän aikana)`;
  const to = end ? `–${formatFinnishTime(formatLocalDateTime(end).split('T')[1]!)}` : '';
  return `${formatFinnishDateLong(date)} klo ${formatFinnishTime(from)}${to}`;
}

const HEADINGS: Record<OfficeNoticeKind, { subject: string; lead: string; opening: string }> = {
  CREATED: { subject: 'Uusi varaus', lead: 'Uusi palvelupyyntö', opening: 'Toimipisteeseen on tehty uusi varaus.' },
  MOVED: { subject: 'Varaus siirretty', lead: 'Varaus siirretty', opening: 'Varaus on siirretty toiseen aikaan. Uusi aika on varattu kalenteriin ja entinen vapautettu.' },
  CANCELLED: { subject: 'Varaus peruttu', lead: 'Palvelupyyntö peruttu', opening: 'Varaus on peruttu. Sen aika on vapautettu kalenterista.' },
};

/** The subject of every office notice, whatever its kind: '<heading>: <plate> <time>'. */
export const OFFICE_NOTICE_SUBJECT = new RegExp(
  `^(${Object.values(HEADINGS)
    .flatMap((h) => [h.subject, h.lead])
    .join('|')}): `,
);

/** The notice to the office (text and HTML; no calendar file). */
export function composeOfficeNotice(b: NoticeBooking, kind: OfficeNoticeKind, opts: OfficeNoticeOptions = {}): Omit<ComposedMail, 'ics'> {
  const heading = HEADINGS[kind];
  const plate = userText(b.registerNumber);
  const subject = `${b.kind === 'LEAD' ? heading.lead : heading.subject}: ${plate} ${shortTime(b)}`;
  const by = opts.by ? userText(opts.by) : '';
  // The booking's back-office page, on the site's public address.
  const link = opts.publicUrl ? `${opts.publicUrl.replace(/\/$/, '')}${staffPaths.booking(encodeURIComponent(String(b.id)))}` : null;
  const delivery = [
    ...(b.deliveryOption ? [DELIVERY_NOTICE_LABELS[b.deliveryOption]] : []),
    ...(b.usingKeyLocker && b.deliveryOption !== 'BRINGS_CAR_OUTSIDE_OFFICE_HOURS' ? ['Avainautomaatti käytössä'] : []),
  ];
  const paragraphs: string[][] = [
    [heading.opening, ...(by ? [`Tekijä: ${by}`] : ['Tekijä: asiakas verkossa'])],
    [
      `Varaustunnus: ${b.bookingKey}`,
      `${kind === 'MOVED' ? 'Uusi aika' : 'Aika'}: ${longTime(b.start, b.end, b.timeSelectionType, b.leadDate)}`,
      ...(kind === 'MOVED' && opts.previousStart ? [`Entinen aika: ${longTime(opts.previousStart, null, b.timeSelectionType, null)}`] : []),
      `Toimipiste: ${b.officeName}`,
    ],
    [
      `Asiakas: ${userText(b.customer.name) || '-'}`,
      `Puhelin: ${userText(b.customer.phone) || '-'}`,
      `Sähköposti: ${userText(b.customer.email) || '-'}`,
      `Ajoneuvo: ${[plate, userText(b.vehicle)].filter(Boolean).join(' ')}`,
    ],
    ['Palvelut:', ...(b.items.length || b.symptoms.length ? [...b.items, ...b.symptoms].map((l) => `- ${l}`) : ['- (ei palveluita)']), `Yhteensä: ${formatEuros(b.totalCents)}`],
    ...(b.notes ? [[`Lisätiedot: ${b.notes}`]] : []),
    ...(delivery.length ? [[`${DROP_OFF_HEADING}: ${delivery.join('. ')}`]] : []),
  ];
  const text = [...paragraphs.map((p) => p.join('\n')), ...(link ? [`Avaa varaus hallinnassa: ${link}`] : [])].join('\n\n');
  const html = `<!doctype html><html lang="fi"><body style="font-family:system-ui,sans-serif;color:#1a1a1a">
${paragraphs.map((p) => `<p>${p.map(escapeHtml).join('<br>')}</p>`).join('\n')}
${link ? `<p><a href="${escapeHtml(link)}">Avaa varaus hallinnassa</a></p>\n` : ''}</body></html>`;
  return { subject, text, html };
}

/** The booking and its office as the notice reads them; undefined when there is no such booking. */
export async function findNoticeBooking(db: Executor, bookingId: number | string): Promise<{ booking: NoticeBooking; officeEmail: string | null } | undefined> {
  const row = await findBookingForNotice(db, bookingId);
  if (!row) return undefined;
  const customer = storedJson(customerSchema, row.customer, 'booking.customer') ?? {};
  const vehicle = storedJson(vehicleSchema, row.vehicle, 'booking.vehicle') ?? {};
  const orderItems = storedJson(orderItemsSchema, row.order_items, 'booking.order_items');
  const snapshot = storedJson(snapshotSchema, row.snapshot, 'booking.snapshot') ?? {};
  const added = await findAddedRowsForNotice(db, bookingId);
  const start = row.start_at ? new Date(row.start_at) : null;
  return {
    officeEmail: row.office_email,
    booking: {
      id: row.id,
      bookingKey: row.booking_key,
      registerNumber: row.register_number,
      kind: row.kind,
      start: row.kind === 'RESERVATION' ? start : null,
      end: row.kind === 'RESERVATION' && row.end_at ? new Date(row.end_at) : null,
      timeSelectionType: row.time_selection_type,
      leadDate: row.kind === 'LEAD' ? row.lead_date : null,
      officeName: row.office_name,
      customer: {
        name: `${customer.first_name ?? ''} ${customer.last_name ?? ''}`.trim(),
        phone: customer.phone_number ?? '',
        email: customer.email ?? '',
      },
      vehicle: `${vehicle.make ?? ''} ${vehicle.model ?? ''}`.trim(),
      items: [
        ...orderItems.map((i) => `${userText(i.display_description)}${i.amount > 1 ? ` × ${i.amount}` : ''}: ${formatEuros(i.price)}`),
        ...(snapshot.extra_order_items ?? []).map((i) => `${userText(i.description)}: ${formatEuros(i.price)}`),
        ...added.map((r) => `${userText(r.description)}${r.amount > 1 ? ` × ${r.amount}` : ''}: ${formatEuros(r.unit_price_cents * r.amount)}`),
      ],
      symptoms: (snapshot.symptoms ?? []).map((s) => `Muu korjaus/huolto: ${userText(s.description)}`),
      notes: userText(snapshot.notes) || null,
      deliveryOption: deliveryOptionOf({
        customer_waiting: snapshot.customer_waiting ?? false,
        vehicle_left_for_day: snapshot.vehicle_left_for_day ?? false,
        product_parameters: snapshot.product_parameters ?? [],
      }),
      usingKeyLocker: row.using_key_locker,
      totalCents: row.total_cents,
    },
  };
}

/**
 * Queues the office's notice of a booking made, moved or cancelled, in the caller's
 * transaction (kind OFFICE_NOTICE); nothing when the office has no e-mail address.
 */
export async function queueOfficeNotice(
  db: Executor,
  bookingId: number | string,
  kind: OfficeNoticeKind,
  opts: OfficeNoticeOptions = {},
): Promise<void> {
  const found = await findNoticeBooking(db, bookingId);
  if (!found?.officeEmail) return;
  const mail = composeOfficeNotice(found.booking, kind, opts);
  await insertOutboxMail(db, {
    bookingId,
    kind: 'OFFICE_NOTICE',
    recipient: found.officeEmail,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    fileName: `${found.booking.bookingKey}-toimipiste-${kind.toLowerCase()}-${randomBytes(4).toString('hex')}.eml`,
  });
}
