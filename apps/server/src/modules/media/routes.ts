import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { mediaQuery } from '@huolto/domain';
import type { Db } from '#src/db/database.ts';
import { callSchema } from '#src/openapi/route-schema.ts';
import { mediaFile } from './service.ts';

/** Images stored in the database (tire pictures, vehicle images). */
export function registerMediaRoutes(app: FastifyInstance, db: Db) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const schema = callSchema({
    tag: 'Services and cart',
    summary: 'An image stored in the database (tire pictures, vehicle images), by id.',
    query: mediaQuery,
    responseType: 'image/*',
  });
  r.get('/media', { config: { session: false }, schema }, async (request, reply) => {
    const file = await mediaFile(db, request.query.id);
    reply.header('cache-control', 'public, max-age=86400');
    return reply.type(file.contentType).send(file.data);
  });
}
