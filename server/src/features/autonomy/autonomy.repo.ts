import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { autonomySettings, type AutonomyRow } from '../../db/schema.ts';

export async function autonomyOf(db: Db, userId: string): Promise<AutonomyRow | null> {
  const [row] = await db.select().from(autonomySettings).where(eq(autonomySettings.userId, userId));
  return row ?? null;
}

/** Stores the whole settings row (insert or replace). */
export async function saveAutonomy(db: Db, row: AutonomyRow): Promise<AutonomyRow> {
  const [saved] = await db
    .insert(autonomySettings)
    .values(row)
    .onConflictDoUpdate({ target: autonomySettings.userId, set: { ...row } })
    .returning();
  return saved!;
}
