import { MESSAGES, type NotificationLevel } from '@huolto/domain';
import { ApiError } from '@/lib/api-client.ts';
import { dismissNotification, getNotifications, notify } from '@/lib/notifications.ts';
import { serverMessage } from '@/lib/form-errors.ts';

interface Failure {
  level: NotificationLevel;
  text: string;
}

/** The notification of a failed call: 429 with the server's message, else the server-error warning. */
function failureOf(error: unknown): Failure {
  if (error instanceof ApiError && error.status === 429) {
    return { level: 'ERROR', text: serverMessage(error) ?? 'Liian monta yritystä. Yritä myöhemmin uudelleen.' };
  }
  return MESSAGES.serverError;
}

/** 429 with the server's message; anything else but a handled status is the server-error warning. */
export function notifyFailure(error: unknown) {
  const { level, text } = failureOf(error);
  notify(level, text);
}

/** The notifications failed logins raised, so that a later successful login can take them away. */
const loginFailures = new Set<string>();
const keyOf = (f: Failure) => `${f.level}\n${f.text}`;

/**
 * A failed login: the notification of the error catalogue (requirements §8: 401 is "Login failed",
 * 429 the server's message, anything else the server-error warning). Returns its text for
 * the dialog itself to show too, as the dialog's dimming covers the notification stack.
 */
export function notifyLoginFailure(error: unknown): string {
  const failure = error instanceof ApiError && error.status === 401 ? MESSAGES.loginFailed : failureOf(error);
  notify(failure.level, failure.text);
  loginFailures.add(keyOf(failure));
  return failure.text;
}

/** After a successful login the notifications of the failed attempts are stale: they go. */
export function clearLoginFailures(): void {
  for (const n of getNotifications()) {
    if (loginFailures.has(keyOf(n))) dismissNotification(n.id);
  }
  loginFailures.clear();
}
