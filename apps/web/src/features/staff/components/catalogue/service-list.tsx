import './catalogue.css';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import {
  CATALOGUE_STAGES,
  CATALOGUE_STAGE_LABELS,
  SERVICE_GROUP_KIND_LABELS,
  formatEuros,
  staffPaths,
  type CatalogueGroup,
  type CatalogueStage,
  type ServiceListItem,
  type WorkKind,
} from '@huolto/domain';
import { Button } from '@/components/ui/button.tsx';
import { Modal } from '@/components/ui/modal.tsx';
import { useReorderCatalogueGroups } from '@/features/staff/api/reorder-catalogue-groups.ts';
import { ProblemNotice } from '@/features/staff/components/problem-notice.tsx';
import { StaffTable } from '@/features/staff/components/staff-table.tsx';
import { messageOf } from '@/lib/form-errors.ts';
import { durationText, validityText } from './catalogue-format.ts';
import { EditGroupForm } from './group-forms.tsx';

/** A service's state as a badge: in use, or not offered. */
export function ActiveBadge({ active }: { active: boolean }) {
  return <span className={`staff-badge ${active ? 'catalogue-badge--active' : 'catalogue-badge--inactive'}`}>{active ? 'Käytössä' : 'Ei käytössä'}</span>;
}

/** A group's services as a table: the name a link to the service, its price, duration, work, validity and state. */
function GroupServices({ services, workKindName }: { services: ServiceListItem[]; workKindName: (code: string | null) => string }) {
  if (services.length === 0) return <p className="muted">Ryhmässä ei ole palveluita.</p>;
  return (
    <StaffTable columns={['Palvelu', 'Hinta', 'Kesto', 'Työlaji', 'Voimassa', 'Tila']} stacked className="catalogue__table-wrap">
      {services.map((s) => (
        <tr key={s.code} className={s.active ? undefined : 'staff-table__row--inactive'}>
          <th scope="row">
            <Link to={staffPaths.service(s.code)}>{s.name}</Link>
          </th>
          <td data-label="Hinta" className="catalogue__num">
            {formatEuros(s.priceCents)}
          </td>
          <td data-label="Kesto">{durationText(s.durationMinutes)}</td>
          <td data-label="Työlaji">{workKindName(s.workKind)}</td>
          <td data-label="Voimassa">{validityText(s.validFrom, s.validTo)}</td>
          <td data-label="Tila">
            <ActiveBadge active={s.active} />
          </td>
        </tr>
      ))}
    </StaffTable>
  );
}

/**
 * The catalogue by stage, a section each, and in it its groups in the order customers see them,
 * each with its services. An admin renames a group (in a dialog) and moves it up or down.
 */
export function ServiceList({
  groups,
  services,
  workKinds,
  admin,
  announce,
}: {
  groups: CatalogueGroup[];
  services: ServiceListItem[];
  workKinds: WorkKind[];
  admin: boolean;
  announce: (message: string) => void;
}) {
  const uid = useId();
  const [editing, setEditing] = useState<CatalogueGroup | null>(null);
  const reorder = useReorderCatalogueGroups();
  const names = new Map(workKinds.map((k) => [k.code, k.name]));
  const workKindName = (code: string | null) => (code === null ? 'Kaikki' : (names.get(code) ?? code));

  const stageGroups = (stage: CatalogueStage) => groups.filter((g) => g.stage === stage).sort((a, b) => a.sort - b.sort);
  const move = (stage: CatalogueStage, index: number, by: -1 | 1) => {
    const ids = stageGroups(stage).map((g) => g.id);
    const [moved] = ids.splice(index, 1);
    ids.splice(index + by, 0, moved!);
    const title = stageGroups(stage)[index]!.title;
    reorder.mutate({ stage, groupIds: ids }, { onSuccess: () => announce(by < 0 ? `Ryhmä siirretty ylöspäin: ${title}` : `Ryhmä siirretty alaspäin: ${title}`) });
  };

  // The windshield products are in a group of their own, which the windshield form fixes (requirements §3 "Windshield products").
  const windshield = services.filter((s) => s.kind === 'WINDSHIELD').sort((a, b) => a.sort - b.sort);
  const windshieldSection = windshield.length > 0 && (
    <section className="card catalogue__stage" aria-labelledby={`${uid}-windshield`}>
      <h2 id={`${uid}-windshield`} className="card__title">
        {windshield[0]!.groupTitle}
      </h2>
      <p className="muted">
        Tuulilasipalvelun tuotteet. Niiden tunnukset ja ryhmä ovat kiinteät; hinta, kuvaus, kesto ja tila muokataan täällä, ja tuote tarjotaan asiakkaille, kun se on
        käytössä ja hinnoiteltu.
      </p>
      <GroupServices services={windshield} workKindName={workKindName} />
    </section>
  );

  if (groups.length === 0) {
    return (
      <>
        <section className="card">
          <h2 className="card__title">Ei vielä palveluita</h2>
          <p>Palvelut ovat ryhmissä, ja jokainen ryhmä kuuluu ajanvarauksen vaiheeseen (huolto, kampanjapalvelut tai renkaanvaihto).</p>
          {admin ? (
            <p>
              Lisää ensin ryhmä alla, sitten sen palvelut – tai tuo palvelut tiedostosta sivulla <Link to={staffPaths.data}>Tuonti ja vienti</Link>.
            </p>
          ) : (
            <p>Pääkäyttäjä lisää palvelut.</p>
          )}
        </section>
        {windshieldSection}
      </>
    );
  }

  return (
    <>
      <ProblemNotice message={reorder.error ? messageOf(reorder.error) : null} />
      {CATALOGUE_STAGES.map((stage) => {
        const list = stageGroups(stage);
        return (
          <section key={stage} className="card catalogue__stage" aria-labelledby={`${uid}-${stage}`}>
            <h2 id={`${uid}-${stage}`} className="card__title">
              {CATALOGUE_STAGE_LABELS[stage]}
            </h2>
            {list.length === 0 && <p className="muted">Tässä vaiheessa ei ole ryhmiä.</p>}
            {list.map((g, i) => (
              <section key={g.id} aria-labelledby={`${uid}-${g.id}`}>
                <div className="catalogue__group-head">
                  <div>
                    <h3 id={`${uid}-${g.id}`} className="catalogue__group-title">
                      {g.title}
                    </h3>
                    <p className="muted">{SERVICE_GROUP_KIND_LABELS[g.kind]}</p>
                  </div>
                  {admin && (
                    <div className="catalogue__actions">
                      <Button variant="secondary" aria-label={`Muokkaa ryhmää: ${g.title}`} onClick={() => setEditing(g)}>
                        Muokkaa
                      </Button>
                      <Button variant="secondary" aria-label={`Siirrä ylös: ${g.title}`} disabled={i === 0 || reorder.isPending} onClick={() => move(stage, i, -1)}>
                        Ylös
                      </Button>
                      <Button
                        variant="secondary"
                        aria-label={`Siirrä alas: ${g.title}`}
                        disabled={i === list.length - 1 || reorder.isPending}
                        onClick={() => move(stage, i, 1)}
                      >
                        Alas
                      </Button>
                    </div>
                  )}
                </div>
                <GroupServices services={services.filter((s) => s.groupId === g.id).sort((a, b) => a.sort - b.sort)} workKindName={workKindName} />
              </section>
            ))}
          </section>
        );
      })}
      {windshieldSection}
      <Modal open={editing !== null} title={editing ? `Muokkaa ryhmää: ${editing.title}` : ''} onClose={() => setEditing(null)}>
        {editing && (
          <EditGroupForm
            group={editing}
            onDone={(message) => {
              setEditing(null);
              announce(message);
            }}
          />
        )}
      </Modal>
    </>
  );
}
