import type { Booking } from '@huolto/domain';
import { StepPage, StepSection } from '@/components/layout/step-page.tsx';
import { CartTotal } from '@/features/booking/components/booking-summary.tsx';
import { useTireChangeOrganizations } from '@/features/organizations/api/get-tire-change-organizations.ts';
import { useTransferOrganization } from '@/features/organizations/api/transfer-organization.ts';
import { OrganizationPicker } from '@/features/organizations/components/organization-picker.tsx';
import { useProcess } from '@/app/process-context.tsx';
import { RequireBooking, hasVehicle } from '@/app/routes/require-booking.tsx';

/** Tire sales comes here with its tires chosen; tire change straight after the car. */
const ready = (b: Booking) => hasVehicle(b) && (b.process_type !== 'TIRE_SALES' || b.order_items.length > 0);

/** 'toimpiste' of tire change and tire sales (requirements §2 "Organizations page"). */
export function OrganizationStepRoute() {
  const { process } = useProcess();
  return (
    <RequireBooking check={ready} otherwise={process.type === 'TIRE_SALES' ? 'rengasmyynti' : 'ajoneuvo'}>
      {(booking) => <Toimipiste booking={booking} />}
    </RequireBooking>
  );
}

function Toimipiste({ booking }: { booking: Booking }) {
  const { process, goNext, goBack } = useProcess();
  const offices = useTireChangeOrganizations();
  const transfer = useTransferOrganization();
  const organizationId = booking.organization?.id ?? null;

  return (
    <StepPage
      documentTitle={`Toimipiste – ${process.title}`}
      title="Valitse toimipiste"
      lead="Valitse, missä toimipisteessä asioit. Voit vaihtaa toimipistettä myöhemmin ajanvalinnassa."
      nav={{
        onBack: goBack,
        onContinue: goNext,
        continueDisabled: organizationId === null || transfer.isPending,
        continueHint: 'Valitse toimipiste.',
        summary: <CartTotal total={booking.price.active_price} />,
      }}
    >
      <StepSection label="Toimipisteet">
        <OrganizationPicker
          offices={offices.data}
          isLoading={offices.isPending}
          selectedId={organizationId}
          splitBrandDealers={false}
          collapseSelected={false}
          disabled={transfer.isPending}
          workMinutes={booking.total_duration_minutes}
          onSelect={(office) =>
            // Picking an office transfers the booking to it and continues (requirements §4, flag true).
            office.id === organizationId
              ? goNext()
              : transfer.mutate({ organizationId: office.id, flag: true }, { onSuccess: () => goNext() })
          }
        />
      </StepSection>
    </StepPage>
  );
}
