import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { StepPage } from '@/components/layout/step-page.tsx';
import { ButtonLink } from '@/components/ui/button.tsx';
import { paths } from '@/config/paths.ts';
import { getProcessToken, clearProcessSession } from '@/lib/process-session.ts';
import { useWizardState } from '@/stores/wizard-state.tsx';
import { BookingSummary } from '@/features/booking/components/booking-summary.tsx';
import { useSettings } from '@/features/session/api/get-settings.ts';
import { useProcess } from '@/app/process-context.tsx';
import { clearSessionCache } from '@/app/session-cache.ts';

/** 'kiitos' (SPEC §2 "Thanks page"). The saved process is forgotten: a new booking starts fresh. */
export function ThanksStepRoute() {
  const { process } = useProcess();
  const queryClient = useQueryClient();
  const { lastBooking, resetProgress } = useWizardState();
  const settings = useSettings();
  const frontPage = settings.data?.links?.frontPage;

  useEffect(() => {
    if (getProcessToken() !== null) {
      clearProcessSession();
      clearSessionCache(queryClient);
      resetProgress();
    }
  }, [queryClient, resetProgress]);

  return (
    <StepPage className="page--thanks" documentTitle={`Kiitos – ${process.title}`} title="Kiitos!">
      <div className="notice notice--success">
        <p className="thanks__text">
          Kiitos! Palvelupyyntösi on vastaanotettu. Varausvahvistus on lähetetty antamaasi sähköpostiosoitteeseen.
        </p>
        {lastBooking?.email && <p className="muted">Vahvistus lähetettiin osoitteeseen {lastBooking.email}.</p>}
        {lastBooking?.bookingKey && (
          <p>
            Varaustunnus: <strong className="booking-key">{lastBooking.bookingKey}</strong>
          </p>
        )}
      </div>
      {lastBooking && <BookingSummary summary={lastBooking} title="Varauksesi" />}
      <div className="actions">
        {frontPage && (
          <a className="btn btn--primary" href={frontPage}>
            Laakkosen etusivulle
          </a>
        )}
        <ButtonLink variant="secondary" to={paths.landing}>
          Tee uusi varaus
        </ButtonLink>
      </div>
    </StepPage>
  );
}
