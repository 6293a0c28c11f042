import { describe, expect, it } from 'vitest';
import {
  INSURANCE_COMPANIES,
  glueDryingHandover,
  repairFormSchema,
  repairParameters,
  replacementFormSchema,
  replacementParameters,
  unitPriceWithChoices,
} from './index.ts';

const issues = (r: { success: boolean; error?: { issues: { path: PropertyKey[] }[] } }) =>
  r.success ? [] : r.error!.issues.map((i) => i.path.join('.'));

describe('windshield repair form', () => {
  const ok = { amount: 2, hasInsurance: false, insuranceCompany: null, contactMethod: 'PHONE' as const };

  it('needs the amount and the contact method', () => {
    expect(repairFormSchema.safeParse(ok).success).toBe(true);
    expect(issues(repairFormSchema.safeParse({ ...ok, amount: null }))).toEqual(['amount']);
    expect(issues(repairFormSchema.safeParse({ ...ok, amount: 0 }))).toEqual(['amount']);
    expect(issues(repairFormSchema.safeParse({ ...ok, contactMethod: null }))).toEqual(['contactMethod']);
    expect(issues(repairFormSchema.safeParse({ ...ok, contactMethod: 'FAX' }))).toEqual(['contactMethod']);
  });

  it('needs the insurer only with insurance, and one of the nine', () => {
    expect(issues(repairFormSchema.safeParse({ ...ok, hasInsurance: true }))).toEqual(['insuranceCompany']);
    expect(repairFormSchema.safeParse({ ...ok, hasInsurance: true, insuranceCompany: 'Fennia' }).success).toBe(true);
    expect(issues(repairFormSchema.safeParse({ ...ok, hasInsurance: true, insuranceCompany: 'Acme' }))).toEqual(['insuranceCompany']);
    expect(INSURANCE_COMPANIES).toHaveLength(9);
  });

  it('writes the answers as Finnish parameters', () => {
    expect(repairParameters({ ...ok, hasInsurance: true, insuranceCompany: 'Turva' })).toEqual({
      'Korjattavia kohtia': '2',
      Vakuutus: 'Kyllä',
      Vakuutusyhtiö: 'Turva',
      Yhteydenottotapa: 'Puhelin',
    });
  });
});

describe('windshield replacement form', () => {
  const ok = {
    hasInsurance: false,
    insuranceCompany: null,
    claimCode: null,
    noClaimCode: false,
    deductibleAmount: null,
    unknownDeductibleAmount: false,
    rainDetector: 'YES' as const,
    cameraSystem: 'DONT_KNOW' as const,
    contactMethod: 'EMAIL' as const,
  };

  it('needs rain detector, camera system and contact method', () => {
    expect(replacementFormSchema.safeParse(ok).success).toBe(true);
    expect(issues(replacementFormSchema.safeParse({ ...ok, rainDetector: null, cameraSystem: 'MAYBE', contactMethod: null }))).toEqual([
      'rainDetector',
      'cameraSystem',
      'contactMethod',
    ]);
  });

  it('with insurance: insurer, claim code unless none, deductible unless unknown', () => {
    const insured = { ...ok, hasInsurance: true };
    expect(issues(replacementFormSchema.safeParse(insured))).toEqual(['insuranceCompany', 'claimCode', 'deductibleAmount']);
    const full = { ...insured, insuranceCompany: 'If Vahinkovakuutus' as const, claimCode: 'VA-123', deductibleAmount: 150 };
    expect(replacementFormSchema.safeParse(full).success).toBe(true);
    expect(replacementFormSchema.safeParse({ ...full, claimCode: null, noClaimCode: true }).success).toBe(true);
    expect(issues(replacementFormSchema.safeParse({ ...full, claimCode: '  ' }))).toEqual(['claimCode']);
    expect(replacementFormSchema.safeParse({ ...full, deductibleAmount: null, unknownDeductibleAmount: true }).success).toBe(true);
    expect(issues(replacementFormSchema.safeParse({ ...full, deductibleAmount: -1 }))).toEqual(['deductibleAmount']);
    expect(replacementParameters({ ...full, noClaimCode: true, claimCode: null, unknownDeductibleAmount: true, deductibleAmount: null })).toEqual({
      Vakuutus: 'Kyllä',
      Vakuutusyhtiö: 'If Vahinkovakuutus',
      Vahinkonumero: 'Ei vahinkonumeroa',
      'Omavastuu (€)': 'Ei tiedossa',
      Sadetunnistin: 'Kyllä',
      Kamerajärjestelmä: 'En tiedä',
      Yhteydenottotapa: 'Sähköposti',
    });
  });
});

describe('glue drying notice', () => {
  it('a slot ending before 12:00 hands the car over after 15:00 the same day', () => {
    expect(glueDryingHandover('2026-11-24T11:59:00')).toMatchObject({ sameDay: true, date: '2026-11-24' });
    expect(glueDryingHandover('2026-11-24T11:59:00').text).toContain('samana päivänä klo 15.00 jälkeen');
  });

  it('at 12:00 or later, the next day, named', () => {
    const at12 = glueDryingHandover('2026-11-24T12:00:00');
    expect(at12).toMatchObject({ sameDay: false, date: '2026-11-25' });
    expect(at12.text).toContain('seuraavana päivänä, ke 25.11.');
    // Friday afternoon: the next day the workshop is open is Monday.
    expect(glueDryingHandover('2026-11-27T14:00:00')).toMatchObject({ sameDay: false, date: '2026-11-30' });
    // Before Independence Day (Sunday 6.12.2026) and a weekend: Monday 7.12.
    expect(glueDryingHandover('2026-12-04T15:00:00').date).toBe('2026-12-07');
  });
});

describe('unit price with CHOICE parameters', () => {
  const choice = {
    parameterCode: 'INSURANCE_CAMPAIGN',
    type: 'CHOICE' as const,
    values: [
      { value: 'true', description: 'Vakuutusyhtiön kampanja', campaign: true },
      { value: 'false', description: 'Normaalihinta', campaign: false },
    ],
  };
  const insuranceRepair = { price: 0, normal_price: 6900, productParameters: [choice] };

  it('is the campaign price only when a campaign value is chosen', () => {
    expect(unitPriceWithChoices(insuranceRepair, { INSURANCE_CAMPAIGN: 'true' })).toBe(0);
    expect(unitPriceWithChoices(insuranceRepair, { INSURANCE_CAMPAIGN: 'false' })).toBe(6900);
    expect(unitPriceWithChoices(insuranceRepair, {})).toBe(6900);
    expect(unitPriceWithChoices(insuranceRepair, undefined)).toBe(6900);
  });

  it('is the price of a product without a normal price or without campaign parameters', () => {
    expect(unitPriceWithChoices({ price: 6900, normal_price: null, productParameters: [choice] }, { INSURANCE_CAMPAIGN: 'false' })).toBe(6900);
    expect(unitPriceWithChoices({ price: 39000, normal_price: 45000, productParameters: [] }, undefined)).toBe(39000);
  });
});
