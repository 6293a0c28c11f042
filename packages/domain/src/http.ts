/**
 * Paths, headers and storage keys that the browser and the server agree on (requirements §4, §7).
 * Plain constants without zod: the web app's entry chunk needs these and nothing else
 * of the contract, and zod is loaded only by the steps that validate forms.
 */

/** Base path of the booking API (requirements §7). */
export const API_BASE = '/ServiceBooking/rest';
/** Base path of the loyalty API (requirements §7). */
export const LOYALTY_API_BASE = '/omalaakkonen/api';
/** Header that carries the process token (requirements §4). */
export const PROCESS_TOKEN_HEADER = 'x-process-token';
/** Double-submit XSRF cookie and header names (the standard pair). */
export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'x-xsrf-token';

/** The members' campaign code added on login (requirements §9). */
export const LOYALTY_CAMPAIGN_CODE = 'OMALAAKKONEN';

/** sessionStorage key of the loyalty token (requirements §4 "Login"). */
export const LOYALTY_TOKEN_KEY = 'loyalty-token';
