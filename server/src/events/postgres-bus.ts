import type { Logger } from 'pino';
import pg from 'pg';
import { BUS_CHANNELS, createSubscribers, encodePayload, type EventBus } from './bus.ts';

export interface ReconnectDelays {
  firstMs: number;
  maxMs: number;
}

const DEFAULT_DELAYS: ReconnectDelays = { firstMs: 250, maxMs: 10_000 };

/**
 * The bus on Postgres. LISTEN needs a session of its own (a pooled connection goes back to the pool and with it
 * the LISTEN), so each process keeps one dedicated client; when it drops, it reconnects with growing delays and
 * listens again. Notifications sent while it was down are lost: these are live events, and the state they
 * describe is always in the tables. Publishing goes through the pool.
 */
export async function createPostgresBus(
  pool: pg.Pool,
  log?: Logger,
  delays: ReconnectDelays = DEFAULT_DELAYS,
): Promise<EventBus> {
  const subscribers = createSubscribers(log);
  let current: pg.Client | null = null;
  let retry: NodeJS.Timeout | null = null;
  let failures = 0;
  let closed = false;

  const drop = (client: pg.Client, err?: Error) => {
    if (client !== current) return;
    current = null;
    client.removeAllListeners('notification');
    client.end().catch(() => undefined);
    if (closed) return;
    log?.warn({ err }, 'event bus: listener connection lost, reconnecting');
    const delay = Math.min(delays.maxMs, delays.firstMs * 2 ** failures++);
    retry = setTimeout(() => {
      retry = null;
      void listen().catch(() => undefined);
    }, delay);
  };

  async function listen(): Promise<void> {
    // keepAlive so a silently dead peer (network partition) surfaces as an error instead of a mute listener.
    const client = new pg.Client({ ...pool.options, keepAlive: true });
    current = client;
    client.on(
      'notification',
      (msg) => msg.payload !== undefined && subscribers.deliver(msg.channel, msg.payload),
    );
    client.on('error', (err) => drop(client, err));
    client.on('end', () => drop(client));
    try {
      await client.connect();
      await client.query(BUS_CHANNELS.map((channel) => `LISTEN ${channel}`).join('; '));
      failures = 0;
    } catch (err) {
      drop(client, err as Error);
      throw err;
    }
  }

  try {
    await listen();
  } catch (err) {
    // Unreachable at start-up is a start-up error, not something to retry in the background.
    closed = true;
    if (retry) clearTimeout(retry);
    throw err;
  }
  return {
    async publish(channel, payload) {
      await pool.query('SELECT pg_notify($1, $2)', [channel, encodePayload(channel, payload)]);
    },
    subscribe: (channel, handler) => subscribers.add(channel, handler),
    async close() {
      closed = true;
      if (retry) clearTimeout(retry);
      subscribers.clear();
      const client = current;
      current = null;
      await client?.end().catch(() => undefined);
    },
  };
}
