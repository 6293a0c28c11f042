import { sql, type Selectable, type Transaction } from 'kysely';
import { PROCESS_TTL_MINUTES } from '@huolto/domain';
import type { Db } from '../../db/database.ts';
import type { Database } from '../../db/types.ts';

export type ProcessRow = Selectable<Database['process']>;
export type Executor = Db | Transaction<Database>;

/** A line in the cart of a process. */
export interface CartLine {
  productId: string;
  provider: string;
  amount: number;
  stage: string;
  description?: string | undefined;
  parameters?: Record<string, string> | undefined;
  calculatorId?: string | null | undefined;
}

/** The vehicle of a process, as stored. */
export interface ProcessVehicle {
  register_number: string;
  make: string;
  make_id: number | null;
  model: string;
  model_year: number | null;
  classification: { id: number };
  tires: unknown;
  /** true when found in the register, false when typed in by the customer. */
  registered: boolean;
}

export async function createProcess(
  db: Executor,
  values: {
    token: string;
    processType: string;
    installationType: string;
    organizationId: number | null;
    /** The one-way key of the client's address (modules/time/fair-share.ts). */
    clientKey?: string | null;
  },
) {
  await db
    .insertInto('process')
    .values({
      token: values.token,
      process_type: values.processType,
      installation_type: values.installationType,
      organization_id: values.organizationId,
      client_key: values.clientKey ?? null,
      expires_at: sql<Date>`now() + make_interval(mins => ${PROCESS_TTL_MINUTES})`,
    })
    .execute();
}

/** A live process by its token; undefined when unknown or expired. */
export async function findLiveProcess(db: Executor, token: string, forUpdate = false) {
  let q = db.selectFrom('process').selectAll().where('token', '=', token).where('expires_at', '>', sql<Date>`now()`);
  if (forUpdate) q = q.forUpdate();
  return q.executeTakeFirst();
}

/** Records that the process took its first hold now; its holds end a fixed time after it. */
export async function markFirstHold(db: Executor, token: string) {
  await db
    .updateTable('process')
    .set({ first_hold_at: sql<Date>`coalesce(first_hold_at, now())` })
    .where('token', '=', token)
    .execute();
}

type ProcessPatch = Partial<{
  organization_id: number | null;
  vehicle: ProcessVehicle | null;
  kilometers: number | null;
  customer: unknown;
  symptoms: unknown;
  notes: string | null;
  service_code: string | null;
  service_contract: boolean;
  cart: CartLine[];
  product_parameters: unknown;
  customer_waiting: boolean;
  vehicle_left_for_day: boolean;
  extra_order_items: { id: string }[];
  campaign_code: string | null;
  loyalty_account_id: number | null;
  voucher_ids: string[];
  using_key_locker: boolean;
  lead_date: string | null;
  selected_resource_ids: number[];
  booking_id: number | string | null;
}>;

const JSON_COLUMNS = new Set(['vehicle', 'customer', 'symptoms', 'cart', 'product_parameters', 'extra_order_items', 'voucher_ids', 'selected_resource_ids']);

/** Applies a change to a process and extends its life. */
export async function updateProcess(db: Executor, token: string, patch: ProcessPatch) {
  const values: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(patch)) {
    if (v === undefined) continue;
    values[k] = JSON_COLUMNS.has(k) && v !== null ? JSON.stringify(v) : v;
  }
  await db
    .updateTable('process')
    .set({
      ...values,
      updated_at: sql<Date>`now()`,
      expires_at: sql<Date>`now() + make_interval(mins => ${PROCESS_TTL_MINUTES})`,
    })
    .where('token', '=', token)
    .execute();
}

export function cartOf(process: ProcessRow): CartLine[] {
  return (process.cart as CartLine[] | null) ?? [];
}

export function vehicleOf(process: ProcessRow): ProcessVehicle | null {
  return (process.vehicle as ProcessVehicle | null) ?? null;
}

/** The mechanics a process is limited to (customer-selected-resources); empty: anyone. */
export function selectedResourceIdsOf(process: ProcessRow): number[] {
  const ids = process.selected_resource_ids as unknown;
  return Array.isArray(ids) ? ids.filter((v): v is number => typeof v === 'number') : [];
}
