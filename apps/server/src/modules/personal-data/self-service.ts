/**
 * A loyalty member's own data (GDPR art. 15 and 17): getUserData answers everything held
 * about the logged-in account as one document, deleteUser deletes the account after the
 * password is given again. The bookings stay (they are the workshop's) without the link.
 */
import type { PersonalDataExport } from '@huolto/domain';
import type { Db } from '#src/db/database.ts';
import { DomainError } from '#src/lib/errors.ts';
import { verifyPassword } from '#src/lib/password.ts';
import { recordAudit } from '../audit/index.ts';
import { accountOfToken, deleteLoyaltyAccount } from '../loyalty/index.ts';
import { clearOutboxMessages } from './anonymise.ts';
import { loyaltyAccountDocument, loyaltyAccountRecords } from './export.ts';

/** deleteUser's answer to a wrong password: nothing changed. */
export const WRONG_PASSWORD_MESSAGE = 'Salasana on väärin. Tiliä ei poistettu.';

export async function userData(db: Db, token: string, now = new Date()): Promise<PersonalDataExport> {
  const account = await accountOfToken(db, token);
  return loyaltyAccountDocument(db, account.id, now);
}

/**
 * Deletes the logged-in account (its cars, vouchers, contracts, brands, logins, waiting
 * registrations) and clears the bodies of the messages sent to its address about no booking
 * (its registration codes), in one transaction with an audit row of counts (ACCOUNT_DELETED).
 * A wrong password is 400 naming password, and nothing changes.
 */
export async function deleteUser(db: Db, token: string, password: string): Promise<{ responseCode: 'SUCCESS' }> {
  const account = await accountOfToken(db, token);
  if (!(await verifyPassword(password, account.password_hash))) {
    throw new DomainError(400, 'WRONG_PASSWORD', WRONG_PASSWORD_MESSAGE, [{ path: 'password', message: WRONG_PASSWORD_MESSAGE }]);
  }
  await db.transaction().execute(async (trx) => {
    const records = await loyaltyAccountRecords(trx, account.id);
    const ownMessages = records.messages.filter((m) => m.booking_id === null).map((m) => m.id);
    const messages = await clearOutboxMessages(trx, ownMessages);
    const linked = records.bookings.filter((b) => b.loyalty_account_id === account.id).length;
    const details = records.loyaltyAccounts.length;
    await deleteLoyaltyAccount(trx, account.id);
    await recordAudit(trx, {
      staffUserId: null,
      entity: 'PERSONAL_DATA',
      entityId: null,
      action: 'ACCOUNT_DELETED',
      after: { loyaltyAccounts: details, bookingsUnlinked: linked, messages },
    });
  });
  return { responseCode: 'SUCCESS' };
}
