import type { CustomerForm as CustomerFormInput } from '@huolto/domain';

/**
 * A draft of the customer form, so that a reload does not empty what was typed. It lives
 * in sessionStorage (never localStorage: contact details do not outlive the tab) under one
 * key and belongs to one booking process: a draft of another process token is never
 * restored and is removed. Only what the customer typed in the form is kept: no values
 * filled in from the loyalty account, and nothing of the login.
 */
export interface CustomerDraft {
  /** The typed contact fields. */
  fields: Partial<CustomerFormInput>;
  /** 'Lisätietoja', when typed. */
  notes?: string;
}

/** sessionStorage key of the draft. */
export const CUSTOMER_DRAFT_KEY = 'customer-draft';

/** Forgets the draft: the booking was saved or the process it belongs to is gone. */
export function clearCustomerDraft(): void {
  try {
    sessionStorage.removeItem(CUSTOMER_DRAFT_KEY);
  } catch {
    /* storage disabled: there is no draft */
  }
}

/** The draft of the booking process `token`, or null; a draft of another process is removed. */
export function loadCustomerDraft(token: string): CustomerDraft | null {
  try {
    const stored = JSON.parse(sessionStorage.getItem(CUSTOMER_DRAFT_KEY) ?? 'null') as (CustomerDraft & { token: string }) | null;
    if (stored?.token === token && stored.fields) return stored;
    if (stored) clearCustomerDraft();
  } catch {
    /* storage disabled, or a value that is not ours */
  }
  return null;
}

export function saveCustomerDraft(token: string, draft: CustomerDraft): void {
  try {
    sessionStorage.setItem(CUSTOMER_DRAFT_KEY, JSON.stringify({ token, ...draft }));
  } catch {
    /* storage full or disabled: the form still works, only a reload empties it */
  }
}
