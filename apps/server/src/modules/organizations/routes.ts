import type { FastifyInstance } from 'fastify';
import {
  activeOrganizationBody,
  compatibleOrganizationsQuery,
  distanceKm,
  findOrganizationsQuery,
  organizationInfoTextsBody,
  organizationsByOfficeNumberQuery,
  organizationsBySiteQuery,
  todayInHelsinki,
  type OrganizationWithDistance,
} from '@huolto/domain';
import type { Db } from '../../db/database.ts';
import { parse } from '../../lib/parse.ts';
import { moveToOrganization } from './service.ts';
import { listOffices, listOrganizations, toOrganization } from './repository.ts';
import { activeInfoTexts } from './info-texts.ts';
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

  const open = { config: { session: false } };

  /** Offices in a town (post office), case-insensitive. */
  app.get('/get-organizations-by-site/v2', open, async (request) => {
    const { site } = parse(organizationsBySiteQuery, request.query);
    return (await listOffices(db, { site })).map(toOrganization);
  });

  /** The offices nearest a point, nearest first, with the distance in kilometres. */
  app.get('/find-organizations/v2', open, async (request): Promise<OrganizationWithDistance[]> => {
    const q = parse(findOrganizationsQuery, request.query);
    const offices = await listOffices(db);
    return offices
      .flatMap((o) =>
        o.latitude === null || o.longitude === null
          ? []
          : [{ ...toOrganization(o), distanceKm: distanceKm(q, { latitude: o.latitude, longitude: o.longitude }) }],
      )
      .sort((a, b) => a.distanceKm - b.distanceKm || a.id - b.id)
      .slice(0, q.numberOfResults)
      .map((o) => ({ ...o, distanceKm: Math.round(o.distanceKm * 10) / 10 }));
  });

  /** The office with an office number (the organization id); an empty list when there is none. */
  app.get('/get-organizations-by-office-number', open, async (request) => {
    const { officeNumber } = parse(organizationsByOfficeNumberQuery, request.query);
    return (await listOffices(db, { id: officeNumber })).map(toOrganization);
  });

  /** Offices that do damage inspections (the landing page's external damage-inspection flow). */
  app.post('/get-damage-inspection-organizations/v2', open, async () =>
    (await listOffices(db, { damageInspection: true })).map(toOrganization),
  );

  /** Active info texts of the offices asked, with and without a booking session. */
  const infoTexts = async (request: { body: unknown }) => {
    const { organizationIds } = parse(organizationInfoTextsBody, request.body);
    return activeInfoTexts(db, organizationIds, todayInHelsinki());
  };
  app.post('/get-organization-info-texts', infoTexts);
  app.post('/get-organization-info-texts-no-session', open, infoTexts);

  /** The newest active info text of the booking's office, or null. */
  app.get('/get-active-organization-info-text', async (request) => {
    const orgId = request.process.organization_id;
    if (orgId === null) return { text: null };
    const [first] = await activeInfoTexts(db, [orgId], todayInHelsinki());
    return { text: first?.text ?? null };
  });

  app.post('/active-organization/v2', async (request) => {
    const body = parse(activeOrganizationBody, request.body);
    await usableOrganization(db, body.organizationId, request.process.process_type);
    if (request.process.organization_id !== body.organizationId) {
      await moveToOrganization(db, request.process.token, body.organizationId);
    }
    return { responseCode: 'SUCCESS' };
  });
}
