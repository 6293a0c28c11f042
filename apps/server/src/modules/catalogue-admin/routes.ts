import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  catalogueGroupBody,
  catalogueGroupOrderBody,
  catalogueGroupParams,
  catalogueGroupSchema,
  catalogueGroupsResponse,
  cataloguePreviewQuery,
  cataloguePreviewResponse,
  createServiceBody,
  serviceBody,
  serviceDetailsSchema,
  serviceListResponse,
  serviceParams,
  updateCatalogueGroupBody,
} from '@huolto/domain';
import type { Db } from '#src/db/database.ts';
import { callSchema } from '#src/openapi/route-schema.ts';
import { staffOf } from '../staff/index.ts';
import { databaseVehicleSource, type VehicleSource } from '../vehicle/index.ts';
import * as groups from './groups.ts';
import { cataloguePreview } from './preview.ts';
import * as services from './services.ts';

const tag = 'Staff API';
const audited = 'Every change is one transaction with an audit row.';
const shownAtOnce = 'Customers see the change at their next request (the catalogue version moves in the same transaction).';

/**
 * The catalogue's groups and services (admins change them, every staff member reads them)
 * and the preview of the services step. `vehicles`: the register the preview looks plates
 * up in (the booking's; the database's vehicle table by default).
 */
export function registerCatalogueAdminRoutes(scope: FastifyInstance, db: Db, deps: { vehicles?: VehicleSource } = {}) {
  const r = scope.withTypeProvider<ZodTypeProvider>();
  const admin = { config: { staffRole: 'ADMIN' as const } };
  const vehicles = deps.vehicles ?? databaseVehicleSource(db);

  // ---- Groups ----

  r.get(
    '/catalogue/groups',
    {
      schema: callSchema({
        tag,
        summary: "The service groups of the booking flow's three stages, by stage and order, each with its count of services (active or not).",
        responseSchema: catalogueGroupsResponse,
      }),
    },
    async () => groups.listGroups(db),
  );

  r.post(
    '/catalogue/groups',
    {
      ...admin,
      schema: callSchema({
        tag,
        summary: 'Adds a service group (admins only), last in its stage; its id is made from its title.',
        description: `${audited} A group without active services is not shown to customers.`,
        body: catalogueGroupBody,
        responseSchema: catalogueGroupSchema,
      }),
    },
    async (request) => groups.createGroupCall(db, request.body, staffOf(request).id),
  );

  // Registered before /:groupId so that 'order' is not read as an id.
  r.put(
    '/catalogue/groups/order',
    {
      ...admin,
      schema: callSchema({
        tag,
        summary: "Puts a stage's groups in the order customers see them (admins only): the list names each of them once.",
        description: `400 naming groupIds when a group is missing, twice, unknown or another stage's. Answers every group. ${audited} ${shownAtOnce}`,
        body: catalogueGroupOrderBody,
        responseSchema: catalogueGroupsResponse,
      }),
    },
    async (request) => groups.orderGroupsCall(db, request.body.stage, request.body.groupIds, staffOf(request).id),
  );

  r.put(
    '/catalogue/groups/:groupId',
    {
      ...admin,
      schema: callSchema({
        tag,
        summary: "Renames a service group and changes its kind (admins only); its stage stays.",
        description: `404 for an unknown group (the tire and windshield groups are not edited here). ${audited} ${shownAtOnce}`,
        params: catalogueGroupParams,
        body: updateCatalogueGroupBody,
        responseSchema: catalogueGroupSchema,
      }),
    },
    async (request) => groups.updateGroupCall(db, request.params.groupId, request.body, staffOf(request).id),
  );

  // ---- Services ----

  r.get(
    '/catalogue/services',
    {
      schema: callSchema({
        tag,
        summary: 'Every service of the three stages and the windshield products (kind WINDSHIELD), active or not, by stage, group and order (not the tires).',
        responseSchema: serviceListResponse,
      }),
    },
    async () => services.listServices(db),
  );

  r.get(
    '/catalogue/services/:code',
    {
      schema: callSchema({
        tag,
        summary: 'A service with every field the back-office edits: its operations with their spare parts, what it includes and the extras offered under it.',
        description: '404 for an unknown code.',
        params: serviceParams,
        responseSchema: serviceDetailsSchema,
      }),
    },
    async (request) => services.getService(db, request.params.code),
  );

  r.post(
    '/catalogue/services',
    {
      ...admin,
      schema: callSchema({
        tag,
        summary: 'Adds a service (admins only), last in its group.',
        description:
          '400 naming code when a product has it, groupId for an unknown group, workKind for an unknown or inactive kind, makeId for an unknown make, ' +
          `includes and extras for an unknown service or the service itself, imageIds for an unknown picture. ${audited} ${shownAtOnce}`,
        body: createServiceBody,
        responseSchema: serviceDetailsSchema,
      }),
    },
    async (request) => services.createServiceCall(db, request.body, staffOf(request).id),
  );

  r.put(
    '/catalogue/services/:code',
    {
      ...admin,
      schema: callSchema({
        tag,
        summary: 'Changes every field of a service (admins only): its operations and the extras under it are replaced by the given ones, in order.',
        description:
          '404 for an unknown code; 400 as for POST (a kind of work the service already has may be inactive). A windshield product keeps its group ' +
          'and takes no make, mileage, vehicle class, service code, includes or extras (400 naming each), nor active at 0 € without a normal price (priceCents). With active false the service leaves the ' +
          `customers' lists and carts; the bookings that have it keep it. A service moved to another group goes last there. ${audited} ${shownAtOnce}`,
        params: serviceParams,
        body: serviceBody,
        responseSchema: serviceDetailsSchema,
      }),
    },
    async (request) => services.updateServiceCall(db, request.params.code, request.body, staffOf(request).id),
  );

  // ---- Preview ----

  r.get(
    '/catalogue/preview',
    {
      schema: callSchema({
        tag,
        summary: "The services step as a customer with this plate (and mileage) would see it at the office today: its groups with their services and prices.",
        description:
          "The customer's own catalogue answers it, from the database as it is now. 400 naming officeId for an unknown or inactive office; a plate the register does not know previews a car not described (found false).",
        query: cataloguePreviewQuery,
        responseSchema: cataloguePreviewResponse,
      }),
    },
    async (request) => cataloguePreview(db, vehicles, request.query),
  );
}
