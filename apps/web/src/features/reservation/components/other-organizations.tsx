import './other-organizations.css';
import { useId, useState } from 'react';
import { formatFinnishDate, formatFinnishTime, type Organization, type OrganizationFreeTimes } from '@huolto/domain';
import { Button } from '@/components/ui/button.tsx';
import { ChevronIcon } from '@/components/ui/icons.tsx';
import { EmptyState, SkeletonList } from '@/components/ui/spinner.tsx';
import { useOtherOrganizations } from '@/features/reservation/api/get-other-organizations.ts';

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

/**
 * Other offices' availability one month ahead (SPEC §2 "Reservation page", §4 "Office
 * transfer"): opened with a button, each office with its first free time and 'Vaihda'.
 */
export function OtherOrganizations({ organizationId, onSwitch, disabled }: OtherOrganizationsProps) {
  const panelId = useId();
  const [open, setOpen] = useState(false);
  const [switching, setSwitching] = useState<number | null>(null);
  const offices = useOtherOrganizations(organizationId, open);

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
            <ul className="other-offices__list">
              {offices.data.map((office) => (
                <li key={office.organization.id} className="other-office card">
                  <div className="other-office__text">
                    <p className="other-office__name">{office.organization.name}</p>
                    <p className="muted">
                      {office.organization.address}, {office.organization.post_code} {office.organization.post_office}
                    </p>
                    <p>
                      Ensimmäinen vapaa aika: <strong>{firstFree(office)}</strong>
                      <span className="muted"> · {office.calendar.length} päivänä vapaita aikoja</span>
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
          ))}
      </div>
    </section>
  );
}
