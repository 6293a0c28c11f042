import './capacity.css';
import { useState } from 'react';
import { formatFinnishDate, formatFinnishDateLong, formatFinnishTime, todayInHelsinki, type OpeningException, type StaffOffice } from '@huolto/domain';
import { Button } from '@/components/ui/button.tsx';
import { useDeleteException } from '@/features/staff/api/delete-exception.ts';
import { useOpening } from '@/features/staff/api/get-opening.ts';
import { ProblemNotice } from '@/features/staff/components/problem-notice.tsx';
import { messageOf } from '@/lib/form-errors.ts';
import { CapacitySection } from './capacity-section.tsx';
import { ExceptionForm } from './exception-form.tsx';

function exceptionText(x: OpeningException): string {
  if (x.openingTime === null || x.closingTime === null) return 'Suljettu';
  return `Auki ${formatFinnishTime(x.openingTime)}–${formatFinnishTime(x.closingTime)}`;
}

/** The office's exceptions to come (closed days, other hours), each with a delete button, and the form to add one. */
export function Exceptions({ office, announce }: { office: StaffOffice; announce: (message: string) => void }) {
  const opening = useOpening(office.id);
  const remove = useDeleteException(office.id);
  const [problem, setProblem] = useState<string | null>(null);
  const onDelete = (date: string) =>
    remove.mutate(date, {
      onSuccess: () => {
        setProblem(null);
        announce('Poikkeus poistettu');
      },
      onError: (error) => setProblem(messageOf(error)),
    });
  const today = todayInHelsinki();
  const list = (opening.data?.exceptions ?? []).filter((x) => x.date >= today).sort((a, b) => a.date.localeCompare(b.date));

  return (
    <CapacitySection title="Poikkeavat päivät" description="Pyhät, lyhennetyt päivät ja muut poikkeukset tavallisiin aukioloaikoihin.">
      {/* A failed read is told once, by the opening hours beside. */}
      {opening.isPending ? (
        <p className="muted">Haetaan poikkeuksia…</p>
      ) : opening.isError ? null : list.length === 0 ? (
        <p className="muted">Ei tulevia poikkeuksia.</p>
      ) : (
        <ul className="capacity__list" aria-label="Tulevat poikkeukset">
          {list.map((x) => (
            <li key={x.date} className="capacity__item">
              <div>
                <p className="capacity__item-title">
                  <strong>{formatFinnishDate(x.date, true)}</strong>: {exceptionText(x)}
                </p>
                {x.reason && <p className="capacity__item-text">{x.reason}</p>}
              </div>
              <Button
                variant="secondary"
                aria-label={`Poista poikkeus ${formatFinnishDateLong(x.date)}`}
                disabled={remove.isPending}
                onClick={() => onDelete(x.date)}
              >
                Poista
              </Button>
            </li>
          ))}
        </ul>
      )}
      <ProblemNotice message={problem} />
      <ExceptionForm office={office} announce={announce} />
    </CapacitySection>
  );
}
