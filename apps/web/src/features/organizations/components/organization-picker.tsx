import './organization-picker.css';
import { useId, useState } from 'react';
import type { Organization } from '@huolto/domain';
import { CheckIcon } from '@/components/ui/icons.tsx';
import { EmptyState, SkeletonList } from '@/components/ui/spinner.tsx';

export interface OrganizationPickerProps {
  offices: Organization[] | undefined;
  isLoading: boolean;
  selectedId: number | null;
  onSelect: (office: Organization) => void;
  /** Split brand dealers from other offices (maintenance, SPEC §2 "Services page"). */
  splitBrandDealers?: boolean;
  /** Keep the whole list open with a choice made (a page that is only the office choice). */
  collapseSelected?: boolean;
  disabled?: boolean;
}

/** One office as a selectable card: name, street address, postcode and post office. */
function OrganizationCard({
  office,
  selected,
  onSelect,
  disabled,
}: {
  office: Organization;
  selected: boolean;
  onSelect: (office: Organization) => void;
  disabled?: boolean;
}) {
  return (
    <li>
      <button
        type="button"
        className={`office-card${selected ? ' office-card--selected' : ''}`}
        aria-pressed={selected}
        disabled={disabled}
        onClick={() => onSelect(office)}
      >
        <span className="office-card__radio" aria-hidden="true">
          {selected && <CheckIcon />}
        </span>
        <span className="office-card__text">
          <span className="office-card__name">{office.name}</span>
          <span className="office-card__address">
            {office.address}, {office.post_code} {office.post_office}
          </span>
        </span>
        {selected && <span className="office-card__badge">Valittu</span>}
      </button>
    </li>
  );
}

function OrganizationList({
  title,
  offices,
  selectedId,
  onSelect,
  disabled,
}: {
  title: string;
  offices: Organization[];
  selectedId: number | null;
  onSelect: (office: Organization) => void;
  disabled?: boolean;
}) {
  const headingId = useId();
  if (offices.length === 0) return null;
  return (
    <section className="office-list" aria-labelledby={headingId}>
      <h3 id={headingId} className="office-list__title">
        {title}
      </h3>
      <ul className="office-list__items">
        {offices.map((o) => (
          <OrganizationCard key={o.id} office={o} selected={o.id === selectedId} onSelect={onSelect} disabled={disabled} />
        ))}
      </ul>
    </section>
  );
}

/**
 * Office choice. In maintenance the offices are split into authorised brand service
 * and other offices (GLOSSARY texts).
 */
export function OrganizationPicker({
  offices,
  isLoading,
  selectedId,
  onSelect,
  splitBrandDealers = true,
  collapseSelected = true,
  disabled,
}: OrganizationPickerProps) {
  /** With an office chosen the list folds to it, so that the services come into view. */
  const [expanded, setExpanded] = useState(false);
  const select = (office: Organization) => {
    setExpanded(false);
    if (office.id !== selectedId || !collapseSelected) onSelect(office);
  };
  const selected = offices?.find((o) => o.id === selectedId);
  if (isLoading) return <SkeletonList rows={3} label="Ladataan toimipisteitä…" />;
  if (!offices || offices.length === 0) {
    return (
      <EmptyState title="Toimipisteitä ei löytynyt">
        <p>Autollesi ei löytynyt sopivaa toimipistettä. Voit varata ajan myös puhelimitse.</p>
      </EmptyState>
    );
  }
  if (selected && !expanded && collapseSelected) {
    return (
      <div className="office-picker">
        <ul className="office-list__items">
          <OrganizationCard office={selected} selected onSelect={select} />
        </ul>
        <button type="button" className="link-button office-picker__change" onClick={() => setExpanded(true)}>
          Vaihda toimipiste
        </button>
      </div>
    );
  }
  if (!splitBrandDealers) {
    return <OrganizationList title="Toimipisteet" offices={offices} selectedId={selectedId} onSelect={select} disabled={disabled} />;
  }
  return (
    <div className="office-picker">
      <OrganizationList
        title="Valtuutettu merkkihuolto seuraavissa toimipisteissä"
        offices={offices.filter((o) => o.brand_dealer)}
        selectedId={selectedId}
        onSelect={select}
        disabled={disabled}
      />
      <OrganizationList
        title="Huolto ja korjaus muissa toimipisteissä"
        offices={offices.filter((o) => !o.brand_dealer)}
        selectedId={selectedId}
        onSelect={select}
        disabled={disabled}
      />
    </div>
  );
}
