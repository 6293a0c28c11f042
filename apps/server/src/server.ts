import type { IncomingMessage, ServerResponse } from 'node:http';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/database.ts';
import { buildApp } from './app.ts';
import { prepareDatabase } from './db/seed-if-empty.ts';

/** Longest wait for requests under way and the database to close on SIGTERM/SIGINT. */
const SHUTDOWN_TIMEOUT_MS = 20_000;

/** Start-up: config, database (migrate, seed when empty, under a lock), listen, graceful shutdown. */
async function main() {
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir + '/pgdata' });
  // Under an advisory lock on PostgreSQL: instances started together take turns.
  const { migrations, seeded } = await prepareDatabase(database);
  const app = await buildApp({ config, database });
  if (migrations.length > 0) app.log.info({ migrations }, 'migrations applied');
  if (seeded) app.log.info({ seeded }, 'database seeded');

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

  await app.listen({ port: config.port, host: config.host });
  void app.mailer.kick();
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
