/**
 * The order-item parameters a product takes (requirements §3 "Order item: parameters", a map with
 * Finnish keys): a tire carries its size and type, a windshield repair and replacement the
 * answers of their forms, and any product the values of its own CHOICE parameters. Other
 * keys, and values that none of these produce, are refused. Pure rules: the server checks
 * a cart line with them; docs/decisions/008-cart-limits.md.
 */
import type { ProductParameter } from './windshield-products.ts';
import { TIRE_TYPE_LABELS, formatTireSize } from './tires.ts';
import type { TireType } from './enums.ts';
import { CONTACT_METHOD_LABELS, INSURANCE_COMPANIES, YES_NO_UNKNOWN_LABELS } from './windshield.ts';
import { WINDSHIELD_PRODUCTS } from './windshield-handover.ts';

/** Parameters of a tire line: its size ('205/55R16') and its type ('Kitkarengas'). */
export const TIRE_PARAMETERS = { size: 'Rengaskoko', type: 'Rengastyyppi' } as const;

/** The kinds of product that decide a line's amount and parameters. */
export type CartProductKind = 'SERVICE' | 'TIRE' | 'WINDSHIELD';

/** What a product allows a cart line to say about it. */
export interface ParameterContext {
  productId: string;
  kind: CartProductKind;
  /** The line's amount (the repair form's count must equal it). */
  amount: number;
  /** The product's CHOICE parameters. */
  choices: readonly ProductParameter[];
  /** For a tire: its size and type. */
  tire?: { width: number; aspectRatio: number; rimDiameter: number; tireType: string } | undefined;
}

type ValueRule = (value: string, ctx: ParameterContext) => boolean;

const oneOf =
  (values: readonly string[]): ValueRule =>
  (v) =>
    values.includes(v);

const YES_NO = ['Kyllä', 'Ei'] as const;
const yesNo = oneOf(YES_NO);
const company = oneOf(INSURANCE_COMPANIES);
const contact = oneOf(Object.values(CONTACT_METHOD_LABELS));
const yesNoUnknown = oneOf(Object.values(YES_NO_UNKNOWN_LABELS));

/** Keys of repairParameters (windshield.ts). */
const REPAIR_RULES: Record<string, ValueRule> = {
  'Korjattavia kohtia': (v, ctx) => v === String(ctx.amount),
  Vakuutus: yesNo,
  Vakuutusyhtiö: company,
  Yhteydenottotapa: contact,
};

/** The claim code of the replacement form: at most 40 characters (replacementFormSchema). */
const CLAIM_CODE_MAX = 40;
/** The deductible of the replacement form in whole euros, 0–10 000, or 'unknown'. */
const deductible: ValueRule = (v) => v === 'Ei tiedossa' || (/^\d{1,5}$/.test(v) && Number(v) <= 10_000);

/** Keys of replacementParameters (windshield.ts). */
const REPLACEMENT_RULES: Record<string, ValueRule> = {
  Vakuutus: yesNo,
  Vakuutusyhtiö: company,
  Vahinkonumero: (v) => v.length <= CLAIM_CODE_MAX,
  'Omavastuu (€)': deductible,
  Sadetunnistin: yesNoUnknown,
  Kamerajärjestelmä: yesNoUnknown,
  Yhteydenottotapa: contact,
};

const TIRE_RULES: Record<string, ValueRule> = {
  [TIRE_PARAMETERS.size]: (v, ctx) => !!ctx.tire && v === formatTireSize(ctx.tire),
  [TIRE_PARAMETERS.type]: (v, ctx) => !!ctx.tire && v === TIRE_TYPE_LABELS[ctx.tire.tireType as TireType],
};

function fixedRules(ctx: ParameterContext): Record<string, ValueRule> {
  if (ctx.kind === 'TIRE') return TIRE_RULES;
  if (ctx.kind !== 'WINDSHIELD') return {};
  if (ctx.productId === WINDSHIELD_PRODUCTS.change) return REPLACEMENT_RULES;
  return REPAIR_RULES;
}

/**
 * What is wrong with a line's parameters, in Finnish, or null: every key is one the product
 * defines, and every value one it allows (for a CHOICE parameter, one of its values).
 * Missing keys are not this rule's concern (the windshield rules ask for their CHOICE).
 */
export function parameterProblem(parameters: Readonly<Record<string, string>> | undefined, ctx: ParameterContext): string | null {
  if (!parameters) return null;
  const fixed = fixedRules(ctx);
  for (const [key, value] of Object.entries(parameters)) {
    const choice = ctx.choices.find((c) => c.parameterCode === key);
    if (choice) {
      if (!choice.values.some((v) => v.value === value)) {
        return `${key}: sallitut arvot ${choice.values.map((v) => v.value).join(', ')}`;
      }
      continue;
    }
    const rule = Object.hasOwn(fixed, key) ? fixed[key] : undefined;
    if (!rule) {
      const known = [...Object.keys(fixed), ...ctx.choices.map((c) => c.parameterCode)];
      return known.length > 0 ? `Tuntematon lisätieto; sallitut: ${known.join(', ')}` : 'Tuotteelle ei anneta lisätietoja';
    }
    if (!rule(value, ctx)) return `Virheellinen arvo lisätiedolle ${key}`;
  }
  return null;
}
