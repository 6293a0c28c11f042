import type { FastifyError, FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  CATALOGUE_IMAGE_MAX_BYTES,
  CATALOGUE_IMAGE_TYPES,
  catalogueImageResponse,
  tireAdminListResponse,
  tireAdminParams,
  tireAdminQuery,
  tireAdminSchema,
  tireStockBody,
} from '@huolto/domain';
import type { Db } from '#src/db/database.ts';
import { DomainError } from '#src/lib/errors.ts';
import { callSchema } from '#src/openapi/route-schema.ts';
import { staffOf } from '../staff/index.ts';
import { IMAGE_MESSAGES, checkedImage } from './images.ts';
import { findTires, setTireImageCall, storeImageCall, updateTireStockCall } from './tires.ts';

const tag = 'Staff API';
const audited = 'Every change writes an audit row in the same transaction.';
const shownAtOnce = "Customers' tire search shows it at once (the catalogue version moves in the same transaction).";
const rawImage =
  `The body is the picture itself, sent as image/png, image/jpeg or image/webp, at most ${CATALOGUE_IMAGE_MAX_BYTES} bytes: ` +
  '415 for another type, 413 past the limit, 400 for an empty file or one whose first bytes are not of the type it is sent as.';

/** The tires' stock and pictures, and the catalogue's pictures (the back-office's catalogue). */
export function registerTireAdminRoutes(scope: FastifyInstance, db: Db) {
  const r = scope.withTypeProvider<ZodTypeProvider>();
  const admin = { config: { staffRole: 'ADMIN' as const } };

  r.get(
    '/catalogue/tires',
    {
      schema: callSchema({
        tag,
        summary: "A supplier's tires whose product code starts with q, or of the size q reads as ('205/55R16', '205/55'), by supplier and product code, at most 100.",
        description: 'supplier: a supplier\u2019s name; without q the first 100 tires.',
        query: tireAdminQuery,
        responseSchema: tireAdminListResponse,
      }),
    },
    async (request) => findTires(db, request.query.q, request.query.supplier),
  );

  r.put(
    '/catalogue/tires/:productId/stock',
    {
      ...admin,
      schema: callSchema({
        tag,
        summary: "Sets a tire's stock (admins only); a tire out of stock leaves the customers' tire search.",
        description: `404 for an unknown tire. ${audited} ${shownAtOnce}`,
        params: tireAdminParams,
        body: tireStockBody,
        responseSchema: tireAdminSchema,
      }),
    },
    async (request) => updateTireStockCall(db, request.params.productId, request.body.stock, staffOf(request).id),
  );

  // The raw pictures: only these routes read those types, and only those (this scope's parsers).
  scope.register(async (images) => {
    images.removeAllContentTypeParsers();
    images.addContentTypeParser([...CATALOGUE_IMAGE_TYPES], { parseAs: 'buffer', bodyLimit: CATALOGUE_IMAGE_MAX_BYTES }, (_request, body, done) => done(null, body));
    // Fastify's own refusals of a body, in the customers' language and the API's form.
    images.setErrorHandler((err: FastifyError) => {
      if (err.code === 'FST_ERR_CTP_BODY_TOO_LARGE') throw new DomainError(413, 'PAYLOAD_TOO_LARGE', IMAGE_MESSAGES.tooLarge);
      if (err.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') throw new DomainError(415, 'UNSUPPORTED_MEDIA_TYPE', IMAGE_MESSAGES.type);
      throw err;
    });
    const ri = images.withTypeProvider<ZodTypeProvider>();

    ri.post(
      '/catalogue/images',
      {
        ...admin,
        bodyLimit: CATALOGUE_IMAGE_MAX_BYTES,
        schema: callSchema({
          tag,
          summary: "Stores a picture for the catalogue (admins only) and answers its id, for a service's imageIds; GET /media?id= serves it.",
          description: `${rawImage} ${audited}`,
          responseSchema: catalogueImageResponse,
        }),
      },
      async (request) => ({ imageId: await storeImageCall(db, checkedImage(request.headers['content-type'], request.body), staffOf(request).id) }),
    );

    ri.put(
      '/catalogue/tires/:productId/image',
      {
        ...admin,
        bodyLimit: CATALOGUE_IMAGE_MAX_BYTES,
        schema: callSchema({
          tag,
          summary: "Stores a picture and makes it the tire's only one (admins only); answers the tire.",
          description: `${rawImage} 404 for an unknown tire. ${audited} ${shownAtOnce}`,
          params: tireAdminParams,
          responseSchema: tireAdminSchema,
        }),
      },
      async (request) => setTireImageCall(db, request.params.productId, checkedImage(request.headers['content-type'], request.body), staffOf(request).id),
    );
  });
}
