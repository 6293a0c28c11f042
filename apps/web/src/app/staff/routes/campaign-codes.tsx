import { useId } from 'react';
import { useCampaignCodes } from '@/features/staff/api/get-campaign-codes.ts';
import { useSettings } from '@/features/session/api/get-settings.ts';
import { CampaignCodeForm, CampaignCodeList } from '@/features/staff/components/catalogue/campaign-codes.tsx';
import { VoucherForm, VoucherList } from '@/features/staff/components/catalogue/vouchers.tsx';
import { StaffPageTitle } from '@/features/staff/components/staff-title.tsx';
import { LoadError } from '@/features/staff/components/view-states.tsx';
import { useStaff } from '@/features/staff/hooks/use-staff.tsx';
import { useAnnouncement } from '@/hooks/use-announcement.ts';
import { messageOf } from '@/lib/form-errors.ts';

/**
 * /hallinta/kampanjakoodit — the campaign codes, for an admin: the list (each edited in a
 * dialog) and a new one; and, when the company has the loyalty programme (the site's
 * settings say so), the members' vouchers and a form to give one.
 */
export function CampaignCodesPage() {
  const { me } = useStaff();
  const admin = me?.role === 'ADMIN';
  const codes = useCampaignCodes(admin);
  const loyalty = useSettings().data?.loyalty === true;
  const [announcement, setAnnouncement] = useAnnouncement();
  const heading = useId();
  const vouchersHeading = useId();
  const voucherFormHeading = useId();

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
      {admin && loyalty && (
        <section aria-labelledby={vouchersHeading}>
          <h2 id={vouchersHeading}>Kanta-asiakasedut</h2>
          <p className="muted">Etu vähennetään kanta-asiakkaan varauksesta, kun hän kirjautuu varatessaan aikaa edun voimassaoloaikana. Kukin etu käytetään kerran.</p>
          <div className="catalogue__columns">
            <VoucherList announce={setAnnouncement} />
            <section className="card" aria-labelledby={voucherFormHeading}>
              <h3 id={voucherFormHeading} className="card__title">
                Anna etu kanta-asiakkaalle
              </h3>
              <VoucherForm onDone={setAnnouncement} />
            </section>
          </div>
        </section>
      )}
    </div>
  );
}
