import './booking-actions.css';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { STAFF_NOTE_MAX_LENGTH, staffNoteBody, type StaffBookingDetail } from '@huolto/domain';
import { Field, describedBy } from '@/components/ui/field.tsx';
import { useAddNote } from '@/features/staff/api/add-note.ts';
import { FormFooter } from '@/features/staff/components/form-footer.tsx';
import { showRefusal } from '@/features/staff/form-refusal.ts';

/** A note: something written (in the form's own words), then as the call's body (domain staffNoteBody). */
const noteFormSchema = z.object({ text: z.string().refine((t) => t.trim() !== '', { error: 'Kirjoita muistiinpano' }) }).pipe(staffNoteBody);

type NoteFormValues = z.input<typeof noteFormSchema>;
type NoteBody = z.output<typeof noteFormSchema>;

/** 'Lisää muistiinpano': an internal note, seen by staff only, added to the booking's history. */
export function NoteForm({ booking, announce }: { booking: StaffBookingDetail; announce: (message: string) => void }) {
  const heading = useId();
  const noteId = useId();
  const note = useAddNote(booking.id);
  const { register, handleSubmit, reset, setError, formState } = useForm<NoteFormValues, unknown, NoteBody>({
    defaultValues: { text: '' },
    resolver: zodResolver(noteFormSchema),
  });
  const fieldError = formState.errors.text?.message;

  const add = ({ text }: NoteBody) =>
    note.mutate(text, {
      onSuccess: () => {
        reset();
        announce('Muistiinpano lisätty');
      },
      onError: (err) => showRefusal(err, setError, ['text']),
    });

  return (
    <section className="card booking-detail__action" aria-labelledby={heading}>
      <h2 id={heading} className="card__title">
        Lisää muistiinpano
      </h2>
      <form className="form-stack" onSubmit={handleSubmit(add)} noValidate>
        <Field id={noteId} label="Sisäinen muistiinpano" hint="Näkyy vain henkilökunnalle." error={fieldError}>
          <textarea
            id={noteId}
            className="input textarea"
            rows={3}
            maxLength={STAFF_NOTE_MAX_LENGTH}
            aria-invalid={fieldError ? true : undefined}
            aria-describedby={describedBy(noteId, { hint: true, error: Boolean(fieldError) })}
            {...register('text')}
          />
        </Field>
        <FormFooter problem={formState.errors.root?.server?.message} pending={note.isPending} variant="secondary">
          Lisää muistiinpano
        </FormFooter>
      </form>
    </section>
  );
}
