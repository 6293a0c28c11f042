import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { FIELD_ERRORS, isStorableText } from '@huolto/domain';
import type { Db } from '../../db/database.ts';
import { parse } from '../../lib/parse.ts';
import { DomainError } from '../../lib/errors.ts';

const mediaQuery = z.object({ id: z.string().min(1).max(100).refine(isStorableText, { error: FIELD_ERRORS.unstorable }) });

/** Images stored in the database (tire pictures, vehicle images). */
export function registerMediaRoutes(app: FastifyInstance, db: Db) {
  app.get('/media', { config: { session: false } }, async (request, reply) => {
    const { id } = parse(mediaQuery, request.query);
    const row = await db.selectFrom('media').select(['content_type', 'data']).where('id', '=', id).executeTakeFirst();
    if (!row) throw new DomainError(404, 'NOT_FOUND', 'Kuvaa ei löytynyt');
    reply.header('cache-control', 'public, max-age=86400');
    return reply.type(row.content_type).send(Buffer.from(row.data));
  });
}
