import './capacity.css';
import { useId } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { absenceBody, addDays, isRealDate, todayInHelsinki, type AbsenceBody, type StaffOffice } from '@huolto/domain';
import { Button } from '@/components/ui/button.tsx';
import { Field, InputField, describedBy } from '@/components/ui/field.tsx';
import { useAddAbsence } from '@/features/staff/api/add-absence.ts';
import { showRefusal } from '@/features/staff/form-refusal.ts';
import { absenceSpan } from './absence-span.ts';
import { ReasonField } from './reason-field.tsx';

const pickDay = z.string().min(1, { error: 'Valitse päivä' });

/**
 * The form's fields, made into the domain's absence body: whole days run from the first
 * day's midnight to the midnight after the last day, otherwise the times go with the
 * dates. The date fields carry the body's names, `start` and `end`, so that the body's
 * refusals (here or the server's) show at them.
 */
const absenceFormSchema = z
  .object({
    resourceId: z.string().min(1, { error: 'Valitse resurssi' }),
    wholeDay: z.boolean(),
    start: pickDay,
    startTime: z.string(),
    end: pickDay,
    endTime: z.string(),
    reason: z.string(),
  })
  .transform(
    (f): AbsenceBody => ({
      resourceId: Number(f.resourceId),
      start: f.wholeDay ? `${f.start}T00:00:00` : `${f.start}T${f.startTime}:00`,
      end: f.wholeDay ? `${isRealDate(f.end) ? addDays(f.end, 1) : f.end}T00:00:00` : `${f.end}T${f.endTime}:00`,
      reason: f.reason,
    }),
  )
  .pipe(absenceBody);

type AbsenceFormInput = z.input<typeof absenceFormSchema>;
type AbsenceFormBody = z.output<typeof absenceFormSchema>;

const REFUSABLE = ['resourceId', 'start', 'end', 'reason'] as const;

/** 'Lisää poissaolo': a resource away for whole days or for hours; the reason is kept for staff. */
export function AbsenceForm({ office, announce }: { office: StaffOffice; announce: (message: string) => void }) {
  const uid = useId();
  const today = todayInHelsinki();
  const {
    register,
    handleSubmit,
    control,
    getValues,
    setValue,
    setError,
    formState: { errors },
  } = useForm<AbsenceFormInput, unknown, AbsenceFormBody>({
    defaultValues: {
      resourceId: String(office.resources[0]?.id ?? ''),
      wholeDay: true,
      start: today,
      startTime: office.openingTime.slice(0, 5),
      end: today,
      endTime: office.closingTime.slice(0, 5),
      reason: '',
    },
    resolver: zodResolver(absenceFormSchema),
  });
  const wholeDay = useWatch({ control, name: 'wholeDay' });
  const add = useAddAbsence(office.id);

  const onValid = (body: AbsenceFormBody) =>
    add.mutate(body, {
      onSuccess: () => {
        setValue('reason', '');
        const name = office.resources.find((r) => r.id === body.resourceId)?.name ?? '';
        announce(`Poissaolo lisätty: ${name}, ${absenceSpan(body)}`);
      },
      onError: (error) => showRefusal(error, setError, REFUSABLE),
    });

  const id = (name: keyof AbsenceFormInput) => `${uid}-${name}`;
  const startField = (
    <InputField
      id={id('start')}
      label={wholeDay ? 'Ensimmäinen päivä' : 'Alkaa (päivä)'}
      type="date"
      error={errors.start?.message}
      {...register('start', {
        // The last day follows a first day moved past it.
        onChange: (e: { target: HTMLInputElement }) => {
          if (getValues('end') < e.target.value) setValue('end', e.target.value);
        },
      })}
    />
  );
  const endField = <InputField id={id('end')} label={wholeDay ? 'Viimeinen päivä' : 'Päättyy (päivä)'} type="date" error={errors.end?.message} {...register('end')} />;

  return (
    <form className="capacity__form" onSubmit={handleSubmit(onValid)} noValidate aria-labelledby={`${uid}-heading`}>
      <h3 id={`${uid}-heading`} className="capacity__subtitle">
        Lisää poissaolo
      </h3>
      <Field id={id('resourceId')} label="Resurssi" error={errors.resourceId?.message}>
        <select
          id={id('resourceId')}
          className="input"
          aria-invalid={errors.resourceId ? true : undefined}
          aria-describedby={describedBy(id('resourceId'), { error: Boolean(errors.resourceId) })}
          {...register('resourceId')}
        >
          {office.resources.map((r) => (
            <option key={r.id} value={r.id}>
              {r.name}
            </option>
          ))}
        </select>
      </Field>
      <div className="checkbox-row">
        <input id={id('wholeDay')} type="checkbox" className="checkbox" {...register('wholeDay')} />
        <label htmlFor={id('wholeDay')}>Koko päivän</label>
      </div>
      {wholeDay ? (
        <div className="capacity__pair">
          {startField}
          {endField}
        </div>
      ) : (
        <>
          <div className="capacity__pair">
            {startField}
            <InputField id={id('startTime')} label="Alkaa (kello)" type="time" step={900} {...register('startTime')} />
          </div>
          <div className="capacity__pair">
            {endField}
            <InputField id={id('endTime')} label="Päättyy (kello)" type="time" step={900} {...register('endTime')} />
          </div>
        </>
      )}
      <ReasonField id={id('reason')} error={errors.reason?.message} problem={errors.root?.server?.message} {...register('reason')} />
      <div className="actions">
        <Button type="submit" disabled={add.isPending}>
          Lisää poissaolo
        </Button>
      </div>
    </form>
  );
}
