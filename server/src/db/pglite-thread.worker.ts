// The thread PGlite runs on (pglite-thread.ts starts it): every query's WebAssembly work and the parsing of its rows
// happen here, so the server's own thread keeps answering HTTP and SSE while a query runs (issue 27).
// Runs as plain Node (type stripping) or from the server's bundle: type-only imports from the project, nothing else.
import { parentPort } from 'node:worker_threads';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import type { ThreadReply, ThreadRequest } from './pglite-thread.ts';

const port = parentPort!;
let pglite: PGlite | null = null;
/** Open transactions by id: each waits for its `end` from the server's thread. */
const transactions = new Map<number, { tx: Transaction; end: (commit: boolean) => void; done: Promise<unknown> }>();
const listening = new Map<string, () => Promise<void>>();
let nextTransaction = 1;

const post = (reply: ThreadReply, transfer: ArrayBuffer[] = []) => port.postMessage(reply, transfer);

/** An error as plain data: PGlite's DatabaseError carries SQLSTATE `code`, `constraint`, … as its own fields. */
function errorData(err: unknown): { message: string; fields: Record<string, unknown> } {
  if (!(err instanceof Error)) return { message: String(err), fields: {} };
  const fields: Record<string, unknown> = { name: err.name };
  for (const [key, value] of Object.entries(err)) if (value === null || typeof value !== 'object') fields[key] = value;
  return { message: err.message, fields };
}

function db(): PGlite {
  if (!pglite) throw new Error('PGlite is not open');
  return pglite;
}

/** Runs `tx`'s query when the request names a transaction, else the instance's (queued behind any open one). */
function target(tx: number | undefined): PGlite | Transaction {
  if (tx === undefined) return db();
  const open = transactions.get(tx);
  if (!open) throw new Error(`No open transaction ${tx}`);
  return open.tx;
}

/** Each type drizzle names comes back as its text, as drizzle asks (the parsers themselves cannot cross threads). */
const asText = (types: number[] | undefined) =>
  types && Object.fromEntries(types.map((type) => [type, (value: string) => value]));

function begin(id: number): void {
  const txId = nextTransaction++;
  let opened = false;
  const done = db().transaction(
    (tx) =>
      new Promise<void>((resolve, reject) => {
        opened = true;
        transactions.set(txId, { tx, end: (commit) => (commit ? resolve() : reject(new Error('rolled back'))), done });
        post({ id, result: txId });
      }),
  );
  // A transaction that never opened (the instance closed meanwhile) fails its `begin`; its end reports the rest.
  done.catch((err: unknown) => void (opened || post({ id, error: errorData(err) })));
}

async function end(txId: number, commit: boolean): Promise<null> {
  const open = transactions.get(txId);
  if (!open) throw new Error(`No open transaction ${txId}`);
  transactions.delete(txId);
  open.end(commit);
  // A rollback's own rejection is the expected outcome; a failed COMMIT is the caller's error.
  await open.done.catch((err: unknown) => {
    if (commit) throw err;
  });
  return null;
}

async function handle(request: ThreadRequest): Promise<unknown> {
  switch (request.op) {
    case 'open': {
      const { dir, options, data } = request;
      const given = { ...options, ...(data ? { loadDataDir: new Blob([data]) } : {}) };
      pglite = dir ? new PGlite(dir, given) : new PGlite(given);
      await pglite.waitReady;
      return null;
    }
    case 'query': {
      const { rows, fields, affectedRows } = await target(request.tx).query(request.sql, request.params, {
        ...(request.rowMode ? { rowMode: request.rowMode } : {}),
        ...(request.textTypes ? { parsers: asText(request.textTypes) } : {}),
      });
      return { rows, fields, affectedRows };
    }
    case 'exec':
      return (await target(request.tx).exec(request.sql)).map(({ rows, fields, affectedRows }) => ({ rows, fields, affectedRows }));
    case 'end':
      return end(request.tx, request.commit);
    case 'listen':
      if (!listening.has(request.channel))
        listening.set(request.channel, await db().listen(request.channel, (payload) => post({ channel: request.channel, payload })));
      return null;
    case 'unlisten': {
      const stop = listening.get(request.channel);
      listening.delete(request.channel);
      await stop?.();
      return null;
    }
    case 'dump':
      return (await db().dumpDataDir(request.compression)).arrayBuffer();
    case 'close':
      await db().close();
      return null;
    default:
      throw new Error(`Unknown request ${(request as { op: string }).op}`);
  }
}

port.on('message', (request: ThreadRequest) => {
  if (request.op === 'begin') {
    try {
      begin(request.id);
    } catch (err) {
      post({ id: request.id, error: errorData(err) });
    }
    return;
  }
  handle(request).then(
    (result) => post({ id: request.id, result }, result instanceof ArrayBuffer ? [result] : []),
    (err: unknown) => post({ id: request.id, error: errorData(err) }),
  );
});
