import { randomUUID } from 'node:crypto';
import { ControlInput, MonitorServerMessage, VMS } from '@cofounder/shared';
import { and, desc, eq, isNotNull, ne, notInArray } from 'drizzle-orm';
import type { Logger } from 'pino';
import { z } from 'zod';
import type { Db } from '../db/client.ts';
import { vmScreenshots, vmTasks } from '../db/schema.ts';
import { MAX_NOTIFY_BYTES, type EventBus } from './bus.ts';
import { isUuid } from '../db/ids.ts';

// A machine's live events (issue 12 §4): published by whichever process runs the machine, delivered by every
// process to its monitor sockets. Screenshots are stored first and travel as an id; each process loads one once.

/** The monitor messages about a machine (hello and subscribed belong to a socket, not a machine). */
export type VmEventMessage = Exclude<MonitorServerMessage, { type: 'hello' | 'subscribed' }>;
type ScreenshotMessage = Extract<VmEventMessage, { type: 'screenshot' }>;
type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

/** What a publisher hands over: the timestamp defaults to now; a screenshot's image may come as a Buffer instead. */
export type VmEventInput =
  | (DistributiveOmit<Exclude<VmEventMessage, ScreenshotMessage>, 'timestamp'> & { timestamp?: string })
  | (Omit<ScreenshotMessage, 'timestamp' | 'screenshot'> & { timestamp?: string; screenshot?: string });

export type VmEventHandler = (userId: string, message: VmEventMessage) => void;

export interface VmEvents {
  /**
   * Sends an event to every process: this one's handlers get it before publish returns, others through NOTIFY.
   * A screenshot (screenshotJpeg, or a data URL in message.screenshot) is stored first and sent as its id;
   * resolves with that id once sent (null for other events). Events of one machine keep their publish order
   * everywhere, even when the caller does not await each one.
   */
  publish(userId: string, message: VmEventInput, screenshotJpeg?: Buffer): Promise<string | null>;
  /** Calls handler for every machine event, in order per machine; `wants` skips machines nobody here watches. */
  subscribe(handler: VmEventHandler, wants?: (vmId: string) => boolean): () => void;
  /** A stored screenshot as a data URL, null when pruned or unknown. */
  screenshot(id: string): Promise<string | null>;
  /** The machine's newest stored screenshot as a data URL, null when it has none. */
  latestScreenshot(vmId: string): Promise<string | null>;
  /** Asks the process running the machine to stream its screen (renew within VMS.liveWatchTtlMs). */
  requestWatch(vmId: string): Promise<void>;
  /** Calls handler for each watch request; returns the unsubscribe function. */
  onWatch(handler: (vmId: string) => void): () => void;
  /** Hands a founder's take-control command to the process running the machine (features/vms/founder-control.ts). */
  requestControl(command: ControlCommand): Promise<void>;
  /** Calls handler for each control command, in this and every other process; returns the unsubscribe function. */
  onControl(handler: (command: ControlCommand) => void): () => void;
}

/** A founder taking a machine over, handing it back, or one of their inputs while they hold it. */
export type ControlCommand = z.infer<typeof ControlCommand>;

export interface VmEventsDeps {
  db: Db;
  bus: EventBus;
  now: () => number;
  log?: Logger;
}

const DATA_URL_PREFIX = 'data:image/jpeg;base64,';
/** Data URLs kept in memory (a frame is ~100-300 KB): enough for every machine watched from one process. */
const CACHE_ENTRIES = 32;
/** Old screenshots are pruned every this many inserts per machine, not on every one. */
const PRUNE_EVERY = 4;

const Envelope = z.object({
  /** The publishing instance, which delivered to its own handlers already. */
  origin: z.string(),
  userId: z.string(),
  message: z.looseObject({ type: z.string(), vmId: z.string().nullable() }),
  screenshotId: z.string().optional(),
});
const WatchRequest = z.object({ type: z.literal('watch'), vmId: z.string() });
const ControlCommand = z.discriminatedUnion('type', [
  z.object({ type: z.literal('take_control'), vmId: z.string(), userId: z.string() }),
  z.object({ type: z.literal('hand_back'), vmId: z.string(), userId: z.string() }),
  z.object({ type: z.literal('input'), vmId: z.string(), userId: z.string(), input: ControlInput }),
]);

/** Runs fn after the previous call with the same key settled, so one machine's work keeps its order. */
function createSequencer() {
  const tails = new Map<string, Promise<unknown>>();
  return {
    busy: (key: string) => tails.has(key),
    run<T>(key: string, fn: () => Promise<T>): Promise<T> {
      const result = (tails.get(key) ?? Promise.resolve()).then(fn);
      const tail = result.catch(() => undefined);
      tails.set(key, tail);
      void tail.then(() => tails.get(key) === tail && tails.delete(key));
      return result;
    },
  };
}

/** Least recently used data URLs by screenshot id; holds the pending load too, so concurrent asks share it. */
function createScreenshotCache(load: (id: string) => Promise<string | null>) {
  const entries = new Map<string, Promise<string | null>>();
  const put = (id: string, value: Promise<string | null>) => {
    entries.delete(id);
    entries.set(id, value);
    if (entries.size > CACHE_ENTRIES) entries.delete(entries.keys().next().value!);
  };
  return {
    put: (id: string, dataUrl: string) => put(id, Promise.resolve(dataUrl)),
    get(id: string): Promise<string | null> {
      const hit = entries.get(id);
      if (hit) {
        put(id, hit);
        return hit;
      }
      const loading = load(id);
      put(id, loading);
      // Misses (pruned, or a failed query) are not remembered.
      void loading.then(
        (url) => url === null && entries.get(id) === loading && entries.delete(id),
        () => entries.get(id) === loading && entries.delete(id),
      );
      return loading;
    },
  };
}

/** Shortens long texts (thoughts, details) until the event fits in one NOTIFY; only ever needed for outliers. */
function fitted<T extends { message: object }>(envelope: T): T {
  for (const limit of [Infinity, 1000, 200]) {
    const clip = (value: unknown): unknown =>
      typeof value === 'string'
        ? value.length > limit
          ? `${value.slice(0, limit)}…`
          : value
        : Array.isArray(value)
          ? value.map(clip)
          : value && typeof value === 'object'
            ? Object.fromEntries(Object.entries(value).map(([k, v]) => [k, clip(v)]))
            : value;
    const candidate = limit === Infinity ? envelope : ({ ...envelope, message: clip(envelope.message) } as T);
    if (Buffer.byteLength(JSON.stringify(candidate)) <= MAX_NOTIFY_BYTES) return candidate;
  }
  throw new Error('monitor event does not fit in a notification');
}

/**
 * Keeps the newest VMS.keptScreenshots of a machine, every task's final screenshot, and `keep` (one just stored);
 * deletes the rest. The monitor's events and the screenshots a task stores without publishing both prune this way.
 */
export async function pruneScreenshots(db: Db, vmId: string, keep?: string): Promise<void> {
  const newest = db
    .select({ id: vmScreenshots.id })
    .from(vmScreenshots)
    .where(eq(vmScreenshots.vmId, vmId))
    .orderBy(desc(vmScreenshots.createdAt), desc(vmScreenshots.id))
    .limit(VMS.keptScreenshots);
  const ofTasks = db
    .select({ id: vmTasks.screenshotId })
    .from(vmTasks)
    .where(and(eq(vmTasks.vmId, vmId), isNotNull(vmTasks.screenshotId)));
  await db
    .delete(vmScreenshots)
    .where(
      and(
        eq(vmScreenshots.vmId, vmId),
        keep ? ne(vmScreenshots.id, keep) : undefined,
        notInArray(vmScreenshots.id, newest),
        notInArray(vmScreenshots.id, ofTasks),
      ),
    );
}

export function createVmEvents({ db, bus, now, log }: VmEventsDeps): VmEvents {
  const handlers = new Set<{ handler: VmEventHandler; wants?: (vmId: string) => boolean }>();
  const outgoing = createSequencer();
  const incoming = createSequencer();
  const insertsSincePrune = new Map<string, number>();
  const origin = randomUUID();

  const cache = createScreenshotCache(async (id) => {
    const [row] = await db
      .select({ jpeg: vmScreenshots.jpeg })
      .from(vmScreenshots)
      .where(eq(vmScreenshots.id, id));
    return row ? DATA_URL_PREFIX + row.jpeg : null;
  });

  function pruneNow(vmId: string): boolean {
    const count = (insertsSincePrune.get(vmId) ?? 0) + 1;
    insertsSincePrune.set(vmId, count % PRUNE_EVERY);
    return count >= PRUNE_EVERY;
  }

  function deliver(userId: string, vmId: string | null, message: unknown): void {
    const parsed = MonitorServerMessage.safeParse(message);
    if (!parsed.success || parsed.data.type === 'hello' || parsed.data.type === 'subscribed') {
      log?.warn({ vmId }, 'monitor event: unreadable message dropped');
      return;
    }
    for (const { handler, wants } of handlers) {
      if (wants && (vmId === null || !wants(vmId))) continue;
      try {
        handler(userId, parsed.data);
      } catch (err) {
        log?.error({ err, vmId }, 'monitor event handler failed');
      }
    }
  }

  const watched = (vmId: string | null) =>
    [...handlers].some(({ wants }) => !wants || (vmId !== null && wants(vmId)));

  /** Hands an event to this process's handlers in arrival order per machine, loading its screenshot by id. */
  function receive(userId: string, message: { vmId: string | null }, screenshotId?: string): void {
    const vmId = message.vmId;
    if (!watched(vmId)) return;
    const key = vmId ?? '';
    // The common case, no screenshot load in flight for this machine, delivers at once.
    if (!screenshotId && !incoming.busy(key)) return deliver(userId, vmId, message);
    void incoming.run(key, async () => {
      if (!screenshotId) return deliver(userId, vmId, message);
      const dataUrl = await cache.get(screenshotId).catch((err: unknown) => {
        log?.warn({ err, vmId }, 'screenshot load failed');
        return null;
      });
      // Pruned before it could be read (a very slow process): the next frame follows.
      if (dataUrl !== null) deliver(userId, vmId, { ...message, screenshot: dataUrl });
    });
  }

  // async for its errors only: the body up to outgoing.run still runs at the call, handing over to handlers here.
  async function publish(
    userId: string,
    input: VmEventInput,
    jpeg: Buffer | undefined,
  ): Promise<string | null> {
    const message = { ...input, timestamp: input.timestamp ?? new Date(now()).toISOString() };
    const key = message.vmId ?? '';
    // Handlers here get the event at once, not after the database round trips: that is the screenshot-to-socket
    // latency of a machine watched on the process that runs it. Other processes get it through NOTIFY. The
    // event is fitted to NOTIFY's limit before anyone gets it, so every process shows the same text.
    if (message.type !== 'screenshot') {
      const envelope = fitted({ origin, userId, message });
      receive(userId, envelope.message);
      return outgoing.run(key, async () => {
        await bus.publish('vm_events', envelope);
        return null;
      });
    }
    const { screenshot, ...rest } = message;
    const base64 = jpeg
      ? jpeg.toString('base64')
      : screenshot?.startsWith(DATA_URL_PREFIX)
        ? screenshot.slice(DATA_URL_PREFIX.length)
        : null;
    if (!base64) throw new Error('a screenshot event needs a JPEG');
    const id = randomUUID();
    cache.put(id, DATA_URL_PREFIX + base64);
    const envelope = fitted({ origin, userId, message: rest, screenshotId: id });
    receive(userId, envelope.message, id);
    return outgoing.run(key, async () => {
      await db.insert(vmScreenshots).values({ id, vmId: message.vmId, userId, jpeg: base64 });
      await bus.publish('vm_events', envelope);
      if (pruneNow(message.vmId)) {
        // Off the publish path: a late prune only keeps a few extra rows a little longer.
        pruneScreenshots(db, message.vmId).catch((err: unknown) =>
          log?.warn({ err, vmId: message.vmId }, 'screenshot prune failed'),
        );
      }
      return id;
    });
  }

  bus.subscribe('vm_events', (payload) => {
    const envelope = Envelope.safeParse(payload);
    // This process's own events were handed over when published.
    if (!envelope.success || envelope.data.origin === origin) return;
    receive(envelope.data.userId, envelope.data.message, envelope.data.screenshotId);
  });

  return {
    publish,
    subscribe(handler, wants) {
      const entry = { handler, wants };
      handlers.add(entry);
      return () => void handlers.delete(entry);
    },
    // Ids come from stored rows; anything else (a uuid column refuses it on Postgres) is simply unknown.
    screenshot: (id) => (isUuid(id) ? cache.get(id) : Promise.resolve(null)),
    async latestScreenshot(vmId) {
      const [row] = await db
        .select({ id: vmScreenshots.id, jpeg: vmScreenshots.jpeg })
        .from(vmScreenshots)
        .where(eq(vmScreenshots.vmId, vmId))
        .orderBy(desc(vmScreenshots.createdAt), desc(vmScreenshots.id))
        .limit(1);
      if (!row) return null;
      const dataUrl = DATA_URL_PREFIX + row.jpeg;
      cache.put(row.id, dataUrl);
      return dataUrl;
    },
    requestWatch: (vmId) => bus.publish('vm_control', { type: 'watch', vmId }),
    onWatch: (handler) =>
      bus.subscribe('vm_control', (payload) => {
        const request = WatchRequest.safeParse(payload);
        if (request.success) handler(request.data.vmId);
      }),
    requestControl: (command) => bus.publish('vm_control', command),
    onControl: (handler) =>
      bus.subscribe('vm_control', (payload) => {
        const command = ControlCommand.safeParse(payload);
        if (command.success) handler(command.data);
      }),
  };
}
