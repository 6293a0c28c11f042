import type { FastifyInstance } from 'fastify';
import { activeOrganizationBody, compatibleOrganizationsQuery } from '@huolto/domain';
import type { Db } from '../../db/database.ts';
import { parse } from '../../lib/parse.ts';
import { moveToOrganization } from './service.ts';
import { listOrganizations } from './repository.ts';
import { officesForProcess, usableOrganization } from './offices.ts';

export function registerOrganizationRoutes(app: FastifyInstance, db: Db) {
  /**
   * Offices for the process: the make's brand dealers first, then the others, by name; a
   * WINDSHIELD process gets only the offices with windshield service.
   */
  app.get('/compatible-organizations/v2', async (request) => {
    parse(compatibleOrganizationsQuery, request.query);
    return officesForProcess(db, request.process);
  });

  app.get('/all-organizations/v2', { config: { session: false } }, async () => listOrganizations(db, null));

  app.post('/active-organization/v2', async (request) => {
    const body = parse(activeOrganizationBody, request.body);
    await usableOrganization(db, body.organizationId, request.process.process_type);
    if (request.process.organization_id !== body.organizationId) {
      await moveToOrganization(db, request.process.token, body.organizationId);
    }
    return { responseCode: 'SUCCESS' };
  });
}
