import { useEffect, useRef } from 'react';
import { DEFAULT_TIRE_SALES_OFFICE_ID, type Booking } from '@huolto/domain';
import { StepPage, StepSection } from '@/components/layout/step-page.tsx';
import { LoadingState } from '@/components/ui/spinner.tsx';
import { CartTotal } from '@/features/booking/components/booking-summary.tsx';
import { CartPanel } from '@/features/booking/components/cart-panel.tsx';
import { useSetActiveOrganization } from '@/features/organizations/api/set-active-organization.ts';
import { useProcess } from '@/app/process-context.tsx';
import { bookingStep, hasVehicle } from '@/app/routes/require-booking.tsx';
import { useCartPanelActions } from '@/app/routes/use-cart-panel-actions.ts';
import { TireSearchBlock } from './tire-search-block.tsx';

/** '/rengasmyynti/rengasmyynti' (requirements §2 "Tire sales page"). */
export const TireSalesStepRoute = bookingStep(TireSalesStep, hasVehicle, 'ajoneuvo');

function TireSalesStep({ booking }: { booking: Booking }) {
  const { process, goNext, goBack } = useProcess();
  const setOffice = useSetActiveOrganization();
  const cartActions = useCartPanelActions(booking);
  const hasOrganization = booking.organization !== null;

  // Prices and stock are an office's: without one, office 1 becomes active (requirements §2, §9).
  const asked = useRef(false);
  const { mutate } = setOffice;
  useEffect(() => {
    if (hasOrganization || asked.current) return;
    asked.current = true;
    mutate(DEFAULT_TIRE_SALES_OFFICE_ID);
  }, [hasOrganization, mutate]);

  const tires = booking.order_items.filter((i) => i.stage === 'TIRE_SERVICES');

  return (
    <StepPage
      documentTitle={`Renkaat – ${process.title}`}
      title="Valitse renkaat"
      lead="Hae autoosi sopivat renkaat. Hinnat sisältävät asennuksen, kun ostat renkaat sarjana."
      side={
        <CartPanel booking={booking} busy={cartActions.busy} emptyText="Et ole vielä valinnut renkaita." {...cartActions.panel} />
      }
      nav={{
        onBack: goBack,
        onContinue: goNext,
        continueDisabled: tires.length === 0,
        continueHint: 'Valitse renkaat jatkaaksesi.',
        summary: <CartTotal total={booking.price.active_price} />,
      }}
    >
      <StepSection label="Rengashaku">
        {hasOrganization ? (
          <TireSearchBlock booking={booking} via="cart" disabled={cartActions.busy} />
        ) : (
          <LoadingState text="Ladataan rengashakua…" />
        )}
      </StepSection>
    </StepPage>
  );
}
