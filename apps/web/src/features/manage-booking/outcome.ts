import { ApiError } from '@/lib/api-client.ts';
import { serverMessage } from '@/lib/form-errors.ts';
import { dismissNotification, getNotifications, notify } from '@/lib/notifications.ts';

/**
 * The server's own Finnish words when it refused a call as too many (429: e.g. the
 * booking's confirmation resent or change requests sent as often as an hour allows,
 * saying when to try again); null for any other failure.
 */
export function tooManyText(error: unknown): string | null {
  return error instanceof ApiError && error.status === 429 ? serverMessage(error) : null;
}

/**
 * Tells that an action on the booking's own page succeeded and takes away the
 * notification of its earlier failure (`failureText`), so that 'sending failed' and
 * 'sent' are never on screen together after a retry.
 */
export function notifySuccessReplacing(text: string, failureText: string): void {
  for (const n of getNotifications()) if (n.text === failureText) dismissNotification(n.id);
  notify('SUCCESS', text);
}
