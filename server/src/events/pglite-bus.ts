import type { PgliteThread } from '../db/pglite-thread.ts';
import type { Logger } from 'pino';
import { BUS_CHANNELS, createSubscribers, encodePayload, type EventBus } from './bus.ts';

/**
 * The bus on PGlite: one process owns the database, and PGlite hands NOTIFY to its own LISTENers by the time
 * the notifying query resolves. PGlite has a single connection, so never await publish() inside a transaction.
 */
export async function createPgliteBus(pglite: PgliteThread, log?: Logger): Promise<EventBus> {
  const subscribers = createSubscribers(log);
  const unlisten = await Promise.all(
    BUS_CHANNELS.map((channel) => pglite.listen(channel, (text) => subscribers.deliver(channel, text))),
  );
  return {
    async publish(channel, payload) {
      await pglite.query('SELECT pg_notify($1, $2)', [channel, encodePayload(channel, payload)]);
    },
    subscribe: (channel, handler) => subscribers.add(channel, handler),
    async close() {
      subscribers.clear();
      // Closing the database first already ended the LISTENs.
      if (!pglite.closed) await Promise.all(unlisten.map((stop) => stop()));
    },
  };
}
