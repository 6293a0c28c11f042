/**
 * The preview of the services step (GET /catalogue/preview): what a customer whose plate
 * and mileage these are would be offered at the office today. It is answered by the
 * customer's own catalogue code (modules/catalogue serviceGroupsFor, with the lists the
 * services step shows) for a booking that has just looked the car up and chosen the
 * office, with nothing in its cart and no service code, read from the database as it is
 * now (a change just saved shows).
 */
import type { CartProductItem, CataloguePreview, CatalogueStage, ProcessType, ServiceGroupKind, ServicesStage } from '@huolto/domain';
import type { Executor } from '#src/db/database.ts';
import { ValidationError, badRequest } from '#src/lib/errors.ts';
import { SERVICE_LISTS, offeredProducts, orderItemsOf, pricedCart, serviceGroupsFor, totalDurationMinutes } from '../catalogue/index.ts';
import { workKindsOfLines } from '../time/index.ts';
import { findOrganization } from '../organizations/index.ts';
import { unsavedProcess, type ProcessRow, type ProcessVehicle } from '../process/index.ts';
import type { VehicleSource } from '../vehicle/index.ts';
import { makeIdByName } from './repository.ts';

/**
 * The lists of the services step of each process, in the order it shows them: maintenance's
 * services, additional services and campaigns; the tire change's tire services. The other
 * processes choose tires or windshield work, not services of the catalogue.
 */
const SERVICES_STEP: Record<ProcessType, readonly Parameters<typeof serviceGroupsFor>[2][]> = {
  MAINTENANCE: [SERVICE_LISTS.services, SERVICE_LISTS.additional, SERVICE_LISTS.extra.FIXED_CAMPAIGN_SERVICES],
  TIRE_CHANGE: [SERVICE_LISTS.extra.TIRE_SERVICES],
  TIRE_SALES: [],
  WINDSHIELD: [],
};

/** What a preview is asked for: the plate and mileage at an office, for a process (maintenance by default). */
export interface PreviewQuery {
  registerNumber: string;
  officeId: number;
  kilometers?: number | null | undefined;
  processType?: ProcessType | undefined;
  /**
   * The car as described when the register does not know the plate (the front desk types
   * it as the customer's set-vehicle does): make and model, a passenger car.
   */
  described?: { make: string; model: string } | undefined;
}

/**
 * GET /catalogue/preview and the front desk's catalogue: the plate looked up in the
 * booking's register (`vehicles`, the app's VehicleSource). 400 naming officeId for an
 * unknown or inactive office; a plate the register does not know previews the car as
 * described, or a car not described.
 */
export async function cataloguePreview(db: Executor, vehicles: VehicleSource, query: PreviewQuery): Promise<CataloguePreview> {
  return (await previewOf(db, vehicles, query)).preview;
}

/** The preview with the booking it was read for (the car as found or described, at the office, an empty cart). */
async function previewOf(db: Executor, vehicles: VehicleSource, query: PreviewQuery): Promise<{ preview: CataloguePreview; session: ProcessRow }> {
  if (!(await findOrganization(db, query.officeId))) throw badRequest('officeId', 'Toimipistettä ei löytynyt');
  const found = await vehicles.findByRegisterNumber(query.registerNumber);
  const described = found ? undefined : query.described;
  const vehicle: ProcessVehicle | null = found
    ? {
        register_number: query.registerNumber,
        make: found.make,
        make_id: found.makeId ?? (await makeIdByName(db, found.make)) ?? null,
        model: found.model,
        model_year: found.modelYear,
        classification: { id: found.classification },
        tires: found.tires,
        registered: true,
      }
    : described
      ? {
          register_number: query.registerNumber,
          make: described.make,
          make_id: (await makeIdByName(db, described.make)) ?? null,
          model: described.model,
          model_year: null,
          classification: { id: 1 },
          tires: null,
          registered: false,
        }
      : null;
  const session = unsavedProcess({ processType: query.processType ?? 'MAINTENANCE', officeId: query.officeId, vehicle, kilometers: query.kilometers ?? null });
  const groups: CataloguePreview['groups'] = [];
  for (const list of SERVICES_STEP[query.processType ?? 'MAINTENANCE']) {
    for (const g of await serviceGroupsFor(db, session, list)) {
      groups.push({
        title: g.title,
        stage: list.stage as CatalogueStage,
        kind: list.kind as ServiceGroupKind,
        services: g.suggestions.map((s) => ({
          code: s.product.id,
          name: s.description,
          priceCents: s.price,
          normalPriceCents: s.normal_price,
          durationMinutes: s.duration_minutes,
        })),
      });
    }
  }
  const preview = {
    vehicle: {
      registerNumber: query.registerNumber,
      make: found?.make ?? described?.make ?? null,
      model: found?.model ?? described?.model ?? null,
      found: !!found,
    },
    groups,
  };
  return { preview, session };
}

/** What the items of a desk booking are as the customer's cart would have them. */
export interface PreviewWork {
  preview: CataloguePreview;
  /** The stage of the cart each item goes to: the stage of the list that offers it. */
  stages: Map<string, ServicesStage>;
  /** The work's length (the cart's rule: rounded up to half hours) and price in cents. */
  minutes: number;
  totalCents: number;
  /** The kinds of work the items need of a resource. */
  kinds: string[];
}

/**
 * The items of a booking the desk makes, on the preview of the car at the office: each must
 * be one the preview offers or a tire the process's cart offers in its tire stage (400
 * naming `items` otherwise), and their length, price and
 * kinds of work are the customer's cart's (pricedCart, totalDurationMinutes).
 */
export async function previewWork(
  db: Executor,
  vehicles: VehicleSource,
  query: PreviewQuery,
  items: readonly CartProductItem[],
): Promise<PreviewWork> {
  const { preview, session } = await previewOf(db, vehicles, query);
  const offered = new Map(preview.groups.flatMap((g) => g.services.map((s) => [s.code, g.stage as ServicesStage] as const)));
  // Tires go to the tire stage, where the customer's cart offers them (the tire sale's tires).
  const others = items.map((i) => i.productId).filter((id) => !offered.has(id));
  for (const [id, o] of await offeredProducts(db, session, 'TIRE_SERVICES', others)) if (o.kind === 'TIRE') offered.set(id, 'TIRE_SERVICES');
  const stages = new Map<string, ServicesStage>();
  items.forEach((item, i) => {
    const stage = offered.get(item.productId);
    if (!stage) throw new ValidationError([{ path: `items.${i}.productId`, message: 'Palvelua ei voi varata tälle autolle tässä toimipisteessä' }]);
    stages.set(item.productId, stage);
  });
  const cart = items.map((item) => ({
    productId: item.productId,
    provider: item.provider,
    amount: item.amount,
    stage: stages.get(item.productId)!,
    parameters: item.parameters,
    calculatorId: item.calculatorId ?? null,
  }));
  const lines = await pricedCart(db, { ...session, cart });
  return {
    preview,
    stages,
    minutes: totalDurationMinutes(lines, false),
    totalCents: orderItemsOf(lines).reduce((sum, l) => sum + l.price, 0),
    kinds: workKindsOfLines(lines),
  };
}
