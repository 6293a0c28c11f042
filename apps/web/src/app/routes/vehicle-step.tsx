import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { Booking, BookingVehicle, RedirectSettings } from '@huolto/domain';
import { useNavigate } from 'react-router';
import { LoadingState } from '@/components/ui/spinner.tsx';
import { paths } from '@/config/paths.ts';
import { useBooking } from '@/features/booking/api/get-booking.ts';
import { vehicleText } from '@/features/booking/summary.ts';
import { useSettings } from '@/features/session/api/get-settings.ts';
import { VehicleForm } from '@/features/vehicle/components/vehicle-form.tsx';
import { RedirectDialog } from '@/features/vehicle/components/redirect-dialog.tsx';
import { getRedirectSettings } from '@/features/vehicle/api/get-redirect-settings.ts';
import { LoyaltyBlock } from '@/features/loyalty/components/loyalty-block.tsx';
import { removeServices } from '@/features/services/api/remove-services.ts';
import { queryKeys } from '@/lib/query-keys.ts';
import { useProcessSession } from '@/hooks/use-process-session.ts';
import { useWizardState } from '@/stores/wizard-state.tsx';
import { useProcess } from '@/app/process-context.tsx';
import { clearVehicleSearch, pendingVehicleSearch, revealApp } from '@/lib/first-step-handoff.ts';
import { ServiceBreakNotice, VehicleStepFrame } from './vehicle-step-frame.tsx';

/** 'ajoneuvo' of every process (requirements §2 "Vehicle page"). */
export function VehicleStepRoute() {
  const { process, goNext } = useProcess();
  const navigate = useNavigate();
  const booking = useBooking();
  const settings = useSettings();
  const maintenance = process.type === 'MAINTENANCE';
  const vehicle = booking.data?.vehicle ?? null;
  /** A car picked from the loyalty account's saved cars. */
  const [picked, setPicked] = useState<{ registerNumber: string } | null>(null);
  const queryClient = useQueryClient();
  const { token } = useProcessSession();
  const { update } = useWizardState();
  /** The plate (and mileage) given on the stand-alone first step: searched at once. */
  const [handedOver] = useState(pendingVehicleSearch);
  const ready = !booking.isPending;
  useEffect(() => {
    if (!ready) return;
    // The form has mounted (and started that search): the app takes the stand-alone page's place.
    clearVehicleSearch();
    revealApp();
  }, [ready]);
  /** The make books on its own site: the popup, and the car it is for. */
  const [redirect, setRedirect] = useState<{ settings: RedirectSettings; make: string; registerNumber: string } | null>(null);

  /** The car the booking had when the customer came (back) to this step. */
  const arrivedWith = useRef<string | null | undefined>(undefined);
  if (arrivedWith.current === undefined && booking.data) arrivedWith.current = booking.data.vehicle?.register_number ?? null;

  /**
   * Services and tires chosen for another car do not fit this one: when the car changes,
   * every stage of the cart is emptied (remove-services) before going on, and the tire
   * search starts again from the new car's sizes.
   */
  const onVehicleSet = async (set: Partial<BookingVehicle> | null) => {
    const before = arrivedWith.current;
    const now = set?.register_number ?? null;
    if (before && now && now !== before) {
      const current = queryClient.getQueryData<Booking>(queryKeys.booking(token));
      const stages = [...new Set(current?.order_items.map((i) => i.stage) ?? [])];
      if (stages.length > 0) {
        await Promise.all(stages.map((stage) => removeServices(stage)));
        await Promise.all([
          queryClient.invalidateQueries({ queryKey: queryKeys.allBooking }),
          queryClient.invalidateQueries({ queryKey: queryKeys.allServices }),
        ]);
      }
      update({ tireSearch: null });
      arrivedWith.current = now;
    }
    // Redirect settings of the make (requirements §4): present → the popup; absent → the flow goes on.
    const settings = await getRedirectSettings();
    if (settings && now) {
      const make = set?.make ?? queryClient.getQueryData<Booking>(queryKeys.booking(token))?.vehicle?.make ?? '';
      setRedirect({ settings, make, registerNumber: now });
      return;
    }
    goNext();
  };

  return (
    <VehicleStepFrame
      process={process}
      notices={<ServiceBreakNotice settings={settings.data} />}
      side={
        <>
          <LoyaltyBlock onSelectVehicle={(license) => setPicked({ registerNumber: license })} />
          {vehicle && (
            <section className="card selected-vehicle" aria-label="Valittu auto">
              <h2 className="card__title">Valittu auto</h2>
              <p>
                <span className="plate">{vehicle.register_number}</span> {vehicleText(vehicle)}
              </p>
              {booking.data?.kilometers != null && <p className="muted">{booking.data.kilometers.toLocaleString('fi-FI')} km</p>}
            </section>
          )}
        </>
      }
      nav={{ onBack: () => navigate(paths.landing), onContinue: vehicle ? goNext : undefined }}
      overlay={
        redirect && (
          <RedirectDialog
            settings={redirect.settings}
            make={redirect.make}
            registerNumber={redirect.registerNumber}
            kilometers={booking.data?.kilometers ?? null}
            onStay={() => {
              setRedirect(null);
              goNext();
            }}
          />
        )
      }
    >
      {booking.isPending ? (
        // As tall as the form it stands for, so that nothing below it moves when it comes.
        <div className={`vehicle-form-placeholder card${maintenance ? ' vehicle-form-placeholder--km' : ''}`}>
          <LoadingState />
        </div>
      ) : (
        <VehicleForm
          requireKilometers={maintenance}
          defaultRegisterNumber={handedOver?.registerNumber ?? vehicle?.register_number ?? ''}
          defaultKilometers={booking.data?.kilometers ?? null}
          defaultKilometersText={handedOver?.kilometers}
          submitOnMount={handedOver !== null}
          onVehicleSet={(v) => void onVehicleSet(v)}
          fill={picked}
        />
      )}
    </VehicleStepFrame>
  );
}
