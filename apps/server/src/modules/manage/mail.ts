import { formatEuros, formatFinnishDateLong, formatFinnishTime, type ManagedBooking } from '@huolto/domain';
import type { ComposedMail } from '../mail/index.ts';
import { signatureLines, userText, type MailCompany } from '../mail/index.ts';

type Mail = Omit<ComposedMail, 'ics'>;

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** 'maanantai 2.3.2026 klo 8.00–9.00', or a lead's wished date. */
export function timeText(b: ManagedBooking): string {
  if (b.start && b.end) {
    const [date, start] = b.start.split('T') as [string, string];
    const end = b.end.split('T')[1]!;
    return `${formatFinnishDateLong(date)} klo ${formatFinnishTime(start)}–${formatFinnishTime(end)}`;
  }
  return b.leadDate ? `toivottu päivä ${formatFinnishDateLong(b.leadDate)}` : 'ei sovittua aikaa';
}

/**
 * What the customer typed (names, make and model, contact details, the change request) is
 * shown through userText (mail/text.ts): one line each, never a link.
 */
function car(b: ManagedBooking) {
  return `${b.registerNumber} ${userText(b.vehicle)}`.trim();
}

function place(b: ManagedBooking) {
  return `${b.office.name}, ${b.office.address}, ${b.office.post_code} ${b.office.post_office}`;
}

/** A plain-text and HTML message from paragraphs; each paragraph's lines are escaped for HTML. */
function message(subject: string, paragraphs: string[][]): Mail {
  const text = paragraphs.map((p) => p.join('\n')).join('\n\n');
  const html = `<!doctype html><html lang="fi"><body style="font-family:system-ui,sans-serif;color:#1a1a1a">
${paragraphs.map((p) => `<p>${p.map(escapeHtml).join('<br>')}</p>`).join('\n')}
</body></html>`;
  return { subject, text, html };
}

function details(b: ManagedBooking, customer: CustomerContact): string[] {
  return [
    `Varaustunnus: ${b.bookingKey}`,
    `Aika: ${timeText(b)}`,
    `Toimipiste: ${place(b)}`,
    `Ajoneuvo: ${car(b)}`,
    `Asiakas: ${userText(customer.name)}, puh. ${userText(customer.phone)}, ${userText(customer.email)}`,
  ];
}

export interface CustomerContact {
  name: string;
  phone: string;
  email: string;
}

/** To the customer: the booking is cancelled and its time released; signed with the company's name (settings). */
export function composeCancellationToCustomer(b: ManagedBooking, company: MailCompany): Mail {
  return message(`Varauksesi on peruttu: ${car(b)}, ${timeText(b)}`, [
    [`Hei ${userText(b.customerFirstName)},`],
    ['varauksesi on peruttu pyyntösi mukaisesti.'],
    [`Varaustunnus: ${b.bookingKey}`, `Aika: ${timeText(b)}`, `Toimipiste: ${place(b)}`, `Ajoneuvo: ${car(b)}`],
    ['Voit varata uuden ajan milloin tahansa verkkoajanvarauksessa.'],
    signatureLines(company),
  ]);
}

/** To the workshop: the customer asks for a change; the message is the customer's own words. */
export function composeEditRequest(b: ManagedBooking, customer: CustomerContact, text: string): Mail {
  return message(`Muutospyyntö: ${car(b)}, ${timeText(b)}`, [
    ['Asiakas pyytää muutosta varaukseensa. Ota yhteyttä asiakkaaseen.'],
    details(b, customer),
    ['Asiakkaan viesti:', ...text.split(/\r\n|[\r\n\u0085\u2028\u2029]/).map(userText)],
  ]);
}

/** To the workshop: extra items added to a saved booking, and the new total. */
export function composeRowsAdded(b: ManagedBooking, customer: CustomerContact, rows: { description: string; amount: number; price: number }[]): Mail {
  return message(`Lisätuotteita varaukseen: ${car(b)}, ${timeText(b)}`, [
    ['Asiakas lisäsi varaukseensa tuotteita. Varaa ne valmiiksi.'],
    details(b, customer),
    ['Lisätyt tuotteet:', ...rows.map((r) => `- ${r.description}${r.amount > 1 ? ` × ${r.amount}` : ''}: ${formatEuros(r.price)}`)],
    [`Varauksen hinta nyt yhteensä: ${formatEuros(b.total)}`],
  ]);
}
