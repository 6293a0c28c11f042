/**
 * What the rest of the server may import from modules/loyalty/: other modules, jobs/,
 * plugins/ and staff-api.ts import these and no other file of the module (lint enforces it;
 * app.ts and staff-api.ts register its routes.ts, and tests may import any file).
 */
export { accountOfToken, applicableCampaign, campaignCodeState, deleteLoyaltyAccount, validVouchers } from './service.ts';
