import pino from 'pino';
import { openPostgres } from '../db/client.ts';
import { migrateDatabase } from '../db/migrate.ts';
import { loadHostConfig, type HostConfig } from './host-config.ts';
import { startMachineHost } from './machine-host.ts';

// `npm run machine-host`: a browser host for the machines of every API process on the same Postgres (issue 28).

let config: HostConfig;
try {
  config = loadHostConfig(process.env);
} catch (err) {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
}
const log = pino({ level: config.logLevel });
const database = await openPostgres(config.databaseUrl, (err) => log.warn({ err: err.message }, 'database connection dropped'));
await migrateDatabase(database);
const host = await startMachineHost(config, database.db, log);
console.log(`Machine host ${host.id}: ${host.address}, up to ${config.capacity} machines, profiles in ${config.dataDir}`);

let closing = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (closing) return;
    closing = true;
    // Machines stop in order (their profiles are written) and the host marks itself stopped.
    void host
      .close()
      .then(() => database.close())
      .then(
        () => process.exit(0),
        (err: unknown) => {
          log.error({ err }, 'machine host did not stop cleanly');
          process.exit(1);
        },
      );
  });
}
