// No schema here: the booking app's HTTP client reads STAFF_API_PATH, and this file keeps zod
// and the staff contract (staff.ts) out of the customers' pages.

/** The staff API, under API_BASE. */
export const STAFF_API_PATH = '/staff';
/** The back-office's address in the web app. */
export const STAFF_APP_PATH = '/hallinta';

/**
 * Every address of the back-office (the web app's routes, the links in the office's e-mails), written once. Dates in addresses are 'YYYY-MM-DD'.
 */
export const staffPaths = {
  /** Sign-in, or straight to the day view when signed in. */
  root: STAFF_APP_PATH,
  day: (officeId: number | string, date: string) => `${STAFF_APP_PATH}/paiva/${officeId}/${date}`,
  week: (officeId: number | string, date: string) => `${STAFF_APP_PATH}/viikko/${officeId}/${date}`,
  print: (officeId: number | string, date: string) => `${STAFF_APP_PATH}/tulosta/${officeId}/${date}`,
  booking: (bookingId: number | string) => `${STAFF_APP_PATH}/varaus/${bookingId}`,
  capacity: (officeId: number | string) => `${STAFF_APP_PATH}/kapasiteetti/${officeId}`,
  /** Staff accounts: admins only. */
  users: `${STAFF_APP_PATH}/kayttajat`,
  /** The signed-in user's own account: a new password. */
  account: `${STAFF_APP_PATH}/oma-tili`,
  /**
   * Booking search: without a text the empty search page; with one (even '') the page searches
   * for it, or says the text is too short.
   */
  search: (q?: string) => (q === undefined ? `${STAFF_APP_PATH}/haku` : `${STAFF_APP_PATH}/haku?q=${encodeURIComponent(q)}`),
  /** The set-up list of an empty start: admins only. */
  setup: `${STAFF_APP_PATH}/kayttoonotto`,
  /** The company's details: admins only. */
  company: `${STAFF_APP_PATH}/yritys`,
  /** Every office, active or not: admins only. */
  offices: `${STAFF_APP_PATH}/toimipisteet`,
  /** A new office: admins only. */
  newOffice: `${STAFF_APP_PATH}/toimipisteet/uusi`,
  /** An office's details and its resources: its own users and admins. */
  office: (officeId: number | string) => `${STAFF_APP_PATH}/toimipisteet/${officeId}`,
  /** The kinds of work resources can do: admins only. */
  workKinds: `${STAFF_APP_PATH}/tyolajit`,
  /** Import and export of the set-up and the catalogue (CSV files): admins only. */
  data: `${STAFF_APP_PATH}/tuonti`,
  /** The catalogue: services by stage and group (admins change, office users read). */
  services: `${STAFF_APP_PATH}/palvelut`,
  /** A new service: admins only. */
  newService: `${STAFF_APP_PATH}/palvelut/uusi`,
  /** A service's details, operations and fit. */
  service: (code: string) => `${STAFF_APP_PATH}/palvelut/${encodeURIComponent(code)}`,
  /** The services step as a customer with a plate would see it. */
  servicePreview: `${STAFF_APP_PATH}/palvelut/esikatselu`,
  /** The campaign codes: admins only. */
  campaignCodes: `${STAFF_APP_PATH}/kampanjakoodit`,
  /** The tires: stock and pictures (the price lists come through the import). */
  tires: `${STAFF_APP_PATH}/renkaat`,
  /**
   * A new booking at the desk (front-desk.ts), at an office: optionally on a day, at a start
   * on a resource (an empty time pressed on the day grid), as a walk-in ('COUNTER': today's
   * first free start), or as a booking again of an earlier one (`from`, its id).
   */
  newBooking: (
    officeId: number | string,
    options: { date?: string; time?: string; resourceId?: number; channel?: 'PHONE' | 'COUNTER'; from?: number } = {},
  ) => {
    const q = new URLSearchParams();
    if (options.date) q.set('paiva', options.date);
    if (options.time) q.set('klo', options.time);
    if (options.resourceId !== undefined) q.set('resurssi', String(options.resourceId));
    if (options.channel) q.set('kanava', options.channel);
    if (options.from !== undefined) q.set('uudelleen', String(options.from));
    const query = q.toString();
    return `${STAFF_APP_PATH}/uusi-varaus/${officeId}${query ? `?${query}` : ''}`;
  },
  /** Changing what a booking holds (services, tires, extra rows, kilometres, symptoms, the customer). */
  bookingContents: (bookingId: number | string) => `${STAFF_APP_PATH}/varaus/${bookingId}/sisalto`,
  /** A person's data on request: find, download and erase (admins; personal-data.ts). */
  personalData: `${STAFF_APP_PATH}/henkilotiedot`,
} as const;

/** The router's patterns for the same addresses. */
export const STAFF_ROUTES = {
  root: STAFF_APP_PATH,
  day: `${STAFF_APP_PATH}/paiva/:officeId/:date`,
  week: `${STAFF_APP_PATH}/viikko/:officeId/:date`,
  print: `${STAFF_APP_PATH}/tulosta/:officeId/:date`,
  booking: `${STAFF_APP_PATH}/varaus/:bookingId`,
  capacity: `${STAFF_APP_PATH}/kapasiteetti/:officeId`,
  users: `${STAFF_APP_PATH}/kayttajat`,
  account: `${STAFF_APP_PATH}/oma-tili`,
  search: `${STAFF_APP_PATH}/haku`,
  setup: `${STAFF_APP_PATH}/kayttoonotto`,
  company: `${STAFF_APP_PATH}/yritys`,
  offices: `${STAFF_APP_PATH}/toimipisteet`,
  newOffice: `${STAFF_APP_PATH}/toimipisteet/uusi`,
  office: `${STAFF_APP_PATH}/toimipisteet/:officeId`,
  workKinds: `${STAFF_APP_PATH}/tyolajit`,
  data: `${STAFF_APP_PATH}/tuonti`,
  services: `${STAFF_APP_PATH}/palvelut`,
  newService: `${STAFF_APP_PATH}/palvelut/uusi`,
  servicePreview: `${STAFF_APP_PATH}/palvelut/esikatselu`,
  service: `${STAFF_APP_PATH}/palvelut/:code`,
  campaignCodes: `${STAFF_APP_PATH}/kampanjakoodit`,
  tires: `${STAFF_APP_PATH}/renkaat`,
  newBooking: `${STAFF_APP_PATH}/uusi-varaus/:officeId`,
  bookingContents: `${STAFF_APP_PATH}/varaus/:bookingId/sisalto`,
  personalData: `${STAFF_APP_PATH}/henkilotiedot`,
} as const;
