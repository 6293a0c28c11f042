/**
 * How much of an office's calendar one client may take (docs/decisions/007): a session's
 * holds end a fixed time after its first one, and one client address may have only so
 * many times, and so many hours of work, at one office at once — its sessions' live holds
 * plus the bookings saved from it in the last hour. Everything is counted in the
 * database (time/repository.ts lockAddress, addressShare), so every server instance sees
 * the same numbers.
 */
import { createHmac } from 'node:crypto';
import { isIPv4, isIPv6 } from 'node:net';

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

const FIXED_KEY = 'huolto-client-address';

/**
 * The part of an address that stands for one client: an IPv4 address whole (also when
 * written IPv4-mapped), an IPv6 address by its /64 network, as one subscriber gets a
 * whole /64 and could otherwise take a fresh address for every request.
 */
export function addressPrefix(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped && isIPv4(mapped[1]!)) return mapped[1]!;
  if (isIPv4(ip)) return ip;
  const bare = ip.split('%')[0]!;
  if (!isIPv6(bare)) return ip;
  const [head, tail] = bare.includes('::') ? bare.split('::') : [bare, undefined];
  const headGroups = head ? head.split(':') : [];
  const tailGroups = tail === undefined ? [] : tail ? tail.split(':') : [];
  // An embedded IPv4 tail takes two groups; only the first four groups matter here.
  const tailCount = tailGroups.reduce((n, g) => n + (g.includes('.') ? 2 : 1), 0);
  const groups =
    tail === undefined ? headGroups : [...headGroups, ...Array<string>(8 - headGroups.length - tailCount).fill('0'), ...tailGroups];
  return `${groups
    .slice(0, 4)
    .map((g) => parseInt(g, 16).toString(16))
    .join(':')}::/64`;
}

/**
 * The one-way key that stands for a client address in the database: an HMAC of its
 * prefix, never the address itself.
 */
export function clientKey(ip: string, secret: string | undefined): string {
  return createHmac('sha256', secret ?? FIXED_KEY).update(addressPrefix(ip)).digest('base64url').slice(0, 32);
}

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
