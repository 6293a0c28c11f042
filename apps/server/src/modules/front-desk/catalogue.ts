/**
 * POST /offices/:officeId/desk/catalogue: what the desk may book for the car at the office,
 * the customer's services step as the catalogue preview reads it (same fit rules, same prices);
 * for TIRE_SALES also the tires the customer's tire search offers (searchTires: in stock, the
 * customer's prices and order) for the size given or the car's size in the register.
 */
import { defaultTireType, toHelsinki, type DeskCatalogue, type DeskTire, type DeskTireSize, type ProcessType, type TireType } from '@huolto/domain';
import type { Executor } from '#src/db/database.ts';
import { cataloguePreview } from '../catalogue-admin/index.ts';
import type { StaffPrincipal } from '../staff/index.ts';
import { listSuppliers, searchTires } from '../tires/index.ts';
import type { VehicleSource } from '../vehicle/index.ts';
import { deskOffice, previewQueryOf } from './office.ts';

/** The lowest load index the tire search takes (its minLoadIndex when the register gives none). */
const ANY_LOAD_INDEX = 70;

export interface DeskCatalogueRequest {
  processType: ProcessType;
  vehicle: { registerNumber: string; make?: string | undefined; model?: string | undefined; kilometers?: number | null | undefined };
  tireSize?: DeskTireSize | undefined;
  tireType?: TireType | undefined;
}

interface RegisteredTire {
  width: number;
  aspectRatio: number;
  rimDiameter: number;
  loadIndex: number;
}

/** The car's tire sizes in the register (front, then rear). */
function registeredTires(tires: unknown): RegisteredTire[] {
  const t = tires as { front?: RegisteredTire | null; rear?: RegisteredTire | null } | null | undefined;
  return [t?.front, t?.rear].filter((x): x is RegisteredTire => !!x);
}

export async function deskCatalogue(
  db: Executor,
  vehicles: VehicleSource,
  staff: StaffPrincipal,
  officeId: number,
  body: DeskCatalogueRequest,
  now = new Date(),
): Promise<DeskCatalogue> {
  await deskOffice(db, staff, officeId);
  const preview = await cataloguePreview(db, vehicles, previewQueryOf(officeId, body));
  if (body.processType !== 'TIRE_SALES') return preview;

  // The customer's tire search, from every supplier: the size given or the register's,
  // at least the register's load index for that size.
  const registered = registeredTires((await vehicles.findByRegisterNumber(body.vehicle.registerNumber))?.tires);
  const size = body.tireSize ?? registered[0] ?? null;
  const tireType = body.tireType ?? defaultTireType(Number(toHelsinki(now).date.slice(5, 7)));
  if (!size) return { ...preview, tireSize: null, tireType, tires: [] };
  const tireSize = { width: size.width, aspectRatio: size.aspectRatio, rimDiameter: size.rimDiameter };
  const sameSize = registered.filter((r) => r.width === size.width && r.aspectRatio === size.aspectRatio && r.rimDiameter === size.rimDiameter);
  const minLoadIndex = sameSize.length > 0 ? Math.max(...sameSize.map((r) => r.loadIndex)) : ANY_LOAD_INDEX;
  const suppliers = (await listSuppliers(db)).map((s) => s.id);
  const rows = suppliers.length === 0 ? [] : await searchTires(db, { ...tireSize, suppliers, minLoadIndex, tireType });
  const tires: DeskTire[] = rows.map((t) => ({
    productId: t.product_id,
    provider: t.provider,
    make: t.supplier,
    model: t.model,
    size: `${t.width}/${t.aspect_ratio}R${t.rim_diameter} ${t.load_index}${t.speed_index}`,
    tireType: t.tire_type as TireType,
    priceCents: t.price_cents,
    stock: t.stock,
  }));
  return { ...preview, tireSize, tireType, tires };
}
