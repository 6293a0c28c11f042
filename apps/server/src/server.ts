import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/database.ts';
import { buildApp } from './app.ts';
import { prepareDatabase } from './db/seed-if-empty.ts';
import { metricsClosedLine } from './plugins/metrics.ts';

/** Longest wait for requests under way and the database to close on SIGTERM/SIGINT. */
const SHUTDOWN_TIMEOUT_MS = 20_000;

/**
 * A line for whoever starts the server, beside the JSON log lines on stdout: what start-up
 * is doing and, at the end, where the service answers.
 */
function say(line: string, stream: { write(text: string): unknown } = process.stdout) {
  stream.write(line + '\n');
}

/** The destination of a pino logger (its `pino.stream` symbol), or undefined. */
function logStream(log: object): { write(text: string): unknown } | undefined {
  for (let o: object | null = log; o; o = Object.getPrototypeOf(o) as object | null) {
    const key = Object.getOwnPropertySymbols(o).find((s) => s.description === 'pino.stream');
    const stream = key && (o as Record<symbol, unknown>)[key];
    if (stream && typeof (stream as { write?: unknown }).write === 'function') return stream as { write(text: string): unknown };
  }
  return undefined;
}

/** A count as Finnish writes it, with the word in singular or partitive: "1 varaus", "32 372 varausta". */
function count(n: number, one: string, many: string): string {
  return `${n.toLocaleString('fi-FI').replace(/\s/g, ' ')} ${n === 1 ? one : many}`;
}

/** Seconds since `start`, for a progress line: "(0,4 s)", "(18 s)". */
function took(start: number): string {
  const seconds = (performance.now() - start) / 1000;
  return `(${seconds < 10 ? seconds.toFixed(1).replace('.', ',') : Math.round(seconds)} s)`;
}

/** The address to open in a browser: a wildcard host (0.0.0.0, ::) is reached as localhost. */
function browserUrl(host: string, port: number): string {
  const name = host === '' || host === '0.0.0.0' || host === '::' ? 'localhost' : host.includes(':') ? `[${host}]` : host;
  return `http://${name}:${port}`;
}

/** Start-up: config, database (migrate, seed when empty, under a lock), listen, graceful shutdown. */
async function main() {
  const config = loadConfig();
  // Creating the embedded database on a first start takes seconds.
  say(config.databaseUrl ? 'Tietokanta: yhdistetään PostgreSQL-palvelimeen…' : `Tietokanta: avataan ${config.dataDir}/pgdata…`);
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir + '/pgdata' });
  // Under an advisory lock on PostgreSQL: instances started together take turns.
  let step = performance.now();
  const { migrations, seeded, startedEmpty } = await prepareDatabase(
    database,
    {
      migrated: (applied) => say(applied.length > 0 ? `Tietokanta: ${count(applied.length, 'migraatio', 'migraatiota')} ajettu ${took(step)}` : 'Tietokanta: ajan tasalla'),
      seeding: () => {
        say('Esimerkkidata: luodaan tyhjään tietokantaan…');
        step = performance.now();
      },
      startingEmpty: () => say('Tyhjä aloitus (DEMO_DATA=off): ei esimerkkidataa; yritys otetaan käyttöön hallinnassa'),
    },
    { demoData: config.demoData, demoScale: config.demoScale },
  );
  if (seeded) say(`Esimerkkidata: ${count(seeded.organizations, 'toimipiste', 'toimipistettä')}, ${count(seeded.bookings, 'varaus', 'varausta')} ${took(step)}`);
  const app = await buildApp({ config, database });
  if (migrations.length > 0) app.log.info({ migrations }, 'migrations applied');
  if (seeded) app.log.info({ seeded }, 'database seeded');
  if (startedEmpty) app.log.info('database started empty (DEMO_DATA=off)');

  // SIGTERM/SIGINT: stop taking connections, let the requests under way finish (Fastify's
  // close waits for them, then its onClose hooks let the mailer's run end), then close
  // the database and exit 0. Exit 1 when a step fails or it all takes too long.
  let closing = false;
  // Responses still to be sent when shutdown starts: they go out with Connection: close.
  // Otherwise a browser's keep-alive connection stays open after its answer and holds
  // app.close() until keepAliveTimeout (72 s), past the orchestrator's grace period.
  const unanswered = new Set<ServerResponse>();
  app.server.on('request', (_request: IncomingMessage, response: ServerResponse) => {
    if (closing) return;
    unanswered.add(response);
    response.once('close', () => unanswered.delete(response));
  });
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    for (const response of unanswered) if (!response.headersSent) response.setHeader('connection', 'close');
    // A connection that is idle after its answer anyway (headers sent before) is closed too.
    const idle = setInterval(() => app.server.closeIdleConnections(), 250);
    idle.unref();
    const timer = setTimeout(() => {
      app.log.error({ signal, ms: SHUTDOWN_TIMEOUT_MS }, 'shutdown took too long; exiting');
      process.exit(1);
    }, SHUTDOWN_TIMEOUT_MS);
    timer.unref();
    let code = 0;
    try {
      await app.close();
    } catch (err) {
      app.log.error({ err }, 'closing the server failed');
      code = 1;
    }
    clearInterval(idle);
    try {
      await database.close();
    } catch (err) {
      app.log.error({ err }, 'closing the database failed');
      code = 1;
    }
    process.exit(code);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  const metricsLine = metricsClosedLine(config.metricsToken, config.host);
  if (metricsLine) say(metricsLine);
  await app.listen({ port: config.port, host: config.host });
  // Through the log's own stream, which writes asynchronously: after the log lines of start-up.
  say(`Valmis: ${browserUrl(config.host, (app.server.address() as AddressInfo).port)}`, logStream(app.log));
  void app.mailer.kick();
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
