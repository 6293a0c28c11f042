/**
 * The one-way key that stands for a client address in the database (the sessions it
 * starts, the bookings saved from it), by which the fair share of an office's calendar is
 * counted (modules/time/fair-share.ts).
 */
import { createHmac } from 'node:crypto';
import { isIPv4, isIPv6 } from 'node:net';

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
