import { Button } from '@/components/ui/button.tsx';
import { notify } from '@/lib/notifications.ts';
import type { BookingRef } from '@/features/manage-booking/api/manage-booking.ts';
import { useResendConfirmation } from '@/features/manage-booking/api/resend-confirmation.ts';
import { notifySuccessReplacing, tooManyText } from '@/features/manage-booking/outcome.ts';

/** What the customer is told after asking for the confirmation again. */
export const RESEND_TEXTS = {
  sent: 'Varausvahvistus on lähetetty uudelleen sähköpostiisi.',
  notAvailable: 'Tälle varaukselle ei voi enää lähettää vahvistusta.',
  failed: 'Vahvistuksen lähettäminen epäonnistui. Yritä hetken kuluttua uudelleen.',
} as const;

/**
 * 'Lähetä vahvistus uudelleen sähköpostiin' (POST /send-email): the confirmation again,
 * to the e-mail address given at booking — never to an address typed here, so that the
 * link cannot be used to send a booking's details elsewhere.
 */
export function ResendConfirmationButton({ bookingRef }: { bookingRef: BookingRef }) {
  const resend = useResendConfirmation(bookingRef);
  const busy = resend.isPending;

  const send = () =>
    resend.mutate(undefined, {
      onSuccess: (answer) => {
        if (answer.responseCode === 'SUCCESS') notifySuccessReplacing(RESEND_TEXTS.sent, RESEND_TEXTS.failed);
        else notify('WARNING', RESEND_TEXTS.notAvailable);
      },
      onError: (error) => {
        const tooMany = tooManyText(error);
        if (tooMany) notify('WARNING', tooMany);
        else notify('ERROR', RESEND_TEXTS.failed);
      },
    });

  return (
    <Button variant="secondary" disabled={busy} aria-busy={busy || undefined} onClick={send}>
      Lähetä vahvistus uudelleen sähköpostiin
    </Button>
  );
}
