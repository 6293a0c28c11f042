import './capacity.css';
import { useId } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { STAFF_REASON_MAX_LENGTH, absenceBody, addDays, isRealDate, todayInHelsinki, type AbsenceBody, type StaffOffice } from '@huolto/domain';
import { Button } from '@/components/ui/button.tsx';
import { Field, describedBy } from '@/components/ui/field.tsx';
import { useAddAbsence } from '@/features/staff/api/add-absence.ts';
import { ProblemNotice } from '@/features/staff/components/problem-notice.tsx';
import { showRefusal } from '@/features/staff/form-refusal.ts';
import { absenceSpan } from './absence-span.ts';

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
  const aria = (name: (typeof REFUSABLE)[number]) => ({
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': describedBy(id(name), { error: Boolean(errors[name]) }),
  });
  const startField = (
    <Field id={id('start')} label={wholeDay ? 'Ensimmäinen päivä' : 'Alkaa (päivä)'} error={errors.start?.message}>
      <input
        id={id('start')}
        type="date"
        className="input"
        {...aria('start')}
        {...register('start', {
          // The last day follows a first day moved past it.
          onChange: (e: { target: HTMLInputElement }) => {
            if (getValues('end') < e.target.value) setValue('end', e.target.value);
          },
        })}
      />
    </Field>
  );
  const endField = (
    <Field id={id('end')} label={wholeDay ? 'Viimeinen päivä' : 'Päättyy (päivä)'} error={errors.end?.message}>
      <input id={id('end')} type="date" className="input" {...aria('end')} {...register('end')} />
    </Field>
  );

  return (
    <form className="capacity__form" onSubmit={handleSubmit(onValid)} noValidate aria-labelledby={`${uid}-heading`}>
      <h3 id={`${uid}-heading`} className="capacity__subtitle">
        Lisää poissaolo
      </h3>
      <Field id={id('resourceId')} label="Resurssi" error={errors.resourceId?.message}>
        <select id={id('resourceId')} className="input" {...aria('resourceId')} {...register('resourceId')}>
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
            <Field id={id('startTime')} label="Alkaa (kello)">
              <input id={id('startTime')} type="time" step={900} className="input" {...register('startTime')} />
            </Field>
          </div>
          <div className="capacity__pair">
            {endField}
            <Field id={id('endTime')} label="Päättyy (kello)">
              <input id={id('endTime')} type="time" step={900} className="input" {...register('endTime')} />
            </Field>
          </div>
        </>
      )}
      <Field id={id('reason')} label="Syy (vapaaehtoinen)" error={errors.reason?.message}>
        <input id={id('reason')} className="input" maxLength={STAFF_REASON_MAX_LENGTH} {...aria('reason')} {...register('reason')} />
      </Field>
      <ProblemNotice message={errors.root?.server?.message} />
      <div className="actions">
        <Button type="submit" disabled={add.isPending}>
          Lisää poissaolo
        </Button>
      </div>
    </form>
  );
}
