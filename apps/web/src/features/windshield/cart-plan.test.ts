import { describe, expect, it } from 'vitest';
import { EMPTY_REPAIR_FORM, EMPTY_REPLACEMENT_FORM } from '@huolto/domain';
import { orderItem } from '@/test/fixtures.ts';
import type { WindshieldProduct } from '@huolto/domain';
import { windshieldCartPlan } from './cart-plan.ts';

const campaignChoice = {
  parameterCode: 'INSURANCE_CAMPAIGN',
  type: 'CHOICE' as const,
  values: [
    { value: 'true', description: 'Vakuutusyhtiön kampanja', campaign: true },
    { value: 'false', description: 'Normaalihinta', campaign: false },
  ],
};
const product = (id: string, price: number, params = [campaignChoice]): WindshieldProduct => ({
  id,
  provider: 'PROAUTOLASI',
  description: id,
  price,
  normal_price: null,
  duration_minutes: 30,
  from_price: id === 'windshieldChange',
  productParameters: params,
});
const PRODUCTS = [product('windshieldChange', 39000, []), product('windshieldRepair', 6900), product('windshieldInsuranceRepair', 0)];

const repair = { ...EMPTY_REPAIR_FORM, amount: 2, contactMethod: 'PHONE' as const };
const replacement = { ...EMPTY_REPLACEMENT_FORM, rainDetector: 'NO' as const, cameraSystem: 'YES' as const, contactMethod: 'EMAIL' as const };
const line = (id: string, amount: number, parameters: Record<string, string> = {}) =>
  orderItem({ product: { id, provider: 'PROAUTOLASI' }, amount, parameters });

describe('windshield cart updates', () => {
  it('does nothing while the form is incomplete', () => {
    expect(windshieldCartPlan('REPAIR', { ...repair, contactMethod: null }, replacement, PRODUCTS, [])).toBeNull();
    expect(windshieldCartPlan('REPLACEMENT', repair, { ...replacement, rainDetector: null }, PRODUCTS, [])).toBeNull();
    expect(windshieldCartPlan(null, repair, replacement, PRODUCTS, [])).toBeNull();
  });

  it('repair without insurance: the repair product with the amount, answers and the non-campaign choice; the change leaves', () => {
    const plan = windshieldCartPlan('REPAIR', repair, replacement, PRODUCTS, [line('windshieldChange', 1)]);
    expect(plan?.remove).toEqual([{ productId: 'windshieldChange', provider: 'PROAUTOLASI', amount: 1 }]);
    expect(plan?.add).toMatchObject({
      productId: 'windshieldRepair',
      amount: 2,
      parameters: { 'Korjattavia kohtia': '2', Vakuutus: 'Ei', Yhteydenottotapa: 'Puhelin', INSURANCE_CAMPAIGN: 'false' },
    });
  });

  it('repair with insurance: the insurance repair with the campaign value; the plain repair leaves with quantity 999', () => {
    const insured = { ...repair, hasInsurance: true, insuranceCompany: 'Fennia' as const };
    const plan = windshieldCartPlan('REPAIR', insured, replacement, PRODUCTS, [line('windshieldRepair', 2)]);
    expect(plan?.remove).toEqual([{ productId: 'windshieldRepair', provider: 'PROAUTOLASI', amount: 999 }]);
    expect(plan?.add).toMatchObject({ productId: 'windshieldInsuranceRepair', parameters: { Vakuutusyhtiö: 'Fennia', INSURANCE_CAMPAIGN: 'true' } });
  });

  it('replacement: repairs leave with quantity 999 and the change comes with quantity 1', () => {
    const plan = windshieldCartPlan('REPLACEMENT', repair, replacement, PRODUCTS, [line('windshieldInsuranceRepair', 3)]);
    expect(plan?.remove).toEqual([{ productId: 'windshieldInsuranceRepair', provider: 'PROAUTOLASI', amount: 999 }]);
    expect(plan?.add).toMatchObject({ productId: 'windshieldChange', amount: 1, parameters: { Sadetunnistin: 'Ei', Kamerajärjestelmä: 'Kyllä' } });
  });

  it('changes nothing when the cart already holds the wanted line', () => {
    const first = windshieldCartPlan('REPLACEMENT', repair, replacement, PRODUCTS, [])!;
    expect(windshieldCartPlan('REPLACEMENT', repair, replacement, PRODUCTS, [line('windshieldChange', 1, first.add!.parameters)])).toBeNull();
  });
});
