import './capacity.css';
import { useState } from 'react';
import { addDays, todayInHelsinki, type Absence, type StaffOffice } from '@huolto/domain';
import { Button } from '@/components/ui/button.tsx';
import { useAbsences } from '@/features/staff/api/get-absences.ts';
import { useDeleteAbsence } from '@/features/staff/api/delete-absence.ts';
import { ProblemNotice } from '@/features/staff/components/problem-notice.tsx';
import { messageOf } from '@/lib/form-errors.ts';
import { AbsenceForm } from './absence-form.tsx';
import { absenceSpan } from './absence-span.ts';
import { BookingsInside } from './bookings-inside.tsx';
import { CapacitySection } from './capacity-section.tsx';

/** How far ahead the list of absences reaches, in days (one call's range). */
const ABSENCE_LIST_DAYS = 180;

/** The office's resources' absences to come, each with a delete button, and the form to add one. */
export function Absences({ office, announce }: { office: StaffOffice; announce: (message: string) => void }) {
  const today = todayInHelsinki();
  const absences = useAbsences(office.id, today, addDays(today, ABSENCE_LIST_DAYS));
  const remove = useDeleteAbsence(office.id);
  const [problem, setProblem] = useState<string | null>(null);
  const resourceName = (id: number) => office.resources.find((r) => r.id === id)?.name ?? `Resurssi ${id}`;
  const label = (a: Absence) => `${resourceName(a.resourceId)}, ${absenceSpan(a)}`;
  const onDelete = (a: Absence) =>
    remove.mutate(a.id, {
      onSuccess: () => {
        setProblem(null);
        announce(`Poissaolo poistettu: ${label(a)}`);
      },
      onError: (error) => setProblem(messageOf(error)),
    });
  const listed = (absences.data ?? []).filter((a) => a.end > `${today}T00:00:00`).sort((a, b) => a.start.localeCompare(b.start));

  return (
    <CapacitySection
      title="Poissaolot"
      description="Poissaolon ajalta resurssille ei voi varata aikaa. Jo tehdyt varaukset säilyvät, ja ne merkitään päivänäkymään."
    >
      <h3 className="capacity__subtitle">Tulevat poissaolot</h3>
      {absences.isPending ? (
        <p className="muted">Haetaan poissaoloja…</p>
      ) : absences.isError ? (
        <ProblemNotice message={messageOf(absences.error)} />
      ) : listed.length === 0 ? (
        <p className="muted">Ei poissaoloja seuraavan {ABSENCE_LIST_DAYS} päivän aikana.</p>
      ) : (
        <ul className="capacity__list" aria-label="Tulevat poissaolot">
          {listed.map((a) => (
            <li key={a.id} className="capacity__item">
              <div>
                <p className="capacity__item-title">
                  <strong>{resourceName(a.resourceId)}</strong>: {absenceSpan(a)}
                </p>
                {a.reason && <p className="capacity__item-text">{a.reason}</p>}
                {a.bookingsInside > 0 && (
                  <p className="capacity__warning">
                    <BookingsInside absence={a} officeId={office.id} />
                  </p>
                )}
              </div>
              <Button variant="secondary" aria-label={`Poista poissaolo: ${label(a)}`} disabled={remove.isPending} onClick={() => onDelete(a)}>
                Poista
              </Button>
            </li>
          ))}
        </ul>
      )}
      <ProblemNotice message={problem} />
      <AbsenceForm office={office} announce={announce} />
    </CapacitySection>
  );
}
