import { and, eq, isNull, ne } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { authRefreshTokens, authSessions, authUsers, type SessionRow, type UserRow } from '../../db/schema.ts';

export async function insertSession(db: Db, userId: string, authMethod: string, at: Date): Promise<SessionRow> {
  const [row] = await db.insert(authSessions).values({ userId, authMethod, createdAt: at }).returning();
  return row!;
}

/** The session with its user (null when either is gone: deleting a user cascades to its sessions). */
export async function findSessionWithUser(db: Db, sessionId: string): Promise<{ session: SessionRow; user: UserRow } | null> {
  const [row] = await db
    .select({ session: authSessions, user: authUsers })
    .from(authSessions)
    .innerJoin(authUsers, eq(authUsers.id, authSessions.userId))
    .where(eq(authSessions.id, sessionId));
  return row ?? null;
}

/** Revokes a user's live sessions: all, all but `except`, or only `only`. Returns the revoked ids. */
export async function revokeSessions(
  db: Db,
  userId: string,
  at: Date,
  which: { except?: string; only?: string } = {},
): Promise<string[]> {
  const conditions = [eq(authSessions.userId, userId), isNull(authSessions.revokedAt)];
  if (which.except) conditions.push(ne(authSessions.id, which.except));
  if (which.only) conditions.push(eq(authSessions.id, which.only));
  const rows = await db
    .update(authSessions)
    .set({ revokedAt: at })
    .where(and(...conditions))
    .returning({ id: authSessions.id });
  return rows.map((r) => r.id);
}

export async function insertRefreshToken(
  db: Db,
  values: { token: string; sessionId: string; parent: string | null; createdAt: Date },
): Promise<void> {
  await db.insert(authRefreshTokens).values(values);
}

export async function findRefreshToken(db: Db, token: string) {
  const [row] = await db
    .select({ refresh: authRefreshTokens, session: authSessions, user: authUsers })
    .from(authRefreshTokens)
    .innerJoin(authSessions, eq(authSessions.id, authRefreshTokens.sessionId))
    .innerJoin(authUsers, eq(authUsers.id, authSessions.userId))
    .where(eq(authRefreshTokens.token, token));
  return row ?? null;
}

/** The live token that replaced `parent`, if any. */
export async function findActiveChild(db: Db, parent: string) {
  const [row] = await db
    .select()
    .from(authRefreshTokens)
    .where(and(eq(authRefreshTokens.parent, parent), eq(authRefreshTokens.revoked, false)));
  return row ?? null;
}

/** Marks a refresh token used; false when it already was (a concurrent refresh won, or a replay). */
export async function claimRefreshToken(db: Db, id: string): Promise<boolean> {
  const rows = await db
    .update(authRefreshTokens)
    .set({ revoked: true })
    .where(and(eq(authRefreshTokens.id, id), eq(authRefreshTokens.revoked, false)))
    .returning({ id: authRefreshTokens.id });
  return rows.length > 0;
}

/** Ends a session and every refresh token of its family (used when a revoked token is replayed). */
export async function revokeFamily(db: Db, sessionId: string, at: Date): Promise<void> {
  await db.update(authSessions).set({ revokedAt: at }).where(and(eq(authSessions.id, sessionId), isNull(authSessions.revokedAt)));
  await db.update(authRefreshTokens).set({ revoked: true }).where(eq(authRefreshTokens.sessionId, sessionId));
}
