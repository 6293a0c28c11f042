import { loadConfig } from './config.ts';
import { migrate, openDatabase } from './db/database.ts';
import { buildApp } from './app.ts';
import { seedIfEmpty } from './db/seed-if-empty.ts';

/** Longest wait for requests under way and the database to close on SIGTERM/SIGINT. */
const SHUTDOWN_TIMEOUT_MS = 20_000;

/** Start-up: config, database (migrate, seed when empty), listen, graceful shutdown. */
async function main() {
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir + '/pgdata' });
  await migrate(database);
  const seeded = await seedIfEmpty(database.db);
  const app = await buildApp({ config, database });
  if (seeded) app.log.info({ seeded }, 'database seeded');

  // SIGTERM/SIGINT: stop taking connections, let the requests under way finish (Fastify's
  // close waits for them, then its onClose hooks let the mailer's run end), then close
  // the database and exit 0. Exit 1 when a step fails or it all takes too long.
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
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
