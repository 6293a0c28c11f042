import { describe, expect, it } from 'vitest';
import { companyDetailsBody, officeBody } from './staff-setup.ts';
import { capitalized, loyaltyAccountName } from './loyalty-name.ts';

const office = {
  code: 'HKI1',
  name: 'Helsinki',
  address: 'Testitie 1',
  postCode: '00100',
  postOffice: 'Helsinki',
  processes: ['MAINTENANCE'],
};

const company = {
  name: 'Yritys',
  bookingPhone: '',
  frontPageUrl: 'https://www.example.fi/',
  damageInspectionUrl: '',
  phoneBookingUrl: '',
  privacyUrl: '',
  mailSenderName: 'Yritys ajanvaraus',
  serviceBreak: null,
};

const refusedPaths = (result: { success: boolean; error?: { issues: { path: PropertyKey[] }[] } }) =>
  result.success ? [] : result.error!.issues.map((i) => i.path.join('.'));

describe("an office's customer notice", () => {
  it('refuses what PostgreSQL cannot store (NUL, a lone surrogate), naming the field', () => {
    for (const customerNotice of ['\u0000', 'a\u0000b', '\ud800', 'x\udfffy']) {
      expect(refusedPaths(officeBody.safeParse({ ...office, customerNotice }))).toEqual(['customerNotice']);
    }
  });

  it('keeps its lines and drops other control characters', () => {
    const parsed = officeBody.parse({ ...office, customerNotice: 'Sisäänkäynti\r\ntakapihalta\u0007\u202e' });
    expect(parsed.customerNotice).toBe('Sisäänkäynti\ntakapihalta');
    expect(officeBody.parse(office).customerNotice).toBe('');
  });
});

describe("the company's addresses", () => {
  it('refuses an address PostgreSQL cannot store, naming the field', () => {
    expect(refusedPaths(companyDetailsBody.safeParse({ ...company, frontPageUrl: 'https://a\u0000b' }))).toEqual(['frontPageUrl']);
    expect(refusedPaths(companyDetailsBody.safeParse({ ...company, privacyUrl: 'https://a\ud800b' }))).toEqual(['privacyUrl']);
    expect(companyDetailsBody.safeParse(company).success).toBe(true);
  });
});

describe("the company's loyalty switch", () => {
  it('is optional (left out, the stored switch stays) and refuses what is not true or false, naming the field', () => {
    expect(companyDetailsBody.parse(company).loyalty).toBeUndefined();
    expect(companyDetailsBody.parse({ ...company, loyalty: false }).loyalty).toBe(false);
    expect(companyDetailsBody.parse({ ...company, loyalty: true }).loyalty).toBe(true);
    for (const loyalty of ['true', 1, null]) expect(refusedPaths(companyDetailsBody.safeParse({ ...company, loyalty }))).toEqual(['loyalty']);
  });
});

describe("the loyalty programme's name", () => {
  it('is optional (left out, the stored name stays), trimmed, at most 60 characters, refused naming the field', () => {
    expect(companyDetailsBody.parse(company).loyaltyName).toBeUndefined();
    expect(companyDetailsBody.parse({ ...company, loyaltyName: '  Virtasen Etu ' }).loyaltyName).toBe('Virtasen Etu');
    expect(companyDetailsBody.parse({ ...company, loyaltyName: '' }).loyaltyName).toBe('');
    expect(companyDetailsBody.parse({ ...company, loyaltyName: 'x'.repeat(60) }).loyaltyName).toHaveLength(60);
    for (const loyaltyName of ['x'.repeat(61), 42, null]) expect(refusedPaths(companyDetailsBody.safeParse({ ...company, loyaltyName }))).toEqual(['loyaltyName']);
  });

  it("names the account, neutral without a name", () => {
    expect([loyaltyAccountName('OmaLaakkonen'), loyaltyAccountName('Klubi Plus'), loyaltyAccountName('')]).toEqual([
      'OmaLaakkonen-tili',
      'Klubi Plus -tili',
      'kanta-asiakastili',
    ]);
    expect(capitalized(loyaltyAccountName(null))).toBe('Kanta-asiakastili');
  });
});
