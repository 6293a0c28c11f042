import { useMutation } from '@tanstack/react-query';
import type { AccessibilityFeedbackBody } from '@huolto/domain';
import { api } from '@/lib/api-client.ts';

/** POST /accessibility-feedback: one e-mail to the company; 202 {}, 409 without the company's e-mail, 429 after too many. */
export const sendAccessibilityFeedback = (body: AccessibilityFeedbackBody) =>
  api.post<Record<string, never>>('/accessibility-feedback', body, { handleErrors: true });

export function useSendAccessibilityFeedback() {
  return useMutation({ mutationFn: sendAccessibilityFeedback });
}
