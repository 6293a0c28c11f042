import './booking-actions.css';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { STAFF_REASON_MAX_LENGTH, staffCancelBody, type StaffBookingDetail } from '@huolto/domain';
import { Button } from '@/components/ui/button.tsx';
import { ConfirmDialog } from '@/components/ui/dialog.tsx';
import { Field, describedBy } from '@/components/ui/field.tsx';
import { useCancelBooking } from '@/features/staff/api/cancel-booking.ts';
import { ProblemNotice } from '@/features/staff/components/problem-notice.tsx';
import { fieldMessage } from '@/lib/form-errors.ts';
import { showRefusal } from '@/features/staff/form-refusal.ts';
import { timeRange } from './booking-times.ts';

type CancelFormValues = z.input<typeof staffCancelBody>;
type CancelBody = z.output<typeof staffCancelBody>;

/**
 * 'Peruminen': cancels the booking after a confirmation that tells what the customer
 * receives, with an optional reason (domain staffCancelBody) that goes into the e-mail.
 */
export function CancelForm({ booking, announce }: { booking: StaffBookingDetail; announce: (message: string) => void }) {
  const heading = useId();
  const reasonId = useId();
  const [open, setOpen] = useState(false);
  const cancel = useCancelBooking(booking.id);
  const { register, handleSubmit, setError, formState } = useForm<CancelFormValues, unknown, CancelBody>({
    defaultValues: { reason: '' },
    resolver: zodResolver(staffCancelBody),
  });
  const reasonError = formState.errors.reason?.message;

  // mutateAsync rather than mutate's callbacks: once cancelled, the page no longer shows this
  // card, and mutate's callbacks do not run for a component that has gone.
  const confirm = handleSubmit(async ({ reason }) => {
    if (cancel.isPending) return;
    try {
      await cancel.mutateAsync(reason);
    } catch (err) {
      // A reason the server refused stays in the open dialog with its message; anything else closes it.
      showRefusal(err, setError, ['reason']);
      if (fieldMessage(err, 'reason') === undefined) setOpen(false);
      return;
    }
    setOpen(false);
    announce(booking.customer.email ? 'Varaus peruttu. Asiakkaalle lähti peruutuksesta sähköposti.' : 'Varaus peruttu.');
  });

  return (
    <section className="card booking-detail__action" aria-labelledby={heading}>
      <h2 id={heading} className="card__title">
        Peruminen
      </h2>
      <p className="muted">Aika vapautuu muille, ja asiakas saa peruutuksesta sähköpostin.</p>
      <Button variant="danger" onClick={() => setOpen(true)} disabled={cancel.isPending}>
        Peru varaus
      </Button>
      <ProblemNotice message={formState.errors.root?.server?.message} />
      <ConfirmDialog
        open={open}
        title="Perutaanko varaus?"
        confirmLabel="Peru varaus"
        cancelLabel="Älä peru"
        onConfirm={() => void confirm()}
        onCancel={() => setOpen(false)}
      >
        <p>
          {booking.registerNumber}, {booking.start ? timeRange(booking.start, booking.end) : 'ei aikaa'}
        </p>
        <p>
          {booking.customer.email ? (
            <>
              Aika vapautuu muille. Asiakkaalle lähetetään peruutuksesta sähköposti osoitteeseen <strong>{booking.customer.email}</strong>, syy mukana,
              jos kirjoitat sen.
            </>
          ) : (
            'Aika vapautuu muille. Asiakkaalla ei ole sähköpostiosoitetta: kerro peruutuksesta hänelle puhelimitse.'
          )}
        </p>
        <Field id={reasonId} label="Syy (vapaaehtoinen)" error={reasonError}>
          <textarea
            id={reasonId}
            className="input textarea"
            rows={3}
            maxLength={STAFF_REASON_MAX_LENGTH}
            aria-invalid={reasonError ? true : undefined}
            aria-describedby={describedBy(reasonId, { error: Boolean(reasonError) })}
            {...register('reason')}
          />
        </Field>
      </ConfirmDialog>
    </section>
  );
}
