import './info-texts.css';
import { useState } from 'react';
import { todayInHelsinki, type InfoText } from '@huolto/domain';
import { Button } from '@/components/ui/button.tsx';
import { Modal } from '@/components/ui/modal.tsx';
import { useInfoTexts } from '@/features/staff/api/get-info-texts.ts';
import { useUpdateInfoText } from '@/features/staff/api/update-info-text.ts';
import { ProblemNotice } from '@/features/staff/components/problem-notice.tsx';
import { LoadError } from '@/features/staff/components/view-states.tsx';
import { messageOf } from '@/lib/form-errors.ts';
import { InfoTextForm } from './info-text-form.tsx';

/** '1.6.2030' from '2030-06-01'. */
export const finnishDate = (date: string) => {
  const [y, m, d] = date.split('-');
  return `${Number(d)}.${Number(m)}.${y}`;
};

/** Where a notice stands today, as its row says it. */
function stateOf(t: InfoText, today: string): string {
  if (!t.active) return 'Ei käytössä';
  if (t.validTo < today) return 'Päättynyt';
  if (t.validFrom > today) return 'Tulossa';
  return 'Näkyy nyt';
}

/** A notice's words cut to a label's length. */
const shortOf = (text: string) => {
  const first = text.split('\n')[0]!;
  return first.length > 40 ? `${first.slice(0, 40)}…` : first;
};

/**
 * 'Tiedotteet asiakkaille': the office's dated notices (the services and time steps and the
 * confirmation show them on their days, both included), each edited in a dialog or taken
 * out of use and back; a new one added under the list. The list holds the notices not ended
 * and those ended within the last 30 days, newest first.
 */
export function OfficeInfoTexts({ officeId, announce }: { officeId: number; announce: (message: string) => void }) {
  const texts = useInfoTexts(officeId);
  const update = useUpdateInfoText(officeId);
  const [editing, setEditing] = useState<InfoText | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const today = todayInHelsinki();

  const setActive = (t: InfoText, active: boolean) => {
    setProblem(null);
    update.mutate(
      { infoTextId: t.id, body: { text: t.text, validFrom: t.validFrom, validTo: t.validTo, active } },
      {
        onSuccess: () => announce(active ? 'Tiedote otettu käyttöön' : 'Tiedote poistettu käytöstä'),
        onError: (error) => setProblem(messageOf(error)),
      },
    );
  };

  return (
    <section className="card form-stack office-info-texts" aria-labelledby="office-info-texts-heading">
      <h2 id="office-info-texts-heading" className="card__title">
        Tiedotteet asiakkaille
      </h2>
      {texts.isPending ? (
        <p className="staff-loading">Haetaan tiedotteita…</p>
      ) : texts.isError ? (
        <LoadError error={texts.error} onRetry={() => void texts.refetch()} />
      ) : (
        <>
          {texts.data.length === 0 ? (
            <p>Ei voimassa olevia tiedotteita.</p>
          ) : (
            <ul className="info-text-list">
              {texts.data.map((t) => {
                const state = stateOf(t, today);
                const shown = state === 'Näkyy nyt';
                return (
                  <li key={t.id} className={shown ? 'info-text-list__item' : 'info-text-list__item info-text-list__item--off'}>
                    <p className="info-text-list__dates">
                      <span>
                        {finnishDate(t.validFrom)}–{finnishDate(t.validTo)}
                      </span>{' '}
                      <span className={shown ? 'info-text-list__state info-text-list__state--on' : 'info-text-list__state'}>{state}</span>
                    </p>
                    <p className="info-text-list__text">{t.text}</p>
                    <div className="info-text-list__actions">
                      <Button variant="secondary" aria-label={`Muokkaa tiedotetta: ${shortOf(t.text)}`} onClick={() => setEditing(t)}>
                        Muokkaa
                      </Button>
                      <Button
                        variant="ghost"
                        aria-label={`${t.active ? 'Poista käytöstä' : 'Ota käyttöön'}: ${shortOf(t.text)}`}
                        disabled={update.isPending}
                        onClick={() => setActive(t, !t.active)}
                      >
                        {t.active ? 'Poista käytöstä' : 'Ota käyttöön'}
                      </Button>
                    </div>
                  </li>
                );
              })}
            </ul>
          )}
          <ProblemNotice message={problem} />
          <div className="office-info-texts__new">
            <h3 className="info-text-list__subtitle">Lisää tiedote</h3>
            <InfoTextForm officeId={officeId} onDone={announce} />
          </div>
          <Modal open={editing !== null} title="Muokkaa tiedotetta" onClose={() => setEditing(null)}>
            {editing && (
              <InfoTextForm
                officeId={officeId}
                infoText={editing}
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
