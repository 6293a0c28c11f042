/**
 * Tag-manager events (requirements §4): pushed to window.dataLayer, which a tag manager may
 * read if the site adds one. No third-party script is loaded by the app itself.
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
