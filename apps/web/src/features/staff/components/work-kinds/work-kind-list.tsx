import './work-kinds.css';
import { useId, useState } from 'react';
import type { WorkKind } from '@huolto/domain';
import { Button } from '@/components/ui/button.tsx';
import { Modal } from '@/components/ui/modal.tsx';
import { useUpdateWorkKind } from '@/features/staff/api/update-work-kind.ts';
import { ProblemNotice } from '@/features/staff/components/problem-notice.tsx';
import { StaffTable } from '@/features/staff/components/staff-table.tsx';
import { messageOf } from '@/lib/form-errors.ts';
import { RenameWorkKindForm } from './work-kind-forms.tsx';

/**
 * 'Työlajit': every kind of work in order, each renamed in a dialog or taken out of use (no
 * new resource gets it ticked, the resources that have it keep it) and back.
 */
export function WorkKindList({ kinds, announce }: { kinds: WorkKind[]; announce: (message: string) => void }) {
  const heading = useId();
  const [renaming, setRenaming] = useState<WorkKind | null>(null);
  const update = useUpdateWorkKind();

  const setActive = (k: WorkKind, active: boolean) =>
    update.mutate(
      { code: k.code, body: { active } },
      { onSuccess: () => announce(active ? `Työlaji otettu käyttöön: ${k.name}` : `Työlaji poistettu käytöstä: ${k.name}`) },
    );

  return (
    <section className="card" aria-labelledby={heading}>
      <h2 id={heading} className="card__title">
        Kaikki työlajit
      </h2>
      {kinds.length === 0 ? (
        <p>Työlajeja ei ole vielä. Lisää ensimmäinen, esimerkiksi Huolto tai Renkaanvaihto.</p>
      ) : (
        <StaffTable columns={['Nimi', 'Tunnus', 'Tila']} actions stacked className="work-kinds__table-wrap">
          {kinds.map((k) => (
            <tr key={k.code} className={k.active ? undefined : 'staff-table__row--inactive'}>
              <th scope="row">{k.name}</th>
              <td data-label="Tunnus">{k.code}</td>
              <td data-label="Tila">{k.active ? 'Käytössä' : 'Ei käytössä'}</td>
              <td className="work-kinds__actions">
                <Button variant="secondary" aria-label={`Nimeä uudelleen: ${k.name}`} onClick={() => setRenaming(k)}>
                  Nimeä
                </Button>
                <Button
                  variant="secondary"
                  aria-label={k.active ? `Poista käytöstä: ${k.name}` : `Ota käyttöön: ${k.name}`}
                  disabled={update.isPending}
                  onClick={() => setActive(k, !k.active)}
                >
                  {k.active ? 'Poista käytöstä' : 'Ota käyttöön'}
                </Button>
              </td>
            </tr>
          ))}
        </StaffTable>
      )}
      <ProblemNotice message={update.error && !renaming ? messageOf(update.error) : null} />
      <Modal open={renaming !== null} title={renaming ? `Nimeä uudelleen: ${renaming.name}` : ''} onClose={() => setRenaming(null)}>
        {renaming && (
          <RenameWorkKindForm
            kind={renaming}
            onDone={(message) => {
              setRenaming(null);
              announce(message);
            }}
          />
        )}
      </Modal>
    </section>
  );
}
