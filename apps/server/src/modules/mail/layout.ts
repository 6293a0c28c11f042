/**
 * The frame of the customer e-mails (confirmation, moved booking, reminder): the company's
 * name at the top, one h1, sections with h2 headings, the office's contact details with
 * its phone as a tel: link and its address as a map link, the booking's own page as a
 * button, and the company's signature. Accessible HTML e-mail: lang="fi", a title, the
 * text in the document's reading order, tables only to centre the column (each
 * role="presentation"), no images, and colours of at least 7:1 contrast on their
 * background. Every value is escaped here or by the caller (esc); the plain-text part is
 * built beside it from the same values.
 */
import { DEFAULT_COMPANY_NAME, NEUTRAL_SERVICE_NAME, officeMapUrl, phoneHref } from '@huolto/domain';

/** The chain as the e-mails name it (settings companyName, bookingPhone). */
export interface MailCompany {
  name: string;
  bookingPhone?: string | null | undefined;
}

export const DEFAULT_MAIL_COMPANY: MailCompany = { name: DEFAULT_COMPANY_NAME };

/** The name the e-mails sign with: the company's, or 'Ajanvaraus' before the company has one. */
export const companyLabel = (company: MailCompany) => company.name.trim() || NEUTRAL_SERVICE_NAME;

/** The office the visit is at. */
export interface MailOffice {
  name: string;
  address: string;
  post_code: string;
  post_office: string;
  phone?: string | null | undefined;
}

export const esc = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const FONT = "font-family:Arial,Helvetica,sans-serif";
const TEXT = '#1a1a1a';
const BRAND = '#0a3a66';
const LINK = '#0a4f8f';

/** A section heading. */
export const h2 = (text: string) => `<h2 style="${FONT};font-size:18px;line-height:1.3;color:${BRAND};margin:24px 0 8px">${esc(text)}</h2>`;

/** Label–value pairs as a definition list (the booking's details). */
export function detailList(rows: readonly (readonly [string, string])[]): string {
  return `<dl style="margin:0">${rows
    .map(([label, value]) => `<dt style="font-weight:bold;margin:8px 0 0">${esc(label)}</dt><dd style="margin:0">${esc(value)}</dd>`)
    .join('')}</dl>`;
}

/** A bulleted or numbered list of escaped items. */
export const list = (items: readonly string[], ordered = false) =>
  items.length === 0 ? '' : `<${ordered ? 'ol' : 'ul'} style="margin:8px 0;padding-left:24px">${items.map((i) => `<li style="margin:4px 0">${esc(i)}</li>`).join('')}</${ordered ? 'ol' : 'ul'}>`;

/** The office's contact details: name, the address as a map link, the phone as a tel: link. */
export function officeContactHtml(office: MailOffice): string {
  const address = `${office.address}, ${office.post_code} ${office.post_office}`;
  return `${h2('Toimipisteen yhteystiedot')}
<p><strong>${esc(office.name)}</strong><br>
<a href="${esc(officeMapUrl(office))}" style="color:${LINK}">${esc(address)}</a> (kartta)${
    office.phone ? `<br>\nPuhelin <a href="${esc(phoneHref(office.phone))}" style="color:${LINK}">${esc(office.phone)}</a>` : ''
  }</p>`;
}

/** The same as plain-text lines. */
export function officeContactText(office: MailOffice): string[] {
  return [
    'Toimipisteen yhteystiedot:',
    office.name,
    `${office.address}, ${office.post_code} ${office.post_office}`,
    `Kartta: ${officeMapUrl(office)}`,
    ...(office.phone ? [`Puhelin: ${office.phone}`] : []),
  ];
}

/** The booking's own page as a button-like link (a real link: it works without styles too). */
export const actionLink = (href: string, label: string) =>
  `<p style="margin:24px 0"><a href="${esc(href)}" style="display:inline-block;background:${LINK};color:#ffffff;font-weight:bold;text-decoration:none;padding:12px 20px;border-radius:6px">${esc(label)}</a></p>`;

/** The signature's lines: the greeting and the company. */
export const signatureLines = (company: MailCompany) => ['Ystävällisin terveisin', companyLabel(company)];

/**
 * The whole HTML document: `title` is the h1 (and the document's title), `preheader` the
 * line a mail client shows after the subject, `body` the escaped content.
 */
export function mailDocument(opts: { title: string; preheader: string; company: MailCompany; body: string }): string {
  const { company } = opts;
  const phone = company.bookingPhone
    ? `<br>Ajanvaraus puhelimitse <a href="${esc(phoneHref(company.bookingPhone))}" style="color:${LINK}">${esc(company.bookingPhone)}</a>`
    : '';
  return `<!doctype html>
<html lang="fi">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light">
<title>${esc(opts.title)}</title>
</head>
<body style="margin:0;padding:0;background:#eef1f4">
<div style="display:none;max-height:0;overflow:hidden">${esc(opts.preheader)}</div>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="background:#eef1f4">
<tr><td align="center" style="padding:16px 8px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="max-width:600px;background:#ffffff;border-radius:8px">
<tr><td style="background:${BRAND};color:#ffffff;padding:16px 24px;border-radius:8px 8px 0 0;${FONT};font-size:20px;font-weight:bold">${esc(companyLabel(company))}</td></tr>
<tr><td style="padding:8px 24px 24px;${FONT};font-size:16px;line-height:1.5;color:${TEXT}">
<h1 style="${FONT};font-size:24px;line-height:1.25;color:${TEXT};margin:16px 0">${esc(opts.title)}</h1>
${opts.body}
<p>${signatureLines(company).map(esc).join('<br>')}</p>
</td></tr>
<tr><td style="padding:16px 24px;border-top:1px solid #d5dbe1;${FONT};font-size:14px;line-height:1.5;color:#3d4650">${esc(companyLabel(company))}${phone}</td></tr>
</table>
</td></tr>
</table>
</body>
</html>`;
}
