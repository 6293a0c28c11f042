import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import {
  DEFAULT_MODULES,
  HOLD_MINUTES,
  PROCESS_AVAILABILITY,
  PROCESS_TOKEN_HEADER,
  bookingSettingsOrganizationQuery,
  initSessionQuery,
  moduleSettingQuery,
  type BookingSettingsOrganization,
  type ServicelaneSettings,
} from '@huolto/domain';
import { badRequest } from '../../lib/errors.ts';
import type { Db } from '../../db/database.ts';
import { parse } from '../../lib/parse.ts';
import { createProcess } from '../process/repository.ts';
import { findOrganization } from '../organizations/repository.ts';
import { usableOrganization } from '../organizations/offices.ts';
import { readSettings, siteLinks } from './repository.ts';

/** `initSessionRateLimit`: new sessions per client address per minute. */
export function registerSettingsRoutes(app: FastifyInstance, db: Db, deps: { initSessionRateLimit: number }) {
  const open = { config: { session: false } };

  // Each session may hold a time: a client address starts only so many a minute.
  const initSession = { config: { session: false, rateLimit: { max: deps.initSessionRateLimit, timeWindow: '1 minute' } } };
  app.post('/init-session', initSession, async (request, reply) => {
    const q = parse(initSessionQuery, request.query);
    if (q.organizationId !== undefined) await usableOrganization(db, q.organizationId, q.usedProcessType);
    // 256 bits: a token cannot be guessed, so one session can never reach another's booking.
    const token = randomBytes(32).toString('base64url');
    await createProcess(db, {
      token,
      processType: q.usedProcessType,
      installationType: q.installationType,
      organizationId: q.organizationId ?? null,
      clientKey: request.clientKey,
    });
    reply.header(PROCESS_TOKEN_HEADER, token);
    return { responseCode: 'SUCCESS' };
  });

  const settings = async () => {
    const s = await readSettings(db);
    return {
      locale: 'fi',
      currency: 'EUR',
      timeZone: 'Europe/Helsinki',
      holdMinutes: HOLD_MINUTES,
      serviceBreak: s.serviceBreak ?? null,
      links: siteLinks(s.links),
    };
  };
  app.get('/settings', open, settings);
  app.get('/get-generic-online-settings', open, settings);

  // Constant answers without the database: the bench's baseline call (scripts/bench-scenarios.mjs).
  const processes = JSON.stringify(PROCESS_AVAILABILITY);
  const processList = async (_request: unknown, reply: FastifyReply) => reply.type('application/json; charset=utf-8').send(processes);
  app.get('/active-processes', open, processList);
  app.get('/enabled-processes-generic-online', open, processList);

  /** An office's booking settings for a process type (the loan calculator's office setting among them). */
  app.get('/booking-settings/organization', open, async (request): Promise<BookingSettingsOrganization> => {
    const q = parse(bookingSettingsOrganizationQuery, request.query);
    const org = await findOrganization(db, q.organizationId);
    if (!org) throw badRequest('organizationId', 'Tuntematon toimipiste');
    return {
      organizationId: org.id,
      processType: q.processType,
      timeSelectionType: org.time_selection_type === 'DAY_ONLY' ? 'DAY_ONLY' : 'EXACT_TIME',
      showStaticLoanCalculator: org.show_loan_calculator,
      leadOnly: org.lead_only,
      customerSelectsResource: org.customer_selects_resource,
    };
  });

  /** The drive-in reception lane: off unless the `servicelane` setting turns it on. */
  app.get('/servicelane-settings', open, async (): Promise<ServicelaneSettings> => {
    const stored = (await readSettings(db)).servicelane as Partial<ServicelaneSettings> | undefined;
    return {
      enabled: stored?.enabled === true,
      organizationIds: Array.isArray(stored?.organizationIds) ? stored.organizationIds.filter((v) => Number.isInteger(v)) : [],
      message: typeof stored?.message === 'string' ? stored.message : null,
    };
  });

  /** Whether a module is on: the `modules` setting, else the default; an unknown module is off. */
  app.get('/module-setting', open, async (request) => {
    const { module } = parse(moduleSettingQuery, request.query);
    const stored = (await readSettings(db)).modules as Record<string, unknown> | undefined;
    const value = stored?.[module];
    return { module, enabled: typeof value === 'boolean' ? value : (DEFAULT_MODULES[module] ?? false) };
  });

  app.get('/booking-settings/v2', async (request) => {
    const org = request.process.organization_id ? await findOrganization(db, request.process.organization_id) : undefined;
    return {
      processType: request.process.process_type,
      timeSelectionType: org?.time_selection_type ?? 'EXACT_TIME',
      holdMinutes: HOLD_MINUTES,
    };
  });
}
