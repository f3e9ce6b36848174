import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { preparedPerHandle } from '../../db/prepared.ts';
import { modelConnections, type ModelConnectionRow } from '../../db/schema.ts';

export type NewModelConnection = Omit<typeof modelConnections.$inferInsert, 'userId' | 'updatedAt'>;

// Every chat reply's first token waits on this read.
const connectionStatementOf = preparedPerHandle((db) =>
  db.select().from(modelConnections).where(eq(modelConnections.userId, sql.placeholder('userId'))).prepare('model_connection_of'),
);

/** The founder's own model connection, or null (the server's default answers them). */
export async function connectionOf(db: Db, userId: string): Promise<ModelConnectionRow | null> {
  const [row] = await connectionStatementOf(db).execute({ userId });
  return row ?? null;
}

export async function saveConnection(db: Db, userId: string, connection: NewModelConnection, at: Date): Promise<void> {
  const row = { ...connection, updatedAt: at };
  await db
    .insert(modelConnections)
    .values({ userId, ...row })
    .onConflictDoUpdate({ target: modelConnections.userId, set: row });
}

export async function deleteConnection(db: Db, userId: string): Promise<void> {
  await db.delete(modelConnections).where(eq(modelConnections.userId, userId));
}
