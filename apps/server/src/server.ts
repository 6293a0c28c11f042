import { loadConfig } from './config.ts';
import { migrate, openDatabase } from './db/database.ts';
import { buildApp } from './app.ts';
import { seedIfEmpty } from './db/seed-if-empty.ts';

/** Start-up: config, database (migrate, seed when empty), listen, graceful shutdown. */
async function main() {
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir + '/pgdata' });
  await migrate(database);
  const seeded = await seedIfEmpty(database.db);
  const app = await buildApp({ config, database });
  if (seeded) app.log.info({ seeded }, 'database seeded');

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    try {
      await app.close();
    } finally {
      await database.close();
      process.exit(0);
    }
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
