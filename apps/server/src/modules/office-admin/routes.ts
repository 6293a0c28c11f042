import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  createWorkKindBody,
  deactivateOfficeResponse,
  infoTextBody,
  infoTextParams,
  infoTextSchema,
  infoTextsResponse,
  officeAdminListResponse,
  officeBody,
  officeDetailsSchema,
  resourceBody,
  resourceHasBookingsResponse,
  resourceOrderBody,
  resourceParams,
  staffOfficeParams,
  staffResourceDetailsSchema,
  staffResourcesResponse,
  updateInfoTextBody,
  updateResourceBody,
  updateWorkKindBody,
  workKindParams,
  workKindSchema,
  workKindsResponse,
} from '@huolto/domain';
import type { Db } from '#src/db/database.ts';
import { callSchema } from '#src/openapi/route-schema.ts';
import { assertOffice, staffOf } from '../staff/index.ts';
import * as infoTexts from './info-texts.ts';
import * as offices from './offices.ts';
import * as resources from './resources.ts';
import * as kinds from './work-kinds.ts';

const tag = 'Staff API';
const atOnce = "Customers' lists and free times follow at once (the catalogue and availability versions move in the same transaction).";
const shownAtOnce = 'Customers see the change at once (the catalogue version moves in the same transaction).';
const audited = 'Every change writes an audit row in the same transaction.';

/** The set-up of offices, their resources and the kinds of work (admins, and an office's own users for its details and resources). */
export function registerOfficeAdminRoutes(scope: FastifyInstance, db: Db) {
  const r = scope.withTypeProvider<ZodTypeProvider>();
  const admin = { config: { staffRole: 'ADMIN' as const } };

  // ---- Offices ----

  r.get(
    '/office-admin',
    {
      ...admin,
      schema: callSchema({
        tag,
        summary: 'Every office, active or not, by name, with its count of active resources (admins only).',
        responseSchema: officeAdminListResponse,
      }),
    },
    async () => offices.listOfficesForAdmin(db),
  );

  r.post(
    '/offices',
    {
      ...admin,
      schema: callSchema({
        tag,
        summary: 'Creates an office (admins only): the next free id, its makes and processes; without coordinates the post code\'s area gives them.',
        description: `400 naming code when another office has it, dealerMakeIds for an unknown make. ${audited} ${atOnce}`,
        body: officeBody,
        responseSchema: officeDetailsSchema,
      }),
    },
    async (request) => offices.createOfficeCall(db, request.body, staffOf(request).id),
  );

  r.get(
    '/offices/:officeId/details',
    {
      schema: callSchema({
        tag,
        summary: "An office's details, active or not (its own users and admins).",
        params: staffOfficeParams,
        responseSchema: officeDetailsSchema,
      }),
    },
    async (request) => {
      assertOffice(staffOf(request), request.params.officeId);
      return offices.getOfficeDetails(db, request.params.officeId);
    },
  );

  r.put(
    '/offices/:officeId/details',
    {
      schema: callSchema({
        tag,
        summary: "Changes every detail of an office (its own users and admins); its activity is deactivate's and activate's.",
        description: `400 naming code when another office has it, dealerMakeIds for an unknown make. ${audited} ${atOnce}`,
        params: staffOfficeParams,
        body: officeBody,
        responseSchema: officeDetailsSchema,
      }),
    },
    async (request) => {
      const staff = staffOf(request);
      assertOffice(staff, request.params.officeId);
      return offices.updateOfficeCall(db, request.params.officeId, request.body, staff.id);
    },
  );

  r.post(
    '/offices/:officeId/deactivate',
    {
      ...admin,
      schema: callSchema({
        tag,
        summary: "Deactivates an office (admins only): it takes no new bookings and leaves the customers' lists at once.",
        description: `Its bookings and history stay; the answer lists its confirmed bookings from today on for staff to handle. ${audited}`,
        params: staffOfficeParams,
        responseSchema: deactivateOfficeResponse,
      }),
    },
    async (request) => offices.setOfficeActiveCall(db, request.params.officeId, false, staffOf(request).id),
  );

  r.post(
    '/offices/:officeId/activate',
    {
      ...admin,
      schema: callSchema({
        tag,
        summary: 'Activates an office again (admins only): it takes bookings and is listed to customers at once.',
        description: audited,
        params: staffOfficeParams,
        responseSchema: officeDetailsSchema,
      }),
    },
    async (request) => (await offices.setOfficeActiveCall(db, request.params.officeId, true, staffOf(request).id)).office,
  );

  // ---- Resources ----

  r.get(
    '/offices/:officeId/resources',
    {
      schema: callSchema({
        tag,
        summary: "An office's resources, active or not, in its order, each with the kinds of work it can do.",
        params: staffOfficeParams,
        responseSchema: staffResourcesResponse,
      }),
    },
    async (request) => {
      assertOffice(staffOf(request), request.params.officeId);
      return resources.listResourcesCall(db, request.params.officeId);
    },
  );

  r.post(
    '/offices/:officeId/resources',
    {
      schema: callSchema({
        tag,
        summary: 'Adds a resource to an office, last in its order, with the kinds of work it can do (none unless given).',
        description: `400 naming name when the office has a resource of that name, workKinds for an unknown or inactive kind. ${audited} ${atOnce}`,
        params: staffOfficeParams,
        body: resourceBody,
        responseSchema: staffResourceDetailsSchema,
      }),
    },
    async (request) => {
      const staff = staffOf(request);
      assertOffice(staff, request.params.officeId);
      return resources.createResourceCall(db, request.params.officeId, request.body, staff.id);
    },
  );

  // Registered before /:resourceId so that 'order' is not read as an id.
  r.put(
    '/offices/:officeId/resources/order',
    {
      schema: callSchema({
        tag,
        summary: "Puts an office's resources in a new order: the list names each of them once.",
        description: `400 naming resourceIds when a resource is missing, twice or another office's. ${audited}`,
        params: staffOfficeParams,
        body: resourceOrderBody,
        responseSchema: staffResourcesResponse,
      }),
    },
    async (request) => {
      const staff = staffOf(request);
      assertOffice(staff, request.params.officeId);
      return resources.orderResourcesCall(db, request.params.officeId, request.body.resourceIds, staff.id);
    },
  );

  r.put(
    '/offices/:officeId/resources/:resourceId',
    {
      schema: callSchema({
        tag,
        summary: "Changes a resource's name, customer-facing name, selectability, kinds of work and whether it is active.",
        description: `404 for a resource of another office. A resource with confirmed bookings from now on is not deactivated: 409 RESOURCE_HAS_BOOKINGS lists them (responseCode, message, bookings), nothing changes. An inactive resource offers no free times and is not chosen by name; the day view keeps its bookings. ${audited} ${atOnce}`,
        params: resourceParams,
        body: updateResourceBody,
        responseSchema: staffResourceDetailsSchema,
      }),
    },
    async (request, reply) => {
      const staff = staffOf(request);
      assertOffice(staff, request.params.officeId);
      // A refused deactivation answers the bookings that keep the resource, beside the error's code.
      try {
        return await resources.updateResourceCall(db, request.params.officeId, request.params.resourceId, request.body, staff.id);
      } catch (err) {
        if (!(err instanceof resources.ResourceHasBookingsError)) throw err;
        return reply.status(409).type('application/json').send(
          JSON.stringify({
            error: err.code,
            ...resourceHasBookingsResponse.parse({ responseCode: 'RESOURCE_HAS_BOOKINGS', message: err.message, bookings: err.bookings }),
          }),
        );
      }
    },
  );

  // ---- Info texts (an office's dated notices to customers) ----

  r.get(
    '/offices/:officeId/info-texts',
    {
      schema: callSchema({
        tag,
        summary: "An office's dated notices to customers, active or not, newest first (by first day): those not ended, and those ended within the last 30 days.",
        params: staffOfficeParams,
        responseSchema: infoTextsResponse,
      }),
    },
    async (request) => {
      assertOffice(staffOf(request), request.params.officeId);
      return infoTexts.listInfoTextsCall(db, request.params.officeId);
    },
  );

  r.post(
    '/offices/:officeId/info-texts',
    {
      schema: callSchema({
        tag,
        summary: "Adds a dated notice to an office's customers, in use: shown on the services and time steps and in the confirmation from validFrom to validTo (Helsinki dates, both included).",
        description: `400 naming validTo when it is before validFrom. ${audited} ${shownAtOnce}`,
        params: staffOfficeParams,
        body: infoTextBody,
        responseSchema: infoTextSchema,
      }),
    },
    async (request) => {
      const staff = staffOf(request);
      assertOffice(staff, request.params.officeId);
      return infoTexts.createInfoTextCall(db, request.params.officeId, request.body, staff.id);
    },
  );

  r.put(
    '/offices/:officeId/info-texts/:infoTextId',
    {
      schema: callSchema({
        tag,
        summary: "Changes a notice's text and days, and with `active` takes it out of use or back; a notice is never deleted.",
        description: `404 for a notice of another office; 400 naming validTo when it is before validFrom. ${audited} ${shownAtOnce}`,
        params: infoTextParams,
        body: updateInfoTextBody,
        responseSchema: infoTextSchema,
      }),
    },
    async (request) => {
      const staff = staffOf(request);
      assertOffice(staff, request.params.officeId);
      return infoTexts.updateInfoTextCall(db, request.params.officeId, request.params.infoTextId, request.body, staff.id);
    },
  );

  // ---- Kinds of work ----

  r.get(
    '/work-kinds',
    { schema: callSchema({ tag, summary: 'The kinds of work resources can do, active or not, in order.', responseSchema: workKindsResponse }) },
    async () => kinds.workKinds(db),
  );

  r.post(
    '/work-kinds',
    {
      ...admin,
      schema: callSchema({
        tag,
        summary: 'Adds a kind of work (admins only), last in the order.',
        description: `400 naming code when it is taken. ${audited}`,
        body: createWorkKindBody,
        responseSchema: workKindSchema,
      }),
    },
    async (request) => kinds.createWorkKindCall(db, request.body, staffOf(request).id),
  );

  r.put(
    '/work-kinds/:code',
    {
      ...admin,
      schema: callSchema({
        tag,
        summary: 'Renames a kind of work or (de)activates it (admins only); a deactivated kind stays on the resources that have it.',
        description: `404 for an unknown code. ${audited}`,
        params: workKindParams,
        body: updateWorkKindBody,
        responseSchema: workKindSchema,
      }),
    },
    async (request) => kinds.updateWorkKindCall(db, request.params.code, request.body, staffOf(request).id),
  );
}
