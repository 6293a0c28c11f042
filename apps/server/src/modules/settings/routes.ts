import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import {
  HOLD_MINUTES,
  PROCESS_TOKEN_HEADER,
  PROCESS_TYPES,
  initSessionQuery,
} from '@huolto/domain';
import type { Db } from '../../db/database.ts';
import { parse } from '../../lib/parse.ts';
import { createProcess } from '../process/repository.ts';
import { findOrganization } from '../organizations/repository.ts';
import { usableOrganization } from '../organizations/offices.ts';
import { readSettings } from './repository.ts';

export function registerSettingsRoutes(app: FastifyInstance, db: Db) {
  const open = { config: { session: false } };

  app.post('/init-session', open, async (request, reply) => {
    const q = parse(initSessionQuery, request.query);
    if (q.organizationId !== undefined) await usableOrganization(db, q.organizationId, q.usedProcessType);
    // 256 bits: a token cannot be guessed, so one session can never reach another's booking.
    const token = randomBytes(32).toString('base64url');
    await createProcess(db, {
      token,
      processType: q.usedProcessType,
      installationType: q.installationType,
      organizationId: q.organizationId ?? null,
    });
    reply.header(PROCESS_TOKEN_HEADER, token);
    return { responseCode: 'SUCCESS' };
  });

  const settings = async () => {
    const s = await readSettings(db);
    return {
      locale: 'fi',
      currency: 'EUR',
      timeZone: 'Europe/Helsinki',
      holdMinutes: HOLD_MINUTES,
      serviceBreak: s.serviceBreak ?? null,
      links: s.links ?? {},
    };
  };
  app.get('/settings', open, settings);
  app.get('/get-generic-online-settings', open, settings);

  app.get('/active-processes', open, async () => [...PROCESS_TYPES]);
  app.get('/enabled-processes-generic-online', open, async () => [...PROCESS_TYPES]);

  app.get('/booking-settings/v2', async (request) => {
    const org = request.process.organization_id ? await findOrganization(db, request.process.organization_id) : undefined;
    return {
      processType: request.process.process_type,
      timeSelectionType: org?.time_selection_type ?? 'EXACT_TIME',
      holdMinutes: HOLD_MINUTES,
    };
  });
}
