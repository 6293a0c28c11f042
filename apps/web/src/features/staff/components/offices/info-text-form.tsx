import './info-texts.css';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { INFO_TEXT_MAX_CHARS, infoTextBody, todayInHelsinki, type InfoText } from '@huolto/domain';
import { Field, InputField, describedBy } from '@/components/ui/field.tsx';
import { useCreateInfoText } from '@/features/staff/api/create-info-text.ts';
import { useUpdateInfoText } from '@/features/staff/api/update-info-text.ts';
import { FormFooter } from '@/features/staff/components/form-footer.tsx';
import { showRefusal } from '@/features/staff/form-refusal.ts';

type InfoTextFormInput = z.input<typeof infoTextBody>;
type InfoTextFormValues = z.output<typeof infoTextBody>;

const REFUSABLE = ['text', 'validFrom', 'validTo'] as const;

/**
 * A dated notice to the office's customers: a new one (no `infoText`; it starts today) or a
 * notice's own, saved as it is in use or not.
 */
export function InfoTextForm({ officeId, infoText, onDone }: { officeId: number; infoText?: InfoText; onDone: (message: string) => void }) {
  const uid = useId();
  const empty: InfoTextFormInput = { text: '', validFrom: todayInHelsinki(), validTo: '' };
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<InfoTextFormInput, unknown, InfoTextFormValues>({
    defaultValues: infoText ? { text: infoText.text, validFrom: infoText.validFrom, validTo: infoText.validTo } : empty,
    resolver: zodResolver(infoTextBody),
  });
  const create = useCreateInfoText(officeId);
  const update = useUpdateInfoText(officeId);

  const onValid = (body: InfoTextFormValues) => {
    const onError = (error: unknown) => showRefusal(error, setError, REFUSABLE);
    if (infoText) {
      update.mutate({ infoTextId: infoText.id, body: { ...body, active: infoText.active } }, { onSuccess: () => onDone('Tiedote tallennettu'), onError });
    } else {
      create.mutate(body, {
        onSuccess: () => {
          reset(empty);
          onDone('Tiedote lisätty');
        },
        onError,
      });
    }
  };

  const id = (name: string) => `${uid}-${name}`;
  const textId = id('text');

  return (
    <form className="form-stack" onSubmit={handleSubmit(onValid)} noValidate aria-label={infoText ? undefined : 'Lisää tiedote'}>
      <Field id={textId} label="Tiedote" required hint="Näytetään asiakkaille palvelu- ja aikavalinnassa sekä vahvistuksessa." error={errors.text?.message}>
        <textarea
          id={textId}
          className="input textarea"
          rows={4}
          maxLength={INFO_TEXT_MAX_CHARS}
          aria-invalid={errors.text ? true : undefined}
          aria-describedby={describedBy(textId, { hint: true, error: Boolean(errors.text) })}
          {...register('text')}
        />
      </Field>
      <div className="info-text-form__dates">
        <InputField id={id('validFrom')} label="Ensimmäinen päivä" required type="date" error={errors.validFrom?.message} {...register('validFrom')} />
        <InputField id={id('validTo')} label="Viimeinen päivä" required type="date" error={errors.validTo?.message} {...register('validTo')} />
      </div>
      <FormFooter problem={errors.root?.server?.message} pending={create.isPending || update.isPending} variant={infoText ? 'primary' : 'secondary'}>
        {infoText ? 'Tallenna' : 'Lisää tiedote'}
      </FormFooter>
    </form>
  );
}
