import { useRef, useState, type MouseEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link, useLocation, useParams } from 'react-router';
import { staffPaths } from '@huolto/domain';
import { useOfficeDetails } from '@/features/staff/api/get-office-details.ts';
import { resourcesQueryOptions } from '@/features/staff/api/get-resources.ts';
import { OfficeActivity } from '@/features/staff/components/offices/office-activity.tsx';
import { OfficeForm } from '@/features/staff/components/offices/office-form.tsx';
import { OfficeInfoTexts } from '@/features/staff/components/offices/office-info-texts.tsx';
import { OFFICE_RESOURCES_ID, OfficeResources } from '@/features/staff/components/offices/office-resources.tsx';
import { StaffPageTitle } from '@/features/staff/components/staff-title.tsx';
import { LoadError } from '@/features/staff/components/view-states.tsx';
import { useStaff } from '@/features/staff/hooks/use-staff.tsx';
import { useAnnouncement } from '@/hooks/use-announcement.ts';
import { messageOf } from '@/lib/form-errors.ts';

/**
 * /hallinta/toimipisteet/:officeId — an office's details, its resources and its dated notices to
 * customers, for its own users and admins; an admin also takes it out of use or back.
 *
 * An office without an active resource takes no bookings, so while it has none a link leads to
 * the resources (and focuses them). An office that had no resources when the page opened (a new
 * one) shows them before its long details form: on a phone the form is screens long, and its
 * details were just written. The order is chosen once, so that the first resource added does not
 * move the card (and the focus in its form) under the details.
 */
export function OfficePage() {
  const { officeId: param } = useParams();
  const officeId = Number(param);
  const { me } = useStaff();
  const admin = me?.role === 'ADMIN';
  const allowed = admin || (me?.offices.some((o) => o.id === officeId) ?? false);
  const valid = Number.isInteger(officeId) && officeId > 0;
  const details = useOfficeDetails(officeId, valid && allowed);
  const created = (useLocation().state as { created?: boolean } | null)?.created === true;
  const [announcement, setAnnouncement] = useAnnouncement();
  const office = details.data;
  const resources = useQuery({ ...resourcesQueryOptions(officeId), enabled: valid && allowed });
  const noActiveResource = resources.isSuccess && !resources.data.some((r) => r.active);
  const [resourcesFirst, setResourcesFirst] = useState<boolean | null>(null);
  if (resourcesFirst === null && resources.isSuccess) setResourcesFirst(resources.data.length === 0);
  const resourcesRef = useRef<HTMLElement>(null);

  const toResources = (e: MouseEvent<HTMLAnchorElement>) => {
    e.preventDefault();
    resourcesRef.current?.scrollIntoView?.({ block: 'start' });
    resourcesRef.current?.focus({ preventScroll: true });
  };

  return (
    <div className="staff-page office-page">
      <p className="visually-hidden" role="status" aria-live="polite">
        {announcement}
      </p>
      {admin && (
        <p>
          <Link to={staffPaths.offices}>← Toimipisteet</Link>
        </p>
      )}
      <StaffPageTitle documentTitle="Toimipiste">{office ? `Toimipiste: ${office.name}` : 'Toimipiste'}</StaffPageTitle>
      {!valid || !allowed ? (
        <p className="notice notice--warning">Toimipistettä ei ole tai sinulla ei ole oikeutta siihen.</p>
      ) : details.isPending ? (
        <p className="staff-loading">Haetaan toimipistettä…</p>
      ) : details.isError ? (
        <LoadError error={details.error} message={messageOf(details.error)} onRetry={() => void details.refetch()} />
      ) : (
        <>
          {(created || noActiveResource) && (
            <p className={created ? 'notice notice--success' : 'notice notice--warning'}>
              {created ? 'Toimipiste lisätty. ' : 'Toimipisteellä ei ole käytössä olevia nostimia eikä mekaanikkoja. '}
              {noActiveResource && (
                <a href={`#${OFFICE_RESOURCES_ID}`} onClick={toResources}>
                  {created ? 'Lisää seuraavaksi sen nostimet ja mekaanikot' : 'Lisää nostimet ja mekaanikot'}
                </a>
              )}
            </p>
          )}
          <p className="office-page__links">
            <Link to={staffPaths.capacity(officeId)}>Aukioloajat, poikkeukset ja poissaolot</Link>
          </p>
          <div className={resourcesFirst ? 'office-page__columns office-page__columns--resources-first' : 'office-page__columns'}>
            {resourcesFirst && <OfficeResources ref={resourcesRef} officeId={officeId} announce={setAnnouncement} />}
            <OfficeForm key={office!.id} office={office!} onSaved={() => setAnnouncement('Toimipisteen tiedot tallennettu')} />
            <div className="office-page__side">
              {!resourcesFirst && <OfficeResources ref={resourcesRef} officeId={officeId} announce={setAnnouncement} />}
              <OfficeInfoTexts officeId={officeId} announce={setAnnouncement} />
              {admin && <OfficeActivity office={office!} announce={setAnnouncement} />}
            </div>
          </div>
        </>
      )}
    </div>
  );
}

