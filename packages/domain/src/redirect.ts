/**
 * Redirect after the vehicle step (requirements §4 "Redirect after vehicle step", §3 redirect
 * settings): some makes book on their own site. The form posted there depends on the make.
 */
import { fromHelsinki, isRealLocalDateTime } from './time.ts';

export interface RedirectSettings {
  redirectUrl: string;
  redirectMessage: string;
  /** Seconds before the customer is sent on. */
  redirectDelay: number;
}

export interface RedirectForm {
  method: 'POST';
  action: string;
  fields: Record<string, string>;
}

/**
 * The POST form for the make's booking site: bmw and mini take `license` and the
 * mileage in thousands rounded up; kia and mitsubishi `vrm` and `mileage`; every other
 * make `registerNumber` and `kilometers`.
 */
export function redirectForm(settings: Pick<RedirectSettings, 'redirectUrl'>, make: string, registerNumber: string, kilometers: number | null): RedirectForm {
  const m = make.trim().toLowerCase();
  const km = kilometers ?? 0;
  let fields: Record<string, string>;
  if (m === 'bmw' || m === 'mini') fields = { license: registerNumber, mileage: String(Math.ceil(km / 1000)) };
  else if (m === 'kia' || m === 'mitsubishi') fields = { vrm: registerNumber, mileage: String(km) };
  else fields = { registerNumber, kilometers: String(km) };
  return { method: 'POST', action: settings.redirectUrl, fields };
}

/** A window of Helsinki wall-clock date-times 'YYYY-MM-DDTHH:mm:ss' (the service-break notice). */
export interface LocalWindow {
  start: string;
  end: string;
}

/** Whether an instant is inside the window: from its start, up to but not at its end. */
export function isWithinWindow(window: LocalWindow, now: Date): boolean {
  if (!isRealLocalDateTime(window.start) || !isRealLocalDateTime(window.end)) return false;
  const [sd, st] = window.start.split('T') as [string, string];
  const [ed, et] = window.end.split('T') as [string, string];
  const t = now.getTime();
  return t >= fromHelsinki(sd, st).getTime() && t < fromHelsinki(ed, et).getTime();
}

/** The service-break notice's text when the stored break gives none (requirements §2 "Vehicle page"). */
export const DEFAULT_SERVICE_BREAK_MESSAGE = 'Ajanvarauksessa on huoltokatko. Varauksen tekeminen ei ehkä onnistu juuri nyt – yritä myöhemmin uudelleen.';

/** The service-break window of requirements §2 and §9. */
export const DEFAULT_SERVICE_BREAK: LocalWindow = { start: '2024-11-29T17:00:00', end: '2024-12-02T06:00:00' };
