/**
 * Whether GET /settings names a tag manager: its own small module, so that the footer of
 * every customer page can tell without loading the consent code (lib/consent.ts, a chunk
 * loaded only when there is one).
 */

/**
 * A Google Tag Manager container id as the company's details accept it: the domain's
 * TAG_MANAGER_ID_PATTERN, written here again because importing it from the domain makes the
 * customer pages' chunk share it with the back-office's company schema, which adds about
 * 0.1 kB to every customer flow (their budgets, scripts/check-web-budget.mjs);
 * consent.test.tsx holds the two equal.
 */
export const CONTAINER_ID = /^GTM-[A-Z0-9]{4,12}$/;

/** The tag manager's container id when one is configured and well formed, else null. */
export function tagManagerContainer(tagManagerId: string | undefined): string | null {
  const id = (tagManagerId ?? '').trim();
  return CONTAINER_ID.test(id) ? id : null;
}
