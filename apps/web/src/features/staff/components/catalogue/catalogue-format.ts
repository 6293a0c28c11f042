/** How the catalogue's pages write a service's duration and a validity, in Finnish. */
import { finnishDate } from '@/features/staff/format.ts';

/** '45 min', '1 h', '1 h 30 min'. */
export function durationText(minutes: number): string {
  if (minutes < 60) return `${minutes} min`;
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return m === 0 ? `${h} h` : `${h} h ${m} min`;
}

/** 'ma 2.3.2026–su 31.5.2026', 'ma 2.3.2026 alkaen', 'su 31.5.2026 asti' or 'Toistaiseksi'. */
export function validityText(validFrom: string | null, validTo: string | null): string {
  if (validFrom && validTo) return `${finnishDate(validFrom)}–${finnishDate(validTo)}`;
  if (validFrom) return `${finnishDate(validFrom)} alkaen`;
  if (validTo) return `${finnishDate(validTo)} asti`;
  return 'Toistaiseksi';
}
