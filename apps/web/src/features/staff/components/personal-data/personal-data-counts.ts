import type { PersonalDataErasure, PersonalDataFound } from '@huolto/domain';

/** '1 varaus', '2 varausta'. */
const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** The four kinds of record counted: '2 varausta, 1 kanta-asiakastili, 5 viestiä ja 0 palautetta'. */
export function recordCounts(c: PersonalDataErasure): string {
  return `${count(c.bookings, 'varaus', 'varausta')}, ${count(c.loyaltyAccounts, 'kanta-asiakastili', 'kanta-asiakastiliä')}, ${count(
    c.messages,
    'viesti',
    'viestiä',
  )} ja ${count(c.feedback, 'palaute', 'palautetta')}`;
}

/** The found records as counts, in the shape of an erasure's answer. */
export const foundCounts = (found: PersonalDataFound): PersonalDataErasure => ({
  bookings: found.bookings.length,
  loyaltyAccounts: found.loyaltyAccounts.length,
  messages: found.messages,
  feedback: found.feedback,
});

/** Nothing at all is held about the person. */
export const nothingFound = (found: PersonalDataFound) => Object.values(foundCounts(found)).every((n) => n === 0);

/** What a search came to, for the page's live region. */
export function foundText(found: PersonalDataFound): string {
  if (nothingFound(found)) return 'Henkilöstä ei löytynyt tietoja.';
  return `Löytyi ${recordCounts(foundCounts(found))}.`;
}

/** What an erasure did, for the page's live region. */
export const erasedText = (erased: PersonalDataErasure) => `Henkilötiedot poistettu: ${recordCounts(erased)}.`;
