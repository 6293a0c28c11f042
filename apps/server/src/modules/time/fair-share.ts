/**
 * How much of an office's calendar one client may take (docs/decisions/007): a session's
 * holds end a fixed time after its first one, and one client address may have only so
 * many times, and so many hours of work, at one office at once — its sessions' live holds
 * plus the bookings saved from it in the last hour. Everything is counted in the
 * database (time/repository.ts lockAddress, addressShare), so every server instance sees
 * the same numbers. A client address is known by its one-way key (lib/client-key.ts).
 */

/** A session's holds end at most this long after its first hold, however often it reserves again. */
export const HOLD_TOTAL_MINUTES = 30;

/** Saved bookings count against their address for this long after saving. */
export const SAVED_BOOKING_WINDOW_MINUTES = 60;

/** What one address may have at one office at once. */
export interface AddressLimits {
  /** Live holds of its sessions plus bookings saved from it within the window. */
  holdsPerAddress: number;
  /** Minutes of work those take together. */
  holdMinutesPerAddress: number;
}

/** The Finnish answer when an address has its share (429). */
export const ADDRESS_SHARE_MESSAGE = 'Tästä osoitteesta on juuri nyt varattuna liian monta aikaa. Yritä hetken kuluttua uudelleen.';

/** The Finnish answer (412) when a session's time for holding has run out. */
export const HOLD_TOTAL_MESSAGE = `Istunto on päättynyt: aikaa voi pitää varattuna enintään ${HOLD_TOTAL_MINUTES} minuuttia. Aloita varaus alusta.`;

export interface AddressShare {
  /** Live holds of the address's other sessions and its recently saved bookings at the office. */
  count: number;
  /** Their minutes of work. */
  minutes: number;
  /** Seconds until the first of them stops counting. */
  freesInSeconds: number;
}

/** true when one more hold of `minutes` keeps the address within its limits. */
export function withinShare(share: AddressShare, minutes: number, limits: AddressLimits): boolean {
  return share.count + 1 <= limits.holdsPerAddress && share.minutes + minutes <= limits.holdMinutesPerAddress;
}
