/**
 * A booking session that exists only in memory, for the catalogue's and the booking view's
 * rules to read as they read a customer's: the back-office's preview of the services step,
 * and a saved booking's contents changed by staff when the booking has no session left.
 */
import { INSTALLATION_TYPE, type ProcessType } from '@huolto/domain';
import type { ProcessRow, ProcessVehicle } from './repository.ts';

/**
 * A session at an office with a car (or none) and its kilometres, for a process type,
 * before any choice: empty cart, no customer, no time; `choices` set what differs.
 */
export function unsavedProcess(
  at: { processType: ProcessType | string; officeId: number; vehicle: ProcessVehicle | null; kilometers: number | null },
  choices: Partial<ProcessRow> = {},
): ProcessRow {
  const now = new Date();
  return {
    token: '',
    process_type: at.processType,
    installation_type: INSTALLATION_TYPE,
    organization_id: at.officeId,
    vehicle: at.vehicle,
    kilometers: at.kilometers,
    customer: null,
    symptoms: [],
    notes: null,
    service_code: null,
    service_contract: false,
    cart: [],
    product_parameters: [],
    customer_waiting: false,
    vehicle_left_for_day: false,
    extra_order_items: [],
    voucher_ids: [],
    selected_resource_ids: [],
    using_key_locker: false,
    booking_id: null,
    campaign_code: null,
    client_key: null,
    lead_date: null,
    loyalty_account_id: null,
    first_hold_at: null,
    created_at: now,
    updated_at: now,
    expires_at: now,
    ...choices,
  };
}
