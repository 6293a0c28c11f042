import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { responseSchema, searchVehicleBody, searchVehicleResponse, setVehicleBody, setVehicleKilometersBody, vehicleMakeSchema } from '@huolto/domain';
import type { Db } from '#src/db/database.ts';
import { callSchema } from '#src/openapi/route-schema.ts';
import { limits } from '#src/plugins/rate-limit.ts';
import { searchVehicle, setVehicle, setVehicleKilometers, vehicleMakes } from './service.ts';
import type { VehicleSource } from './vehicle-source.ts';

const success = 'responseCode SUCCESS';

/**
 * `vehicles`: the register search-vehicle asks (vehicle-source.ts);
 * `searchRateLimit`: register look-ups per client address per minute;
 * `sessionRateLimit`: per booking session per minute.
 */
export function registerVehicleRoutes(
  app: FastifyInstance,
  db: Db,
  opts: { vehicles: VehicleSource; searchRateLimit: number; sessionRateLimit: number },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/vehicle-makes',
    {
      config: { session: false },
      schema: callSchema({
        tag: 'Vehicle',
        summary: 'The car makes, for describing a car the register does not know.',
        responseSchema: z.array(vehicleMakeSchema),
      }),
    },
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=3600');
      return vehicleMakes(db);
    },
  );

  r.post(
    '/search-vehicle',
    {
      config: limits({
        address: { max: opts.searchRateLimit, timeWindow: '1 minute' },
        session: { max: opts.sessionRateLimit, timeWindow: '1 minute' },
      }),
      schema: callSchema({
        tag: 'Vehicle',
        summary: 'Looks the car up by its registration number and stores it (and the mileage) on the booking.',
        body: searchVehicleBody,
        response: 'responseCode SUCCESS with the vehicle, or NOT_FOUND.',
        responseSchema: searchVehicleResponse,
      }),
    },
    async (request) => searchVehicle(db, opts.vehicles, request.session.token, request.body),
  );

  /** A vehicle the register does not know, described by the customer (requirements §3). */
  r.post(
    '/set-vehicle',
    {
      schema: callSchema({
        tag: 'Vehicle',
        summary: 'A car the register does not know, described by the customer.',
        body: setVehicleBody,
        response: success,
        responseSchema: responseSchema,
      }),
    },
    async (request) => {
      await setVehicle(db, request.session.token, request.body);
      return { responseCode: 'SUCCESS' };
    },
  );

  r.post(
    '/set-vehicle-kilometers',
    {
      schema: callSchema({
        tag: 'Vehicle',
        summary: "Sets the car's mileage.",
        body: setVehicleKilometersBody,
        response: success,
        responseSchema: responseSchema,
      }),
    },
    async (request) => {
      await setVehicleKilometers(db, request.session.token, request.body.kilometers);
      return { responseCode: 'SUCCESS' };
    },
  );
}
