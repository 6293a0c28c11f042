import type { FastifyInstance } from 'fastify';
import { freeTimesBody, reservationDetailsBody, reserveTimeBody } from '@huolto/domain';
import type { Db } from '../../db/database.ts';
import { parse } from '../../lib/parse.ts';
import { updateProcess } from '../process/repository.ts';
import { releaseHolds } from './repository.ts';
import { freeTimes, reserveTime } from './service.ts';

export function registerTimeRoutes(app: FastifyInstance, db: Db) {
  app.post('/free-times', async (request) => {
    const body = parse(freeTimesBody, request.body);
    return freeTimes(db, request.process, body);
  });

  app.post('/reserve-time', async (request) => {
    const body = parse(reserveTimeBody, request.body);
    return reserveTime(db, request.process.token, body);
  });

  app.delete('/remove-reservation', async (request) => {
    await releaseHolds(db, request.process.token);
    return { responseCode: 'SUCCESS' };
  });

  app.post('/reservation-details/v2', async (request) => {
    const body = parse(reservationDetailsBody, request.body);
    await updateProcess(db, request.process.token, {
      customer_waiting: body.customerWaiting,
      vehicle_left_for_day: body.vehicleLeftForDay,
    });
    return { responseCode: 'SUCCESS' };
  });
}
