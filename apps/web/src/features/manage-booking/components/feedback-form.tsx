import { useId, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button.tsx';
import { notify } from '@/lib/notifications.ts';
import { FEEDBACK_MESSAGE_MAX } from '@huolto/domain';
import { useSendFeedback } from '@/features/manage-booking/api/send-feedback.ts';
import { notifySuccessReplacing } from '@/features/manage-booking/outcome.ts';

/** The scale of the rating, 1 to 5 (feedbackBody of @huolto/domain). */
export const RATINGS = [
  { value: 1, label: 'Erittäin tyytymätön' },
  { value: 2, label: 'Tyytymätön' },
  { value: 3, label: 'En tyytyväinen enkä tyytymätön' },
  { value: 4, label: 'Tyytyväinen' },
  { value: 5, label: 'Erittäin tyytyväinen' },
] as const;

/** What the customer is told after sending, in the notification stack. */
export const FEEDBACK_TEXTS = {
  sent: 'Kiitos palautteestasi!',
  failed: 'Palautteen lähettäminen epäonnistui. Yritä hetken kuluttua uudelleen.',
} as const;

/**
 * Feedback on the booking's own page (POST /feedback/v2): a rating from 1 to 5 and an
 * optional comment. A failure keeps what was written so that it can be sent again; after
 * a success the form gives way to a thank-you, so the same feedback is not sent twice.
 */
export function FeedbackForm({ bookingKey }: { bookingKey: string }) {
  const id = useId();
  const [rating, setRating] = useState<number | null>(null);
  const [message, setMessage] = useState('');
  const [sent, setSent] = useState(false);
  const feedback = useSendFeedback(bookingKey);
  const busy = feedback.isPending;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (rating === null || busy) return;
    feedback.mutate(
      { rating, message },
      {
        onSuccess: (answer) => {
          if (answer.responseCode !== 'SUCCESS') {
            notify('ERROR', FEEDBACK_TEXTS.failed);
            return;
          }
          notifySuccessReplacing(FEEDBACK_TEXTS.sent, FEEDBACK_TEXTS.failed);
          setSent(true);
        },
        onError: () => notify('ERROR', FEEDBACK_TEXTS.failed),
      },
    );
  };

  return (
    <section className="card form-stack" aria-labelledby={`${id}-title`}>
      <h2 className="card__title" id={`${id}-title`}>
        Anna palautetta
      </h2>
      {sent ? (
        <p>Palautteesi on vastaanotettu. Kiitos, että autat meitä parantamaan palveluamme!</p>
      ) : (
        <form className="form-stack" onSubmit={submit}>
          <fieldset className="choice">
            <legend className="field__label">
              Kuinka tyytyväinen olit palveluumme?
              <span className="field__required" aria-hidden="true">
                {' '}
                *
              </span>
            </legend>
            <div className="radio-list">
              {RATINGS.map((r) => (
                <label key={r.value} className={`radio-card${rating === r.value ? ' radio-card--selected' : ''}`}>
                  <input
                    type="radio"
                    className="radio"
                    name={`${id}-rating`}
                    value={r.value}
                    checked={rating === r.value}
                    onChange={() => setRating(r.value)}
                    aria-required="true"
                  />
                  <span>
                    {r.value} – {r.label}
                  </span>
                </label>
              ))}
            </div>
          </fieldset>
          <div className="field">
            <label className="field__label" htmlFor={`${id}-message`}>
              Kommentti (vapaaehtoinen)
            </label>
            <textarea
              id={`${id}-message`}
              className="input textarea"
              maxLength={FEEDBACK_MESSAGE_MAX}
              value={message}
              onChange={(e) => setMessage(e.target.value)}
            />
          </div>
          <Button type="submit" variant="secondary" disabled={rating === null || busy} aria-busy={busy || undefined}>
            Lähetä palaute
          </Button>
        </form>
      )}
    </section>
  );
}
