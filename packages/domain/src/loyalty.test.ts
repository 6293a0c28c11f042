import { describe, expect, it } from 'vitest';
import { isVoucherValid, loginBody, registerUserBody } from './index.ts';

describe('vouchers (requirements §5)', () => {
  const v = { validFrom: '2026-11-01', validTo: '2026-11-30' };
  it('are valid from validFrom to validTo, both days included', () => {
    expect(isVoucherValid(v, '2026-10-31')).toBe(false);
    expect(isVoucherValid(v, '2026-11-01')).toBe(true);
    expect(isVoucherValid(v, '2026-11-30')).toBe(true);
    expect(isVoucherValid(v, '2026-12-01')).toBe(false);
  });
});

describe('login and registration forms', () => {
  it('need username and password', () => {
    expect(loginBody.safeParse({ username: '', password: 'x' }).success).toBe(false);
    expect(loginBody.safeParse({ username: 'a', password: '' }).success).toBe(false);
    expect(loginBody.safeParse({ username: 'a', password: 'b' }).success).toBe(true);
  });
  it('registration needs an e-mail and a long enough password', () => {
    const ok = { username: 'Uusi@Example.com', password: 'pitkäsalasana', firstname: 'U', lastname: 'K' };
    expect(registerUserBody.parse(ok).username).toBe('uusi@example.com');
    expect(registerUserBody.safeParse({ ...ok, password: 'lyhyt' }).success).toBe(false);
    expect(registerUserBody.safeParse({ ...ok, username: 'ei-osoite' }).success).toBe(false);
  });
});
