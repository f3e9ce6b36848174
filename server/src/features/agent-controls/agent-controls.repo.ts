import { eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { agentControls } from '../../db/schema.ts';

export async function pausedOf(db: Db, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ paused: agentControls.paused })
    .from(agentControls)
    .where(eq(agentControls.userId, userId));
  return row?.paused ?? false;
}

export async function savePaused(db: Db, userId: string, paused: boolean, at: Date): Promise<void> {
  await db
    .insert(agentControls)
    .values({ userId, paused, updatedAt: at })
    .onConflictDoUpdate({ target: agentControls.userId, set: { paused, updatedAt: at } });
}

/** "This founder has not stopped the agents" as a condition, for a statement that must check it atomically. */
export function agentsRunningCondition(userId: string): SQL {
  return sql`not exists (select 1 from ${agentControls} c where c.user_id = ${userId} and c.paused)`;
}
