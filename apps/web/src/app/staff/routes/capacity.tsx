import './capacity.css';
import { useParams } from 'react-router';
import { useOffices } from '@/features/staff/api/get-offices.ts';
import { Absences } from '@/features/staff/components/capacity/absences.tsx';
import { Exceptions } from '@/features/staff/components/capacity/exceptions.tsx';
import { OpeningHours } from '@/features/staff/components/capacity/opening-hours.tsx';
import { StaffPageTitle } from '@/features/staff/components/staff-title.tsx';
import { useAnnouncement } from '@/hooks/use-announcement.ts';
import { messageOf } from '@/lib/form-errors.ts';
import { LoadError } from '@/features/staff/components/view-states.tsx';

/** /hallinta/kapasiteetti/:officeId — an office's absences, usual hours and exceptions. */
export function CapacityPage() {
  const { officeId: param } = useParams();
  const officeId = Number(param);
  const offices = useOffices();
  const office = offices.data?.find((o) => o.id === officeId);
  const [announcement, setAnnouncement] = useAnnouncement();

  return (
    <div className="staff-page capacity">
      <p className="visually-hidden" role="status" aria-live="polite">
        {announcement}
      </p>
      {/* One heading for every state, so that it takes the focus once, when the page opens. */}
      <StaffPageTitle documentTitle="Kapasiteetti">
        {office ? `Kapasiteetti: ${office.name}` : offices.isSuccess ? 'Toimipistettä ei löytynyt' : 'Kapasiteetti'}
      </StaffPageTitle>
      {offices.isPending ? (
        <p className="staff-loading">Haetaan toimipistettä…</p>
      ) : offices.isError ? (
        <LoadError error={offices.error} message={messageOf(offices.error)} onRetry={() => void offices.refetch()} />
      ) : !office ? (
        <p>Toimipistettä ei ole tai sinulla ei ole oikeutta siihen.</p>
      ) : (
        <div className="capacity__columns">
          <Absences office={office} announce={setAnnouncement} />
          <div className="capacity__side">
            <OpeningHours office={office} announce={setAnnouncement} />
            <Exceptions office={office} announce={setAnnouncement} />
          </div>
        </div>
      )}
    </div>
  );
}
