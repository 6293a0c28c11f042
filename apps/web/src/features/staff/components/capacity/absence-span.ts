import { addDays, formatFinnishDate, formatFinnishTime, type Absence } from '@huolto/domain';
import { helsinkiDateTime } from '@/features/staff/format.ts';

/** 'ma 24.11.2026 8.00' from an API time. */
function when(value: string): string {
  const p = helsinkiDateTime(value);
  return p ? `${formatFinnishDate(p.date, true)} ${formatFinnishTime(p.time)}` : value;
}

/**
 * An absence as read: a whole-day one as its days ('ma 24.11.2026' or 'ma 24.11.2026 – ti 25.11.2026'),
 * otherwise from–to with times.
 */
export function absenceSpan(a: Pick<Absence, 'start' | 'end'>): string {
  const s = helsinkiDateTime(a.start);
  const e = helsinkiDateTime(a.end);
  if (!s || !e) return `${a.start} – ${a.end}`;
  if (s.time === '00:00:00' && e.time === '00:00:00') {
    const last = addDays(e.date, -1);
    return last === s.date ? formatFinnishDate(s.date, true) : `${formatFinnishDate(s.date, true)} – ${formatFinnishDate(last, true)}`;
  }
  if (s.date === e.date) return `${formatFinnishDate(s.date, true)} ${formatFinnishTime(s.time)}–${formatFinnishTime(e.time)}`;
  return `${when(a.start)} – ${when(a.end)}`;
}
