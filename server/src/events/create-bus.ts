import type { Logger } from 'pino';
import type { Database } from '../db/client.ts';
import type { EventBus } from './bus.ts';
import { createPgliteBus } from './pglite-bus.ts';
import { createPostgresBus } from './postgres-bus.ts';

/** The event bus of the database in use; close it before the database. */
export function createEventBus(database: Database, log?: Logger): Promise<EventBus> {
  return 'pglite' in database.raw
    ? createPgliteBus(database.raw.pglite, log)
    : createPostgresBus(database.raw.pool, log);
}
