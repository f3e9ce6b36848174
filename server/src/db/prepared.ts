import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Db } from './client.ts';

const dialect = new PgDialect();

/**
 * A hand-written statement (its values as `sql.placeholder`), its text built once, run as a named prepared
 * statement: PostgreSQL parses and plans it once per connection instead of at every call (PGlite's thread
 * prepares what it sees repeatedly itself). For the statements a chat reply's first token waits on.
 */
export function namedStatement(name: string, query: SQL): (db: Db, params: Record<string, unknown>) => Promise<{ rows: unknown[] }> {
  const built = dialect.sqlToQuery(query);
  return async (db, params) => (await db._.session.prepareQuery(built, undefined, name, false).execute(params)) as { rows: unknown[] };
}

/**
 * `build`'s prepared statements (drizzle's `.prepare` with placeholders), built once per database handle rather
 * than at every call: building the SQL of a select was a quarter of the task list's CPU on PostgreSQL (issue 27).
 * A transaction is a handle of its own.
 */
export function preparedPerHandle<T>(build: (db: Db) => T): (db: Db) => T {
  const built = new WeakMap<Db, T>();
  return (db) => {
    let statements = built.get(db);
    if (!statements) built.set(db, (statements = build(db)));
    return statements;
  };
}
