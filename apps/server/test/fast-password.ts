/**
 * Password hashes at a low scrypt cost, for test files that sign in hundreds of times to count
 * failures and delays: the same 'scrypt$N$r$p$salt$hash' scheme, compared by the same
 * verifyPassword (which reads the cost from the stored hash), about a millisecond a comparison
 * instead of about a hundred. The cost the server hashes with is pinned in loyalty.test.ts.
 */
import { randomBytes, scryptSync } from 'node:crypto';
import type * as Password from '../src/lib/password.ts';

const N = 1 << 10;
const R = 8;
const P = 1;

export function fastPasswordHash(password: string): string {
  const salt = randomBytes(16);
  const key = scryptSync(password.normalize('NFC'), salt, 32, { N, r: R, p: P });
  return ['scrypt', N, R, P, salt.toString('base64url'), key.toString('base64url')].join('$');
}

/**
 * The password module with its hashes made at the low cost (new accounts, and the stand-in
 * compared when an account does not exist), for vi.mock('#src/lib/password.ts', …).
 */
export function withFastHashes(real: typeof Password): typeof Password {
  const dummy = fastPasswordHash(randomBytes(16).toString('hex'));
  return {
    ...real,
    hashPassword: (password: string) => Promise.resolve(fastPasswordHash(password)),
    dummyPasswordHash: () => Promise.resolve(dummy),
  };
}
