import type { FastifyInstance } from 'fastify';
import type { Config } from './config.ts';
import type { Db } from './db/database.ts';
import type { Mailer } from './modules/mail/index.ts';
import type { AvailabilityCache } from './modules/time/index.ts';
import type { CatalogueCache } from './modules/catalogue/index.ts';
import type { VehicleSource } from './modules/vehicle/index.ts';
import { registerStaffGuard } from './modules/staff/index.ts';
import { registerStaffAuthRoutes } from './modules/staff/routes.ts';
import { registerStaffBookingRoutes } from './modules/staff-bookings/routes.ts';
import { registerStaffCapacityRoutes } from './modules/staff-capacity/routes.ts';
import { registerCompanyRoutes } from './modules/company/routes.ts';
import { registerOfficeAdminRoutes } from './modules/office-admin/routes.ts';
import { registerDataImportRoutes } from './modules/data-import/index.ts';
import { registerCatalogueAdminRoutes } from './modules/catalogue-admin/routes.ts';
import { registerCampaignCodeRoutes } from './modules/campaign-codes/routes.ts';
import { registerTireAdminRoutes } from './modules/tire-admin/routes.ts';
import { registerVoucherRoutes } from './modules/vouchers/routes.ts';
import { registerFrontDeskRoutes } from './modules/front-desk/routes.ts';
import { registerPersonalDataRoutes } from './modules/personal-data/routes.ts';

export interface StaffScopeDeps {
  mailer: Mailer;
  availability: AvailabilityCache;
  catalogue: CatalogueCache;
  config: Config;
  /** The vehicle register the booking asks (AppDeps.vehicleSource): the catalogue's preview looks plates up in it. */
  vehicles: VehicleSource;
}

/**
 * The back-office's calls, under `${API_BASE}/staff` (registered by app.ts): apart from the
 * booking process (no process token), every one signed in (401) with the role its route
 * names (403), and every office's data only for the staff who run it (403). A new staff
 * module registers its routes here.
 */
export async function registerStaffScope(scope: FastifyInstance, db: Db, deps: StaffScopeDeps) {
  registerStaffGuard(scope, db);
  registerStaffAuthRoutes(scope, db, {
    loginRateLimit: deps.config.loginRateLimit,
    secureCookies: deps.config.publicUrl.startsWith('https:'),
  });
  registerStaffBookingRoutes(scope, db, deps);
  registerFrontDeskRoutes(scope, db, { mailer: deps.mailer, vehicles: deps.vehicles, config: deps.config });
  registerStaffCapacityRoutes(scope, db);
  registerCompanyRoutes(scope, db);
  registerOfficeAdminRoutes(scope, db);
  registerDataImportRoutes(scope, db);
  registerCatalogueAdminRoutes(scope, db, { vehicles: deps.vehicles });
  registerCampaignCodeRoutes(scope, db);
  registerTireAdminRoutes(scope, db);
  registerVoucherRoutes(scope, db);
  registerPersonalDataRoutes(scope, db, deps);
}
