import './thanks-step.css';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { CalendarPlus, CircleCheck } from 'lucide-react';
import { bookingCalendarFileName, bookingCalendarPath, confirmationTitle, manageBookingPath } from '@huolto/domain';
import { StepPage } from '@/components/layout/step-page.tsx';
import { ButtonLink } from '@/components/ui/button-link.tsx';
import { paths } from '@/config/paths.ts';
import { getProcessToken, clearProcessSession } from '@/lib/process-session.ts';
import { useWizardState } from '@/stores/wizard-state.tsx';
import { BookingSummary } from '@/features/booking/components/booking-summary.tsx';
import { DropOffInstructions } from '@/features/booking/components/drop-off-instructions.tsx';
import { useSettings } from '@/features/session/api/get-settings.ts';
import { useProcess } from '@/app/process-context.tsx';
import { clearSessionCache } from '@/app/session-cache.ts';

/**
 * 'kiitos' (requirements §2 "Thanks page"): the request was received and the confirmation sent,
 * said once; then what the customer needs next — the booking key, the calendar file, the
 * booking's own page, how to bring the car in and the office's notice — beside the
 * booking's summary. A lead (a request to be contacted) has no time yet: no calendar, and
 * the office calls. The saved process is forgotten: a new booking starts fresh.
 */
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

  const key = lastBooking?.bookingKey ?? null;
  const plate = lastBooking?.registerNumber ?? null;
  const hasTime = Boolean(lastBooking?.start);
  const isLead = !hasTime && Boolean(lastBooking?.leadDate);
  const email = lastBooking?.email ?? null;
  // A booked time is reserved; a wished date or a price quote is a request the office answers (as the e-mail's subject).
  const isRequest = !hasTime || lastBooking?.totalDisplay === 'quote';
  const notice = lastBooking?.officeNotice ?? null;

  return (
    <StepPage
      className="page--thanks"
      documentTitle={`Kiitos – ${process.title}`}
      title={confirmationTitle({ time: hasTime, quote: isRequest })}
    >
      {/* Not StepPage's side column: on a phone the summary comes before the closing links. */}
      <div className="thanks-layout">
        <div className="thanks-layout__main">
          <section className="thanks card" aria-label="Vahvistus">
            <p className="thanks__text">
              <CircleCheck className="thanks__icon" size={24} aria-hidden="true" />
              <span>
                {isRequest ? 'Kiitos! Otamme sinuun yhteyttä ja sovimme ajan kanssasi.' : 'Kiitos! Palvelupyyntösi on vastaanotettu.'}{' '}
                {email ? (
                  <>
                    {isRequest ? 'Vahvistus' : 'Varausvahvistus'} on lähetetty osoitteeseen <EmailAddress address={email} />.
                  </>
                ) : (
                  'Varausvahvistus on lähetetty antamaasi sähköpostiosoitteeseen.'
                )}
              </span>
            </p>
            {key && (
              <p className="thanks__key">
                Varaustunnus <strong className="booking-key">{key}</strong>
              </p>
            )}
            {key && plate && (
              <div className="thanks__links">
                {hasTime && (
                  <a className="btn btn--primary" href={bookingCalendarPath(key, plate)} download={bookingCalendarFileName(key)}>
                    <CalendarPlus size={20} aria-hidden="true" />
                    Lisää kalenteriin
                  </a>
                )}
                <Link className={`btn ${hasTime ? 'btn--secondary' : 'btn--primary'}`} to={manageBookingPath(key, plate)}>
                  Katso tai peru varauksesi
                </Link>
              </div>
            )}
          </section>

          {lastBooking && (
            <DropOffInstructions
              option={lastBooking.deliveryOption ?? null}
              lead={isLead}
              start={lastBooking.start}
              office={lastBooking.office}
            />
          )}

          {notice && (
            <div className="notice thanks__notice" role="note">
              <p>
                <strong>Toimipisteen tiedote: </strong>
                {notice}
              </p>
            </div>
          )}
        </div>

        {lastBooking && (
          <div className="thanks-layout__side">
            <BookingSummary summary={lastBooking} title="Varauksesi" />
          </div>
        )}

        <div className="actions thanks__actions">
          {frontPage && (
            <a className="btn btn--ghost" href={frontPage}>
              Takaisin verkkosivuillemme
            </a>
          )}
          <ButtonLink variant="ghost" to={paths.landing}>
            Tee uusi varaus
          </ButtonLink>
        </div>
      </div>
    </StepPage>
  );
}

/** An e-mail address that a narrow screen wraps after its '@', not in the middle of a word. */
function EmailAddress({ address }: { address: string }) {
  const at = address.lastIndexOf('@');
  return (
    <strong className="thanks__email">
      {at > 0 ? (
        <>
          {address.slice(0, at + 1)}
          <wbr />
          {address.slice(at + 1)}
        </>
      ) : (
        address
      )}
    </strong>
  );
}
