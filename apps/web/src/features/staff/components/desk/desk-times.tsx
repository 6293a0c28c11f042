import { useId } from 'react';
import type { DeskTimes } from '@huolto/domain';
import { clock } from '@/features/staff/format.ts';

/** A chosen start: the day, the resource and 'HH:mm:ss'. */
export interface DeskChoice {
  date: string;
  resourceId: number;
  time: string;
}

/** Whether the answer offers the start as free (neither taken nor past) on its day. */
export function isFree(times: DeskTimes | undefined, choice: Omit<DeskChoice, 'date'> & { date?: string }): boolean {
  if (!times || (choice.date !== undefined && choice.date !== times.date)) return false;
  const start = times.resources.find((r) => r.id === choice.resourceId)?.starts.find((s) => s.time === choice.time);
  return start !== undefined && !start.taken && !start.past;
}

/**
 * The day's free starts, a compact grid per resource (radio buttons of one group); the times a
 * customer would be offered online are bold and say so. Taken and past starts are left out.
 */
export function DeskTimeGrid({
  times,
  chosen,
  onChoose,
  error,
}: {
  times: DeskTimes;
  chosen: DeskChoice | null;
  onChoose: (choice: DeskChoice) => void;
  error?: string | undefined;
}) {
  const uid = useId();
  const errorId = `${uid}-error`;
  if (times.resources.length === 0) return <p className="notice notice--warning">Päivänä ei ole aikoja: toimipiste on kiinni tai työtä ei voi tehdä siellä.</p>;
  return (
    <fieldset className="desk__times" aria-describedby={error ? errorId : `${uid}-hint`} id="desk-times">
      <legend className="field__label">Aika</legend>
      <p className="field__hint" id={`${uid}-hint`}>
        <strong>Lihavoidut</strong> ajat ovat verkossa asiakkaille tarjottavia aikoja.
      </p>
      {times.resources.map((r) => {
        const free = r.starts.filter((s) => !s.taken && !s.past);
        return (
          <div key={r.id} className="desk__resource" role="group" aria-labelledby={`${uid}-r${r.id}`}>
            <p className="desk__resource-name" id={`${uid}-r${r.id}`}>
              {r.name}
            </p>
            {free.length === 0 ? (
              <p className="muted">Ei vapaita aikoja.</p>
            ) : (
              <ul className="desk__starts">
                {free.map((s) => {
                  const id = `${uid}-${r.id}-${s.time.replace(/:/g, '')}`;
                  const checked = chosen !== null && chosen.date === times.date && chosen.resourceId === r.id && chosen.time === s.time;
                  return (
                    <li key={s.time}>
                      <input
                        id={id}
                        type="radio"
                        name={`${uid}-start`}
                        className="desk__start-input"
                        aria-label={`${clock(s.time)}, ${r.name}${s.customerTime ? ', verkkoaika' : ''}`}
                        checked={checked}
                        onChange={() => onChoose({ date: times.date, resourceId: r.id, time: s.time })}
                      />
                      <label htmlFor={id} className={s.customerTime ? 'desk__start desk__start--customer' : 'desk__start'}>
                        {clock(s.time)}
                      </label>
                    </li>
                  );
                })}
              </ul>
            )}
          </div>
        );
      })}
      {error && (
        <p className="field__error" id={errorId}>
          {error}
        </p>
      )}
    </fieldset>
  );
}
