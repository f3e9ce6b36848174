import { Worker } from 'node:worker_threads';
import type { PGliteOptions, QueryOptions, Results, Transaction } from '@electric-sql/pglite';

/**
 * PGlite on a thread of its own (issue 27): a query's WebAssembly work and the parsing of its rows run there, so
 * this thread keeps answering HTTP and SSE meanwhile. `PgliteThread` is the part of PGlite's interface the server
 * uses (drizzle, its migrator, pg-boss's adapter, the event bus, the seed), each call one message to the thread
 * (pglite-thread.worker.ts). PGlite is still one connection: a plain query waits for an open transaction to end.
 */

/** What the server's thread asks of PGlite's. */
export type ThreadRequest = { id: number } & (
  | { op: 'open'; dir: string | null; options: PGliteOptions; data?: ArrayBuffer }
  | { op: 'query'; tx?: number; sql: string; params?: unknown[]; rowMode?: QueryOptions['rowMode']; textTypes?: number[] }
  | { op: 'exec'; tx?: number; sql: string }
  | { op: 'begin' }
  | { op: 'end'; tx: number; commit: boolean }
  | { op: 'listen' | 'unlisten'; channel: string }
  | { op: 'dump'; compression?: 'none' | 'gzip' | 'auto' }
  | { op: 'close' }
);

/** A request's answer, or a NOTIFY on a channel listened to. */
export type ThreadReply =
  | { id: number; result: unknown }
  | { id: number; error: { message: string; fields: Record<string, unknown> } }
  | { channel: string; payload: string };

type Pending = { resolve: (value: unknown) => void; reject: (err: Error) => void };
type Send = (request: DistributiveOmit<ThreadRequest, 'id'>, transfer?: ArrayBuffer[]) => Promise<unknown>;
type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

/**
 * drizzle asks for some types as their text (timestamps, dates, intervals) with parsers that return their input;
 * only the types can cross to the thread, so any other parser is refused rather than silently dropped.
 */
function textTypesOf(parsers: QueryOptions['parsers']): number[] | undefined {
  if (!parsers) return undefined;
  const types = Object.keys(parsers).map(Number);
  const probe = 'probe';
  if (types.some((type) => parsers[type]!(probe) !== probe))
    throw new Error('PGlite on its own thread takes only parsers that return the text they are given');
  return types;
}

/** Queries of the instance (tx undefined) or of one open transaction. */
function queries(send: Send, tx?: number) {
  return {
    async query<T>(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> {
      const { rowMode, parsers, ...rest } = options ?? {};
      if (Object.keys(rest).length) throw new Error(`PGlite on its own thread does not take ${Object.keys(rest).join(', ')}`);
      const textTypes = textTypesOf(parsers);
      return (await send({ op: 'query', tx, sql, params, ...(rowMode ? { rowMode } : {}), ...(textTypes ? { textTypes } : {}) })) as Results<T>;
    },
    async exec(sql: string): Promise<Results[]> {
      return (await send({ op: 'exec', tx, sql })) as Results[];
    },
  };
}

export type PgliteThread = Awaited<ReturnType<typeof startPgliteThread>>;

/** Starts the thread and opens PGlite there: in `dir`, or in memory when null (`loadDataDir` as PGlite takes it). */
export async function startPgliteThread(dir: string | null, options: PGliteOptions) {
  const worker = new Worker(new URL(`./pglite-thread.worker${import.meta.url.endsWith('.ts') ? '.ts' : '.js'}`, import.meta.url));
  const pending = new Map<number, Pending>();
  const listeners = new Map<string, Set<(payload: string) => void>>();
  let nextId = 1;
  let closed = false;
  let stopped: Error | null = null;
  // The thread keeps the process alive only while a request is in flight, as an in-process PGlite would.
  worker.unref();

  function fail(err: Error): void {
    stopped = err;
    closed = true;
    for (const { reject } of pending.values()) reject(err);
    pending.clear();
    worker.unref();
  }
  worker.on('error', (err) => fail(new Error(`PGlite's thread stopped: ${err.message}`, { cause: err })));
  worker.on('exit', (code) => fail(new Error(`PGlite's thread exited (${code})`)));
  worker.on('message', (reply: ThreadReply) => {
    if ('channel' in reply) {
      for (const callback of listeners.get(reply.channel) ?? []) callback(reply.payload);
      return;
    }
    const waiting = pending.get(reply.id);
    if (!waiting) return;
    pending.delete(reply.id);
    if (pending.size === 0) worker.unref();
    if ('error' in reply) waiting.reject(Object.assign(new Error(reply.error.message), reply.error.fields));
    else waiting.resolve(reply.result);
  });

  const send: Send = (request, transfer = []) => {
    if (stopped) return Promise.reject(stopped);
    const id = nextId++;
    if (pending.size === 0) worker.ref();
    return new Promise((resolve, reject) => {
      pending.set(id, { resolve, reject });
      worker.postMessage({ ...request, id }, transfer);
    });
  };

  const { loadDataDir, ...cloneable } = options;
  const data = loadDataDir ? await loadDataDir.arrayBuffer() : undefined;
  try {
    await send({ op: 'open', dir, options: cloneable, ...(data ? { data } : {}) }, data ? [data] : []);
  } catch (err) {
    await worker.terminate();
    throw err;
  }

  return {
    ...queries(send),
    get closed() {
      return closed;
    },
    /** As PGlite's: the callback's queries run in one transaction, committed when it resolves, rolled back when it throws. */
    async transaction<T>(callback: (tx: Transaction) => Promise<T>): Promise<T> {
      const tx = (await send({ op: 'begin' })) as number;
      let ended = false;
      const end = async (commit: boolean) => {
        if (ended) return;
        ended = true;
        await send({ op: 'end', tx, commit });
      };
      const handle = {
        ...queries(send, tx),
        rollback: () => end(false),
        listen: () => Promise.reject(new Error('LISTEN inside a transaction is not used here')),
        get closed() {
          return ended;
        },
      } as unknown as Transaction;
      let result: T;
      try {
        result = await callback(handle);
      } catch (err) {
        await end(false);
        throw err;
      }
      await end(true);
      return result;
    },
    /** LISTEN on `channel`; NOTIFYs reach `callback` before the notifying query's own answer (one ordered port). */
    async listen(channel: string, callback: (payload: string) => void): Promise<() => Promise<void>> {
      let callbacks = listeners.get(channel);
      if (!callbacks) {
        callbacks = new Set();
        listeners.set(channel, callbacks);
        await send({ op: 'listen', channel });
      }
      callbacks.add(callback);
      return async () => {
        callbacks.delete(callback);
        if (callbacks.size > 0 || listeners.get(channel) !== callbacks) return;
        listeners.delete(channel);
        if (!closed) await send({ op: 'unlisten', channel });
      };
    },
    async dumpDataDir(compression?: 'none' | 'gzip' | 'auto'): Promise<Blob> {
      return new Blob([(await send({ op: 'dump', compression })) as ArrayBuffer]);
    },
    async close(): Promise<void> {
      if (closed) return;
      await send({ op: 'close' });
      closed = true;
      await worker.terminate();
    },
  };
}
