import type { Booking } from '@huolto/domain';
import {
  DROP_OFF_HEADING,
  cleanText,
  confirmationTitle,
  deliveryOptionOf,
  dropOffInstructions,
  dropOffTime,
  formatFinnishTime as clockText,
  isQuoteRequest,
  type DropOffInstructions,
  formatEuros,
  formatPrice,
  formatReduction,
  linePriceDisplay,
  totalPriceDisplay,
  formatFinnishDateLong,
  manageBookingPath,
  WINDSHIELD_BOOKING_TYPE_LABELS,
  type WindshieldBookingType,
} from '@huolto/domain';
import { bookingCalendar, type BookingEvent } from './calendar.ts';
import { DEFAULT_MAIL_COMPANY, actionLink, detailList, esc, h2, list, mailDocument, officeContactHtml, officeContactText, signatureLines, type MailCompany } from './layout.ts';
import { userText } from './text.ts';

export interface ComposedMail {
  subject: string;
  text: string;
  html: string;
  /** The .ics event of the reserved time; null for a lead, which has no agreed time. */
  ics: string | null;
}

/** A machine code among an order item's parameters (INSURANCE_CAMPAIGN): its effect shows in the price, not in the e-mail. */
const PARAMETER_CODE = /^[A-Z][A-Z0-9_]*$/;

/** An order item's parameters as 'Key: value' lines (the windshield form answers, …), as customer text (text.ts). */
export function parameterLines(parameters: Readonly<Record<string, string>>): string[] {
  return Object.entries(parameters)
    .filter(([key]) => !PARAMETER_CODE.test(key))
    .map(([key, value]) => `${userText(key)}: ${userText(value)}`);
}

/** The replacement's booking type (product parameter WINDSHIELD_CHANGE_BOOKING_TYPE) in Finnish, when set. */
function bookingTypeLabel(b: Booking): string | null {
  const value = b.product_parameters.find((p) => p.parameterCode === 'WINDSHIELD_CHANGE_BOOKING_TYPE')?.selectedValue;
  return value && value in WINDSHIELD_BOOKING_TYPE_LABELS ? WINDSHIELD_BOOKING_TYPE_LABELS[value as WindshieldBookingType] : null;
}

/** What the booking's own organization record does not carry. */
export interface ConfirmationOffice {
  /** The office's e-mail: the calendar event's organizer. */
  email: string | null;
  /** The office's notice to customers active on the day of booking (its info text), if any. */
  notice?: string | null | undefined;
  /** The office's phone: a tel: link in the e-mail. */
  phone?: string | null | undefined;
  /** The company's name and booking line (settings); the default name when absent. */
  company?: MailCompany | undefined;
}

/** The office's notice as one line of text. The office wrote it, so its links stay links; HTML escaping is the HTML part's own step. */
export function officeNoticeText(notice: string | null | undefined): string | null {
  return cleanText(notice ?? '').trim() || null;
}

/** The booking's delivery option; a booking that only carries the key-locker flag is the key locker's. */
const deliveryOf = (b: Booking) => deliveryOptionOf(b) ?? (b.using_key_locker ? 'BRINGS_CAR_OUTSIDE_OFFICE_HOURS' : null);

/** How the customer brings the car in (the booking's delivery option; a lead: the office calls first), or null. */
export function bookingDropOff(b: Booking): DropOffInstructions | null {
  return dropOffInstructions(deliveryOf(b), {
    lead: !b.booking_total_duration,
    start: b.booking_total_duration?.start ?? null,
    office: b.organization ?? null,
  });
}

/** The instructions as plain-text lines: the heading with the first sentence, then the steps as a list. */
export function dropOffLines(d: DropOffInstructions): string[] {
  return [`${DROP_OFF_HEADING}: ${d.summary}`, ...d.steps.map((s) => `- ${s}`)];
}

/** The instructions as an HTML section: the heading, the first sentence, the steps numbered. */
export function dropOffHtml(d: DropOffInstructions): string {
  return `${h2(DROP_OFF_HEADING)}\n<p><strong>${esc(d.summary)}</strong></p>\n${list(d.steps, d.steps.length > 1)}`;
}

/** 'klo 10.00–12.00' of a booked time; a day-only time: 'päivän aikana'. */
const workTime = (t: NonNullable<Booking['booking_total_duration']>) =>
  t.time_selection_type === 'DAY_ONLY'
    ? 'päivän aikana'
    : `klo ${clockText(t.start.split('T')[1]!)}–${clockText(t.end.split('T')[1]!)}`;

const placeOf = (o: NonNullable<Booking['organization']>) => `${o.name}, ${o.address}, ${o.post_code} ${o.post_office}`;
const carOf = (v: NonNullable<Booking['vehicle']>) => `${v.register_number} ${userText(v.make)} ${userText(v.model)}`.trim();

/** The lines of the order: items with their prices, extra items, reductions. */
function orderLines(b: Booking): string[] {
  return [
    ...b.order_items.map((i) => `${i.display_description}${i.amount > 1 ? ` × ${i.amount}` : ''}: ${formatPrice(i.price, linePriceDisplay(i.product.id, b))}`),
    ...b.extra_order_items.map((i) => `${i.description}: ${formatEuros(i.price)}`),
    ...b.discounts.map((d) => `${d.description}: ${formatReduction(d.amount)}`),
  ];
}

const symptomLines = (b: Booking) => b.symptoms.map((s) => `Muu korjaus/huolto: ${userText(s.description)}`);

/**
 * The calendar event of a booked time, the same for the e-mail's attachment and the file
 * the thanks page downloads; null for a lead, which has no agreed time.
 */
export function confirmationEvent(b: Booking, bookingKey: string, office?: ConfirmationOffice): Omit<BookingEvent, 'now'> | null {
  const time = b.booking_total_duration;
  if (!time) return null;
  const organization = b.organization!;
  const dropOff = bookingDropOff(b);
  // The event is when the customer acts: the drop-off (delivery.ts), the work's time in the description.
  const act = dropOffTime(deliveryOf(b), time);
  return {
    bookingKey,
    start: act.start,
    end: act.end,
    summary: `${act.title}: ${carOf(b.vehicle!)}`,
    location: placeOf(organization),
    description: [
      `Työn aika: ${formatFinnishDateLong(time.start.split('T')[0]!)} ${workTime(time)}`,
      ...(dropOff ? dropOffLines(dropOff) : []),
      ...orderLines(b),
      ...symptomLines(b),
      `Yhteensä: ${formatPrice(b.price.active_price, totalPriceDisplay(b))}`,
      `Varaustunnus: ${bookingKey}`,
      ...(office?.phone ? [`Toimipisteen puhelin: ${office.phone}`] : []),
    ].join('\n'),
    organizer: office?.email ? { name: organization.name, email: office.email } : undefined,
    company: office?.company?.name,
  };
}

/** The heading and subject of the confirmation of a booking moved to another time (by the customer or the office). */
export const MOVED_TITLE = 'Varauksesi on siirretty';

/**
 * The Finnish booking confirmation with an .ics event of the reserved time. A lead (a
 * wished date instead of a time) says the date and that the office will call; it has no
 * .ics event. Every text the customer typed (name, make and model, cart parameters,
 * symptoms, notes) is shown through userText (text.ts): one line, and never a link.
 */
export function composeConfirmation(
  b: Booking,
  bookingKey: string,
  publicUrl: string,
  now = new Date(),
  office?: ConfirmationOffice,
  opts: { moved?: boolean } = {},
): ComposedMail {
  const organization = b.organization!;
  const vehicle = b.vehicle!;
  const customer = b.customer!;
  const time = b.booking_total_duration;
  const leadDate = time ? null : b.lead_date;
  if (!time && !leadDate) throw new Error('composeConfirmation: the booking has neither a time nor a lead date');
  const date = time ? time.start.split('T')[0]! : leadDate!;
  const timeLabel = time ? 'Aika' : 'Toivottu päivä';
  const timeValue = !time
    ? `${formatFinnishDateLong(date)}, otamme yhteyttä`
    : `${formatFinnishDateLong(date)} ${time.time_selection_type === 'DAY_ONLY' ? '(työ tehdään päivän aikana)' : workTime(time)}`;
  const place = placeOf(organization);
  const car = carOf(vehicle);
  const items = orderLines(b);
  // Listed under each order item's line; items[i] is order_items[i] for the first ones.
  const itemDetails = b.order_items.map((i) => parameterLines(i.parameters));
  const bookingType = bookingTypeLabel(b);
  const symptoms = symptomLines(b);
  const dropOff = bookingDropOff(b);
  const notice = officeNoticeText(office?.notice);
  const notes = userText(b.notes);
  const firstName = userText(customer.first_name);
  const company = office?.company ?? DEFAULT_MAIL_COMPANY;
  const contact = { ...organization, phone: office?.phone ?? null };
  // A from-price says 'alkaen', a quote request shows no price (price-display.ts).
  const total = formatPrice(b.price.active_price, totalPriceDisplay(b));
  // The web app's /oma-varaus page opens, cancels or changes the booking with key and plate.
  const manageUrl = `${publicUrl.replace(/\/$/, '')}${manageBookingPath(bookingKey, vehicle.register_number)}`;
  // The thanks page's heading: a booked time, or a request the office answers.
  // A moved booking says so; its details and instructions are the confirmation's.
  const title = opts.moved ? MOVED_TITLE : confirmationTitle({ time: Boolean(time), quote: isQuoteRequest(b.product_parameters) });
  // The intro goes on from the heading rather than saying it again ('Aikasi on varattu' over 'Palvelupyyntösi on vastaanotettu' read as two answers).
  const intro = opts.moved
    ? 'varauksesi on siirretty uuteen aikaan. Tässä ovat varauksen tiedot.'
    : time
      ? 'kiitos varauksestasi! Tässä ovat varauksesi tiedot ja ohjeet auton tuomiseen.'
      : 'kiitos! Palvelupyyntösi on vastaanotettu. Toimipiste ottaa sinuun yhteyttä ja sopii ajan kanssasi.';

  const subject = time ? `${title}: ${car}, ${formatFinnishDateLong(date)}` : `${title}: ${car}, toivottu päivä ${formatFinnishDateLong(date)}`;
  const details: [string, string][] = [
    [timeLabel, timeValue],
    ['Toimipiste', place],
    ['Ajoneuvo', car],
    ...(bookingType ? [['Varaustapa', bookingType] as [string, string]] : []),
    ['Varaustunnus', bookingKey],
  ];
  const text = [
    title,
    '',
    `Hei ${firstName},`,
    '',
    intro,
    '',
    ...details.map(([label, value]) => `${label}: ${value}`),
    ...(dropOff ? ['', ...dropOffLines(dropOff)] : []),
    ...(notice ? ['', `Toimipisteen tiedote: ${notice}`] : []),
    '',
    'Palvelut:',
    ...items.flatMap((l, i) => [`- ${l}`, ...(itemDetails[i] ?? []).map((d) => `    ${d}`)]),
    ...symptoms.map((l) => `- ${l}`),
    '',
    `Yhteensä: ${total} (hinnat sisältävät arvonlisäveron)`,
    ...(notes ? ['', `Lisätiedot: ${notes}`] : []),
    '',
    `Katso, siirrä tai peru varauksesi: ${manageUrl}`,
    '',
    ...officeContactText(contact),
    '',
    ...signatureLines(company),
  ].join('\n');

  const services = [...items, ...symptoms]
    .map((l, i) => {
      const sub = itemDetails[i] ?? [];
      return `<li style="margin:4px 0">${esc(l)}${sub.length ? `<ul style="color:#3d4650;padding-left:20px">${sub.map((d) => `<li>${esc(d)}</li>`).join('')}</ul>` : ''}</li>`;
    })
    .join('');
  const body = [
    `<p>Hei ${esc(firstName)},</p>`,
    `<p>${esc(intro)}</p>`,
    h2('Varauksen tiedot'),
    detailList(details),
    ...(dropOff ? [dropOffHtml(dropOff)] : []),
    ...(notice ? [`<p><strong>Toimipisteen tiedote:</strong> ${esc(notice)}</p>`] : []),
    h2('Palvelut'),
    `<ul style="margin:8px 0;padding-left:24px">${services}</ul>`,
    `<p><strong>Yhteensä: ${esc(total)}</strong> (hinnat sisältävät arvonlisäveron)</p>`,
    ...(notes ? [`<p>Lisätiedot: ${esc(notes)}</p>`] : []),
    actionLink(manageUrl, 'Katso, siirrä tai peru varauksesi'),
    officeContactHtml(contact),
  ].join('\n');
  const preheader = `${car}, ${timeValue}. Varaustunnus ${bookingKey}.`;
  const html = mailDocument({ title, preheader, company, body });

  const event = confirmationEvent(b, bookingKey, office);
  return { subject, text, html, ics: event ? bookingCalendar({ ...event, now }) : null };
}
