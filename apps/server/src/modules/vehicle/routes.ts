import type { FastifyInstance } from 'fastify';
import { searchVehicleBody, setVehicleBody, setVehicleKilometersBody } from '@huolto/domain';
import type { Db } from '../../db/database.ts';
import { parse } from '../../lib/parse.ts';
import { limits } from '../../plugins/rate-limit.ts';
import { updateProcess } from '../process/repository.ts';
import { findMakeByName, findRegisteredVehicle, listMakes } from './repository.ts';

/**
 * `searchRateLimit`: register look-ups per client address per minute;
 * `sessionRateLimit`: per booking session per minute.
 */
export function registerVehicleRoutes(app: FastifyInstance, db: Db, opts: { searchRateLimit: number; sessionRateLimit: number }) {
  app.get('/vehicle-makes', { config: { session: false } }, async (_request, reply) => {
    reply.header('cache-control', 'public, max-age=3600');
    return listMakes(db);
  });

  app.post(
    '/search-vehicle',
    {
      config: limits({
        address: { max: opts.searchRateLimit, timeWindow: '1 minute' },
        session: { max: opts.sessionRateLimit, timeWindow: '1 minute' },
      }),
    },
    async (request) => {
      const body = parse(searchVehicleBody, request.body);
      const vehicle = await findRegisteredVehicle(db, body.registerNumber);
      if (!vehicle) {
        // A new search replaces the vehicle of an earlier one.
        await updateProcess(db, request.process.token, { vehicle: null, kilometers: body.kilometers ?? null });
        return { responseCode: 'NOT_FOUND' };
      }
      await updateProcess(db, request.process.token, {
        vehicle,
        kilometers: body.kilometers ?? null,
      });
      const { registered: _registered, make_id: _makeId, ...shown } = vehicle;
      return { responseCode: 'SUCCESS', vehicle: shown };
    },
  );

  /** A vehicle the register does not know, described by the customer (SPEC §3). */
  app.post('/set-vehicle', async (request) => {
    const body = parse(setVehicleBody, request.body);
    const make = await findMakeByName(db, body.make);
    await updateProcess(db, request.process.token, {
      vehicle: {
        register_number: body.regNbr,
        make: make?.name ?? body.make,
        make_id: make?.id ?? null,
        model: body.model,
        model_year: null,
        classification: { id: body.classification.id },
        tires: null,
        registered: false,
      },
    });
    return { responseCode: 'SUCCESS' };
  });

  app.post('/set-vehicle-kilometers', async (request) => {
    const body = parse(setVehicleKilometersBody, request.body);
    await updateProcess(db, request.process.token, { kilometers: body.kilometers });
    return { responseCode: 'SUCCESS' };
  });
}
