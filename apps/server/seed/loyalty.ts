/**
 * OmaLaakkonen demo accounts (listed in the README), their saved cars, vouchers and a
 * service contract, and the campaign codes.
 */
import type { Kysely, Transaction } from 'kysely';
import { addDays } from '@huolto/domain';
import type { Database } from '../src/db/types.ts';
import { hashPassword } from '../src/lib/password.ts';
import { MAKE } from './catalog.ts';

export const DEMO_ACCOUNT = { username: 'testi@example.com', password: 'Salasana123!' } as const;

/** The members' code: 10 % off the services of the order. */
export const CAMPAIGN_CODES: { code: string; description: string; percent_off: number; members_only: boolean }[] = [
  { code: 'OMALAAKKONEN', description: 'OmaLaakkonen-jäsenetu 10 %', percent_off: 10, members_only: true },
  { code: 'SYKSY2026', description: 'Syyskampanja 5 %', percent_off: 5, members_only: false },
];

function carSvg(label: string, color: string) {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="160" height="96" viewBox="0 0 160 96" role="img" aria-label="${label}"><rect width="160" height="96" rx="10" fill="#eef3f8"/><path d="M22 62 L34 40 Q38 34 46 34 L106 34 Q114 34 120 40 L136 56 Q142 58 142 64 L142 70 L18 70 L18 66 Q18 62 22 62 Z" fill="${color}"/><circle cx="46" cy="72" r="11" fill="#1a1a1a"/><circle cx="116" cy="72" r="11" fill="#1a1a1a"/><rect x="48" y="40" width="24" height="16" rx="3" fill="#dfe9f3"/><rect x="78" y="40" width="26" height="16" rx="3" fill="#dfe9f3"/></svg>`;
}

export async function seedLoyalty(trx: Transaction<Database> | Kysely<Database>, today: string) {
  await trx.insertInto('campaign_code').values(CAMPAIGN_CODES).execute();
  const [account] = await trx
    .insertInto('loyalty_account')
    .values({
      username: DEMO_ACCOUNT.username,
      password_hash: await hashPassword(DEMO_ACCOUNT.password),
      firstname: 'Testi',
      lastname: 'Asiakas',
      phone: '040 123 4567',
      email: DEMO_ACCOUNT.username,
      address: 'Ruosilantie 1',
      zip: '00390',
      city: 'Helsinki',
      confirmed: true,
    })
    .returning('id')
    .execute();
  const accountId = account!.id;
  await trx
    .insertInto('loyalty_account_brand')
    .values([
      { account_id: accountId, make_id: MAKE.VOLKSWAGEN },
      { account_id: accountId, make_id: MAKE.BMW },
    ])
    .execute();
  await trx
    .insertInto('media')
    .values([
      { id: 'car-ABC-123', content_type: 'image/svg+xml', data: new TextEncoder().encode(carSvg('Volkswagen Golf', '#1f5fa8')) },
      { id: 'car-BMW-123', content_type: 'image/svg+xml', data: new TextEncoder().encode(carSvg('BMW 320i', '#2b2b2b')) },
    ])
    .execute();
  await trx
    .insertInto('loyalty_vehicle')
    .values([
      { account_id: accountId, license: 'ABC-123', brand_name: 'Volkswagen', model_name: 'Golf', car_type_specified: 'Golf 1.5 TSI Style 5-ov. viistoperä', image_id: 'car-ABC-123' },
      { account_id: accountId, license: 'BMW-123', brand_name: 'BMW', model_name: '320i', car_type_specified: '320i Sedan M Sport', image_id: 'car-BMW-123' },
    ])
    .execute();
  await trx
    .insertInto('loyalty_voucher')
    .values([
      { id: 'ETU-20-HUOLTO', account_id: accountId, title: 'Huoltoetu 20 €', discount_cents: 2000, valid_from: addDays(today, -14), valid_to: addDays(today, 60) },
      { id: 'ETU-15-KESA', account_id: accountId, title: 'Kesäetu 15 €', discount_cents: 1500, valid_from: addDays(today, -120), valid_to: addDays(today, -30) },
    ])
    .execute();
  await trx
    .insertInto('loyalty_service_contract')
    .values({
      account_id: accountId,
      license: 'ABC-123',
      contract_type: 'SERVICE',
      description: 'Huoltosopimus: määräaikaishuollot 3 vuotta',
      valid_to: addDays(today, 400),
    })
    .execute();
}
