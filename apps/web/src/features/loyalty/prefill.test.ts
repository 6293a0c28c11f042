import { describe, expect, it } from 'vitest';
import { customerPrefillOf } from './prefill.ts';
import { ACCOUNT } from './testing.tsx';

describe('customerPrefillOf', () => {
  it('maps the account to the customer form fields', () => {
    expect(customerPrefillOf(ACCOUNT)).toEqual({
      first_name: 'Testi',
      last_name: 'Asiakas',
      phone_number: '040 123 4567',
      email: 'testi@example.com',
      address: 'Ruosilantie 1',
      post_code: '00390',
      post_office: 'Helsinki',
    });
  });
});
