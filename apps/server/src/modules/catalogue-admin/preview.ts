/**
 * The preview of the services step (GET /catalogue/preview): what a customer whose plate
 * and mileage these are would be offered at the office today. It is answered by the
 * customer's own catalogue code (modules/catalogue serviceGroupsFor, with the lists the
 * services step shows) for a booking that has just looked the car up and chosen the
 * office, with nothing in its cart and no service code, read from the database as it is
 * now (a change just saved shows).
 */
import type { CataloguePreview, CatalogueStage, ServiceGroupKind } from '@huolto/domain';
import { INSTALLATION_TYPE } from '@huolto/domain';
import type { Executor } from '#src/db/database.ts';
import { badRequest } from '#src/lib/errors.ts';
import { SERVICE_LISTS, serviceGroupsFor } from '../catalogue/index.ts';
import { findOrganization } from '../organizations/index.ts';
import type { ProcessRow, ProcessVehicle } from '../process/index.ts';
import type { VehicleSource } from '../vehicle/index.ts';
import { makeIdByName } from './repository.ts';

/** The lists of the services step, in the order it shows them: the services, the additional services, the campaigns. */
const SERVICES_STEP = [SERVICE_LISTS.services, SERVICE_LISTS.additional, SERVICE_LISTS.extra.FIXED_CAMPAIGN_SERVICES] as const;

/** A booking at the services step with the car and the office chosen and an empty cart, as the catalogue reads it. */
function previewProcess(vehicle: ProcessVehicle | null, officeId: number, kilometers: number | null): ProcessRow {
  const now = new Date();
  return {
    token: '',
    process_type: 'MAINTENANCE',
    installation_type: INSTALLATION_TYPE,
    organization_id: officeId,
    vehicle,
    kilometers,
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
  };
}

/**
 * GET /catalogue/preview: the plate looked up in the booking's register (`vehicles`, the
 * app's VehicleSource). 400 naming officeId for an unknown or inactive office; a plate the
 * register does not know previews a car not described.
 */
export async function cataloguePreview(
  db: Executor,
  vehicles: VehicleSource,
  query: { registerNumber: string; officeId: number; kilometers?: number | undefined },
): Promise<CataloguePreview> {
  if (!(await findOrganization(db, query.officeId))) throw badRequest('officeId', 'Toimipistettä ei löytynyt');
  const found = await vehicles.findByRegisterNumber(query.registerNumber);
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
    : null;
  const session = previewProcess(vehicle, query.officeId, query.kilometers ?? null);
  const groups: CataloguePreview['groups'] = [];
  for (const list of SERVICES_STEP) {
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
  return {
    vehicle: { registerNumber: query.registerNumber, make: found?.make ?? null, model: found?.model ?? null, found: !!found },
    groups,
  };
}
