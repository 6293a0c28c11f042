import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database.ts';
import { windshieldProducts } from './service.ts';

export function registerWindshieldRoutes(app: FastifyInstance, db: Db) {
  /** The windshield products (change, repair, repair with insurance) with their CHOICE parameters. */
  app.get('/windshield/products', async () => windshieldProducts(db));
}
