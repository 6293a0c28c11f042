import type { Booking } from '@huolto/domain';
import {
  formatEuros,
  formatReduction,
  formatFinnishDateLong,
  formatFinnishTime,
  WINDSHIELD_BOOKING_TYPE_LABELS,
  type WindshieldBookingType,
} from '@huolto/domain';
import { bookingCalendar } from './calendar.ts';
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

/** What the booking's own organization record does not carry: the office's e-mail, the calendar event's organizer. */
export interface ConfirmationOffice {
  email: string | null;
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
  const place = `${organization.name}, ${organization.address}, ${organization.post_code} ${organization.post_office}`;
  const car = `${vehicle.register_number} ${userText(vehicle.make)} ${userText(vehicle.model)}`.trim();
  const items = [
    ...b.order_items.map((i) => `${i.display_description}${i.amount > 1 ? ` × ${i.amount}` : ''}: ${formatEuros(i.price)}`),
    ...b.extra_order_items.map((i) => `${i.description}: ${formatEuros(i.price)}`),
    ...b.discounts.map((d) => `${d.description}: ${formatReduction(d.amount)}`),
  ];
  // Listed under each order item's line; items[i] is order_items[i] for the first ones.
  const itemDetails = b.order_items.map((i) => parameterLines(i.parameters));
  const bookingType = bookingTypeLabel(b);
  const symptoms = b.symptoms.map((s) => `Muu korjaus/huolto: ${userText(s.description)}`);
  const notes = userText(b.notes);
  const firstName = userText(customer.first_name);
  const total = formatEuros(b.price.active_price);
  // The web app's /oma-varaus page opens, cancels or changes the booking with key and plate.
  const manageUrl = `${publicUrl.replace(/\/$/, '')}/oma-varaus?varaus=${encodeURIComponent(bookingKey)}&rekisteri=${encodeURIComponent(vehicle.register_number)}`;

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
<h2 style="font-size:1.1em">Palvelut</h2>
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

  if (!time) return { subject, text, html, ics: null };
  const ics = bookingCalendar({
    bookingKey,
    start: time.start,
    end: time.end,
    summary: `Huoltoaika: ${car}`,
    location: place,
    description: [...items, ...symptoms, `Yhteensä: ${total}`, `Varaustunnus: ${bookingKey}`].join('\n'),
    organizer: office?.email ? { name: organization.name, email: office.email } : undefined,
    now,
  });

  return { subject, text, html, ics };
}
