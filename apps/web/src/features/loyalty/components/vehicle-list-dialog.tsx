import './vehicle-list-dialog.css';
import type { LoyaltyVehicle } from '@huolto/domain';
import { Button } from '@/components/ui/button.tsx';
import { Modal } from '@/components/ui/modal.tsx';
import { EmptyState, SkeletonList } from '@/components/ui/spinner.tsx';
import { useActiveCars } from '@/features/loyalty/api/get-active-cars.ts';
import { useLoyalty } from '@/features/loyalty/loyalty-context.tsx';

export interface VehicleListDialogProps {
  open: boolean;
  onClose: () => void;
  /** The customer picked a saved car: its registration number. */
  onSelect: (license: string) => void;
}

/**
 * The vehicle-list popup (requirements §2 "Vehicle page"): the logged-in customer's saved cars
 * with picture, registration, brand and model and the specified type; 'Valitse' fills
 * the registration field.
 */
export function VehicleListDialog({ open, onClose, onSelect }: VehicleListDialogProps) {
  return (
    <Modal open={open} title="Valitse ajoneuvo" onClose={onClose} className="vehicle-list-dialog">
      <SavedVehicles
        onSelect={(license) => {
          onSelect(license);
          onClose();
        }}
      />
    </Modal>
  );
}

function SavedVehicles({ onSelect }: { onSelect: (license: string) => void }) {
  const { token } = useLoyalty();
  const cars = useActiveCars(token);

  if (cars.isPending) return <SkeletonList rows={2} label="Ladataan autojasi…" />;
  if (cars.isError) {
    return (
      <EmptyState title="Autojen haku epäonnistui">
        <p>Yritä hetken kuluttua uudelleen tai kirjoita rekisterinumero itse.</p>
        <Button variant="secondary" onClick={() => void cars.refetch()}>
          Yritä uudelleen
        </Button>
      </EmptyState>
    );
  }
  if (cars.data.length === 0) {
    return (
      <EmptyState title="Tililläsi ei ole tallennettuja autoja">
        <p>Kirjoita auton rekisterinumero lomakkeeseen.</p>
      </EmptyState>
    );
  }
  return (
    <ul className="saved-vehicles">
      {cars.data.map((car) => (
        <SavedVehicle key={car.license} car={car} onSelect={onSelect} />
      ))}
    </ul>
  );
}

function SavedVehicle({ car, onSelect }: { car: LoyaltyVehicle; onSelect: (license: string) => void }) {
  const name = [car.brand_name, car.model_name].filter(Boolean).join(' ');
  return (
    <li className="saved-vehicle">
      {car.image ? (
        <img className="saved-vehicle__image" src={car.image} alt={name} width={96} height={58} loading="lazy" />
      ) : (
        <span className="saved-vehicle__image saved-vehicle__image--none" aria-hidden="true" />
      )}
      <div className="saved-vehicle__text">
        <p className="saved-vehicle__name">
          <span className="plate">{car.license}</span> <span>{name}</span>
        </p>
        {car.car_type_specified && <p className="saved-vehicle__type muted">{car.car_type_specified}</p>}
      </div>
      <Button variant="secondary" className="saved-vehicle__select" onClick={() => onSelect(car.license)}>
        Valitse<span className="visually-hidden"> {car.license}</span>
      </Button>
    </li>
  );
}
