import { and, eq, isNull, lte, or } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { authUsers, type UserRow } from '../../db/schema.ts';

export type NewUser = typeof authUsers.$inferInsert;
export type UserPatch = Partial<Omit<NewUser, 'id' | 'email' | 'createdAt'>>;

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | null> {
  const [row] = await db.select().from(authUsers).where(eq(authUsers.email, email));
  return row ?? null;
}

export async function findUserById(db: Db, id: string): Promise<UserRow | null> {
  const [row] = await db.select().from(authUsers).where(eq(authUsers.id, id));
  return row ?? null;
}

export async function insertUser(db: Db, values: NewUser): Promise<UserRow> {
  const [row] = await db.insert(authUsers).values(values).returning();
  return row!;
}

export async function updateUser(db: Db, id: string, patch: UserPatch): Promise<UserRow> {
  const [row] = await db.update(authUsers).set(patch).where(eq(authUsers.id, id)).returning();
  if (!row) throw new Error(`user ${id} vanished during update`);
  return row;
}

export async function deleteUserRow(db: Db, id: string): Promise<boolean> {
  const rows = await db.delete(authUsers).where(eq(authUsers.id, id)).returning({ id: authUsers.id });
  return rows.length > 0;
}

/**
 * Claims the right to send a confirmation or recovery mail: stamps the send time only if the previous send
 * is older than the cooldown. One conditional UPDATE, so two concurrent requests cannot both send.
 */
export async function claimMailSlot(
  db: Db,
  userId: string,
  kind: 'confirmation' | 'recovery',
  at: Date,
  cooldownSeconds: number,
): Promise<boolean> {
  const column = kind === 'confirmation' ? authUsers.confirmationSentAt : authUsers.recoverySentAt;
  const earliest = new Date(at.getTime() - cooldownSeconds * 1000);
  const set = kind === 'confirmation' ? { confirmationSentAt: at } : { recoverySentAt: at };
  const rows = await db
    .update(authUsers)
    .set(set)
    .where(and(eq(authUsers.id, userId), or(isNull(column), lte(column, earliest))))
    .returning({ id: authUsers.id });
  return rows.length > 0;
}
