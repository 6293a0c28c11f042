/**
 * Where the customer is, once they have asked for the nearest offices: the browser's
 * coordinates, kept in sessionStorage for this tab's booking so that the time step's
 * other offices are ordered by distance without asking again. Never asked for until the
 * customer presses the button that needs it.
 */

export interface Coordinates {
  latitude: number;
  longitude: number;
}

/** sessionStorage key of the customer's coordinates. */
export const LOCATION_STORAGE_KEY = 'huolto.customer-location';

/** How long the browser may take to find the position, ms. */
const LOCATE_TIMEOUT_MS = 15_000;

type Listener = () => void;
const listeners = new Set<Listener>();
/** undefined: not read yet; null: not known. */
let snapshot: Coordinates | null | undefined;
/** Coordinates kept here when sessionStorage is disabled. */
let inMemory: Coordinates | null = null;

function isCoordinates(v: unknown): v is Coordinates {
  if (typeof v !== 'object' || v === null) return false;
  const { latitude, longitude } = v as Record<string, unknown>;
  return (
    typeof latitude === 'number' &&
    typeof longitude === 'number' &&
    Math.abs(latitude) <= 90 &&
    Math.abs(longitude) <= 180
  );
}

function readStored(): Coordinates | null {
  try {
    const text = window.sessionStorage.getItem(LOCATION_STORAGE_KEY);
    if (text === null) return inMemory;
    const value: unknown = JSON.parse(text);
    return isCoordinates(value) ? { latitude: value.latitude, longitude: value.longitude } : null;
  } catch {
    return inMemory;
  }
}

/** The customer's coordinates in this tab's session, or null. */
export function getCustomerLocation(): Coordinates | null {
  if (snapshot === undefined) snapshot = typeof window === 'undefined' ? null : readStored();
  return snapshot;
}

export function subscribeCustomerLocation(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function setCustomerLocation(value: Coordinates | null): void {
  inMemory = value;
  try {
    if (value === null) window.sessionStorage.removeItem(LOCATION_STORAGE_KEY);
    else window.sessionStorage.setItem(LOCATION_STORAGE_KEY, JSON.stringify(value));
  } catch {
    /* storage disabled: kept in memory until the page is left */
  }
  snapshot = value;
  for (const l of listeners) l();
}

/** Why the position could not be had, in the customer's words. */
export class LocationError extends Error {}

export const LOCATION_MESSAGES = {
  denied:
    'Sijaintiasi ei voitu käyttää, koska sen käyttö on estetty selaimessa. Hae toimipistettä paikkakunnalla tai postinumerolla.',
  unavailable: 'Sijaintiasi ei saatu selville. Hae toimipistettä paikkakunnalla tai postinumerolla.',
  unsupported: 'Selaimesi ei kerro sijaintia. Hae toimipistettä paikkakunnalla tai postinumerolla.',
} as const;

/**
 * Asks the browser for the customer's position (the browser asks the customer first) and
 * remembers it for the session; a refusal or failure rejects with a LocationError whose
 * message says what to do instead.
 */
export function locateCustomer(): Promise<Coordinates> {
  return new Promise((resolve, reject) => {
    if (typeof navigator === 'undefined' || !('geolocation' in navigator)) {
      reject(new LocationError(LOCATION_MESSAGES.unsupported));
      return;
    }
    navigator.geolocation.getCurrentPosition(
      (position) => {
        const coordinates = { latitude: position.coords.latitude, longitude: position.coords.longitude };
        setCustomerLocation(coordinates);
        resolve(coordinates);
      },
      (error) =>
        reject(new LocationError(error.code === error.PERMISSION_DENIED ? LOCATION_MESSAGES.denied : LOCATION_MESSAGES.unavailable)),
      { enableHighAccuracy: false, timeout: LOCATE_TIMEOUT_MS, maximumAge: 10 * 60 * 1000 },
    );
  });
}
