import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import type { Mailer } from '../mail/outbox.ts';
import type { AvailabilityCache } from '../time/availability-cache.ts';
import type { CatalogueCache } from '../catalogue/catalogue-cache.ts';
import { registerStaffGuard } from './guard.ts';
import { registerStaffAuthRoutes } from './routes.ts';
// helpers: import your routes here
import { registerStaffCapacityRoutes } from '../staff-capacity/routes.ts';
import { registerStaffBookingRoutes } from '../staff-bookings/routes.ts';

export interface StaffScopeDeps {
  mailer: Mailer;
  availability: AvailabilityCache;
  catalogue: CatalogueCache;
  config: Config;
}

/**
 * The back-office's calls, under `${API_BASE}/staff`: apart from the booking process (no
 * process token), every one signed in (401) with the role its route names (403), and every
 * office's data only for the staff who run it (assertOffice, 403).
 */
export async function registerStaffScope(scope: FastifyInstance, db: Db, deps: StaffScopeDeps) {
  registerStaffGuard(scope, db);
  registerStaffAuthRoutes(scope, db, {
    loginRateLimit: deps.config.loginRateLimit,
    secureCookies: deps.config.publicUrl.startsWith('https:'),
  });
  // helpers: register your routes here
  registerStaffCapacityRoutes(scope, db);
  registerStaffBookingRoutes(scope, db, deps);
}
