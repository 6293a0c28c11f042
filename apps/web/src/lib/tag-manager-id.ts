/**
 * Whether GET /settings names a tag manager: its own small module, so that the footer of
 * every customer page can tell without loading the consent code (lib/consent.ts, a chunk
 * loaded only when there is one).
 */

/** A Google Tag Manager container id as the company's details accept it (the domain's companyDetailsBody). */
const CONTAINER_ID = /^GTM-[A-Z0-9]{4,12}$/;

/** The tag manager's container id when one is configured and well formed, else null. */
export function tagManagerContainer(tagManagerId: string | undefined): string | null {
  const id = (tagManagerId ?? '').trim();
  return CONTAINER_ID.test(id) ? id : null;
}
