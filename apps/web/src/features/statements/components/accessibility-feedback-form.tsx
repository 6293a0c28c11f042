import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { NO_COMPANY_EMAIL_MESSAGE, accessibilityFeedbackBody, type AccessibilityFeedbackBody } from '@huolto/domain';
import type { z } from 'zod';
import { Button } from '@/components/ui/button.tsx';
import { InputField, TextAreaField } from '@/components/ui/field.tsx';
import { ApiError } from '@/lib/api-client.ts';
import { showFieldErrors } from '@/lib/form-errors.ts';
import { useSendAccessibilityFeedback } from '@/features/statements/api/send-accessibility-feedback.ts';

type FeedbackInput = AccessibilityFeedbackBody;
type FeedbackOutput = z.output<typeof accessibilityFeedbackBody>;

const FIELDS = ['message', 'email', 'page'] as const;

/** What the form tells after sending, in its live regions. */
export const FEEDBACK_FORM_TEXTS = {
  sent: 'Kiitos palautteesta! Viestisi on välitetty meille. Jos annoit sähköpostiosoitteesi, vastaamme sinulle.',
  tooMany: 'Olet lähettänyt useita palautteita lyhyessä ajassa. Yritä myöhemmin uudelleen tai soita meille.',
  noEmail: NO_COMPANY_EMAIL_MESSAGE,
  failed: 'Palautteen lähettäminen epäonnistui. Yritä hetken kuluttua uudelleen.',
} as const;

function failureText(error: unknown): string {
  if (error instanceof ApiError && error.status === 409) return FEEDBACK_FORM_TEXTS.noEmail;
  if (error instanceof ApiError && error.status === 429) return FEEDBACK_FORM_TEXTS.tooMany;
  return FEEDBACK_FORM_TEXTS.failed;
}

/**
 * The accessibility statement's feedback form (POST /accessibility-feedback): the message,
 * an optional address for the answer and the page it is about (`page`, prefilled). The thanks
 * and the failures are told in live regions that are always on the page, so that a screen
 * reader hears them; after a success the message is cleared for another one.
 */
export function AccessibilityFeedbackForm({ page }: { page: string }) {
  const uid = useId();
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);
  const send = useSendAccessibilityFeedback();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<FeedbackInput, unknown, FeedbackOutput>({
    defaultValues: { message: '', email: '', page },
    resolver: zodResolver(accessibilityFeedbackBody),
    mode: 'onTouched',
  });

  const onSubmit = async (values: FeedbackOutput) => {
    setOutcome(null);
    try {
      await send.mutateAsync(values);
      reset({ message: '', email: values.email, page: values.page });
      setOutcome({ ok: true, text: FEEDBACK_FORM_TEXTS.sent });
    } catch (error) {
      if (!showFieldErrors(error, setError, FIELDS)) setOutcome({ ok: false, text: failureText(error) });
    }
  };

  const id = (name: string) => `${uid}-${name}`;
  return (
    <>
      <form className="form-stack feedback-form" noValidate onSubmit={handleSubmit(onSubmit)} aria-label="Saavutettavuuspalaute">
        <TextAreaField
          id={id('message')}
          label="Palautteesi"
          required
          rows={6}
          maxLength={2000}
          hint="Kerro, mikä ei toiminut ja millä laitteella tai apuvälineellä käytit palvelua."
          error={errors.message?.message}
          {...register('message')}
        />
        <InputField
          id={id('email')}
          label="Sähköpostiosoitteesi (vapaaehtoinen)"
          type="email"
          inputMode="email"
          autoComplete="email"
          hint="Jos haluat vastauksen."
          error={errors.email?.message}
          {...register('email')}
        />
        <InputField
          id={id('page')}
          label="Sivu, jota palaute koskee (vapaaehtoinen)"
          autoComplete="off"
          hint="Esimerkiksi /etusivu"
          error={errors.page?.message}
          {...register('page')}
        />
        <Button type="submit" disabled={isSubmitting} aria-busy={isSubmitting || undefined}>
          {isSubmitting ? 'Lähetetään…' : 'Lähetä palaute'}
        </Button>
      </form>
      <div role="status" className="feedback-form__status">
        {outcome?.ok && <p className="notice notice--success">{outcome.text}</p>}
      </div>
      <div role="alert" className="feedback-form__alert">
        {outcome && !outcome.ok && <p className="notice notice--error">{outcome.text}</p>}
      </div>
    </>
  );
}
