import { and, eq, gt, inArray, isNull } from 'drizzle-orm';
import { waitsForUpgrade, type ConnectionView } from '@cofounder/shared';
import type { Db } from '../../db/client.ts';
import { socialConnections, tasks, type SocialConnectionRow } from '../../db/schema.ts';
import type { SocialPlatform } from '../../providers/social/port.ts';
import { decryptToken } from '../../security/crypto.ts';

export const UNREADABLE = 'Stored credentials could not be read. Please reconnect.';

/** The browser's view of a record: never a token. A token that no longer decrypts shows as the Error state. */
export function toView(row: SocialConnectionRow, key: Buffer): ConnectionView {
  const readable = row.accessTokenEnc !== null && decryptToken(key, row.accessTokenEnc) !== null;
  const error = row.error ?? (readable ? null : UNREADABLE);
  return {
    platform: row.platform,
    connected: row.connected && error === null,
    displayName: row.displayName,
    username: row.username,
    lastSync: row.lastSync?.toISOString() ?? null,
    error,
  };
}

export async function connectionsOf(db: Db, userId: string): Promise<SocialConnectionRow[]> {
  return db.select().from(socialConnections).where(eq(socialConnections.userId, userId));
}

export async function connectionOf(db: Db, userId: string, platform: SocialPlatform): Promise<SocialConnectionRow | null> {
  const [row] = await db
    .select()
    .from(socialConnections)
    .where(and(eq(socialConnections.userId, userId), eq(socialConnections.platform, platform)));
  return row ?? null;
}

/** Platforms the founder has connected and that are not in the Error state (the task engine's view). */
export async function connectedPlatforms(db: Db, userId: string): Promise<Set<string>> {
  const rows = await db
    .select({ platform: socialConnections.platform })
    .from(socialConnections)
    .where(and(eq(socialConnections.userId, userId), eq(socialConnections.connected, true), isNull(socialConnections.error)));
  return new Set(rows.map((r) => r.platform));
}

/** Moves the founder's Need Login tasks whose platforms are now all connected back to pending; returns them. */
export async function resumePaused(db: Db, userId: string, connected: Set<string>, at: Date): Promise<{ id: string; userId: string }[]> {
  const paused = await db
    .select({ id: tasks.id, status: tasks.status, requiredPlatforms: tasks.requiredPlatforms })
    .from(tasks)
    .where(and(eq(tasks.userId, userId), eq(tasks.status, 'paused_login_required')));
  // A task waiting for a plan (no platforms) is not resumed by an account: it would only pause again.
  const ready = paused
    .filter((t) => !waitsForUpgrade(t) && t.requiredPlatforms.every((p) => connected.has(p)))
    .map((t) => t.id);
  if (!ready.length) return [];
  const moved = await db
    .update(tasks)
    .set({ status: 'pending', pauseReason: null, updatedAt: at })
    .where(and(inArray(tasks.id, ready), eq(tasks.status, 'paused_login_required')))
    .returning({ id: tasks.id, userId: tasks.userId });
  return moved;
}

/** What a finished OAuth callback stores: sealed tokens, unconfirmed until the dashboard confirms its handle. */
export type UnconfirmedConnection = Omit<typeof socialConnections.$inferInsert, 'userId' | 'platform'>;

export async function storeUnconfirmed(
  db: Db,
  userId: string,
  platform: SocialPlatform,
  values: UnconfirmedConnection,
): Promise<void> {
  await db
    .insert(socialConnections)
    .values({ userId, platform, ...values })
    .onConflictDoUpdate({ target: [socialConnections.userId, socialConnections.platform], set: values });
}

/** Marks the founder's connection confirmed when the single-use handle matches and has not expired. */
export async function confirmByHandle(
  db: Db,
  userId: string,
  platform: SocialPlatform,
  handleHash: string,
  at: Date,
): Promise<SocialConnectionRow | null> {
  const [row] = await db
    .update(socialConnections)
    .set({ connected: true, lastSync: at, confirmHandleHash: null, confirmExpiresAt: null, updatedAt: at })
    .where(
      and(
        eq(socialConnections.userId, userId),
        eq(socialConnections.platform, platform),
        eq(socialConnections.confirmHandleHash, handleHash),
        gt(socialConnections.confirmExpiresAt, at),
      ),
    )
    .returning();
  return row ?? null;
}

export async function deleteConnection(db: Db, userId: string, platform: SocialPlatform): Promise<void> {
  await db
    .delete(socialConnections)
    .where(and(eq(socialConnections.userId, userId), eq(socialConnections.platform, platform)));
}
