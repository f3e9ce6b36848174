// Live events across server processes (issue 12 §4, issue 13 §9): Postgres LISTEN/NOTIFY on both drivers (PGlite
// delivers notifications to its own listeners; Postgres needs one dedicated connection per process). Payloads
// stay under NOTIFY's 8,000-byte limit: large data (screenshots) is stored first and sent as an id.
import type { Logger } from 'pino';

/** Every channel is listened to from the start, so a publish never races a LISTEN still on its way. */
export const BUS_CHANNELS = ['vm_events', 'vm_control'] as const;
export type BusChannel = (typeof BUS_CHANNELS)[number];

export interface EventBus {
  /** Sends a JSON payload to every process listening on the channel, this one included. */
  publish(channel: BusChannel, payload: object): Promise<void>;
  /** Calls handler for each payload on the channel; returns the unsubscribe function. */
  subscribe(channel: BusChannel, handler: (payload: unknown) => void): () => void;
  close(): Promise<void>;
}

/** NOTIFY refuses payloads of 8,000 bytes or more; stay well under it. */
export const MAX_NOTIFY_BYTES = 7500;

/** The payload as NOTIFY text; a payload too large is a programming error (store the data, send its id). */
export function encodePayload(channel: BusChannel, payload: object): string {
  const text = JSON.stringify(payload);
  const bytes = Buffer.byteLength(text);
  if (bytes > MAX_NOTIFY_BYTES)
    throw new Error(`${channel} payload of ${bytes} bytes exceeds ${MAX_NOTIFY_BYTES}`);
  return text;
}

/** The handlers of one process, shared by both drivers: parses each notification once, isolates handler errors. */
export function createSubscribers(log?: Logger) {
  const handlers = new Map<BusChannel, Set<(payload: unknown) => void>>();
  return {
    add(channel: BusChannel, handler: (payload: unknown) => void): () => void {
      let set = handlers.get(channel);
      if (!set) handlers.set(channel, (set = new Set()));
      // A wrapper per subscription, so subscribing the same function twice yields two independent subscriptions.
      const entry = (payload: unknown) => handler(payload);
      set.add(entry);
      return () => void set.delete(entry);
    },
    deliver(channel: string, text: string): void {
      const set = handlers.get(channel as BusChannel);
      if (!set?.size) return;
      let payload: unknown;
      try {
        payload = JSON.parse(text);
      } catch (err) {
        log?.warn({ err, channel }, 'event bus: unreadable payload');
        return;
      }
      for (const handler of [...set]) {
        try {
          handler(payload);
        } catch (err) {
          log?.error({ err, channel }, 'event bus: handler failed');
        }
      }
    },
    clear: () => handlers.clear(),
  };
}
