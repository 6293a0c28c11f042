import { sql, type Selectable } from 'kysely';
import { PROCESS_TTL_MINUTES, bookingSchema, type BookingVehicle } from '@huolto/domain';
import { z } from 'zod';
import type { Executor } from '#src/db/database.ts';
import type { Database } from '#src/db/types.ts';
import { versionColumns, versionsOf, type VersionColumns, type Versions } from '#src/db/versions.ts';
import { storedJson } from './stored-json.ts';
import type { HeldTime } from '../holds/index.ts';

export type ProcessRow = Selectable<Database['process']>;

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
  /** The tire sizes of a registered car (vehicle.tires); null when unknown. */
  tires?: BookingVehicle['tires'] | undefined;
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
    /** The one-way key of the client's address (lib/client-key.ts). */
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

/** What every route with a session starts from, read in one statement. */
export interface LiveSession {
  process: ProcessRow;
  /** Its live hold or booked time (the newest), as findHeldTime reads it. */
  held: HeldTime | undefined;
  /** The cache versions at the read (db/versions.ts). */
  versions: Versions;
}

/**
 * A live process with its held time and the cache versions (the catalogue's and its own
 * office's), in one statement; undefined when the token is unknown or expired.
 */
export async function findLiveSession(db: Executor, token: string): Promise<LiveSession | undefined> {
  type Row = ProcessRow &
    VersionColumns & {
      held_start: Date | null;
      held_end: Date | null;
      held_kind: 'HOLD' | 'BOOKED' | null;
      held_expires_at: Date | null;
      held_resource_id: number | null;
    };
  const res = await sql<Row>`
    SELECT p.*, h.start AS held_start, h."end" AS held_end, h.kind AS held_kind,
           h.expires_at AS held_expires_at, h.resource_id AS held_resource_id, ${versionColumns(sql`p.organization_id`)}
    FROM process p
    LEFT JOIN LATERAL (
      SELECT lower(rt.during) AS start, upper(rt.during) AS "end", rt.kind, rt.expires_at, rt.resource_id
      FROM resource_time rt
      WHERE rt.process_token = p.token AND (rt.kind = 'BOOKED' OR rt.expires_at > now())
      ORDER BY rt.id DESC LIMIT 1
    ) h ON true
    WHERE p.token = ${token} AND p.expires_at > now()`.execute(db);
  const row = res.rows[0];
  if (!row) return undefined;
  const { held_start, held_end, held_kind, held_expires_at, held_resource_id, catalogue_version, office_versions, db_now, ...session } = row;
  return {
    process: session as ProcessRow,
    held:
      held_start && held_end && held_kind && held_resource_id !== null
        ? {
            start: new Date(held_start),
            end: new Date(held_end),
            kind: held_kind,
            expires_at: held_expires_at && new Date(held_expires_at),
            resource_id: held_resource_id,
          }
        : undefined,
    versions: versionsOf({ catalogue_version, office_versions, db_now }),
  };
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

// The jsonb columns of a process as this module writes them (updateProcess); each is
// checked when read, through the accessors below.
const cartSchema = z
  .array(
    z.looseObject({
      productId: z.string(),
      provider: z.string(),
      amount: z.number(),
      stage: z.string(),
      description: z.string().optional(),
      parameters: z.record(z.string(), z.string()).optional(),
      calculatorId: z.string().nullable().optional(),
    }),
  )
  .nullable();
const bookingShape = bookingSchema.shape;
const vehicleSchema = z
  .looseObject({
    register_number: z.string(),
    make: z.string(),
    make_id: z.number().nullable(),
    model: z.string(),
    model_year: z.number().nullable(),
    classification: z.looseObject({ id: z.number() }),
    tires: bookingShape.vehicle.unwrap().shape.tires.optional(),
    registered: z.boolean(),
  })
  .nullable();
/** The customer as stored: one booked at the front desk may have given no e-mail address (nor a first name). */
const customerSchema = bookingShape.customer.unwrap().extend({ first_name: z.string(), email: z.string() }).nullable();
const symptomsSchema = bookingShape.symptoms.nullable();
const productParametersSchema = bookingShape.product_parameters.nullable();
const extraOrderItemsSchema = z.array(z.looseObject({ id: z.string() })).nullable();
const voucherIdsSchema = z.array(z.string()).nullable();

export function cartOf(session: ProcessRow): CartLine[] {
  return storedJson(cartSchema, session.cart, 'process.cart') ?? [];
}

export function vehicleOf(session: ProcessRow): ProcessVehicle | null {
  return storedJson(vehicleSchema, session.vehicle, 'process.vehicle') ?? null;
}

/** The customer of a process (customer/v2), or null before it is given. */
export function customerOf(session: ProcessRow) {
  return storedJson(customerSchema, session.customer, 'process.customer');
}

/** The symptoms of a process (symptoms), in order. */
export function symptomsOf(session: ProcessRow): { id: number; description: string }[] {
  return storedJson(symptomsSchema, session.symptoms, 'process.symptoms') ?? [];
}

/** A product parameter a process chose (product-parameter). */
export interface ProductParameterChoice {
  parameterCode: string;
  selectedValue: string;
}

/** The product parameters a process chose, in the order they were set. */
export function productParameterChoicesOf(session: ProcessRow): ProductParameterChoice[] {
  return storedJson(productParametersSchema, session.product_parameters, 'process.product_parameters') ?? [];
}

/** The ids of the extra order items a process chose. */
export function extraOrderItemIdsOf(session: ProcessRow): string[] {
  return (storedJson(extraOrderItemsSchema, session.extra_order_items, 'process.extra_order_items') ?? []).map((i) => i.id);
}

/** The loyalty vouchers applied to a process's booking. */
export function voucherIdsOf(session: ProcessRow): string[] {
  return storedJson(voucherIdsSchema, session.voucher_ids, 'process.voucher_ids') ?? [];
}

/** The mechanics a process is limited to (customer-selected-resources); empty: anyone. */
export function selectedResourceIdsOf(session: ProcessRow): number[] {
  const ids = session.selected_resource_ids as unknown;
  return Array.isArray(ids) ? ids.filter((v): v is number => typeof v === 'number') : [];
}
