import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { windshieldProductsResponse } from '@huolto/domain';
import type { Db } from '#src/db/database.ts';
import { callSchema } from '#src/openapi/route-schema.ts';
import { windshieldProducts } from './service.ts';

export function registerWindshieldRoutes(app: FastifyInstance, db: Db) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  /** The windshield products (change, repair, repair with insurance) with their CHOICE parameters. */
  r.get(
    '/windshield/products',
    {
      schema: callSchema({
        tag: 'Windshield',
        summary: 'The windshield products (change, repair, repair with insurance) with their choice parameters.',
        responseSchema: windshieldProductsResponse,
      }),
    },
    async () => windshieldProducts(db),
  );
}
