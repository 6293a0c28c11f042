/** The OmaLaakkonen loyalty API's contract (requirements §3 "Loyalty account", §6, §7). */
import { z } from 'zod';
import { FIELD_ERRORS } from './messages.ts';
import { PHONE_PATTERN, cleanLine, registerNumberSchema } from './validation.ts';
import { isStorableText } from './storable.ts';

// LOYALTY_CAMPAIGN_CODE and LOYALTY_TOKEN_KEY are in http.ts (no zod there).

/** Minimum password length for new accounts. */
export const MIN_PASSWORD_LENGTH = 10;

const token = z.string().min(20).max(100);
/** Text that the database can store: no NUL, no unpaired surrogate (storable.ts). */
const storable = { error: FIELD_ERRORS.unstorable };
/** Text that must keep something once its control characters are out (cleanLine). */
const required = { error: FIELD_ERRORS.required };
const filled = (v: string) => v.length > 0;

/** The login form: both fields required (requirements §5 "Login"). */
export const loginBody = z.object({
  username: z.string().trim().min(1, { error: FIELD_ERRORS.required }).max(254).refine(isStorableText, storable),
  password: z.string().min(1, { error: FIELD_ERRORS.required }).max(200),
});
export type LoginBody = z.input<typeof loginBody>;

export const tokenBody = z.object({ token });
export const carServiceContractsBody = z.object({ token, license: registerNumberSchema });

export const registerUserBody = z.object({
  username: z.string().trim().toLowerCase().pipe(z.email({ error: FIELD_ERRORS.email })),
  password: z
    .string()
    .min(MIN_PASSWORD_LENGTH, { error: `Salasanassa on oltava vähintään ${MIN_PASSWORD_LENGTH} merkkiä` })
    .max(200),
  // Names as in the customer form (validation.ts): free text, stored without control characters.
  firstname: z.string().trim().min(1, { error: FIELD_ERRORS.required }).max(100).refine(isStorableText, storable).transform(cleanLine).refine(filled, required),
  lastname: z.string().trim().min(1, { error: FIELD_ERRORS.required }).max(100).refine(isStorableText, storable).transform(cleanLine).refine(filled, required),
  phone: z.string().trim().regex(PHONE_PATTERN, { error: FIELD_ERRORS.phone }).optional().or(z.literal('')),
});
export type RegisterUserBody = z.input<typeof registerUserBody>;

export const confirmUserBody = z.object({
  username: z.string().trim().toLowerCase().pipe(z.email({ error: FIELD_ERRORS.email })),
  code: z.string().trim().regex(/^\d{6}$/, { error: 'Vahvistuskoodi on kuusi numeroa' }),
});
export type ConfirmUserBody = z.input<typeof confirmUserBody>;

/** The loyalty API's deleteUser: the account's password again, so that a left-open session cannot delete it. */
export const deleteLoyaltyUserBody = z.object({
  password: z.string({ error: FIELD_ERRORS.required }).min(1, { error: FIELD_ERRORS.required }).max(200, { error: FIELD_ERRORS.tooLong }),
});

/** POST getUserInfo/: the member's name and contact details, with the token asked with. */
export const loyaltyAccountSchema = z.object({
  token: z.string(),
  firstname: z.string(),
  lastname: z.string(),
  phone: z.string(),
  email: z.string(),
  address: z.string(),
  zip: z.string(),
  city: z.string(),
  /** The makes the member follows (vehicle make ids). */
  brands: z.array(z.object({ id: z.number().int() })),
});
export type LoyaltyAccount = z.infer<typeof loyaltyAccountSchema>;

/** One of the member's saved cars. */
export const loyaltyVehicleSchema = z.object({
  license: z.string(),
  brand_name: z.string(),
  model_name: z.string(),
  car_type_specified: z.string(),
  /** Address of the car's picture. */
  image: z.string().nullable(),
});
export type LoyaltyVehicle = z.infer<typeof loyaltyVehicleSchema>;
/** POST getActiveCars/. */
export const activeCarsResponse = z.object({ cars: z.array(loyaltyVehicleSchema) });
export type ActiveCarsResponse = z.infer<typeof activeCarsResponse>;

export const voucherSchema = z.object({
  voucherId: z.string(),
  title: z.string(),
  /** Amount off the order, cents. */
  discount: z.number().int(),
  /** 'YYYY-MM-DD', both days included. */
  validFrom: z.string(),
  validTo: z.string(),
  used: z.boolean(),
});
export type Voucher = z.infer<typeof voucherSchema>;
/** POST getUserVouchers/. */
export const userVouchersResponse = z.object({ vouchers: z.array(voucherSchema) });
export type UserVouchersResponse = z.infer<typeof userVouchersResponse>;

/** A service contract of one of the member's cars. */
export const carServiceContractSchema = z.object({
  license: z.string(),
  contractType: z.string(),
  description: z.string(),
  /** 'YYYY-MM-DD'. */
  validTo: z.string(),
});
export type CarServiceContract = z.infer<typeof carServiceContractSchema>;
/** POST getCarServiceContracts/. */
export const carServiceContractsResponse = z.object({ contracts: z.array(carServiceContractSchema) });
export type CarServiceContractsResponse = z.infer<typeof carServiceContractsResponse>;

/** A voucher is valid only from validFrom to validTo, both days included (requirements §5). */
export function isVoucherValid(v: { validFrom: string; validTo: string }, today: string): boolean {
  return v.validFrom <= today && today <= v.validTo;
}

/** campaign-code/v2: a code, or null/blank to remove it; the members' code needs the loyalty token. */
export const campaignCodeBody = z.object({
  value: z.string().trim().max(40).refine(isStorableText, storable).transform(cleanLine).nullable(),
  loyaltyToken: token.nullable().optional(),
});
export type CampaignCodeBody = z.input<typeof campaignCodeBody>;


/**
 * campaign-code/v2: SUCCESS (with the ids of the vouchers applied, for the members' code), or
 * why the code was not taken: NOT_FOUND, EXPIRED (past its last day or out of use),
 * NOT_YET_VALID (before its first day), MEMBERS_ONLY (the members' code without a login).
 * The customer's messages are CAMPAIGN_CODE_MESSAGES (campaign-code-rules.ts); a client that
 * knows only SUCCESS reads every other code as a refusal.
 */
export const CAMPAIGN_CODE_RESPONSE_CODES = ['SUCCESS', 'NOT_FOUND', 'EXPIRED', 'NOT_YET_VALID', 'MEMBERS_ONLY'] as const;
export const campaignCodeResponse = z.object({
  responseCode: z.enum(CAMPAIGN_CODE_RESPONSE_CODES),
  /** SUCCESS with a code: its percentage off the services. */
  percentOff: z.number().int().optional(),
  vouchers: z.array(z.string()).optional(),
});
export type CampaignCodeResult = z.infer<typeof campaignCodeResponse>;
