/**
 * What the API document says about each call: its summary, its group (tag) and the zod
 * schemas of its input. The input schemas are the very objects the route handlers parse
 * with (`parse(schema, request.body)`), so the document cannot drift from the validation.
 *
 * Every route the app registers needs an entry here; openapi.test.ts fails for a route
 * without one, and for an entry whose route no longer exists.
 */
import { z } from 'zod';
import {
  API_BASE,
  LOYALTY_API_BASE,
  SERVICES_STAGES,
  activeOrganizationBody,
  activeOrganizationInfoTextResponse,
  addRowsBody,
  billingReferenceBody,
  billingReferenceResponse,
  bookingSchema,
  bookingSettingsOrganizationQuery,
  bookingSettingsOrganizationResponse,
  campaignCodeBody,
  cancelBookingBody,
  carServiceContractsBody,
  cartChangeBody,
  compatibleOrganizationsQuery,
  confirmUserBody,
  creditAmountBody,
  creditAmountResponse,
  customerBody,
  customerSelectableResourcesResponse,
  customerSelectedResourcesBody,
  feedbackBody,
  findOrganizationsQuery,
  freeTimeDaySchema,
  freeTimesBody,
  freeTimesOnOrganizationBody,
  freeTimesOnOrganizationResponse,
  initSessionQuery,
  leadBody,
  lockerReservedTimesBody,
  lockerReservedTimesResponse,
  loginBody,
  manageResponse,
  minimumPriceForCreditBody,
  minimumPriceForCreditResponse,
  moduleSettingQuery,
  moduleSettingResponse,
  openBookingBody,
  openBookingResponse,
  orderItemSchema,
  organizationInfoTextsBody,
  organizationInfoTextsResponse,
  organizationSchema,
  organizationWithDistanceSchema,
  organizationsByOfficeNumberQuery,
  organizationsBySiteQuery,
  processAvailabilitySchema,
  productParameterBody,
  productSuggestionSchema,
  redirectSettingsResponse,
  registerUserBody,
  reservationDetailsBody,
  reserveTimeBody,
  resourceForCustomerQuery,
  resourceForCustomerResponse,
  responseSchema,
  saveBookingResponse,
  searchVehicleBody,
  sendEditRequestBody,
  sendEmailBody,
  serviceCodeBody,
  serviceGroupSchema,
  servicelaneSettingsSchema,
  setVehicleBody,
  setVehicleKilometersBody,
  symptomsBody,
  tireSearchBody,
  tokenBody,
  transferOrganizationBody,
  valueBody,
  vehicleMakeSchema,
  windshieldProductsResponse,
} from '@huolto/domain';

/** The groups of the document, in the order the page shows them (SPEC §7's groups). */
export const TAGS = [
  { name: 'Session and settings', description: 'Starting a booking process and the public settings of the site.' },
  { name: 'Vehicle', description: 'Finding the car by its registration number, or describing an unknown one.' },
  { name: 'Organizations', description: 'Offices (toimipisteet): lists, search, info texts and choosing the office of the booking.' },
  { name: 'Services and cart', description: 'Services offered for the car and the cart of the booking.' },
  { name: 'Tires', description: 'Tire change and tire sales: sizes, the tire search and tire-change services.' },
  { name: 'Windshield', description: 'Windshield change and repair (/proautolasi).' },
  { name: 'Time', description: 'Free times, holding a time, lead mode and choosing the mechanic.' },
  { name: 'Customer and booking', description: 'The booking as a whole, the customer details and saving the booking.' },
  { name: 'Finance', description: 'The loan calculator and instalment billing; no booking session needed.' },
  {
    name: 'Managing a saved booking',
    description: 'The /oma-varaus page: booking key and registration number instead of a session; rate-limited per client address.',
  },
  { name: 'Loyalty API', description: `OmaLaakkonen (${LOYALTY_API_BASE}): every call is POST with a JSON body; the token comes from /login/.` },
  { name: 'Operations', description: 'Health checks and this API document.' },
] as const;

export type Tag = (typeof TAGS)[number]['name'];

export interface CallDoc {
  /** One line: what the call does. */
  summary: string;
  /** More detail, when the summary is not enough. */
  description?: string;
  tag: Tag;
  /** The JSON body, as the handler parses it. */
  body?: z.ZodType;
  /** The query string, as the handler parses it (an object schema: one parameter a key). */
  query?: z.ZodType;
  /** What a 200 answer holds. */
  response?: string;
  /** The shape of a 200 answer, when the domain package has it. */
  responseSchema?: z.ZodType;
  /** Content type of the 200 answer; application/json unless given. */
  responseType?: string;
  /** Response headers of a 200 answer, with their meaning. */
  responseHeaders?: Record<string, string>;
  /** Answers 429 after too many calls, beyond a `rateLimit` in the route's config. */
  rateLimited?: string;
  /**
   * The app may run without this route (an operational endpoint added separately): it is
   * described when registered and left out otherwise.
   */
  optional?: boolean;
}

// Input schemas the routes keep to themselves (services/routes.ts, media/routes.ts): the
// same definitions as there, as those modules do not export them.
const stageQuery = z.object({ stage: z.enum(SERVICES_STAGES) });
const categoryQuery = z.object({ categoryId: z.string().min(1).max(80).optional() });
const productIdQuery = z.object({ productId: z.string().min(1).max(80) });
const extraOrderItemsBody = z.object({ ids: z.array(z.string().min(1).max(80)).max(20) });
const mediaQuery = z.object({ id: z.string().min(1).max(100) });

const organizations = z.array(organizationSchema);
const serviceGroups = z.array(serviceGroupSchema);
const success = 'responseCode SUCCESS';

const api = (method: string, path: string) => `${method} ${API_BASE}${path}`;
const loyalty = (path: string) => `POST ${LOYALTY_API_BASE}${path}`;

/** `METHOD path` (the full path, as registered) → its description. */
export const CATALOGUE: Record<string, CallDoc> = {
  // ---- Operations ------------------------------------------------------------------------
  'GET /health': {
    tag: 'Operations',
    summary: 'Liveness: answers {status: "ok"} while the server runs.',
    responseSchema: z.object({ status: z.literal('ok') }),
  },
  'GET /ready': {
    tag: 'Operations',
    summary: 'Readiness: {status: "ok"} when the database answers within a second, else 503 {status: "unavailable"}.',
    responseSchema: z.object({ status: z.literal('ok') }),
    optional: true,
  },
  'GET /metrics': {
    tag: 'Operations',
    summary:
      'Metrics in the Prometheus text format; with METRICS_TOKEN set, needs authorization: Bearer <token> (else 401). Without METRICS_TOKEN it answers only a server listening on a loopback address (HOST 127.0.0.1, ::1, localhost) and a request not relayed by a proxy (else 403).',
    responseType: 'text/plain',
    optional: true,
  },
  [api('GET', '/openapi.json')]: {
    tag: 'Operations',
    summary: 'This document: OpenAPI 3.1 of the booking API and the loyalty API.',
    response: 'The OpenAPI document.',
  },
  [api('GET', '/docs')]: {
    tag: 'Operations',
    summary: 'The calls of this document as a browsable HTML page.',
    responseType: 'text/html',
  },
  [api('GET', '/docs/docs.css')]: {
    tag: 'Operations',
    summary: 'The style sheet of the HTML page.',
    responseType: 'text/css',
  },

  // ---- Session and settings ---------------------------------------------------------------
  [api('POST', '/init-session')]: {
    tag: 'Session and settings',
    summary: 'Starts a booking process; the process token comes in the x-process-token response header.',
    description:
      'Every other call of the booking API sends the token back in the x-process-token header. ' +
      'An idle process lives for 4 hours; an expired or unknown token answers 412.',
    query: initSessionQuery,
    responseSchema: responseSchema,
    responseHeaders: { 'x-process-token': 'The token of the new booking process.' },
  },
  [api('GET', '/settings')]: {
    tag: 'Session and settings',
    summary: 'Site settings: locale, currency, time zone, hold minutes, service break notice and site links.',
  },
  [api('GET', '/get-generic-online-settings')]: {
    tag: 'Session and settings',
    summary: 'The same as GET /settings.',
  },
  [api('GET', '/active-processes')]: {
    tag: 'Session and settings',
    summary: 'The process types and whether each is enabled and public.',
    responseSchema: z.array(processAvailabilitySchema),
  },
  [api('GET', '/enabled-processes-generic-online')]: {
    tag: 'Session and settings',
    summary: 'The same as GET /active-processes.',
    responseSchema: z.array(processAvailabilitySchema),
  },
  [api('GET', '/booking-settings/v2')]: {
    tag: 'Session and settings',
    summary: "The booking's process type, the office's time selection type and the hold minutes.",
  },
  [api('GET', '/booking-settings/organization')]: {
    tag: 'Session and settings',
    summary: "An office's booking settings for a process type (loan calculator, lead mode, choosing the mechanic).",
    query: bookingSettingsOrganizationQuery,
    responseSchema: bookingSettingsOrganizationResponse,
  },
  [api('GET', '/servicelane-settings')]: {
    tag: 'Session and settings',
    summary: 'The drive-in reception lane: off unless the servicelane setting turns it on.',
    responseSchema: servicelaneSettingsSchema,
  },
  [api('GET', '/module-setting')]: {
    tag: 'Session and settings',
    summary: 'Whether a module is on (the modules setting, else its default; an unknown module is off).',
    query: moduleSettingQuery,
    responseSchema: moduleSettingResponse,
  },
  [api('GET', '/redirect-settings')]: {
    tag: 'Session and settings',
    summary: "Where the booking's make is booked instead (BMW, MINI, Kia, Mitsubishi maintenance), or null.",
    responseSchema: redirectSettingsResponse,
  },

  // ---- Vehicle ---------------------------------------------------------------------------
  [api('GET', '/vehicle-makes')]: {
    tag: 'Vehicle',
    summary: 'The car makes, for describing a car the register does not know.',
    responseSchema: z.array(vehicleMakeSchema),
  },
  [api('POST', '/search-vehicle')]: {
    tag: 'Vehicle',
    summary: 'Looks the car up by its registration number and stores it (and the mileage) on the booking.',
    body: searchVehicleBody,
    response: 'responseCode SUCCESS with the vehicle, or NOT_FOUND.',
  },
  [api('POST', '/set-vehicle')]: {
    tag: 'Vehicle',
    summary: 'A car the register does not know, described by the customer.',
    body: setVehicleBody,
    response: success,
    responseSchema: responseSchema,
  },
  [api('POST', '/set-vehicle-kilometers')]: {
    tag: 'Vehicle',
    summary: "Sets the car's mileage.",
    body: setVehicleKilometersBody,
    response: success,
    responseSchema: responseSchema,
  },

  // ---- Organizations ---------------------------------------------------------------------
  [api('GET', '/compatible-organizations/v2')]: {
    tag: 'Organizations',
    summary: "Offices for the booking: the make's brand dealers first (windshield offices for a WINDSHIELD process).",
    query: compatibleOrganizationsQuery,
    responseSchema: organizations,
  },
  [api('GET', '/all-organizations/v2')]: {
    tag: 'Organizations',
    summary: 'Every active office, by name.',
    responseSchema: organizations,
  },
  [api('GET', '/get-organizations-by-site/v2')]: {
    tag: 'Organizations',
    summary: 'The offices in a town (post office), case-insensitive.',
    query: organizationsBySiteQuery,
    responseSchema: organizations,
  },
  [api('GET', '/find-organizations/v2')]: {
    tag: 'Organizations',
    summary: 'The offices nearest a point, nearest first, with the distance in kilometres.',
    query: findOrganizationsQuery,
    responseSchema: z.array(organizationWithDistanceSchema),
  },
  [api('GET', '/get-organizations-by-office-number')]: {
    tag: 'Organizations',
    summary: 'The office with an office number (its id), or an empty list.',
    query: organizationsByOfficeNumberQuery,
    responseSchema: organizations,
  },
  [api('POST', '/get-damage-inspection-organizations/v2')]: {
    tag: 'Organizations',
    summary: 'The offices that do damage inspections.',
    responseSchema: organizations,
  },
  [api('POST', '/get-organization-info-texts')]: {
    tag: 'Organizations',
    summary: "The offices' info texts active today, newest first per office.",
    body: organizationInfoTextsBody,
    responseSchema: organizationInfoTextsResponse,
  },
  [api('POST', '/get-organization-info-texts-no-session')]: {
    tag: 'Organizations',
    summary: 'The same as POST /get-organization-info-texts, without a booking session.',
    body: organizationInfoTextsBody,
    responseSchema: organizationInfoTextsResponse,
  },
  [api('GET', '/get-active-organization-info-text')]: {
    tag: 'Organizations',
    summary: "The newest active info text of the booking's office, or null.",
    responseSchema: activeOrganizationInfoTextResponse,
  },
  [api('POST', '/active-organization/v2')]: {
    tag: 'Organizations',
    summary: 'Chooses the office of the booking.',
    body: activeOrganizationBody,
    response: success,
    responseSchema: responseSchema,
  },
  [api('GET', '/tire-change-organizations/v2')]: {
    tag: 'Organizations',
    summary: 'The offices that change tires.',
    responseSchema: organizations,
  },
  [api('POST', '/transfer-organization')]: {
    tag: 'Organizations',
    summary: 'Moves the booking to another office (a held time is released).',
    body: transferOrganizationBody,
    response: success,
    responseSchema: responseSchema,
  },

  // ---- Services and cart -----------------------------------------------------------------
  [api('GET', '/services/v2')]: {
    tag: 'Services and cart',
    summary: 'Primary service groups that fit the car and its mileage at the chosen office.',
    responseSchema: serviceGroups,
  },
  [api('GET', '/additional-services/v2')]: {
    tag: 'Services and cart',
    summary: 'Additional service groups (brakes, air conditioning…), optionally one group.',
    query: categoryQuery,
    responseSchema: serviceGroups,
  },
  [api('GET', '/extra-services/additional-services')]: {
    tag: 'Services and cart',
    summary: 'The same as GET /additional-services/v2.',
    query: categoryQuery,
    responseSchema: serviceGroups,
  },
  [api('GET', '/extra-services/v2')]: {
    tag: 'Services and cart',
    summary: 'Campaign, extra-service or tire-service groups, by stage.',
    query: stageQuery,
    responseSchema: serviceGroups,
  },
  [api('GET', '/services-by-service-code/v2')]: {
    tag: 'Services and cart',
    summary: "The groups the booking's service code unlocks (an empty list without a code).",
    responseSchema: serviceGroups,
  },
  [api('PUT', '/set-service-code')]: {
    tag: 'Services and cart',
    summary: 'Sets a service code; NOT_FOUND for a code that unlocks nothing, a blank value clears it.',
    body: serviceCodeBody,
    responseSchema: responseSchema,
  },
  [api('GET', '/remove-service-code')]: {
    tag: 'Services and cart',
    summary: 'Removes the service code and the services only it made available.',
    responseSchema: responseSchema,
  },
  [api('GET', '/product-additional-data')]: {
    tag: 'Services and cart',
    summary: "A product's info text, images and operations with their spare parts.",
    query: productIdQuery,
  },
  [api('GET', '/extra-order-items')]: {
    tag: 'Services and cart',
    summary: 'Small items that can be added to the order (wiper blades, bulbs…), with whether each is chosen.',
  },
  [api('POST', '/extra-order-items')]: {
    tag: 'Services and cart',
    summary: "Replaces the booking's extra order items.",
    body: extraOrderItemsBody,
    responseSchema: responseSchema,
  },
  [api('POST', '/remove-services')]: {
    tag: 'Services and cart',
    summary: 'Empties the cart of one stage.',
    body: stageQuery,
    responseSchema: responseSchema,
  },
  [api('POST', '/order-items-by-stage')]: {
    tag: 'Services and cart',
    summary: "The booking's order items of one stage.",
    body: stageQuery,
    responseSchema: z.array(orderItemSchema),
  },
  [api('GET', '/lifts-offers')]: {
    tag: 'Services and cart',
    summary: 'Offer cards for the side column, with whether each product is in the cart.',
  },
  [api('POST', '/add-products-to-cart')]: {
    tag: 'Services and cart',
    summary: 'Adds products to the cart (a product already there is replaced); a held time is released.',
    body: cartChangeBody,
    responseSchema: responseSchema,
  },
  [api('POST', '/remove-products-from-cart')]: {
    tag: 'Services and cart',
    summary: 'Removes products from the cart; a held time is released.',
    body: cartChangeBody,
    responseSchema: responseSchema,
  },
  [api('POST', '/product-parameter')]: {
    tag: 'Services and cart',
    summary: 'Sets a product parameter of the booking (e.g. the windshield booking type).',
    body: productParameterBody,
    responseSchema: responseSchema,
  },
  [api('GET', '/media')]: {
    tag: 'Services and cart',
    summary: 'An image stored in the database (tire pictures, vehicle images), by id.',
    query: mediaQuery,
    responseType: 'image/*',
  },
  [api('POST', '/campaign-code/v2')]: {
    tag: 'Services and cart',
    summary: 'Sets or clears the campaign code; the members\u2019 code needs a live loyalty token and applies its vouchers.',
    body: campaignCodeBody,
    response: 'responseCode SUCCESS (with the applied voucher ids) or NOT_FOUND; 401 for a loyalty token that is not live.',
  },

  // ---- Tires ------------------------------------------------------------------------------
  [api('GET', '/tire-sizes')]: {
    tag: 'Tires',
    summary: "Tire suppliers, the sizes on offer, the default tire type and supplier, and the car's own sizes.",
  },
  [api('POST', '/search-tires/v2')]: {
    tag: 'Tires',
    summary: 'Tires of one size and type, cheapest first (answers are cached for 60 s).',
    body: tireSearchBody,
    responseSchema: z.array(productSuggestionSchema),
  },
  [api('POST', '/api/products/tire-change/add')]: {
    tag: 'Tires',
    summary: 'Adds tire-change services or tires to the cart in the TIRE_SERVICES stage.',
    body: cartChangeBody,
    responseSchema: responseSchema,
  },

  // ---- Windshield -------------------------------------------------------------------------
  [api('GET', '/windshield/products')]: {
    tag: 'Windshield',
    summary: 'The windshield products (change, repair, repair with insurance) with their choice parameters.',
    responseSchema: windshieldProductsResponse,
  },

  // ---- Time -------------------------------------------------------------------------------
  [api('POST', '/free-times')]: {
    tag: 'Time',
    summary: 'Free times of the booking\u2019s office for the cart, for every date of a range of at most 62 days.',
    body: freeTimesBody,
    responseSchema: z.array(freeTimeDaySchema),
  },
  [api('POST', '/free-times/morning')]: {
    tag: 'Time',
    summary: 'The same as POST /free-times, only times that start before 12:00.',
    body: freeTimesBody,
    responseSchema: z.array(freeTimeDaySchema),
  },
  [api('POST', '/free-times/evening')]: {
    tag: 'Time',
    summary: 'The same as POST /free-times, only times that start at or after 12:00.',
    body: freeTimesBody,
    responseSchema: z.array(freeTimeDaySchema),
  },
  [api('POST', '/free-times-on-organization')]: {
    tag: 'Time',
    summary: 'The free days of every other office the booking could move to.',
    body: freeTimesOnOrganizationBody,
    responseSchema: freeTimesOnOrganizationResponse,
  },
  [api('POST', '/reserve-time')]: {
    tag: 'Time',
    summary: 'Holds a time for the booking for 15 minutes, at most 30 minutes after the session first held one.',
    body: reserveTimeBody,
    response:
      'responseCode SUCCESS, or NOT_AVAILABLE with a message. 429 TOO_MANY_REQUESTS with Retry-After when the client address already has its share of the office (HOLDS_PER_ADDRESS times, HOLD_HOURS_PER_ADDRESS hours of work: live holds and bookings saved in the last hour); 412 SESSION_EXPIRED once the session has held times for 30 minutes.',
    responseSchema: responseSchema,
  },
  [api('DELETE', '/remove-reservation')]: {
    tag: 'Time',
    summary: 'Releases the held time.',
    responseSchema: responseSchema,
  },
  [api('POST', '/reservation-details/v2')]: {
    tag: 'Time',
    summary: 'Waiting at the office, leaving the car for the day, using the key locker.',
    body: reservationDetailsBody,
    responseSchema: responseSchema,
  },
  [api('POST', '/locker/reserved-times')]: {
    tag: 'Time',
    summary: 'Of the asked start times, those whose half-day has no free key-locker compartment.',
    body: lockerReservedTimesBody,
    responseSchema: lockerReservedTimesResponse,
  },
  [api('POST', '/lead')]: {
    tag: 'Time',
    summary: 'Lead mode: the date the customer would like to be contacted about, instead of a time.',
    body: leadBody,
    responseSchema: responseSchema,
  },
  [api('GET', '/customer-selectable-resources')]: {
    tag: 'Time',
    summary: "The mechanics customers may choose at the booking's office.",
    responseSchema: customerSelectableResourcesResponse,
  },
  [api('GET', '/resource-for-customer')]: {
    tag: 'Time',
    summary:
      "The choosable mechanic who served the latest earlier booking at the office with this phone number and the session's car, or null (also when the session has no car).",
    query: resourceForCustomerQuery,
    responseSchema: resourceForCustomerResponse,
  },
  [api('POST', '/customer-selected-resources')]: {
    tag: 'Time',
    summary: 'The mechanics to book with; an empty list means anyone.',
    body: customerSelectedResourcesBody,
    responseSchema: responseSchema,
  },

  // ---- Customer and booking ---------------------------------------------------------------
  [api('GET', '/get-booking/v2')]: {
    tag: 'Customer and booking',
    summary: 'The booking: office, vehicle, customer, order items, prices, the held time.',
    responseSchema: bookingSchema,
  },
  [api('POST', '/customer/v2')]: {
    tag: 'Customer and booking',
    summary: 'The customer details (omat tiedot).',
    body: customerBody,
    responseSchema: responseSchema,
  },
  [api('POST', '/save-notes')]: {
    tag: 'Customer and booking',
    summary: 'Free-text notes for the workshop; null clears them.',
    body: valueBody,
    responseSchema: responseSchema,
  },
  [api('POST', '/symptoms')]: {
    tag: 'Customer and booking',
    summary: 'Replaces the list of symptoms (vikakuvaus); an empty list deletes it.',
    body: symptomsBody,
    responseSchema: responseSchema,
  },
  [api('POST', '/save-booking')]: {
    tag: 'Customer and booking',
    summary: 'Saves the booking and queues the confirmation e-mail.',
    response: 'responseCode SUCCESS with the booking key, or INVALID / NOT_AVAILABLE with a message.',
    responseSchema: saveBookingResponse,
  },

  // ---- Finance ----------------------------------------------------------------------------
  [api('POST', '/financing/get-minimum-price-for-credit')]: {
    tag: 'Finance',
    summary: 'The smallest price that can be paid in instalments, in cents.',
    body: minimumPriceForCreditBody,
    responseSchema: minimumPriceForCreditResponse,
  },
  [api('POST', '/financing/get-credit-amount')]: {
    tag: 'Finance',
    summary: 'Monthly payment of a price over a number of years.',
    body: creditAmountBody,
    responseSchema: creditAmountResponse,
  },
  [api('POST', '/billing-reference')]: {
    tag: 'Finance',
    summary:
      'A Finnish reference number: for a booking key and its registration number always the same one (400 naming bookingKey when either is wrong), without a key a random one.',
    body: billingReferenceBody,
    responseSchema: billingReferenceResponse,
  },

  // ---- Managing a saved booking -----------------------------------------------------------
  [api('POST', '/open-booking')]: {
    tag: 'Managing a saved booking',
    summary: 'The saved booking of a key and registration number.',
    body: openBookingBody,
    responseSchema: openBookingResponse,
  },
  [api('POST', '/cancel-booking')]: {
    tag: 'Managing a saved booking',
    summary: 'Cancels the booking up to two hours before its start; the time is free at once.',
    body: cancelBookingBody,
    responseSchema: manageResponse,
  },
  [api('POST', '/send-edit-request')]: {
    tag: 'Managing a saved booking',
    summary: 'E-mails the office a change request.',
    body: sendEditRequestBody,
    responseSchema: manageResponse,
  },
  [api('POST', '/send-email')]: {
    tag: 'Managing a saved booking',
    summary: 'Sends the confirmation e-mail again.',
    body: sendEmailBody,
    responseSchema: manageResponse,
  },
  [api('POST', '/booking/cd/add-rows')]: {
    tag: 'Managing a saved booking',
    summary: 'Adds extra order items to a confirmed booking that is still ahead and e-mails the office.',
    body: addRowsBody,
    responseSchema: manageResponse,
  },
  [api('POST', '/feedback/v2')]: {
    tag: 'Managing a saved booking',
    summary: 'Feedback: a rating of 1\u20135 and a message, linked to the booking when the key is one.',
    body: feedbackBody,
    responseSchema: responseSchema,
  },

  // ---- Loyalty API ------------------------------------------------------------------------
  [loyalty('/login/')]: {
    tag: 'Loyalty API',
    summary: 'Logs in; the token is valid for 2 hours.',
    body: loginBody,
    response: 'The token; 401 for a wrong password, an unknown or an unconfirmed user.',
    responseSchema: z.object({ token: z.string() }),
    rateLimited:
      'failures are counted before the password is compared; 429 TOO_MANY_ATTEMPTS with Retry-After: one account from one address 5 → 1 min, 10 → 5 min, 15 → 15 min, then 60 min per 5; one address 20 → 15 min, then 60 min per 20; one account from all addresses 20 → 1 min, 40 → 5 min, 60 → 15 min, then 60 min per 20',
  },
  [loyalty('/logout/')]: {
    tag: 'Loyalty API',
    summary: 'Revokes the token.',
    body: tokenBody,
    responseSchema: responseSchema,
  },
  [loyalty('/getUserInfo/')]: {
    tag: 'Loyalty API',
    summary: "The member's name and contact details.",
    body: tokenBody,
  },
  [loyalty('/getActiveCars/')]: {
    tag: 'Loyalty API',
    summary: "The member's saved cars (cars).",
    body: tokenBody,
  },
  [loyalty('/getUserVouchers/')]: {
    tag: 'Loyalty API',
    summary: "The member's vouchers.",
    body: tokenBody,
  },
  [loyalty('/getCarServiceContracts/')]: {
    tag: 'Loyalty API',
    summary: "The service contracts of one of the member's cars.",
    body: carServiceContractsBody,
  },
  [loyalty('/registerUser/')]: {
    tag: 'Loyalty API',
    summary:
      'Registers a member; a six-digit confirmation code is e-mailed, and a cookie binds the registration to this browser (an earlier registration of the address is not changed).',
    body: registerUserBody,
    responseSchema: responseSchema,
  },
  [loyalty('/confirmUser/')]: {
    tag: 'Loyalty API',
    summary:
      "Confirms this browser's registration with its e-mailed code and opens the account with that registration's password; 5 attempts per code, then register again.",
    body: confirmUserBody,
    responseSchema: responseSchema,
  },
};
