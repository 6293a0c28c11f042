/**
 * Seed of the redirect settings (requirements §4), damage-inspection offices, office info texts
 * and the settings of the loan calculator and the service lane.
 */
import type { Transaction } from 'kysely';
import { DEFAULT_MINIMUM_PRICE_FOR_CREDIT_CENTS, addDays } from '@huolto/domain';
import type { Database } from '../src/db/types.ts';
import { extended } from '../src/lib/extra-tables.ts';
import { MAKE } from './catalog.ts';

const message = (brand: string, genitive: string) =>
  `${brand}-huollot varataan ${genitive} omassa ajanvarauksessa. Siirrymme sinne 5 sekunnin kuluttua…`;

/** Makes that book maintenance on their own site; the addresses use the reserved .example domain. */
export const REDIRECT_SETTINGS = [
  { make_id: MAKE.BMW, redirect_url: 'https://bmw.example/huoltovaraus', redirect_message: message('BMW', 'BMW:n') },
  { make_id: MAKE.MINI, redirect_url: 'https://mini.example/huoltovaraus', redirect_message: message('MINI', 'MINIn') },
  { make_id: MAKE.KIA, redirect_url: 'https://kia.example/huoltovaraus', redirect_message: message('Kia', 'Kian') },
  {
    make_id: MAKE.MITSUBISHI,
    redirect_url: 'https://mitsubishi.example/huoltovaraus',
    redirect_message: message('Mitsubishi', 'Mitsubishin'),
  },
].map((r) => ({ ...r, redirect_delay: 5, process_types: ['MAINTENANCE'] }));

/** Helsinki Konala, Tampere, Turku and Oulu do damage inspections. */
export const DAMAGE_INSPECTION_OFFICE_IDS = [1, 4, 5, 9] as const;

export const KONALA_INFO_TEXT = 'Konalan toimipisteen sisäänkäynti on remontin ajan takapihalla.';
export const EXPIRED_INFO_TEXT = 'Konalan toimipiste on suljettu inventaarion vuoksi.';

export async function seedManagement(trx: Transaction<Database>, today: string) {
  const x = extended(trx);
  await x.insertInto('redirect_setting').values(REDIRECT_SETTINGS).execute();
  await x.updateTable('organization').set({ damage_inspection: true }).where('id', 'in', [...DAMAGE_INSPECTION_OFFICE_IDS]).execute();
  await x
    .insertInto('organization_info_text')
    .values([
      { organization_id: 1, text: KONALA_INFO_TEXT, valid_from: today, valid_to: addDays(today, 30) },
      { organization_id: 1, text: EXPIRED_INFO_TEXT, valid_from: addDays(today, -60), valid_to: addDays(today, -30) },
    ])
    .execute();
  await trx
    .insertInto('setting')
    .values([
      { key: 'minimumPriceForCredit', value: JSON.stringify(DEFAULT_MINIMUM_PRICE_FOR_CREDIT_CENTS) },
      { key: 'servicelane', value: JSON.stringify({ enabled: false, organizationIds: [], message: null }) },
    ])
    .execute();
}
