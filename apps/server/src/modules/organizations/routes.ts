import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  activeOrganizationBody,
  activeOrganizationInfoTextResponse,
  compatibleOrganizationsQuery,
  findOrganizationsQuery,
  organizationInfoTextsBody,
  organizationInfoTextsResponse,
  organizationsByOfficeNumberQuery,
  organizationsBySiteQuery,
  organizationSchema,
  organizationWithDistanceSchema,
  responseSchema,
  type OrganizationWithDistance,
} from '@huolto/domain';
import type { Db } from '#src/db/database.ts';
import { callSchema } from '#src/openapi/route-schema.ts';
import {
  activeOrganizationInfoText,
  allOrganizations,
  chooseOrganization,
  nearestOrganizations,
  organizationInfoTexts,
  organizationsForProcess,
  publicOrganizations,
} from './service.ts';
import { OfficeCache } from './office-cache.ts';

const tag = 'Organizations';
const organizations = z.array(organizationSchema);

/** `offices`: the office cache (office-cache.ts); without one, every list is read from the database. */
export function registerOrganizationRoutes(app: FastifyInstance, db: Db, deps: { offices?: OfficeCache } = {}) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const cache = deps.offices ?? new OfficeCache(false);
  /** The offices as of the request's catalogue version (the database's when the cache is off). */
  const officesFor = async (request: FastifyRequest) => cache.at(db, cache.enabled ? await request.versions() : undefined);

  /**
   * Offices for the process: the make's brand dealers first, then the others, by name; a
   * WINDSHIELD process gets only the offices with windshield service.
   */
  r.get(
    '/compatible-organizations/v2',
    {
      schema: callSchema({
        tag,
        summary: "Offices for the booking: the make's brand dealers first (windshield offices for a WINDSHIELD process).",
        query: compatibleOrganizationsQuery,
        responseSchema: organizations,
      }),
    },
    async (request) => organizationsForProcess(await officesFor(request), request.session),
  );

  const config = { session: false };

  r.get(
    '/all-organizations/v2',
    { config, schema: callSchema({ tag, summary: 'Every active office, by name.', responseSchema: organizations }) },
    async (request) => allOrganizations(await officesFor(request)),
  );

  /** Offices in a town (post office), case-insensitive. */
  r.get(
    '/get-organizations-by-site/v2',
    {
      config,
      schema: callSchema({
        tag,
        summary: 'The offices in a town (post office), case-insensitive.',
        query: organizationsBySiteQuery,
        responseSchema: organizations,
      }),
    },
    async (request) => publicOrganizations(await officesFor(request), { site: request.query.site }),
  );

  /** The offices nearest a point, nearest first, with the distance in kilometres. */
  r.get(
    '/find-organizations/v2',
    {
      config,
      schema: callSchema({
        tag,
        summary: 'The offices nearest a point, nearest first, with the distance in kilometres.',
        query: findOrganizationsQuery,
        responseSchema: z.array(organizationWithDistanceSchema),
      }),
    },
    async (request): Promise<OrganizationWithDistance[]> => nearestOrganizations(await officesFor(request), request.query),
  );

  /** The office with an office number (the organization id); an empty list when there is none. */
  r.get(
    '/get-organizations-by-office-number',
    {
      config,
      schema: callSchema({
        tag,
        summary: 'The office with an office number (its id), or an empty list.',
        query: organizationsByOfficeNumberQuery,
        responseSchema: organizations,
      }),
    },
    async (request) => publicOrganizations(await officesFor(request), { id: request.query.officeNumber }),
  );

  /** Offices that do damage inspections (the landing page's external damage-inspection flow). */
  r.post(
    '/get-damage-inspection-organizations/v2',
    { config, schema: callSchema({ tag, summary: 'The offices that do damage inspections.', responseSchema: organizations }) },
    async (request) => publicOrganizations(await officesFor(request), { damageInspection: true }),
  );

  /** Active info texts of the offices asked, with and without a booking session. */
  const infoTexts = async (request: { body: z.output<typeof organizationInfoTextsBody> }) =>
    organizationInfoTexts(db, request.body.organizationIds);
  r.post(
    '/get-organization-info-texts',
    {
      schema: callSchema({
        tag,
        summary: "The offices' info texts active today, newest first per office.",
        body: organizationInfoTextsBody,
        responseSchema: organizationInfoTextsResponse,
      }),
    },
    infoTexts,
  );
  r.post(
    '/get-organization-info-texts-no-session',
    {
      config,
      schema: callSchema({
        tag,
        summary: 'The same as POST /get-organization-info-texts, without a booking session.',
        body: organizationInfoTextsBody,
        responseSchema: organizationInfoTextsResponse,
      }),
    },
    infoTexts,
  );

  /** The newest active info text of the booking's office, or null. */
  r.get(
    '/get-active-organization-info-text',
    {
      schema: callSchema({
        tag,
        summary: "The newest active info text of the booking's office, or null.",
        responseSchema: activeOrganizationInfoTextResponse,
      }),
    },
    async (request) => activeOrganizationInfoText(db, request.session),
  );

  r.post(
    '/active-organization/v2',
    {
      schema: callSchema({
        tag,
        summary: 'Chooses the office of the booking.',
        body: activeOrganizationBody,
        response: 'responseCode SUCCESS',
        responseSchema: responseSchema,
      }),
    },
    async (request) => {
      await chooseOrganization(db, request.session, request.body.organizationId, await officesFor(request));
      return { responseCode: 'SUCCESS' };
    },
  );
}
