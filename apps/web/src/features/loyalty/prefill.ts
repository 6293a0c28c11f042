import type { LoyaltyAccount } from '@huolto/domain';

/** The customer form's fields a loyalty account can fill (the form's own names). */
export interface CustomerPrefill {
  first_name: string;
  last_name: string;
  phone_number: string;
  email: string;
  address: string;
  post_code: string;
  post_office: string;
}

/**
 * The logged-in customer's details for the customer form (requirements §6: prefilled, empty
 * fields only — the form decides which are empty).
 */
export function customerPrefillOf(account: LoyaltyAccount): CustomerPrefill {
  return {
    first_name: account.firstname ?? '',
    last_name: account.lastname ?? '',
    phone_number: account.phone ?? '',
    email: account.email ?? '',
    address: account.address ?? '',
    post_code: account.zip ?? '',
    post_office: account.city ?? '',
  };
}
