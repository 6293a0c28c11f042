import { useId } from 'react';
import type { StaffDay } from '@huolto/domain';

/** Which resources the grid shows: all, or one (the choice is kept in the address). */
export function ResourcePicker({
  day,
  shown,
  onShow,
}: {
  day: StaffDay;
  shown: number | null;
  onShow: (resourceId: number | null) => void;
}) {
  const id = useId();
  return (
    <div className="staff-day__picker">
      <label htmlFor={id}>Näytä</label>
      <select id={id} className="input" value={shown ?? ''} onChange={(e) => onShow(e.target.value ? Number(e.target.value) : null)}>
        <option value="">Kaikki resurssit ({day.resources.length})</option>
        {day.resources.map((r) => (
          <option key={r.id} value={r.id}>
            {r.name}
          </option>
        ))}
      </select>
    </div>
  );
}
