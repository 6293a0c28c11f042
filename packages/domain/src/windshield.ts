/**
 * Windshield service (requirements §2 "Windshield page", §3 repair and replacement forms, §4
 * "Windshield" and "Glue drying notice", §5 options and rules). Pure rules shared by the
 * form on the web and the validation on the server.
 */
import * as z from 'zod/mini';
import type { ProductParameter } from './windshield-products.ts';
import { WINDSHIELD_SERVICES_TYPES } from './enums.ts';
import { FIELD_ERRORS } from './messages.ts';
import { WINDSHIELD_PRODUCTS } from './windshield-handover.ts';

export type WindshieldServiceType = (typeof WINDSHIELD_SERVICES_TYPES)[number];


/** The windshield products' ids in the flow's order: the only products of the windshield group. */
export const WINDSHIELD_PRODUCT_IDS: readonly string[] = Object.values(WINDSHIELD_PRODUCTS);
export const isWindshieldProduct = (productId: string): boolean => WINDSHIELD_PRODUCT_IDS.includes(productId);

/** The windshield products whose duration is per unit: a stone-chip repair takes its duration per chip. */
export const WINDSHIELD_PER_UNIT_PRODUCT_IDS: readonly string[] = [WINDSHIELD_PRODUCTS.repair, WINDSHIELD_PRODUCTS.insuranceRepair];

/** The kind (service_group.kind) of the group that holds the windshield products. */
export const WINDSHIELD_GROUP_KIND = 'WINDSHIELD';

/**
 * Whether a windshield product would be offered without a price: an active product at 0 €
 * with no normal price. The insurer's repair is priced by its normal price (the campaign's 0 €
 * is its price), the others by their price; a new company's products start inactive at 0 €.
 */
export function windshieldPriceMissing(p: { active: boolean; priceCents: number; normalPriceCents: number | null }): boolean {
  return p.active && p.priceCents === 0 && !p.normalPriceCents;
}

/** Provider of the windshield products (the Proautolasi chain). */
export const WINDSHIELD_PROVIDER = 'PROAUTOLASI';

/** The CHOICE product parameter that says whether the insurer's campaign applies. */
export const INSURANCE_CAMPAIGN_PARAMETER = 'INSURANCE_CAMPAIGN';

// The products' schemas (GET /windshield/products) are in windshield-products.ts, in classic zod for the server.

/**
 * The unit price of a cart line in cents: a product whose CHOICE parameters carry a
 * campaign costs its (campaign) price only when the chosen value of each such parameter
 * is a campaign value; otherwise its normal price. Products without such parameters
 * cost their price.
 */
export function unitPriceWithChoices(
  product: { price: number; normal_price: number | null; productParameters: readonly ProductParameter[] },
  chosen: Readonly<Record<string, string>> | undefined,
): number {
  const campaignParameters = product.productParameters.filter((p) => p.values.some((v) => v.campaign));
  const campaign = campaignParameters.every((p) => p.values.some((v) => v.campaign && v.value === chosen?.[p.parameterCode]));
  return campaign ? product.price : (product.normal_price ?? product.price);
}

/** Quantity sent to remove every repair from the cart (requirements §9). */
export const WINDSHIELD_REPAIR_REMOVAL_QUANTITY = 999;

export const CONTACT_METHODS = ['PHONE', 'EMAIL'] as const;
export type ContactMethod = (typeof CONTACT_METHODS)[number];
export const CONTACT_METHOD_LABELS: Record<ContactMethod, string> = { PHONE: 'Puhelin', EMAIL: 'Sähköposti' };

/** Rain detector and camera system answers (requirements §5). */
export const YES_NO_UNKNOWN = ['NO', 'DONT_KNOW', 'YES'] as const;
export type YesNoUnknown = (typeof YES_NO_UNKNOWN)[number];
export const YES_NO_UNKNOWN_LABELS: Record<YesNoUnknown, string> = { NO: 'Ei', DONT_KNOW: 'En tiedä', YES: 'Kyllä' };

/** Replacement: reserve a time or ask for a price quote (product parameter WINDSHIELD_CHANGE_BOOKING_TYPE). */
export const WINDSHIELD_BOOKING_TYPES = ['RESERVE_TIME', 'LEAD'] as const;
export type WindshieldBookingType = (typeof WINDSHIELD_BOOKING_TYPES)[number];
export const WINDSHIELD_BOOKING_TYPE_LABELS: Record<WindshieldBookingType, string> = {
  RESERVE_TIME: 'Varaa aika',
  LEAD: 'Pyydä hintatarjous',
};

/** The nine insurance companies to choose from (requirements §5): Finland's motor insurers. */
export const INSURANCE_COMPANIES = [
  'If Vahinkovakuutus',
  'LähiTapiola',
  'Pohjola Vakuutus',
  'Fennia',
  'Turva',
  'Pohjantähti',
  'POP Vakuutus',
  'Alandia',
  'Ålands Ömsesidiga',
] as const;
export type InsuranceCompany = (typeof INSURANCE_COMPANIES)[number];

/** Stone-chip repairs in one visit. */
export const MAX_REPAIR_AMOUNT = 5;

const required = { error: FIELD_ERRORS.required };

/** Repair form (requirements §3, §5): amount and contact method required; the insurer when insured. */
export const repairFormSchema = z
  .object({
    amount: z.number(required).check(z.int(required), z.gte(1, required), z.lte(MAX_REPAIR_AMOUNT, required)),
    hasInsurance: z.boolean(),
    insuranceCompany: z.nullable(z.enum(INSURANCE_COMPANIES, required)),
    contactMethod: z.enum(CONTACT_METHODS, required),
  })
  .check(
    z.superRefine((f, ctx) => {
      if (f.hasInsurance && !f.insuranceCompany) ctx.addIssue({ code: 'custom', path: ['insuranceCompany'], message: FIELD_ERRORS.required });
    }),
  );
export type RepairForm = z.infer<typeof repairFormSchema>;

/** Deductible in whole euros. */
const deductible = z.number(required).check(z.int(required), z.gte(0, required), z.lte(10_000, required));

/**
 * Replacement form (requirements §3, §5): rain detector, camera system and contact method
 * required; with insurance the insurer, the claim code (unless there is none) and the
 * deductible (unless unknown).
 */
export const replacementFormSchema = z
  .object({
    hasInsurance: z.boolean(),
    insuranceCompany: z.nullable(z.enum(INSURANCE_COMPANIES, required)),
    claimCode: z.nullable(z.string().check(z.trim(), z.maxLength(40, { error: FIELD_ERRORS.tooLong }))),
    noClaimCode: z.boolean(),
    deductibleAmount: z.nullable(deductible),
    unknownDeductibleAmount: z.boolean(),
    rainDetector: z.enum(YES_NO_UNKNOWN, required),
    cameraSystem: z.enum(YES_NO_UNKNOWN, required),
    contactMethod: z.enum(CONTACT_METHODS, required),
  })
  .check(
    z.superRefine((f, ctx) => {
      if (!f.hasInsurance) return;
      const missing = (path: string) => ctx.addIssue({ code: 'custom', path: [path], message: FIELD_ERRORS.required });
      if (!f.insuranceCompany) missing('insuranceCompany');
      if (!f.noClaimCode && !f.claimCode) missing('claimCode');
      if (!f.unknownDeductibleAmount && f.deductibleAmount === null) missing('deductibleAmount');
    }),
  );
export type ReplacementForm = z.infer<typeof replacementFormSchema>;

export const EMPTY_REPAIR_FORM = {
  amount: null as number | null,
  hasInsurance: false,
  insuranceCompany: null as InsuranceCompany | null,
  contactMethod: null as ContactMethod | null,
};
export type RepairFormDraft = typeof EMPTY_REPAIR_FORM;

export const EMPTY_REPLACEMENT_FORM = {
  hasInsurance: false,
  insuranceCompany: null as InsuranceCompany | null,
  claimCode: null as string | null,
  noClaimCode: false,
  deductibleAmount: null as number | null,
  unknownDeductibleAmount: false,
  rainDetector: null as YesNoUnknown | null,
  cameraSystem: null as YesNoUnknown | null,
  contactMethod: null as ContactMethod | null,
};
export type ReplacementFormDraft = typeof EMPTY_REPLACEMENT_FORM;

const YES_NO_FI: Record<YesNoUnknown, string> = YES_NO_UNKNOWN_LABELS;

/**
 * The answers as the order item's parameter map, with Finnish keys (requirements §3 "Order
 * item: parameters"), so that the workshop reads them on the booking and in the e-mail.
 */
export function repairParameters(f: RepairForm): Record<string, string> {
  return {
    'Korjattavia kohtia': String(f.amount),
    Vakuutus: f.hasInsurance ? 'Kyllä' : 'Ei',
    ...(f.hasInsurance && f.insuranceCompany ? { Vakuutusyhtiö: f.insuranceCompany } : {}),
    Yhteydenottotapa: CONTACT_METHOD_LABELS[f.contactMethod],
  };
}

export function replacementParameters(f: ReplacementForm): Record<string, string> {
  return {
    Vakuutus: f.hasInsurance ? 'Kyllä' : 'Ei',
    ...(f.hasInsurance
      ? {
          Vakuutusyhtiö: f.insuranceCompany ?? '',
          Vahinkonumero: f.noClaimCode ? 'Ei vahinkonumeroa' : (f.claimCode ?? ''),
          'Omavastuu (€)': f.unknownDeductibleAmount ? 'Ei tiedossa' : String(f.deductibleAmount ?? ''),
        }
      : {}),
    Sadetunnistin: YES_NO_FI[f.rainDetector],
    Kamerajärjestelmä: YES_NO_FI[f.cameraSystem],
    Yhteydenottotapa: CONTACT_METHOD_LABELS[f.contactMethod],
  };
}

