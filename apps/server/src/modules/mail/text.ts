/**
 * Customer-typed text in the e-mails and the .ics event: one line, no control characters,
 * and never a link. Anyone can book with any e-mail address, so the confirmation is a way
 * to deliver text of one's choosing to a stranger under the workshop's name; a name, a note
 * or a cart parameter such as 'Maksa osoitteessa https://evil.example/pay' must read as what
 * it is, never as a link to click.
 *
 * Links are defanged visibly, the way security notices write them: 'https://' becomes
 * 'https[:]//', and a dot before a top-level-domain-like part becomes '[.]'
 * ('evil[.]example/pay', 'maija@example[.]com'). Mail clients link a scheme ('https://',
 * 'mailto:'), 'www.' and bare domain names ('evil.example', 'pay.evil.fi/x'); all of these
 * need a dot followed by letters or a scheme, so no client finds a link in the result.
 * Invisible tricks (a zero-width joiner in the dot) were not chosen: some clients drop such
 * characters before looking for links, and the copied text would still be the link.
 * Dates and times ('1.2.2026', 'klo 8.30') and initials ('J. R.') are left as they are.
 */
import { cleanText } from '@huolto/domain';

/** A scheme followed by '//' (https://, ftp://, any://). */
const SCHEME_SLASHES = /([\p{L}\p{N}+.-]+):(?=\/\/)/gu;
/** Schemes that clients link without '//'. */
const SCHEME_BARE = /(?<![\p{L}\p{N}])(mailto|tel|sms|callto|sip|sips|xmpp|im|data|file|news):/giu;
/**
 * A dot (or an ideographic or full-width one, which domain names also accept) after a
 * letter, digit or hyphen and before two letters: the dots of every domain name's
 * top-level domain and of most of its other labels.
 */
const DOMAIN_DOT = /(?<=[\p{L}\p{N}\p{M}_-])[.\u3002\uff0e\uff61](?=\p{L}\p{M}*\p{L})/gu;
/** A dotted IPv4 address, which some clients link too. */
const IPV4 = /(?<![\p{N}.])\d{1,3}(?:\.\d{1,3}){3}(?![\p{N}])/gu;

/** Text that no mail client or calendar makes into a link (see above). */
export function defangLinks(text: string): string {
  return text
    .replace(SCHEME_SLASHES, '$1[:]')
    .replace(SCHEME_BARE, '$1[:]')
    .replace(DOMAIN_DOT, '[.]')
    .replace(IPV4, (ip) => ip.replace(/\./g, '[.]'));
}

/**
 * Customer-typed text for an e-mail or a calendar event: one line without control
 * characters (as the request schemas store it; rows saved before that are cleaned here
 * too), with links defanged. HTML escaping is the HTML part's own step.
 */
export function userText(text: string | null | undefined): string {
  return defangLinks(cleanText(text ?? '').trim());
}

/**
 * A value for the calendar event's TEXT properties (summary, location, description): every
 * line break (CR LF, CR or LF) as LF, which the iCalendar writer escapes as '\n', and every
 * other control character removed, as TEXT allows none (RFC 5545 §3.3.11). With the writer's
 * escaping of backslash, semicolon and comma, no character of the value can end the property.
 */
export function calendarText(value: string): string {
  return (
    value
      .replace(/\r\n|\r/g, '\n')
      // eslint-disable-next-line no-control-regex -- control characters are removed from the calendar text
      .replace(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u2028\u2029]/g, '')
  );
}
