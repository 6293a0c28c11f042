/**
 * Tag-manager events (requirements §4): pushed to window.dataLayer whatever the customer's
 * choice, for a tag manager to read. The tag manager itself is loaded only when the company
 * has configured one and the customer has accepted analytics (lib/consent.ts, decision 022);
 * without it nothing reads the events and they never leave the page.
 */
declare global {
  interface Window {
    dataLayer?: Record<string, unknown>[];
  }
}

export type AnalyticsEvent =
  | { event: 'step'; step: string; processType: string }
  | { event: 'add_to_cart' | 'remove_from_cart'; productId: string };

export function pushEvent(e: AnalyticsEvent): void {
  if (typeof window === 'undefined') return;
  window.dataLayer = window.dataLayer ?? [];
  window.dataLayer.push({ ...e });
}
