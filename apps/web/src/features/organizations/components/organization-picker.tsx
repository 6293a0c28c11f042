import './organization-picker.css';
import { useId, useMemo, useState } from 'react';
import { LocateFixed, Search } from 'lucide-react';
import { formatFinnishDate, formatFinnishTime, type FirstFreeTimes, type OfficeFirstFreeTime, type Organization } from '@huolto/domain';
import { Button } from '@/components/ui/button.tsx';
import { CheckIcon } from '@/components/ui/icons.tsx';
import { EmptyState, SkeletonList } from '@/components/ui/spinner.tsx';
import { useCustomerLocation } from '@/hooks/use-customer-location.ts';
import { formatDistance, useOfficeDistances } from '@/hooks/use-office-distances.ts';
import { LOCATION_MESSAGES, LocationError, locateCustomer } from '@/lib/customer-location.ts';
import { useFirstFreeTimes } from '@/features/organizations/api/get-first-free-times.ts';
import { matchesOfficeSearch, officeCountText } from '@/features/organizations/office-search.ts';

export interface OrganizationPickerProps {
  offices: Organization[] | undefined;
  isLoading: boolean;
  selectedId: number | null;
  onSelect: (office: Organization) => void;
  /** Split brand dealers from other offices (maintenance, requirements §2 "Services page"). */
  splitBrandDealers?: boolean;
  /** Keep the whole list open with a choice made (a page that is only the office choice). */
  collapseSelected?: boolean;
  disabled?: boolean;
  /** The booking's length of work in minutes: the first free times are asked again when it changes. */
  workMinutes?: number | undefined;
}

/** What a card knows of the office's first free time: the office's answer, and the weeks looked at. */
interface FreeTimeInfo {
  isPending: boolean;
  weeks: number | undefined;
  office: OfficeFirstFreeTime | undefined;
}

/** 'Ensimmäinen vapaa aika ti 25.11. klo 8.00', or why there is none. */
function firstFreeText({ isPending, weeks, office }: FreeTimeInfo): string | null {
  if (!office) return isPending ? 'Haetaan ensimmäistä vapaata aikaa…' : null;
  if (office.leadOnly) return 'Kerro toivottu päivä, toimipiste sopii ajan';
  if (office.date === null) return `Ei vapaita aikoja ${weeks} viikkoon`;
  if (office.startTime === null) return `Ensimmäinen vapaa päivä ${formatFinnishDate(office.date)}`;
  return `Ensimmäinen vapaa aika ${formatFinnishDate(office.date)} klo ${formatFinnishTime(office.startTime)}`;
}

/** One office as a selectable card: name, address, first free time and, when known, the distance. */
function OrganizationCard({
  office,
  selected,
  onSelect,
  disabled,
  freeTime,
  distanceKm,
  dealerBadge,
}: {
  office: Organization;
  selected: boolean;
  onSelect: (office: Organization) => void;
  disabled?: boolean;
  freeTime: FreeTimeInfo;
  distanceKm?: number | undefined;
  /** Marks a brand dealer when the list is not split into groups. */
  dealerBadge?: boolean;
}) {
  const free = firstFreeText(freeTime);
  const none = freeTime.office !== undefined && freeTime.office.date === null && !freeTime.office.leadOnly;
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
            {distanceKm !== undefined && (
              <>
                <span className="office-card__distance">{formatDistance(distanceKm)}</span>
                {' · '}
              </>
            )}
            {office.address}, {office.post_code} {office.post_office}
          </span>
          {free && <span className={`office-card__free${none ? ' office-card__free--none' : ''}`}>{free}</span>}
          {dealerBadge && office.brand_dealer && <span className="office-card__dealer">Valtuutettu merkkihuolto</span>}
        </span>
        {selected && <span className="office-card__badge">Valittu</span>}
      </button>
    </li>
  );
}

interface ListProps {
  offices: Organization[];
  selectedId: number | null;
  onSelect: (office: Organization) => void;
  disabled?: boolean | undefined;
  freeTimes: { isPending: boolean; data: FirstFreeTimes | undefined };
  distances?: Map<number, number> | undefined;
  dealerBadges?: boolean;
}

function OrganizationItems({ offices, selectedId, onSelect, disabled, freeTimes, distances, dealerBadges }: ListProps) {
  const byId = useMemo(() => new Map(freeTimes.data?.organizations.map((o) => [o.organizationId, o])), [freeTimes.data]);
  return (
    <ul className="office-list__items">
      {offices.map((o) => (
        <OrganizationCard
          key={o.id}
          office={o}
          selected={o.id === selectedId}
          onSelect={onSelect}
          disabled={disabled}
          freeTime={{ isPending: freeTimes.isPending, weeks: freeTimes.data?.weeks, office: byId.get(o.id) }}
          distanceKm={distances?.get(o.id)}
          dealerBadge={dealerBadges}
        />
      ))}
    </ul>
  );
}

function OrganizationList({ title, ...rest }: ListProps & { title: string }) {
  const headingId = useId();
  if (rest.offices.length === 0) return null;
  return (
    <section className="office-list" aria-labelledby={headingId}>
      <h3 id={headingId} className="office-list__title">
        {title}
      </h3>
      <OrganizationItems {...rest} />
    </section>
  );
}

/**
 * Offices shown at first, and added by each 'Näytä lisää toimipisteitä': a chain's list of
 * hundreds of offices shows (and asks the first free times of) a page at a time, nearest
 * first when the customer's location is known.
 */
export const OFFICE_PAGE = 20;

/** Offices nearest first; those without a known distance after them, in their own order. */
function byDistance(offices: Organization[], distances: Map<number, number>): Organization[] {
  const far = Number.POSITIVE_INFINITY;
  return offices
    .map((office, index) => ({ office, index, km: distances.get(office.id) ?? far }))
    .sort((a, b) => a.km - b.km || a.index - b.index)
    .map((o) => o.office);
}

/**
 * Office choice. In maintenance the offices are split into authorised brand service
 * and other offices (docs/glossary.md texts). A search by town, postcode or address filters the
 * list as the customer types, 'Lähimmät ensin' orders it by distance from the customer
 * (the browser's location, asked only then), and every office shows its first free time.
 */
export function OrganizationPicker({
  offices,
  isLoading,
  selectedId,
  onSelect,
  splitBrandDealers = true,
  collapseSelected = true,
  disabled,
  workMinutes,
}: OrganizationPickerProps) {
  const searchId = useId();
  const statusId = useId();
  /** With an office chosen the list folds to it, so that the services come into view. */
  const [expanded, setExpanded] = useState(false);
  const [search, setSearch] = useState('');
  const location = useCustomerLocation();
  /** Ordered by distance: once asked for in this session, until the customer turns it off. */
  const [nearestFirst, setNearestFirst] = useState(location !== null);
  const [locating, setLocating] = useState(false);
  const [locationProblem, setLocationProblem] = useState<string | null>(null);
  const distances = useOfficeDistances(nearestFirst ? location : null);
  const [shown, setShown] = useState({ key: '', count: OFFICE_PAGE });

  const matching = useMemo(() => (offices ?? []).filter((o) => matchesOfficeSearch(o, search)), [offices, search]);
  const sorted = useMemo(() => (nearestFirst && distances ? byDistance(matching, distances) : undefined), [nearestFirst, distances, matching]);
  // The order the cards are shown in: nearest first, or the brand dealers' group before the others.
  const ordered = useMemo(
    () => sorted ?? (splitBrandDealers ? [...matching.filter((o) => o.brand_dealer), ...matching.filter((o) => !o.brand_dealer)] : matching),
    [sorted, splitBrandDealers, matching],
  );
  // A new search or order starts again from the first page.
  const listKey = `${search.trim()}|${sorted ? 'nearest' : ''}`;
  const count = shown.key === listKey ? shown.count : OFFICE_PAGE;
  const visible = ordered.slice(0, count);
  const selected = offices?.find((o) => o.id === selectedId);
  const askedIds = [...(selected && !visible.includes(selected) ? [selected.id] : []), ...visible.map((o) => o.id)];
  const firstFree = useFirstFreeTimes(askedIds, workMinutes);
  // Offices shown by 'Näytä lisää' wait for their own answer while the earlier one is kept.
  const freeTimes = { isPending: firstFree.isPending || firstFree.isPlaceholderData, data: firstFree.data };

  const select = (office: Organization) => {
    setExpanded(false);
    if (office.id !== selectedId || !collapseSelected) onSelect(office);
  };
  const toggleNearest = async () => {
    setLocationProblem(null);
    if (nearestFirst) {
      setNearestFirst(false);
      return;
    }
    if (location) {
      setNearestFirst(true);
      return;
    }
    setLocating(true);
    try {
      await locateCustomer();
      setNearestFirst(true);
    } catch (err) {
      setLocationProblem(err instanceof LocationError ? err.message : LOCATION_MESSAGES.unavailable);
    } finally {
      setLocating(false);
    }
  };

  if (isLoading) return <SkeletonList rows={3} label="Ladataan toimipisteitä…" />;
  if (!offices || offices.length === 0) {
    return (
      <EmptyState title="Toimipisteitä ei löytynyt">
        <p>Autollesi ei löytynyt sopivaa toimipistettä. Voit varata ajan myös puhelimitse.</p>
      </EmptyState>
    );
  }
  const list = { selectedId, onSelect: select, disabled, freeTimes };
  if (selected && !expanded && collapseSelected) {
    return (
      <div className="office-picker">
        <OrganizationItems {...list} offices={[selected]} />
        <button type="button" className="link-button office-picker__change" onClick={() => setExpanded(true)}>
          Vaihda toimipiste
        </button>
      </div>
    );
  }

  const term = search.trim();

  return (
    <div className="office-picker">
      <div className="office-tools" role="search" aria-label="Toimipisteiden haku">
        <label htmlFor={searchId} className="field__label">
          Hae paikkakunnalla tai postinumerolla
        </label>
        <div className="office-tools__row">
          <span className="office-tools__search">
            <Search className="office-tools__search-icon" aria-hidden="true" size={18} />
            <input
              id={searchId}
              className="input office-tools__input"
              type="search"
              value={search}
              autoComplete="off"
              enterKeyHint="search"
              aria-describedby={statusId}
              onChange={(e) => setSearch(e.target.value)}
            />
          </span>
          <Button
            variant="secondary"
            className="office-tools__nearest"
            aria-pressed={nearestFirst}
            aria-busy={locating || undefined}
            disabled={locating}
            onClick={() => void toggleNearest()}
          >
            <LocateFixed aria-hidden="true" size={18} />
            {locating ? 'Haetaan sijaintia…' : 'Lähimmät ensin'}
          </Button>
          <p id={statusId} className={`office-tools__status${matching.length === 0 ? ' office-tools__status--none' : ''}`} role="status">
            {officeCountText(matching.length, term)}
            {sorted ? ', lähimmät ensin' : ''}
          </p>
        </div>
        {locationProblem && (
          <p className="office-tools__problem" role="alert">
            {locationProblem}
          </p>
        )}
      </div>
      {matching.length === 0 ? (
        <div className="office-tools__empty">
          <p>Kokeile toista paikkakuntaa, postinumeron alkua tai katuosoitetta.</p>
          <button type="button" className="link-button" onClick={() => setSearch('')}>
            Näytä kaikki toimipisteet
          </button>
        </div>
      ) : sorted ? (
        <OrganizationList {...list} title="Toimipisteet lähimmästä alkaen" offices={visible} distances={distances} dealerBadges={splitBrandDealers} />
      ) : !splitBrandDealers ? (
        <OrganizationList {...list} title="Toimipisteet" offices={visible} />
      ) : (
        <>
          <OrganizationList
            {...list}
            title="Valtuutettu merkkihuolto seuraavissa toimipisteissä"
            offices={visible.filter((o) => o.brand_dealer)}
          />
          <OrganizationList {...list} title="Huolto ja korjaus muissa toimipisteissä" offices={visible.filter((o) => !o.brand_dealer)} />
        </>
      )}
      {ordered.length > visible.length && (
        <button type="button" className="link-button office-picker__more" onClick={() => setShown({ key: listKey, count: count + OFFICE_PAGE })}>
          Näytä lisää toimipisteitä ({ordered.length - visible.length})
        </button>
      )}
    </div>
  );
}
