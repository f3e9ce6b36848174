// The thread PGlite runs on (pglite-thread.ts starts it): every query's WebAssembly work and the parsing of its rows
// happen here, so the server's own thread keeps answering HTTP and SSE while a query runs (issue 27).
// Runs as plain Node (type stripping) or from the server's bundle: type-only imports from the project, nothing else.
import { parentPort } from 'node:worker_threads';
import { parse, PGlite, protocol, type QueryOptions, type Results, type Transaction } from '@electric-sql/pglite';
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

// Repeated statements run as named prepared statements. PGlite's query() parses, analyses and plans its SQL on every
// call (an unnamed statement): for the task list that was half of its cost (measured: 1.15 → 0.61 ms a call). A
// statement is prepared the PREPARE_AFTER-th time its text is seen, and the PREPARED_MAX most recently used stay
// prepared; the rest are closed. drizzle sends the same text for the same query shape. Not at the second sighting:
// start-up repeats some statements a few times (one per queue), and preparing those held 37 MB more at idle.
const PREPARED_MAX = 100;
const PREPARE_AFTER = 5;
const SIGHTINGS_MAX = 2_000;
const prepared = new Map<string, { name: string; paramTypes: number[] }>();
const sightings = new Map<string, number>();
let nextStatement = 1;

const concat = (parts: Uint8Array[]) => {
  const out = new Uint8Array(parts.reduce((n, part) => n + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
};

/** Deallocates a prepared statement (the caller holds PGlite's query lock). */
const close = (name: string) =>
  db().execProtocol(concat([protocol.serialize.close({ type: 'S', name }), protocol.serialize.sync()]), { syncToFs: false });

/** The SQLSTATE of "cached plan must not change result type" (a table changed under a prepared statement). */
const PLAN_CHANGED = '0A000';

/**
 * A query through a prepared statement, as PGlite's query() would answer it (same serializers, parsers and result);
 * null when `sql` is not (yet) worth preparing. `inTransaction`: the caller's transaction holds PGlite's transaction
 * lock, so only the query lock is taken; otherwise both are, so the query waits for an open transaction to end.
 */
async function preparedQuery(
  sql: string,
  params: unknown[] | undefined,
  options: QueryOptions,
  inTransaction: boolean,
): Promise<Results | null> {
  const pg = db();
  if (!prepared.has(sql)) {
    const seen = (sightings.get(sql) ?? 0) + 1;
    if (sightings.size >= SIGHTINGS_MAX) sightings.clear();
    sightings.set(sql, seen);
    if (seen < PREPARE_AFTER) return null;
  }
  const run = async () => {
    let statement = prepared.get(sql);
    if (statement) prepared.delete(sql); // re-inserted below: the map's order is least recently used first
    else {
      const name = `cofounder_${nextStatement++}`;
      const { messages } = await pg.execProtocol(
        concat([protocol.serialize.parse({ name, text: sql }), protocol.serialize.describe({ type: 'S', name }), protocol.serialize.sync()]),
        { syncToFs: false },
      );
      statement = { name, paramTypes: parse.parseDescribeStatementResults(messages) };
      sightings.delete(sql);
      if (prepared.size >= PREPARED_MAX) {
        const [oldestSql, oldest] = prepared.entries().next().value!;
        prepared.delete(oldestSql);
        await close(oldest.name);
      }
    }
    prepared.set(sql, statement);
    const values = (params ?? []).map((value, i) => {
      if (value === null || value === undefined) return null;
      const serialize = pg.serializers[statement.paramTypes[i]!];
      return serialize ? serialize(value) : String(value);
    });
    const { messages } = await pg.execProtocol(
      concat([
        protocol.serialize.bind({ statement: statement.name, values }),
        protocol.serialize.describe({ type: 'P' }),
        protocol.serialize.execute({}),
        protocol.serialize.sync(),
      ]),
      { syncToFs: !inTransaction },
    );
    return parse.parseResults(messages, pg.parsers, options)[0]!;
  };
  const locked = () => (inTransaction ? pg._runExclusiveQuery(run) : pg._runExclusiveTransaction(() => pg._runExclusiveQuery(run)));
  try {
    return await locked();
  } catch (err) {
    if ((err as { code?: string }).code !== PLAN_CHANGED) throw err;
    // The statement's tables changed shape: forget it. Outside a transaction it is closed and the query runs
    // unprepared this time; inside one the error has aborted the transaction, so it is the caller's.
    const stale = prepared.get(sql);
    prepared.delete(sql);
    if (inTransaction) throw err;
    if (stale) await pg._runExclusiveTransaction(() => pg._runExclusiveQuery(() => close(stale.name)));
    return null;
  }
}

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
      const options: QueryOptions = {
        ...(request.rowMode ? { rowMode: request.rowMode } : {}),
        ...(request.textTypes ? { parsers: asText(request.textTypes) } : {}),
      };
      const on = target(request.tx);
      const { rows, fields, affectedRows } =
        (await preparedQuery(request.sql, request.params, options, request.tx !== undefined)) ??
        (await on.query(request.sql, request.params, options));
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
