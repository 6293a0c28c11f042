import './other-organizations.css';
import { useId, useMemo, useState } from 'react';
import { OTHER_OFFICES_MAX_LIMIT, formatFinnishDate, formatFinnishTime, type Organization, type OrganizationFreeTimes } from '@huolto/domain';
import { Button } from '@/components/ui/button.tsx';
import { ChevronIcon } from '@/components/ui/icons.tsx';
import { EmptyState, SkeletonList } from '@/components/ui/spinner.tsx';
import { useCustomerLocation } from '@/hooks/use-customer-location.ts';
import { formatDistance, useOfficeDistances } from '@/hooks/use-office-distances.ts';
import { OTHER_OFFICES_PAGE, useOtherOrganizations } from '@/features/reservation/api/get-other-organizations.ts';

export interface OtherOrganizationsProps {
  organizationId: number | null;
  /** Transfers the booking to the office (flag false) and refreshes the booking and calendar. */
  onSwitch: (office: Organization) => Promise<unknown>;
  disabled?: boolean;
}

/** 'ti 24.11. klo 8.00' — the first free time of an office. */
function firstFree(office: OrganizationFreeTimes): string | null {
  const day = office.calendar[0];
  if (!day) return null;
  const slot = day.calendarSlots[0];
  return slot ? `${formatFinnishDate(day.date)} klo ${formatFinnishTime(slot.startTime)}` : formatFinnishDate(day.date);
}

/** The first free day and start of an office, as a sortable text ('2026-11-25T08:00:00'; a day-only day sorts at its start). */
function firstFreeKey(office: OrganizationFreeTimes): string {
  const day = office.calendar[0];
  return day ? `${day.date}T${day.calendarSlots[0]?.startTime ?? '00:00:00'}` : '9999';
}

/**
 * Nearest first when the customer's location is known (they asked for the nearest offices
 * earlier in this session), otherwise the earliest first free time first; then by name.
 */
export function orderOtherOffices(offices: OrganizationFreeTimes[], distances: Map<number, number> | undefined): OrganizationFreeTimes[] {
  const byName = (a: OrganizationFreeTimes, b: OrganizationFreeTimes) => a.organization.name.localeCompare(b.organization.name, 'fi');
  if (distances) {
    const km = (o: OrganizationFreeTimes) => distances.get(o.organization.id) ?? Number.POSITIVE_INFINITY;
    return [...offices].sort((a, b) => km(a) - km(b) || byName(a, b));
  }
  return [...offices].sort((a, b) => firstFreeKey(a).localeCompare(firstFreeKey(b)) || byName(a, b));
}

/**
 * Other offices' availability one month ahead (requirements §2 "Reservation page", §4 "Office
 * transfer"): opened with a button, each office with its first free time and 'Vaihda',
 * nearest first with the distance when the customer's location is known. The nearest offices
 * with free times come a page at a time (OTHER_OFFICES_PAGE), more with 'Näytä lisää'.
 */
export function OtherOrganizations({ organizationId, onSwitch, disabled }: OtherOrganizationsProps) {
  const panelId = useId();
  const [open, setOpen] = useState(false);
  const [switching, setSwitching] = useState<number | null>(null);
  const [limit, setLimit] = useState(OTHER_OFFICES_PAGE);
  const location = useCustomerLocation();
  const offices = useOtherOrganizations(organizationId, open, limit, location);
  const distances = useOfficeDistances(location);
  // A full page may have more offices after it (the server answers at most `limit`).
  const more = offices.data !== undefined && offices.data.length >= limit && limit < OTHER_OFFICES_MAX_LIMIT;
  const ordered = useMemo(() => (offices.data ? orderOtherOffices(offices.data, distances) : []), [offices.data, distances]);

  return (
    <section className="other-offices" aria-label="Muut toimipisteet">
      <button
        type="button"
        className="link-button other-offices__toggle"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((v) => !v)}
      >
        Näytä muiden toimipisteiden vapaat ajat
        <ChevronIcon direction={open ? 'up' : 'down'} />
      </button>
      <div id={panelId} hidden={!open} className="other-offices__panel">
        {open &&
          (offices.isPending ? (
            <SkeletonList rows={3} label="Haetaan muiden toimipisteiden vapaita aikoja…" />
          ) : offices.isError ? (
            <EmptyState title="Muiden toimipisteiden aikojen haku epäonnistui" />
          ) : offices.data.length === 0 ? (
            <EmptyState title="Muissa toimipisteissä ei ole vapaita aikoja seuraavan kuukauden aikana" />
          ) : (
            <>
              <p className="other-offices__order muted">
                {distances ? 'Lähimmät toimipisteet ensin' : 'Järjestetty ensimmäisen vapaan ajan mukaan'}
              </p>
              <ul className="other-offices__list">
                {ordered.map((office) => (
                  <li key={office.organization.id} className="other-office card">
                    <div className="other-office__text">
                      <p className="other-office__name">
                        {office.organization.name}
                        {distances?.has(office.organization.id) && (
                          <span className="other-office__distance"> · {formatDistance(distances.get(office.organization.id)!)}</span>
                        )}
                      </p>
                      <p className="muted">
                        {office.organization.address}, {office.organization.post_code} {office.organization.post_office}
                      </p>
                      <p>
                        Ensimmäinen vapaa aika: <strong>{firstFree(office)}</strong>
                        <span className="muted"> · {office.freeDays} päivänä vapaita aikoja</span>
                      </p>
                    </div>
                    <Button
                      variant="secondary"
                      disabled={disabled || switching !== null}
                      onClick={() => {
                        setSwitching(office.organization.id);
                        void onSwitch(office.organization)
                          .catch(() => undefined)
                          .finally(() => {
                            setSwitching(null);
                            setOpen(false);
                          });
                      }}
                    >
                      Vaihda<span className="visually-hidden"> toimipisteeseen {office.organization.name}</span>
                    </Button>
                  </li>
                ))}
              </ul>
              {more && (
                <button
                  type="button"
                  className="link-button other-offices__more"
                  aria-busy={offices.isPlaceholderData || undefined}
                  disabled={offices.isPlaceholderData}
                  onClick={() => setLimit((n) => Math.min(n + OTHER_OFFICES_PAGE, OTHER_OFFICES_MAX_LIMIT))}
                >
                  {offices.isPlaceholderData ? 'Haetaan lisää toimipisteitä…' : 'Näytä lisää toimipisteitä'}
                </button>
              )}
            </>
          ))}
      </div>
    </section>
  );
}
