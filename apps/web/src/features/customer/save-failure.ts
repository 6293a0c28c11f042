import { MESSAGES, type SaveBookingResponse } from '@huolto/domain';
import { ApiError } from '@/lib/api-client.ts';

/**
 * What the customer step tells when saving the booking fails: the server's own reason where it
 * gives one (a chosen service no longer offered, 409 SERVICE_UNAVAILABLE naming it; the
 * services' duration grown since the time was held, an INVALID answer), else 'Tilauksen
 * tallentaminen epäonnistui'. Null for 412: the session is gone and the app starts anew.
 */
export function saveFailureText(failure: SaveBookingResponse | unknown): string | null {
  if (failure instanceof ApiError) {
    if (failure.status === 412) return null;
    if (failure.code === 'SERVICE_UNAVAILABLE') return failure.message;
    return MESSAGES.saveFailed.text;
  }
  const answer = failure as Partial<SaveBookingResponse> | null;
  return answer?.message || MESSAGES.saveFailed.text;
}
