import './offices.css';
import { useEffect, useId, useRef, useState, type ReactNode, type Ref } from 'react';
import { z } from 'zod';
import { RESOURCE_HAS_BOOKINGS_MESSAGE, futureBookingSchema, type FutureBooking, type StaffResourceDetails } from '@huolto/domain';
import { Button, buttonClasses } from '@/components/ui/button.tsx';
import { Modal } from '@/components/ui/modal.tsx';
import { useResources } from '@/features/staff/api/get-resources.ts';
import { useWorkKinds } from '@/features/staff/api/get-work-kinds.ts';
import { useReorderResources } from '@/features/staff/api/reorder-resources.ts';
import { useUpdateResource } from '@/features/staff/api/update-resource.ts';
import { ProblemNotice } from '@/features/staff/components/problem-notice.tsx';
import { LoadError } from '@/features/staff/components/view-states.tsx';
import { ApiError } from '@/lib/api-client.ts';
import { messageOf } from '@/lib/form-errors.ts';
import { FutureBookingList } from './future-bookings.tsx';
import { ResourceForm } from './resource-form.tsx';

/** A resource the server would not deactivate, with the bookings to move first. */
interface Refusal {
  name: string;
  message: string;
  bookings: FutureBooking[];
}

const conflictBody = z.object({ message: z.string().optional(), bookings: z.array(futureBookingSchema) });

/** 409 RESOURCE_HAS_BOOKINGS: its message and bookings; null for any other failure. */
function bookingsRefusal(error: unknown, name: string): Refusal | null {
  if (!(error instanceof ApiError) || error.status !== 409) return null;
  const body = conflictBody.safeParse(error.body);
  if (!body.success) return null;
  return { name, message: body.data.message || RESOURCE_HAS_BOOKINGS_MESSAGE, bookings: body.data.bookings };
}

/** The resources' order with one moved a place up (-1) or down (+1). */
function moved(resources: StaffResourceDetails[], index: number, by: -1 | 1): number[] {
  const ids = resources.map((r) => r.id);
  const other = index + by;
  [ids[index], ids[other]] = [ids[other]!, ids[index]!];
  return ids;
}

/** The resources card's id: the office page's link to it (#office-resources). */
export const OFFICE_RESOURCES_ID = 'office-resources';

/**
 * A resource's less used actions behind a small button (taking it out of use or back), so
 * that its row's buttons fit one line at 360 px. A disclosure: it closes on Escape (the focus
 * back on its button), on a click elsewhere and when an action is chosen.
 */
function MoreActions({ name, children }: { name: string; children: (close: () => void) => ReactNode }) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const root = useRef<HTMLDivElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const closeOutside = (e: MouseEvent) => {
      if (!root.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('click', closeOutside);
    return () => document.removeEventListener('click', closeOutside);
  }, [open]);

  return (
    <div
      ref={root}
      className="resource-more"
      onKeyDown={(e) => {
        if (e.key === 'Escape' && open) {
          setOpen(false);
          toggle.current?.focus();
        }
      }}
    >
      <button
        ref={toggle}
        type="button"
        className={buttonClasses('ghost')}
        aria-label={`Muut toiminnot: ${name}`}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((o) => !o)}
      >
        <span aria-hidden="true">⋯</span>
      </button>
      <div id={panelId} className="resource-more__panel" hidden={!open}>
        {open &&
          children(() => {
            setOpen(false);
            toggle.current?.focus();
          })}
      </div>
    </div>
  );
}

/**
 * 'Nostimet ja mekaanikot': the office's resources in the day view's order, each moved up
 * or down, edited in a dialog, taken out of use or back; a new one added under the list.
 * A resource with bookings to come is not taken out of use: the bookings are listed to move.
 * On a phone a row is the name and facts on their lines and the buttons in one row under them.
 */
export function OfficeResources({ officeId, announce, ref }: { officeId: number; announce: (message: string) => void; ref?: Ref<HTMLElement> }) {
  const resources = useResources(officeId);
  const workKinds = useWorkKinds();
  const reorder = useReorderResources(officeId);
  const update = useUpdateResource(officeId);
  const [editing, setEditing] = useState<StaffResourceDetails | null>(null);
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const list = resources.data ?? [];
  const kinds = workKinds.data ?? [];
  const kindName = (code: string) => kinds.find((k) => k.code === code)?.name ?? code;
  const resourceName = (id: number) => list.find((r) => r.id === id)?.name;

  const move = (index: number, by: -1 | 1) => {
    setProblem(null);
    const r = list[index]!;
    reorder.mutate(moved(list, index, by), {
      onSuccess: () => announce(`${r.name} siirretty ${by < 0 ? 'ylöspäin' : 'alaspäin'}`),
      onError: (error) => setProblem(messageOf(error)),
    });
  };

  const setActive = (r: StaffResourceDetails, active: boolean) => {
    setProblem(null);
    setRefusal(null);
    update.mutate(
      { resourceId: r.id, body: { name: r.name, displayName: r.displayName, selectable: r.selectable, workKinds: r.workKinds, active } },
      {
        onSuccess: () => announce(active ? `Resurssi otettu käyttöön: ${r.name}` : `Resurssi poistettu käytöstä: ${r.name}`),
        onError: (error) => {
          const refused = bookingsRefusal(error, r.name);
          if (refused) setRefusal(refused);
          else setProblem(messageOf(error));
        },
      },
    );
  };

  return (
    <section ref={ref} id={OFFICE_RESOURCES_ID} tabIndex={-1} className="card form-stack office-resources" aria-labelledby="office-resources-heading">
      <h2 id="office-resources-heading" className="card__title">
        Nostimet ja mekaanikot
      </h2>
      {resources.isPending || workKinds.isPending ? (
        <p className="staff-loading">Haetaan resursseja…</p>
      ) : resources.isError ? (
        <LoadError error={resources.error} onRetry={() => void resources.refetch()} />
      ) : workKinds.isError ? (
        <LoadError error={workKinds.error} onRetry={() => void workKinds.refetch()} />
      ) : (
        <>
          {list.length === 0 ? (
            <p>Toimipisteellä ei ole vielä resursseja. Lisää ensimmäinen alla.</p>
          ) : (
            <ol className="resource-list">
              {list.map((r, i) => (
                <li key={r.id} className={r.active ? 'resource-list__item' : 'resource-list__item resource-list__item--inactive'}>
                  <div className="resource-list__text">
                    <h3 className="resource-list__name">
                      {r.name}
                      {!r.active && <span className="resource-list__state"> (ei käytössä)</span>}
                    </h3>
                    <p className="resource-list__facts">
                      {r.displayName ? `Asiakkaille: ${r.displayName}` : 'Ei näytetä asiakkaille nimeltä'}
                      {r.selectable ? ' · asiakas voi valita' : ''}
                    </p>
                    <p className="resource-list__facts">Työlajit: {r.workKinds.length ? r.workKinds.map(kindName).join(', ') : '–'}</p>
                  </div>
                  <div className="resource-list__actions">
                    <Button variant="ghost" aria-label={`Siirrä ylöspäin: ${r.name}`} disabled={i === 0 || reorder.isPending} onClick={() => move(i, -1)}>
                      ↑
                    </Button>
                    <Button
                      variant="ghost"
                      aria-label={`Siirrä alaspäin: ${r.name}`}
                      disabled={i === list.length - 1 || reorder.isPending}
                      onClick={() => move(i, 1)}
                    >
                      ↓
                    </Button>
                    <Button variant="secondary" aria-label={`Muokkaa: ${r.name}`} onClick={() => setEditing(r)}>
                      Muokkaa
                    </Button>
                    <MoreActions name={r.name}>
                      {(close) => (
                        <Button
                          variant="secondary"
                          aria-label={r.active ? `Poista käytöstä: ${r.name}` : `Ota käyttöön: ${r.name}`}
                          disabled={update.isPending}
                          onClick={() => {
                            close();
                            setActive(r, !r.active);
                          }}
                        >
                          {r.active ? 'Poista käytöstä' : 'Ota käyttöön'}
                        </Button>
                      )}
                    </MoreActions>
                  </div>
                </li>
              ))}
            </ol>
          )}
          <ProblemNotice message={problem} />
          {refusal && (
            <div className="notice notice--warning" role="alert">
              <p>
                <strong>{refusal.name}:</strong> {refusal.message}
              </p>
              <FutureBookingList bookings={refusal.bookings} resourceName={resourceName} />
            </div>
          )}
          <div className="office-resources__new">
            <h3 className="office-activity__subtitle">Lisää resurssi</h3>
            <ResourceForm key={kinds.length} officeId={officeId} workKinds={kinds} onDone={announce} />
          </div>
          <Modal open={editing !== null} title={editing ? `Muokkaa: ${editing.name}` : ''} onClose={() => setEditing(null)}>
            {editing && (
              <ResourceForm
                officeId={officeId}
                resource={editing}
                workKinds={kinds}
                onDone={(message) => {
                  setEditing(null);
                  announce(message);
                }}
              />
            )}
          </Modal>
        </>
      )}
    </section>
  );
}
