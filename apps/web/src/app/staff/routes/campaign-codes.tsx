import { useId } from 'react';
import { useCampaignCodes } from '@/features/staff/api/get-campaign-codes.ts';
import { CampaignCodeForm, CampaignCodeList } from '@/features/staff/components/catalogue/campaign-codes.tsx';
import { StaffPageTitle } from '@/features/staff/components/staff-title.tsx';
import { LoadError } from '@/features/staff/components/view-states.tsx';
import { useStaff } from '@/features/staff/hooks/use-staff.tsx';
import { useAnnouncement } from '@/hooks/use-announcement.ts';
import { messageOf } from '@/lib/form-errors.ts';

/** /hallinta/kampanjakoodit — the campaign codes, for an admin: the list (each edited in a dialog) and a new one. */
export function CampaignCodesPage() {
  const { me } = useStaff();
  const admin = me?.role === 'ADMIN';
  const codes = useCampaignCodes(admin);
  const [announcement, setAnnouncement] = useAnnouncement();
  const heading = useId();

  return (
    <div className="staff-page">
      <p className="visually-hidden" role="status" aria-live="polite">
        {announcement}
      </p>
      <StaffPageTitle documentTitle="Kampanjakoodit">Kampanjakoodit</StaffPageTitle>
      {!admin ? (
        <p className="notice notice--warning">Vain pääkäyttäjä voi hallita kampanjakoodeja.</p>
      ) : codes.isPending ? (
        <p className="staff-loading">Haetaan kampanjakoodeja…</p>
      ) : codes.isError ? (
        <LoadError error={codes.error} message={messageOf(codes.error)} onRetry={() => void codes.refetch()} />
      ) : (
        <div className="catalogue__columns">
          <CampaignCodeList codes={codes.data} announce={setAnnouncement} />
          <section className="card" aria-labelledby={heading}>
            <h2 id={heading} className="card__title">
              Lisää kampanjakoodi
            </h2>
            <CampaignCodeForm onDone={setAnnouncement} />
          </section>
        </div>
      )}
    </div>
  );
}
