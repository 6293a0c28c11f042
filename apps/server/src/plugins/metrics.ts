import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { Db } from '../db/database.ts';
import { callSchema } from '../openapi/route-schema.ts';
import { withTimeout } from './health.ts';

/**
 * Prometheus metrics of one app. Each app has its own registry (tests build many apps in
 * one process); the process metrics (CPU, memory, event loop, GC) describe the process,
 * not the app, so they are collected once per process and appended to every app's answer.
 */
export interface AppMetrics {
  registry: Registry;
  httpRequests: Counter<'method' | 'route' | 'status_code'>;
  httpDuration: Histogram<'method' | 'route' | 'status_code'>;
  /** Bookings saved by save-booking (a repeated save of the same booking is not counted). */
  bookingsSaved: Counter<'process_type'>;
  mail: {
    /** Messages put in the outbox, counted once when a sender first takes them up. */
    queued: Counter;
    sent: Counter;
    /** Failed send attempts; final="true" when the message was given up (FAILED). */
    failed: Counter<'final'>;
  };
}

/** Latency buckets in seconds: the API's budget is tens of milliseconds, a slow call seconds. */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** The label of a request that matched no route (its path may be anything the client sent). */
export const UNMATCHED_ROUTE = 'unmatched';

let processRegistry: Registry | undefined;
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

export function createMetrics(): AppMetrics {
  const registry = new Registry();
  const labelNames = ['method', 'route', 'status_code'] as const;
  return {
    registry,
    httpRequests: new Counter({
      name: 'http_requests_total',
      help: 'HTTP requests answered, by method, route pattern and status code.',
      labelNames,
      registers: [registry],
    }),
    httpDuration: new Histogram({
      name: 'http_request_duration_seconds',
      help: 'Time from receiving a request to sending its answer, by method, route pattern and status code.',
      labelNames,
      buckets: DURATION_BUCKETS,
      registers: [registry],
    }),
    bookingsSaved: new Counter({
      name: 'huolto_bookings_saved_total',
      help: 'Bookings saved through save-booking, by process type.',
      labelNames: ['process_type'] as const,
      registers: [registry],
    }),
    mail: {
      queued: new Counter({
        name: 'huolto_emails_queued_total',
        help: 'E-mails queued in the outbox, counted once when a sender of this process first takes them up.',
        registers: [registry],
      }),
      sent: new Counter({
        name: 'huolto_emails_sent_total',
        help: 'E-mails sent (over SMTP, or written as .eml files without SMTP).',
        registers: [registry],
      }),
      failed: new Counter({
        name: 'huolto_email_send_failures_total',
        help: 'Failed attempts to send an e-mail; final="true" when the message was given up.',
        labelNames: ['final'] as const,
        registers: [registry],
      }),
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The app's Prometheus metrics. */
    metrics: AppMetrics;
  }
}

/** How long a scrape waits for the outbox counts before answering without them. */
const OUTBOX_QUERY_TIMEOUT_MS = 1000;

/**
 * Decorates the app with its metrics and counts every answer by route pattern (never the
 * raw URL: query strings carry plates). Call before the routes; the scrape route comes
 * from registerMetricsRoute.
 */
export function registerMetrics(app: FastifyInstance, metrics: AppMetrics, opts: { db: Db }) {
  app.decorate('metrics', metrics);

  app.addHook('onResponse', async (request, reply) => {
    const labels = {
      method: request.method,
      route: request.routeOptions.url ?? UNMATCHED_ROUTE,
      status_code: String(reply.statusCode),
    };
    metrics.httpRequests.inc(labels);
    metrics.httpDuration.observe(labels, reply.elapsedTime / 1000);
  });

  // The outbox across all server instances: what waits to be sent and what was given up.
  new Gauge({
    name: 'huolto_email_outbox_messages',
    help: 'E-mails in the outbox by status (PENDING, SENDING, FAILED), read from the database at scrape time.',
    labelNames: ['status'] as const,
    registers: [metrics.registry],
    async collect() {
      this.reset();
      try {
        const rows = await withTimeout(
          opts.db
            .selectFrom('email_outbox')
            .select((eb) => ['status', eb.fn.countAll<number>().as('count')])
            .where('status', 'in', ['PENDING', 'SENDING', 'FAILED'])
            .groupBy('status')
            .execute(),
          OUTBOX_QUERY_TIMEOUT_MS,
        );
        for (const status of ['PENDING', 'SENDING', 'FAILED']) {
          this.set({ status }, Number(rows.find((r) => r.status === status)?.count ?? 0));
        }
      } catch (err) {
        app.log.warn({ err }, 'outbox counts for metrics failed');
      }
    },
  });

}

/**
 * The start-up line for an operator when /metrics is closed (no METRICS_TOKEN and a public
 * address, as in the default set-up), else undefined. Not a warning: closed is the safe default.
 */
export function metricsClosedLine(token: string | undefined, host: string): string | undefined {
  return !token && !isLoopbackHost(host) ? 'Mittarit: /metrics on suljettu; avaa se asettamalla METRICS_TOKEN (README, Configuration)' : undefined;
}

/** Whether a listen address (HOST) is reachable only from this machine. */
export function isLoopbackHost(host: string): boolean {
  const h = host.trim().toLowerCase().replace(/^\[|\]$/g, '');
  return h === 'localhost' || h === '::1' || /^127(\.\d{1,3}){3}$/.test(h) || h === '::ffff:127.0.0.1';
}

/**
 * GET /metrics in the Prometheus text format. With a token it wants
 * `authorization: Bearer <token>`. Without one it answers only when the server listens on
 * a loopback address, and even then not to a request relayed by a proxy (one carrying
 * X-Forwarded-For or Forwarded): a proxy on the same machine would publish it. Otherwise 403.
 */
export function registerMetricsRoute(
  app: FastifyInstance,
  metrics: AppMetrics,
  opts: { token?: string | undefined; host?: string | undefined } = {},
) {
  const expected = opts.token ? Buffer.from(`Bearer ${opts.token}`) : undefined;
  const openLocally = !expected && opts.host !== undefined && isLoopbackHost(opts.host);
  // Whether it is closed is said once at start-up, in server.ts's own lines (metricsClosedLine).
  const schema = callSchema({
    tag: 'Operations',
    summary:
      'Metrics in the Prometheus text format; with METRICS_TOKEN set, needs authorization: Bearer <token> (else 401). Without METRICS_TOKEN it answers only a server listening on a loopback address (HOST 127.0.0.1, ::1, localhost) and a request not relayed by a proxy (else 403).',
    responseType: 'text/plain',
    optional: true,
  });
  app.get('/metrics', { config: { session: false }, schema }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    if (expected) {
      const given = Buffer.from(request.headers.authorization ?? '');
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
        return reply.status(401).header('www-authenticate', 'Bearer').send({ error: 'UNAUTHORIZED', message: 'Unauthorized' });
      }
    } else if (!openLocally || request.headers['x-forwarded-for'] !== undefined || request.headers.forwarded !== undefined) {
      return reply.status(403).send({ error: 'FORBIDDEN', message: 'Forbidden: set METRICS_TOKEN' });
    }
    const [own, proc] = await Promise.all([metrics.registry.metrics(), processMetrics().metrics()]);
    return reply.type(metrics.registry.contentType).send(`${own}\n${proc}`);
  });
}
