/**
 * The company's Google Tag Manager container (the tagManagerId setting of the company's
 * details, 'GTM-XXXXXXX'): the details' schema takes only such an id, and the server lets
 * the tag manager's origin into the customer pages' Content-Security-Policy only for one.
 * The customer pages' footer keeps a copy (apps/web lib/tag-manager-id.ts, for its budget);
 * its test holds the two equal.
 */

/** A Google Tag Manager container id as the company's details accept it (companyDetailsBody). */
export const TAG_MANAGER_ID_PATTERN = /^GTM-[A-Z0-9]{4,12}$/;
