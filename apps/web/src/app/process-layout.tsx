import './process-layout.css';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Navigate, Outlet, useLocation, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { adjacentStep, type ProcessDefinition } from '@huolto/domain';
import { ProgressBar } from '@/components/ui/progress-bar.tsx';
import { Button } from '@/components/ui/button.tsx';
import { ConfirmDialog } from '@/components/ui/dialog.tsx';
import { EmptyState, LoadingState } from '@/components/ui/spinner.tsx';
import { paths, STEP } from '@/config/paths.ts';
import { useProcessSession } from '@/hooks/use-process-session.ts';
import { BookingClosed } from '@/components/layout/booking-closed.tsx';
import { clearProcessSession } from '@/lib/process-session.ts';
import { pushEvent } from '@/lib/analytics.ts';
import { useWizardState } from '@/stores/wizard-state.tsx';
import { initRefusalOf, initSession } from '@/features/session/api/init-session.ts';
import { useSettings } from '@/features/session/api/get-settings.ts';
import { useBooking } from '@/features/booking/api/get-booking.ts';
import { vehicleText } from '@/features/booking/summary.ts';
import { removeReservation } from '@/features/reservation/api/remove-reservation.ts';
import { ProcessContext, type ProcessContextValue } from './process-context.tsx';
import { clearSessionCache } from './session-cache.ts';
import { clearInitFailure, pendingInitFailure, revealApp, takeStepEventPushed } from '@/lib/first-step-handoff.ts';

/** The step segment of a pathname under a process ('/huolto/aika/' → 'aika'). */
function stepOf(pathname: string): string {
  return pathname.split('/').filter(Boolean)[1] ?? STEP.vehicle;
}

/**
 * The frame of a booking process (requirements §2): title, 'Aloita alusta', the progress
 * bar and the vehicle being booked for. It owns the session rules (requirements §4):
 * the vehicle step opens a session of this process type when there is none (or one of
 * another type); a later step opened without a session goes to the vehicle step.
 */
export function ProcessLayout({ process }: { process: ProcessDefinition }) {
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const wizard = useWizardState();
  const session = useProcessSession();
  const step = stepOf(location.pathname);
  const hasSession = session.token !== null && session.processType === process.type;
  const isVehicleStep = step === STEP.vehicle;
  const isThanks = step === STEP.thanks;
  const thanksAvailable = isThanks && wizard.lastBooking?.processType === process.type;

  // A start that failed on the stand-alone first step is shown as it is, not asked again.
  const [initFailed, setInitFailed] = useState(() => pendingInitFailure() !== null);
  /** The server's own words when it refused to start another booking from this address (429). */
  const [initRefusal, setInitRefusal] = useState<string | null>(() => pendingInitFailure()?.refusal ?? null);
  useEffect(clearInitFailure, []);
  const [confirmReset, setConfirmReset] = useState(false);
  const { resetProgress } = wizard;

  useEffect(() => {
    if (!isVehicleStep || hasSession || initFailed) return;
    initSession(process.type)
      .then(() => resetProgress())
      .catch((err: unknown) => {
        setInitRefusal(initRefusalOf(err));
        setInitFailed(true);
      });
  }, [isVehicleStep, hasSession, initFailed, process.type, resetProgress]);

  useEffect(() => {
    // The stand-alone first step, which the app replaces, has pushed the vehicle step's event.
    if (step === STEP.vehicle && takeStepEventPushed()) return;
    pushEvent({ event: 'step', step, processType: process.type });
  }, [step, process.type]);

  // A booking that could not start is shown at once in place of the stand-alone first step.
  useEffect(() => {
    if (initFailed) revealApp();
  }, [initFailed]);

  const booking = useBooking();
  const settings = useSettings();

  const ctx: ProcessContextValue = useMemo(() => {
    const stepHref = (s: string) => paths.step(process, s);
    return {
      process,
      step,
      stepHref,
      goTo: (s: string) => navigate(stepHref(s)),
      goNext: () => {
        const next = adjacentStep(process, step, 1);
        if (next) navigate(stepHref(next.path));
      },
      goBack: () => {
        const prev = adjacentStep(process, step, -1);
        navigate(prev ? stepHref(prev.path) : paths.landing);
      },
    };
  }, [process, step, navigate]);

  const startOver = useCallback(async () => {
    setConfirmReset(false);
    // Free a held time at once rather than let it expire.
    if (hasSession && booking.data?.booking_total_duration) {
      await removeReservation({ silent: true }).catch(() => undefined);
    }
    clearProcessSession();
    clearSessionCache(queryClient);
    resetProgress();
    setInitFailed(false);
    navigate(paths.vehicleStep(process));
  }, [hasSession, booking.data?.booking_total_duration, queryClient, resetProgress, navigate, process]);

  // The site takes no bookings yet: the process's pages say so instead (a booking just made keeps its thanks page).
  if (settings.data?.bookingOpen === false && !thanksAvailable) {
    return <BookingClosed bookingPhone={settings.data.bookingPhone} />;
  }

  if (!isVehicleStep && !hasSession && !thanksAvailable) {
    return <Navigate to={paths.vehicleStep(process)} replace />;
  }

  const vehicle = hasSession ? booking.data?.vehicle : null;
  const hasProgress = !!vehicle;

  let content;
  if (thanksAvailable || hasSession) {
    content = <Outlet />;
  } else if (initFailed) {
    content = (
      <EmptyState title="Varauksen aloittaminen epäonnistui">
        <p>{initRefusal ?? 'Tarkista verkkoyhteys ja yritä uudelleen.'}</p>
        <Button onClick={() => setInitFailed(false)}>Yritä uudelleen</Button>
      </EmptyState>
    );
  } else {
    content = <LoadingState text="Aloitetaan varausta…" />;
  }

  return (
    <ProcessContext.Provider value={ctx}>
      <div className="process">
        <div className="process__head">
          <p className="process__title">{process.title}</p>
          {!isThanks && (
            <Button
              variant="ghost"
              className="process__reset"
              onClick={() => (hasProgress ? setConfirmReset(true) : void startOver())}
            >
              Aloita alusta
            </Button>
          )}
        </div>
        <ProgressBar process={process} activeStep={step} stepHref={ctx.stepHref} locked={isThanks} />
        {vehicle && !isVehicleStep && !isThanks && (
          <p className="vehicle-chip">
            <span className="visually-hidden">Auto: </span>
            <span className="plate">{vehicle.register_number}</span>
            <span>{vehicleText(vehicle)}</span>
          </p>
        )}
        <div className="process__content">{content}</div>
      </div>
      <ConfirmDialog
        open={confirmReset}
        title="Aloitetaanko alusta?"
        confirmLabel="Aloita alusta"
        onConfirm={() => void startOver()}
        onCancel={() => setConfirmReset(false)}
      >
        <p>Tekemäsi valinnat ja mahdollinen varattu aika poistetaan.</p>
      </ConfirmDialog>
    </ProcessContext.Provider>
  );
}
