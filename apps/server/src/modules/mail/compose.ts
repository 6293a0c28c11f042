import type { Booking } from '@huolto/domain';
import {
  DROP_OFF_HEADING,
  cleanText,
  deliveryOptionOf,
  dropOffInstruction,
  formatEuros,
  formatPrice,
  formatReduction,
  linePriceDisplay,
  totalPriceDisplay,
  formatFinnishDateLong,
  formatFinnishTime,
  manageBookingPath,
  WINDSHIELD_BOOKING_TYPE_LABELS,
  type WindshieldBookingType,
} from '@huolto/domain';
import { bookingCalendar, type BookingEvent } from './calendar.ts';
import { userText } from './text.ts';

export interface ComposedMail {
  subject: string;
  text: string;
  html: string;
  /** The .ics event of the reserved time; null for a lead, which has no agreed time. */
  ics: string | null;
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

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
}

/** The office's notice as one line of text. The office wrote it, so its links stay links; HTML escaping is the HTML part's own step. */
export function officeNoticeText(notice: string | null | undefined): string | null {
  return cleanText(notice ?? '').trim() || null;
}

/** How the customer brings the car in (the booking's delivery option; a lead: the office calls first), or null. */
export function bookingDropOff(b: Booking): string | null {
  return dropOffInstruction(deliveryOptionOf(b), { lead: !b.booking_total_duration });
}

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
  return {
    bookingKey,
    start: time.start,
    end: time.end,
    summary: `Huoltoaika: ${carOf(b.vehicle!)}`,
    location: placeOf(organization),
    description: [
      ...orderLines(b),
      ...symptomLines(b),
      `Yhteensä: ${formatPrice(b.price.active_price, totalPriceDisplay(b))}`,
      `Varaustunnus: ${bookingKey}`,
      ...(dropOff ? [`${DROP_OFF_HEADING}: ${dropOff}`] : []),
    ].join('\n'),
    organizer: office?.email ? { name: organization.name, email: office.email } : undefined,
  };
}

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
): ComposedMail {
  const organization = b.organization!;
  const vehicle = b.vehicle!;
  const customer = b.customer!;
  const time = b.booking_total_duration;
  const leadDate = time ? null : b.lead_date;
  if (!time && !leadDate) throw new Error('composeConfirmation: the booking has neither a time nor a lead date');
  const [date, startTime] = time ? (time.start.split('T') as [string, string]) : [leadDate!, ''];
  const endTime = time ? time.end.split('T')[1]! : '';
  const timeLabel = time ? 'Aika' : 'Toivottu päivä';
  const timeValue = !time
    ? `${formatFinnishDateLong(date)}, otamme yhteyttä`
    : time.time_selection_type === 'DAY_ONLY'
      ? `${formatFinnishDateLong(date)} (työ tehdään päivän aikana)`
      : `${formatFinnishDateLong(date)} klo ${formatFinnishTime(startTime)}–${formatFinnishTime(endTime)}`;
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
  // A from-price says 'alkaen', a quote request shows no price (price-display.ts).
  const total = formatPrice(b.price.active_price, totalPriceDisplay(b));
  // The web app's /oma-varaus page opens, cancels or changes the booking with key and plate.
  const manageUrl = `${publicUrl.replace(/\/$/, '')}${manageBookingPath(bookingKey, vehicle.register_number)}`;

  const subject = time
    ? `Varausvahvistus: ${car}, ${formatFinnishDateLong(date)}`
    : `Palvelupyyntö vastaanotettu: ${car}, toivottu päivä ${formatFinnishDateLong(date)}`;
  const text = [
    `Hei ${firstName},`,
    '',
    'kiitos varauksestasi! Palvelupyyntösi on vastaanotettu.',
    '',
    `${timeLabel}: ${timeValue}`,
    `Toimipiste: ${place}`,
    `Ajoneuvo: ${car}`,
    ...(bookingType ? [`Varaustapa: ${bookingType}`] : []),
    ...(dropOff ? ['', `${DROP_OFF_HEADING}: ${dropOff}`] : []),
    ...(notice ? ['', `Toimipisteen tiedote: ${notice}`] : []),
    '',
    'Palvelut:',
    ...items.flatMap((l, i) => [`- ${l}`, ...(itemDetails[i] ?? []).map((d) => `    ${d}`)]),
    ...symptoms.map((l) => `- ${l}`),
    '',
    `Yhteensä: ${total} (hinnat sisältävät arvonlisäveron)`,
    ...(notes ? ['', `Lisätiedot: ${notes}`] : []),
    '',
    `Varaustunnus: ${bookingKey}`,
    `Katso tai peru varauksesi: ${manageUrl}`,
    '',
    'Ystävällisin terveisin',
    'Laakkonen',
  ].join('\n');

  const html = `<!doctype html><html lang="fi"><body style="font-family:system-ui,sans-serif;color:#1a1a1a">
<p>Hei ${escapeHtml(firstName)},</p>
<p>kiitos varauksestasi! Palvelupyyntösi on vastaanotettu.</p>
<table cellpadding="4">
<tr><th align="left">${escapeHtml(timeLabel)}</th><td>${escapeHtml(timeValue)}</td></tr>
<tr><th align="left">Toimipiste</th><td>${escapeHtml(place)}</td></tr>
<tr><th align="left">Ajoneuvo</th><td>${escapeHtml(car)}</td></tr>
${bookingType ? `<tr><th align="left">Varaustapa</th><td>${escapeHtml(bookingType)}</td></tr>\n` : ''}</table>
${dropOff ? `<p><strong>${escapeHtml(DROP_OFF_HEADING)}:</strong> ${escapeHtml(dropOff)}</p>\n` : ''}${notice ? `<p><strong>Toimipisteen tiedote:</strong> ${escapeHtml(notice)}</p>\n` : ''}<h2 style="font-size:1.1em">Palvelut</h2>
<ul>${[...items, ...symptoms]
    .map((l, i) => {
      const details = itemDetails[i] ?? [];
      const sub = details.length ? `<ul style="color:#555">${details.map((d) => `<li>${escapeHtml(d)}</li>`).join('')}</ul>` : '';
      return `<li>${escapeHtml(l)}${sub}</li>`;
    })
    .join('')}</ul>
<p><strong>Yhteensä: ${escapeHtml(total)}</strong> (hinnat sisältävät arvonlisäveron)</p>
${notes ? `<p>Lisätiedot: ${escapeHtml(notes)}</p>` : ''}
<p>Varaustunnus: <strong>${escapeHtml(bookingKey)}</strong><br><a href="${escapeHtml(manageUrl)}">Katso tai peru varauksesi</a></p>
<p>Ystävällisin terveisin<br>Laakkonen</p>
</body></html>`;

  const event = confirmationEvent(b, bookingKey, office);
  return { subject, text, html, ics: event ? bookingCalendar({ ...event, now }) : null };
}
