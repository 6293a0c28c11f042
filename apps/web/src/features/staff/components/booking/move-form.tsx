import './booking-actions.css';
import { useEffect, useId, useMemo, useState, type FormEvent } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import {
  addDays,
  formatFinnishDate,
  formatFinnishTime,
  isRealDate,
  minutesToTime,
  staffMoveBody,
  staffMoveStarts,
  timeToMinutes,
  todayInHelsinki,
  type StaffBookingDetail,
  type StaffMoveBody,
} from '@huolto/domain';
import { ConfirmDialog } from '@/components/ui/dialog.tsx';
import { Field, describedBy } from '@/components/ui/field.tsx';
import { useDay } from '@/features/staff/api/get-day.ts';
import { useMoveBooking } from '@/features/staff/api/move-booking.ts';
import { FormFooter } from '@/features/staff/components/form-footer.tsx';
import { showRefusal } from '@/features/staff/form-refusal.ts';
import { bookingMinutes, timeRange } from './booking-times.ts';

/** The form's day, start and resource, checked with the form's own words, then as the move's body (domain staffMoveBody). */
const moveFormSchema = z
  .object({
    date: z.string().refine(isRealDate, { error: 'Valitse päivä' }),
    time: z.string().min(1, { error: 'Valitse alkamisaika' }),
    resourceId: z.number({ error: 'Valitse resurssi' }),
  })
  .transform(({ date, time, resourceId }): StaffMoveBody => ({ start: `${date}T${time}`, resourceId }))
  .pipe(staffMoveBody);

/** The form's values; `start` is the body's day and time together, its errors (the domain's, the server's) shown at the time. */
type MoveFormValues = z.input<typeof moveFormSchema> & { start?: string };
type MoveBody = z.output<typeof moveFormSchema>;

/**
 * 'Siirrä': another day, resource and start on the office's grid (domain staffMoveStarts),
 * the starts taken or past shown but not offered; nothing moves before the confirmation,
 * which tells the new time and what the customer receives.
 */
export function MoveForm({ booking, initialDate, announce }: { booking: StaffBookingDetail; initialDate: string; announce: (message: string) => void }) {
  const ids = { date: useId(), resource: useId(), time: useId(), heading: useId() };
  const { register, control, trigger, setValue, getValues, setError, clearErrors, formState } = useForm<MoveFormValues, unknown, MoveBody>({
    defaultValues: { date: initialDate, time: '', resourceId: booking.resourceIds[0] },
    resolver: zodResolver(moveFormSchema),
  });
  const errors = formState.errors;
  const [date, resourceId] = useWatch({ control, name: ['date', 'resourceId'] });
  const [confirming, setConfirming] = useState<MoveBody | null>(null);
  const move = useMoveBooking(booking.id);
  const dateOk = isRealDate(date);
  const day = useDay(booking.office.id, date, { enabled: dateOk });
  const resources = useMemo(() => day.data?.resources ?? [], [day.data]);
  const chosenResource = resourceId ?? resources[0]?.id ?? null;
  // A booking without a resource of its own is moved to the first one shown.
  useEffect(() => {
    if (getValues('resourceId') === undefined && resources[0]) setValue('resourceId', resources[0].id);
  }, [resources, getValues, setValue]);
  const minutes = bookingMinutes(booking);
  const starts = useMemo(
    () => (day.data && chosenResource !== null ? staffMoveStarts(day.data, chosenResource, minutes, booking.id) : []),
    [day.data, chosenResource, minutes, booking.id],
  );
  const freeCount = starts.filter((s) => !s.taken && !s.past).length;
  const resourceName = (id: number | null) => resources.find((r) => r.id === id)?.name ?? '';
  const newWhen = (body: MoveBody) => {
    const [newDate, newTime] = body.start.split('T') as [string, string];
    const newEnd = minutesToTime(timeToMinutes(newTime) + minutes);
    return `${formatFinnishDate(newDate, true)} klo ${formatFinnishTime(newTime)}–${formatFinnishTime(newEnd)}, ${resourceName(body.resourceId)}`;
  };

  // Checked at once rather than through handleSubmit, which answers a tick later: the
  // confirmation opens on the click itself. The resolver then puts the errors at their fields.
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = moveFormSchema.safeParse(getValues());
    if (!parsed.success) return void trigger(undefined, { shouldFocus: true });
    clearErrors();
    setConfirming(parsed.data);
  };

  const confirm = () => {
    const body = confirming;
    if (!body || move.isPending) return;
    move.mutate(body, {
      onSuccess: () => {
        setConfirming(null);
        clearErrors();
        setValue('time', '');
        announce(`Varaus siirretty: ${newWhen(body)}.${booking.customer.email ? ' Asiakkaalle lähti sähköposti uudesta ajasta.' : ''}`);
      },
      onError: (err) => {
        setConfirming(null);
        showRefusal(err, setError, ['start', 'resourceId']);
        void day.refetch();
      },
    });
  };

  const timeError = errors.time?.message ?? errors.start?.message;
  const resourceError = errors.resourceId?.message;
  const dateError = errors.date?.message;
  return (
    <section className="card booking-detail__action" aria-labelledby={ids.heading}>
      <h2 id={ids.heading} className="card__title">
        Siirrä
      </h2>
      <form className="form-stack" onSubmit={submit} noValidate>
        <Field id={ids.date} label="Päivä" error={dateError}>
          <input
            id={ids.date}
            className="input"
            type="date"
            min={todayInHelsinki()}
            max={addDays(todayInHelsinki(), 400)}
            aria-invalid={dateError ? true : undefined}
            aria-describedby={describedBy(ids.date, { error: Boolean(dateError) })}
            {...register('date', { onChange: () => setValue('time', '') })}
          />
        </Field>
        <Field id={ids.resource} label="Resurssi" error={resourceError}>
          <Controller
            control={control}
            name="resourceId"
            render={({ field }) => (
              <select
                id={ids.resource}
                ref={field.ref}
                name={field.name}
                className="input"
                value={chosenResource ?? ''}
                aria-invalid={resourceError ? true : undefined}
                aria-describedby={describedBy(ids.resource, { error: Boolean(resourceError) })}
                onBlur={field.onBlur}
                onChange={(e) => {
                  field.onChange(Number(e.target.value));
                  setValue('time', '');
                }}
              >
                {resources.map((r) => (
                  <option key={r.id} value={r.id}>
                    {r.name}
                  </option>
                ))}
              </select>
            )}
          />
        </Field>
        <Field
          id={ids.time}
          label="Alkamisaika"
          hint={
            !dateOk
              ? 'Valitse ensin päivä.'
              : day.isPending
                ? 'Haetaan päivän aikoja…'
                : day.data && !day.data.opening
                  ? 'Toimipiste on suljettu tänä päivänä.'
                  : `${freeCount} vapaata alkamisaikaa, kesto ${minutes} min.`
          }
          error={timeError}
        >
          <Controller
            control={control}
            name="time"
            render={({ field }) => (
              <select
                id={ids.time}
                className="input"
                {...field}
                aria-invalid={timeError ? true : undefined}
                aria-describedby={describedBy(ids.time, { hint: true, error: Boolean(timeError) })}
              >
                <option value="">Valitse aika</option>
                {starts.map((s) => (
                  <option key={s.time} value={s.time} disabled={s.taken || s.past}>
                    {formatFinnishTime(s.time)}
                    {s.past ? ' – mennyt' : s.taken ? ' – varattu' : ''}
                  </option>
                ))}
              </select>
            )}
          />
        </Field>
        <FormFooter problem={errors.root?.server?.message} pending={move.isPending}>
          {move.isPending ? 'Siirretään…' : 'Siirrä varaus'}
        </FormFooter>
      </form>
      <ConfirmDialog
        open={confirming !== null}
        title="Siirretäänkö varaus?"
        confirmLabel={move.isPending ? 'Siirretään…' : 'Siirrä varaus'}
        cancelLabel="Älä siirrä"
        onConfirm={confirm}
        onCancel={() => setConfirming(null)}
      >
        <dl className="booking-detail__confirm">
          <dt>Nyt</dt>
          <dd>
            {timeRange(booking.start, booking.end)}
            {booking.resourceIds.length > 0 && `, ${booking.resourceIds.map((id) => resourceName(id) || `Resurssi ${id}`).join(', ')}`}
          </dd>
          <dt>Uusi aika</dt>
          <dd>{confirming && newWhen(confirming)}</dd>
        </dl>
        <p>
          {booking.customer.email ? (
            <>
              Asiakkaalle lähetetään sähköposti uudesta ajasta ja kalenterikutsu osoitteeseen <strong>{booking.customer.email}</strong>.
            </>
          ) : (
            'Asiakkaalla ei ole sähköpostiosoitetta: kerro uusi aika hänelle puhelimitse.'
          )}
        </p>
      </ConfirmDialog>
    </section>
  );
}
