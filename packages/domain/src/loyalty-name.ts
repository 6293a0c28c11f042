/**
 * What the pages and the e-mails call the company's loyalty programme: its name from the
 * company's details (the loyaltyName setting, e.g. 'OmaLaakkonen'), or a neutral word when
 * none is given. The name is used as written (nominative), so nothing inflects it.
 * No schema here: the stand-alone first step imports these without zod.
 */

/** The loyalty card's heading when the company's details name no programme (and while the settings load); else the name as stored (trimmed). */
export const NEUTRAL_LOYALTY_TITLE = 'Kanta-asiakkuus';

/** The longest programme name the company's details take. */
export const LOYALTY_NAME_MAX = 60;

/**
 * A member's account in running text: 'OmaLaakkonen-tili', 'Klubi Plus -tili' (a name of more
 * than one word takes a space before the hyphen), or 'kanta-asiakastili' without a name.
 * Ends in 'tili', so a possessive suffix can be appended ('…-tilisi').
 */
export const loyaltyAccountName = (name?: string | null): string =>
  name ? name + (name.includes(' ') ? ' -tili' : '-tili') : 'kanta-asiakastili';

/** A text with its first letter in capitals ('Kanta-asiakastili on jo olemassa'). */
export const capitalized = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1);
