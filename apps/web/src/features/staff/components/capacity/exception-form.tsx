import './capacity.css';
import { useId } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import {
  openingExceptionBody,
  openingExceptionParams,
  todayInHelsinki,
  type OpeningExceptionBody,
  type StaffOffice,
} from '@huolto/domain';
import { Button } from '@/components/ui/button.tsx';
import { InputField } from '@/components/ui/field.tsx';
import { useSaveException } from '@/features/staff/api/save-exception.ts';
import { showRefusal } from '@/features/staff/form-refusal.ts';
import { ReasonField } from './reason-field.tsx';

/**
 * The form's fields, made into the domain's exception body with the date it is for (the
 * call's address), which must be chosen; a closed day's hours are not asked for.
 */
const exceptionOfDate = openingExceptionBody.safeExtend({
  date: z.string().min(1, { error: 'Valitse päivä' }).pipe(openingExceptionParams.shape.date),
});
const exceptionFormSchema = z
  .object({ date: z.string(), closed: z.boolean(), openingTime: z.string(), closingTime: z.string(), reason: z.string() })
  .transform(
    (f): z.input<typeof exceptionOfDate> => ({ ...f, openingTime: f.closed ? null : f.openingTime, closingTime: f.closed ? null : f.closingTime }),
  )
  .pipe(exceptionOfDate);

type ExceptionFormInput = z.input<typeof exceptionFormSchema>;
type ExceptionFormValues = z.output<typeof exceptionFormSchema>;

const REFUSABLE = ['date', 'openingTime', 'closingTime', 'reason'] as const;

/** 'Lisää poikkeus': a date closed all day or open other hours; the date's earlier exception is replaced. */
export function ExceptionForm({ office, announce }: { office: StaffOffice; announce: (message: string) => void }) {
  const uid = useId();
  const {
    register,
    handleSubmit,
    control,
    setValue,
    setError,
    formState: { errors },
  } = useForm<ExceptionFormInput, unknown, ExceptionFormValues>({
    defaultValues: {
      date: '',
      closed: true,
      openingTime: office.openingTime.slice(0, 5),
      closingTime: office.closingTime.slice(0, 5),
      reason: '',
    },
    resolver: zodResolver(exceptionFormSchema),
  });
  const closed = useWatch({ control, name: 'closed' });
  const save = useSaveException(office.id);

  const onValid = ({ date, closed, openingTime, closingTime, reason }: ExceptionFormValues) => {
    // A closed day is sent without hours, as the call allows.
    const body: OpeningExceptionBody = closed ? { closed, reason } : { closed, openingTime, closingTime, reason };
    save.mutate(
      { date, body },
      {
        onSuccess: () => {
          setValue('date', '');
          setValue('reason', '');
          announce('Poikkeus tallennettu');
        },
        onError: (error) => showRefusal(error, setError, REFUSABLE),
      },
    );
  };

  const id = (name: string) => `${uid}-${name}`;

  return (
    <form className="capacity__form" onSubmit={handleSubmit(onValid)} noValidate aria-labelledby={id('heading')}>
      <h3 id={id('heading')} className="capacity__subtitle">
        Lisää poikkeus
      </h3>
      <InputField
        id={id('date')}
        label="Päivä"
        hint="Saman päivän poikkeus korvataan."
        type="date"
        min={todayInHelsinki()}
        error={errors.date?.message}
        {...register('date')}
      />
      <fieldset className="capacity__fieldset">
        <legend className="field__label">Aukiolo</legend>
        <div className="checkbox-row">
          <input id={id('closed')} type="radio" className="radio" name={id('kind')} checked={closed} onChange={() => setValue('closed', true)} />
          <label htmlFor={id('closed')}>Suljettu koko päivän</label>
        </div>
        <div className="checkbox-row">
          <input id={id('hours')} type="radio" className="radio" name={id('kind')} checked={!closed} onChange={() => setValue('closed', false)} />
          <label htmlFor={id('hours')}>Poikkeavat aukioloajat</label>
        </div>
      </fieldset>
      {!closed && (
        <div className="capacity__pair">
          <InputField id={id('openingTime')} label="Avautuu" type="time" step={900} error={errors.openingTime?.message} {...register('openingTime')} />
          <InputField id={id('closingTime')} label="Sulkeutuu" type="time" step={900} error={errors.closingTime?.message} {...register('closingTime')} />
        </div>
      )}
      <ReasonField id={id('reason')} error={errors.reason?.message} problem={errors.root?.server?.message} {...register('reason')} />
      <div className="actions">
        <Button type="submit" variant="secondary" disabled={save.isPending}>
          Tallenna poikkeus
        </Button>
      </div>
    </form>
  );
}
