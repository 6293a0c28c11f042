import type { FastifyInstance } from 'fastify';
import { activeOrganizationBody, compatibleOrganizationsQuery } from '@huolto/domain';
import type { Db } from '../../db/database.ts';
import { parse } from '../../lib/parse.ts';
import { badRequest } from '../../lib/errors.ts';
import { vehicleOf } from '../process/repository.ts';
import { moveToOrganization } from './service.ts';
import { findOrganization, listOrganizations } from './repository.ts';

export function registerOrganizationRoutes(app: FastifyInstance, db: Db) {
  /** Offices for the vehicle: the make's brand dealers first, then the others, by name. */
  app.get('/compatible-organizations/v2', async (request) => {
    parse(compatibleOrganizationsQuery, request.query);
    const vehicle = vehicleOf(request.process);
    const orgs = await listOrganizations(db, vehicle?.make_id ?? null);
    return orgs.sort((a, b) => Number(b.brand_dealer) - Number(a.brand_dealer));
  });

  app.get('/all-organizations/v2', { config: { session: false } }, async () => listOrganizations(db, null));

  app.post('/active-organization/v2', async (request) => {
    const body = parse(activeOrganizationBody, request.body);
    if (request.process.organization_id !== body.organizationId) {
      await moveToOrganization(db, request.process.token, body.organizationId);
    } else if (!(await findOrganization(db, body.organizationId))) {
      throw badRequest('organizationId', 'Tuntematon toimipiste');
    }
    return { responseCode: 'SUCCESS' };
  });
}
