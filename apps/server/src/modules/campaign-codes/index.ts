/**
 * What the rest of the server may import from modules/campaign-codes/: other modules, jobs/,
 * plugins/ and staff-api.ts import these and no other file of the module (lint enforces it;
 * staff-api.ts registers its routes.ts, and tests may import any file). The write functions
 * take the caller's transaction and write the audit row inside it.
 */
export { campaignCodes, createCampaignCode, updateCampaignCode } from './campaign-codes.ts';
