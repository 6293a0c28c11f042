import { randomInt } from 'node:crypto';
import {
  DEFAULT_MINIMUM_PRICE_FOR_CREDIT_CENTS,
  DEFAULT_TIRE_SALES_OFFICE_ID,
  makeReference,
  monthlyPayment,
  type CreditAmountResponse,
  type LoanYears,
} from '@huolto/domain';
import type { Db, Executor } from '#src/db/database.ts';
import { badRequest } from '#src/lib/errors.ts';
import { findBookingByKeyAndPlate } from '../manage/index.ts';
import { defaultTireSalesOfficeId, findOrganization } from '../organizations/index.ts';
import { findSettingValue } from './repository.ts';

/** Setting key of the smallest price for credit, in cents. */
export const MINIMUM_PRICE_SETTING = 'minimumPriceForCredit';

/** The smallest price the loan calculator is shown for, in cents (setting, else 2 000 €). */
export async function minimumPriceForCredit(db: Executor): Promise<number> {
  const value = await findSettingValue(db, MINIMUM_PRICE_SETTING);
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 ? value : DEFAULT_MINIMUM_PRICE_FOR_CREDIT_CENTS;
}

/** The loan calculator's answer for a price in cents over 1–6 years (requirements §9). */
export function creditAmount(priceCents: number, years: LoanYears): CreditAmountResponse {
  const payment = monthlyPayment(priceCents, years);
  const months = years * 12;
  return { years, monthlyPayment: payment, months, totalEuros: payment * months };
}

/**
 * The reference number of a saved booking: '1', the booking id in at least eight digits,
 * and the check digit; the same booking always gets the same reference and no two
 * bookings share one.
 */
export function bookingReference(bookingId: number | string): string {
  return makeReference(`1${String(bookingId).padStart(8, '0')}`);
}

/** A reference for a payment without a booking: '9' and eight random digits, and the check digit. */
export function randomReference(): string {
  return makeReference(`9${String(randomInt(0, 100_000_000)).padStart(8, '0')}`);
}

/**
 * get-minimum-price-for-credit: the smallest price for credit at an office; 400 for an
 * unknown office. The default tire-sales office's id (which the pages ask with) stands for
 * the default office while there is one.
 */
export async function minimumPriceForCreditAt(db: Executor, organizationId: number): Promise<{ minimumPrice: number }> {
  const known =
    (await findOrganization(db, organizationId)) ||
    (organizationId === DEFAULT_TIRE_SALES_OFFICE_ID && (await defaultTireSalesOfficeId(db)) !== undefined);
  if (!known) throw badRequest('organizationId', 'Tuntematon toimipiste');
  return { minimumPrice: await minimumPriceForCredit(db) };
}

/**
 * billing-reference: the reference of the booking with this key and plate, or a random
 * one without a key. One query and one answer whichever of the key and the plate is wrong.
 */
export async function billingReference(
  db: Db,
  body: { bookingKey?: string | null | undefined; registerNumber?: string | null | undefined },
): Promise<{ reference: string }> {
  if (!body.bookingKey) return { reference: randomReference() };
  const booking = await findBookingByKeyAndPlate(db, body.bookingKey, body.registerNumber!);
  if (!booking) throw badRequest('bookingKey', 'Tuntematon varaustunnus tai rekisterinumero');
  return { reference: bookingReference(booking.id) };
}
