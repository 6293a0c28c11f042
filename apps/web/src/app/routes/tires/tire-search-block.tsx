import type { Booking } from '@huolto/domain';
import { useWizardState } from '@/stores/wizard-state.tsx';
import { TireSearch } from '@/features/tires/components/tire-search.tsx';
import { useTireChoice } from './use-tire-choice.ts';

export interface TireSearchBlockProps {
  booking: Booking;
  /** Tire change adds tires with its own call; the other processes use the cart's. */
  via: 'cart' | 'tire-change';
  disabled?: boolean;
}

/** The tire search of a step, wired to the booking's car, the cart and the kept form. */
export function TireSearchBlock({ booking, via, disabled }: TireSearchBlockProps) {
  const wizard = useWizardState();
  const choice = useTireChoice(via);
  return (
    <TireSearch
      registerNumber={booking.vehicle?.register_number ?? null}
      classificationId={booking.vehicle?.classification.id ?? null}
      initialForm={wizard.tireSearch}
      onFormChange={(tireSearch) => wizard.update({ tireSearch })}
      onChoose={choice.choose}
      onRemove={choice.remove}
      disabled={disabled || choice.isPending}
    />
  );
}
