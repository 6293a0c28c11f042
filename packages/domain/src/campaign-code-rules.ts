/**
 * What a campaign code is and what a customer is told of a refused one (POST
 * /campaign-code/v2), and the customer's own code field. Written with zod/mini, apart from
 * the back-office's catalogue schemas (catalogue-admin.ts): the details step loads only this.
 */
import * as z from 'zod/mini';

/** A campaign code as stored: capitals, digits, - and _, at most 40 characters. */
export const CAMPAIGN_CODE_PATTERN = /^[A-Z0-9_-]{1,40}$/;

/** The customer's messages for a code that is refused. */
export const CAMPAIGN_CODE_MESSAGES = {
  NOT_FOUND: 'Kampanjakoodia ei löydy. Tarkista koodi.',
  EXPIRED: 'Kampanjakoodi ei ole enää voimassa.',
  NOT_YET_VALID: 'Kampanjakoodi ei ole vielä voimassa.',
  MEMBERS_ONLY: 'Koodi on kanta-asiakkaiden etu: kirjaudu sisään käyttääksesi sitä.',
} as const;

/**
 * The customer's own campaign code field ('Kampanjakoodi', the details step): a code as the
 * back-office writes them, in capitals; one that could be no code is not found.
 */
export const campaignCodeFormSchema = z.object({
  code: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, { error: 'Kirjoita kampanjakoodi' }),
      z.toUpperCase(),
      z.regex(CAMPAIGN_CODE_PATTERN, { error: CAMPAIGN_CODE_MESSAGES.NOT_FOUND }),
    ),
});
export type CampaignCodeForm = z.input<typeof campaignCodeFormSchema>;
