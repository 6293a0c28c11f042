import { dismissNotification, getNotifications, notify } from '@/lib/notifications.ts';

/**
 * Tells that an action on the booking's own page succeeded and takes away the
 * notification of its earlier failure (`failureText`), so that 'sending failed' and
 * 'sent' are never on screen together after a retry.
 */
export function notifySuccessReplacing(text: string, failureText: string): void {
  for (const n of getNotifications()) if (n.text === failureText) dismissNotification(n.id);
  notify('SUCCESS', text);
}
