import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { companyDetailsBody, companyDetailsSchema, setupResponse } from '@huolto/domain';
import type { Db } from '#src/db/database.ts';
import { callSchema } from '#src/openapi/route-schema.ts';
import { staffOf } from '../staff/index.ts';
import { companyDetails, setupStatus, updateCompanyDetails } from './service.ts';

const tag = 'Staff API';
const admin = { staffRole: 'ADMIN' as const };

/** The company's details (every signed-in staff member reads, admins change) and the set-up list (admins). */
export function registerCompanyRoutes(scope: FastifyInstance, db: Db) {
  const r = scope.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/company',
    {
      schema: callSchema({
        tag,
        summary: "The company's details: name, booking line, the site's links, the e-mails' sender name and the service-break notice ('' or null for what is not given).",
        responseSchema: companyDetailsSchema,
      }),
    },
    async () => companyDetails(db),
  );

  r.put(
    '/company',
    {
      config: admin,
      schema: callSchema({
        tag,
        summary: "Stores the company's details (admins only); the site's settings and the e-mails use them at once.",
        description: 'One transaction with an audit row (entity COMPANY) of the details before and after. An empty address leaves its link out of the pages.',
        body: companyDetailsBody,
        responseSchema: companyDetailsSchema,
        response: '400 naming the field: a name missing or over 100 characters, an address that is not http(s), a bad phone number, a service break ending before it starts or on a date that does not exist.',
      }),
    },
    async (request) => updateCompanyDetails(db, staffOf(request).id, request.body),
  );

  r.get(
    '/setup',
    {
      config: admin,
      schema: callSchema({
        tag,
        summary: 'The set-up list of an empty start (admins only): company, first office, its resources, opening hours and services, each done when its data exists.',
        responseSchema: setupResponse,
      }),
    },
    async () => setupStatus(db),
  );
}
