import './capacity.css';
import type { StaffOffice } from '@huolto/domain';
import { useOpening } from '@/features/staff/api/get-opening.ts';
import { ProblemNotice } from '@/features/staff/components/problem-notice.tsx';
import { messageOf } from '@/lib/form-errors.ts';
import { CapacitySection } from './capacity-section.tsx';
import { OpeningHoursForm } from './opening-hours-form.tsx';

/** The office's usual hours, Monday to Friday, as a form. */
export function OpeningHours({ office, announce }: { office: StaffOffice; announce: (message: string) => void }) {
  const opening = useOpening(office.id);
  return (
    <CapacitySection title="Aukioloajat" description="Tavalliset aukioloajat maanantaista perjantaihin.">
      {opening.isPending ? (
        <p className="muted">Haetaan aukioloaikoja…</p>
      ) : opening.isError ? (
        <ProblemNotice message={messageOf(opening.error)} />
      ) : (
        // A new form when the saved hours change, so that it starts from them.
        <OpeningHoursForm
          key={`${opening.data.openingTime}-${opening.data.closingTime}`}
          officeId={office.id}
          initial={opening.data}
          announce={announce}
        />
      )}
    </CapacitySection>
  );
}
