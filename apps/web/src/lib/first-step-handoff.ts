/**
 * What the stand-alone first step (first-step-entry.tsx) hands to the booking app when the
 * customer does something only the app can do: the plate and mileage to search with, or
 * the OmaLaakkonen login to open. The app reads each where it is used and clears it once
 * acted on, and tells when it has something to show in place of the stand-alone page
 * (revealApp).
 */

export interface VehicleSearchRequest {
  registerNumber: string;
  /** As typed ('' outside maintenance). */
  kilometers: string;
}

let search: VehicleSearchRequest | null = null;
let login = false;
let reveal: (() => void) | null = null;

export function requestVehicleSearch(request: VehicleSearchRequest): void {
  search = request;
}

const loginListeners = new Set<() => void>();

export function requestLogin(): void {
  login = true;
  for (const l of loginListeners) l();
}

/** The search asked on the stand-alone first step and not yet made; null when none. */
export function pendingVehicleSearch(): VehicleSearchRequest | null {
  return search;
}

export function clearVehicleSearch(): void {
  search = null;
}

/** Whether the OmaLaakkonen login was asked on the stand-alone first step. */
export function isLoginRequested(): boolean {
  return login;
}

export function clearLoginRequest(): void {
  if (!login) return;
  login = false;
  for (const l of loginListeners) l();
}

/** For useSyncExternalStore: the block may be rendering when the request comes. */
export function subscribeLoginRequest(listener: () => void): () => void {
  loginListeners.add(listener);
  return () => loginListeners.delete(listener);
}

/** Called by the stand-alone first step with what shows the app in place of it. */
export function onRevealApp(callback: () => void): void {
  reveal = callback;
}

/** The app has its own vehicle step (or an error) to show: the stand-alone page goes. */
export function revealApp(): void {
  const callback = reveal;
  reveal = null;
  callback?.();
}

let stepEventPushed = false;

/** The stand-alone first step has told analytics of the vehicle step (lib/analytics.ts). */
export function markStepEventPushed(): void {
  stepEventPushed = true;
}

/** Whether the vehicle step's event was already pushed by the stand-alone page; true once. */
export function takeStepEventPushed(): boolean {
  const taken = stepEventPushed;
  stepEventPushed = false;
  return taken;
}

/** The booking could not be started on the first step: the server's own words (429), or null. */
let initFailure: { refusal: string | null } | null = null;

export function reportInitFailure(refusal: string | null): void {
  initFailure = { refusal };
}

/** The failure the app's process frame shows at once instead of starting again; null when none. */
export function pendingInitFailure(): { refusal: string | null } | null {
  return initFailure;
}

export function clearInitFailure(): void {
  initFailure = null;
}
