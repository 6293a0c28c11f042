import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  deskBookingBody,
  deskBookingResponse,
  deskCatalogueBody,
  deskCatalogueResponse,
  deskTimesBody,
  deskTimesResponse,
  staffOfficeParams,
} from '@huolto/domain';
import type { Db } from '#src/db/database.ts';
import { callSchema } from '#src/openapi/route-schema.ts';
import type { Mailer } from '../mail/index.ts';
import { staffOf } from '../staff/index.ts';
import type { VehicleSource } from '../vehicle/index.ts';
import { deskBooking } from './booking.ts';
import { deskCatalogue } from './catalogue.ts';
import { deskTimes } from './times.ts';

export interface FrontDeskRouteDeps {
  mailer: Mailer;
  /** The register the booking looks plates up in (AppDeps.vehicleSource). */
  vehicles: VehicleSource;
  config: {
    publicUrl: string;
    /** STAFF_BOOKING_RATE_LIMIT: desk bookings per staff account per hour. */
    staffBookingRateLimit: number;
    /** SMS_REMINDERS: a desk booking's confirmation goes as a text message too. */
    smsReminders: boolean;
  };
}

const tag = 'Staff API';

/**
 * The front desk: staff book for a customer on the phone or at the counter, at an office
 * they run (403 otherwise), through the customer's own booking steps.
 */
export function registerFrontDeskRoutes(scope: FastifyInstance, db: Db, deps: FrontDeskRouteDeps) {
  const r = scope.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/offices/:officeId/desk/catalogue',
    {
      schema: callSchema({
        tag,
        summary: "What the desk may book for the car at the office: the customer's services step for the plate (the tire change's tire services for TIRE_CHANGE, the tires in stock for TIRE_SALES), with the same fit rules and prices.",
        description:
          'The plate is looked up in the booking\'s register; a car it does not know is taken as typed (make and model, a passenger car). 400 naming officeId for an inactive office. ' +
          "For TIRE_SALES, `tires` are the customer's tire search's for `tireSize` (the car's size in the register when omitted; none when neither is known) and `tireType` (the season's when omitted), " +
          'from every supplier, at least the register\'s load index for that size: in stock, cheapest first, at the customer\'s price per tire.',
        params: staffOfficeParams,
        body: deskCatalogueBody,
        responseSchema: deskCatalogueResponse,
      }),
    },
    async (request) => deskCatalogue(db, deps.vehicles, staffOf(request), request.params.officeId, request.body),
  );

  r.post(
    '/offices/:officeId/desk/times',
    {
      schema: callSchema({
        tag,
        summary: 'The starts of a day where the work fits, per resource able to do it, with the work\'s length and price as the customer\'s cart has them.',
        description:
          'Every quarter hour of the office\'s hours (the staff grid) where the work ends by closing: taken when a booking, a customer\'s hold or an absence overlaps it, past when at or before now, ' +
          'customerTime when a customer would be offered the start online (the office\'s slot grid, free, not within the same-day lead). ' +
          '`first` is the earliest start neither taken nor past (the walk-in\'s time), on the first resource that has it. 400 naming `items` for an item not offered for the car.',
        params: staffOfficeParams,
        body: deskTimesBody,
        responseSchema: deskTimesResponse,
      }),
    },
    async (request) => deskTimes(db, deps.vehicles, staffOf(request), request.params.officeId, request.body),
  );

  r.post(
    '/offices/:officeId/bookings',
    {
      // A desk is no client address: the customers' fair share and per-address limits do not
      // apply, but one account makes only so many bookings an hour.
      config: { staffRateLimit: { max: deps.config.staffBookingRateLimit, timeWindow: '1 hour', groupId: 'staff-desk-bookings' } },
      schema: callSchema({
        tag,
        summary: 'A booking made at the desk for a customer on the phone (PHONE) or at the counter (COUNTER): answered 201 with its id and key.',
        description:
          "Made by the customer's own steps: the car (register or typed make and model), the items through the cart's fit rules, the time held on the resource and the booking saved. " +
          'The start is any quarter hour within the office\'s hours of a future day (400 naming `start` otherwise); the resource must be the office\'s and able to do the work (400 naming `resourceId`); ' +
          'an item not offered for the car is 400 naming `items`. A time taken a moment before is 409 NOT_AVAILABLE. Nothing is saved when a step fails. ' +
          'The booking records its channel and maker and a CREATED event by the staff member; the customer is e-mailed a confirmation with the calendar file only when an e-mail is given ' +
          '(and sent a text message when SMS_REMINDERS is on); the office is not e-mailed its own booking.',
        params: staffOfficeParams,
        body: deskBookingBody,
        responseSchema: deskBookingResponse,
      }),
    },
    async (request, reply) => {
      const made = await deskBooking(
        db,
        { vehicles: deps.vehicles, publicUrl: deps.config.publicUrl, sms: deps.config.smsReminders },
        staffOf(request),
        request.params.officeId,
        request.body,
      );
      deps.mailer.kick();
      return reply.status(201).send(made);
    },
  );
}
