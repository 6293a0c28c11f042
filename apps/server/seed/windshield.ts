/**
 * The windshield service of /proautolasi (requirements §3 "Windshield products"): a change and a
 * stone-chip repair, with and without the insurer's campaign, in a service group of their
 * own kind so that no maintenance list shows them.
 */
import type { Insertable } from 'kysely';
import { INSURANCE_CAMPAIGN_PARAMETER, WINDSHIELD_PRODUCTS, WINDSHIELD_PROVIDER, type ChoiceValue } from '@huolto/domain';
import type { Database } from '../src/db/types.ts';

export const WINDSHIELD_GROUP: Insertable<Database['service_group']> = {
  id: 'windshield',
  stage: 'DEFAULT',
  kind: 'WINDSHIELD',
  title: 'Tuulilasipalvelut',
  calculator_id: null,
  sort: 0,
};

/** With the campaign value the insurer pays the repair; without it the normal price applies. */
const INSURANCE_CAMPAIGN_VALUES: ChoiceValue[] = [
  { value: 'true', description: 'Vakuutusyhtiön kampanja', campaign: true },
  { value: 'false', description: 'Normaalihinta', campaign: false },
];

export const WINDSHIELD_PRODUCT_ROWS: Insertable<Database['product']>[] = [
  {
    id: WINDSHIELD_PRODUCTS.change,
    group_id: 'windshield',
    provider: WINDSHIELD_PROVIDER,
    description: 'Tuulilasin vaihto',
    info_html: '<p>Uusi tuulilasi asennettuna. Hinta sisältää lasin, asennuksen ja vanhan lasin kierrätyksen.</p>',
    price_cents: 39000,
    normal_price_cents: null,
    duration_minutes: 180,
    duration_per_unit: false,
    sort: 1,
  },
  {
    id: WINDSHIELD_PRODUCTS.repair,
    group_id: 'windshield',
    provider: WINDSHIELD_PROVIDER,
    description: 'Kiveniskemän korjaus',
    info_html: '<p>Kiveniskemä korjataan hartsilla ennen kuin se halkeaa. Hinta korjattavaa kohtaa kohden.</p>',
    price_cents: 6900,
    normal_price_cents: null,
    duration_minutes: 30,
    duration_per_unit: true,
    sort: 2,
  },
  {
    id: WINDSHIELD_PRODUCTS.insuranceRepair,
    group_id: 'windshield',
    provider: WINDSHIELD_PROVIDER,
    description: 'Kiveniskemän korjaus vakuutuksella',
    info_html: '<p>Vakuutusyhtiön kampanjassa vakuutusyhtiö maksaa kiveniskemän korjauksen.</p>',
    price_cents: 0,
    normal_price_cents: 6900,
    duration_minutes: 30,
    duration_per_unit: true,
    sort: 3,
  },
];

export const WINDSHIELD_PARAMETER_ROWS: Insertable<Database['product_parameter']>[] = [WINDSHIELD_PRODUCTS.repair, WINDSHIELD_PRODUCTS.insuranceRepair].map(
  (productId) => ({
    product_id: productId,
    parameter_code: INSURANCE_CAMPAIGN_PARAMETER,
    type: 'CHOICE' as const,
    choice_values: JSON.stringify(INSURANCE_CAMPAIGN_VALUES),
    sort: 0,
  }),
);

/**
 * A new company's windshield products (an empty start, DEMO_DATA=off): the group, the three
 * products with their texts, durations and the insurer's campaign choice, inactive and at 0 €,
 * so that the windshield form offers nothing until an admin prices and activates them in the
 * back-office or by services.csv (docs/data-import.md "Windshield products").
 */
export const WINDSHIELD_START_ROWS = {
  group: WINDSHIELD_GROUP,
  products: WINDSHIELD_PRODUCT_ROWS.map((p) => ({ ...p, price_cents: 0, normal_price_cents: null, active: false })),
  parameters: WINDSHIELD_PARAMETER_ROWS,
};
