import '@/features/statements/components/statements.css';
import { PageTitle } from '@/components/ui/page-title.tsx';
import { Button } from '@/components/ui/button.tsx';
import { EmptyState, LoadingState } from '@/components/ui/spinner.tsx';
import { usePrivacyNotice } from '@/features/statements/api/get-privacy-notice.ts';
import { PrivacyNoticeContent } from '@/features/statements/components/privacy-notice.tsx';

/** '/tietosuojaseloste': how the booking service handles personal data, with this company's facts from GET /privacy-notice. */
export function PrivacyNoticeRoute() {
  const notice = usePrivacyNotice();
  return (
    <div className="page statement">
      <PageTitle documentTitle="Tietosuojaseloste">Tietosuojaseloste</PageTitle>
      <p className="lead">
        Tässä selosteessa kerrotaan, miten ajanvarauspalvelu käsittelee henkilötietojasi ja mitä oikeuksia sinulla on (EU:n yleinen
        tietosuoja-asetus).
      </p>
      {notice.isPending ? (
        <LoadingState text="Ladataan tietosuojaselostetta…" />
      ) : notice.isError ? (
        <EmptyState title="Tietosuojaselosteen lataaminen epäonnistui">
          <Button onClick={() => void notice.refetch()}>Yritä uudelleen</Button>
        </EmptyState>
      ) : (
        <PrivacyNoticeContent notice={notice.data} />
      )}
    </div>
  );
}
