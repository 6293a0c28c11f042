/**
 * The customer's e-mail when the office cancels a booking (the customer's own cancellation
 * has its own text in manage/mail.ts). What the customer or staff typed goes through userText.
 */
import type { ManagedBooking } from '@huolto/domain';
import type { ComposedMail } from '../mail/index.ts';
import { signatureLines, userText, type MailCompany } from '../mail/index.ts';
import { timeText } from '../manage/index.ts';

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** To the customer: the office cancelled the booking (with its reason, when given); the time is released. Signed with the company's name (settings). */
export function composeStaffCancellation(b: ManagedBooking, reason: string, officePhone: string | null, company: MailCompany): Omit<ComposedMail, 'ics'> {
  const car = `${b.registerNumber} ${userText(b.vehicle)}`.trim();
  const place = `${b.office.name}, ${b.office.address}, ${b.office.post_code} ${b.office.post_office}`;
  const paragraphs: string[][] = [
    [`Hei ${userText(b.customerFirstName)},`],
    ['toimipiste on perunut varauksesi.'],
    ...(reason ? [[`Syy: ${userText(reason)}`]] : []),
    [`Varaustunnus: ${b.bookingKey}`, `Aika: ${timeText(b)}`, `Toimipiste: ${place}`, `Ajoneuvo: ${car}`],
    [
      officePhone
        ? `Voit varata uuden ajan verkkoajanvarauksessa tai soittamalla toimipisteeseen, puh. ${officePhone}.`
        : 'Voit varata uuden ajan verkkoajanvarauksessa.',
    ],
    signatureLines(company),
  ];
  const text = paragraphs.map((p) => p.join('\n')).join('\n\n');
  const html = `<!doctype html><html lang="fi"><body style="font-family:system-ui,sans-serif;color:#1a1a1a">
${paragraphs.map((p) => `<p>${p.map(escapeHtml).join('<br>')}</p>`).join('\n')}
</body></html>`;
  return { subject: `Varauksesi on peruttu: ${car}, ${timeText(b)}`, text, html };
}
