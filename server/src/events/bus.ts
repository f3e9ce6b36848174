// Live events across server processes (issue 12 §4, issue 13 §9): Postgres LISTEN/NOTIFY on both drivers (PGlite
// delivers notifications to its own listeners; Postgres needs one dedicated connection per process). Payloads
// stay under NOTIFY's 8,000-byte limit: large data (screenshots) is stored first and sent as an id.

export type BusChannel = 'vm_events' | 'vm_control';

export interface EventBus {
  /** Sends a JSON payload to every process listening on the channel, this one included. */
  publish(channel: BusChannel, payload: object): Promise<void>;
  /** Calls handler for each payload on the channel; returns the unsubscribe function. */
  subscribe(channel: BusChannel, handler: (payload: unknown) => void): () => void;
  close(): Promise<void>;
}

/** NOTIFY refuses payloads of 8,000 bytes or more; stay well under it. */
export const MAX_NOTIFY_BYTES = 7500;
