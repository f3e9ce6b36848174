import { sql } from 'drizzle-orm';
import { vi } from 'vitest';
import type { Database } from '../db/client.ts';
import { tasks } from '../db/schema.ts';

/** Stores `perUser` no-op research tasks for each founder (in batches, so 500 rows stay one statement each 250). */
export async function insertTasks(
  database: Database,
  userIds: string[],
  perUser: number,
): Promise<{ id: string; userId: string }[]> {
  const rows = userIds.flatMap((userId) =>
    Array.from({ length: perUser }, (_, i) => ({
      userId,
      description: `noop ${i}`,
      priority: 5,
      agent: 'research_agent' as const,
      category: 'research' as const,
    })),
  );
  const stored: { id: string; userId: string }[] = [];
  for (let i = 0; i < rows.length; i += 250) {
    stored.push(
      ...(await database.db
        .insert(tasks)
        .values(rows.slice(i, i + 250))
        .returning({ id: tasks.id, userId: tasks.userId })),
    );
  }
  return stored;
}

/** Polls `check` until it holds; throws after `timeoutMs`. */
export async function waitFor(check: () => Promise<boolean>, timeoutMs: number): Promise<void> {
  await vi.waitFor(
    async () => {
      if (!(await check())) throw new Error('timed out');
    },
    { timeout: timeoutMs, interval: 200 },
  );
}

/**
 * How many jobs of pg-boss queue `name` have finished (completed or failed) for each singleton key (a task id for
 * task.execute, an approval id for social.publish). A finished job's handler has returned: whatever it does, it
 * has done, including the follow-up jobs it sends.
 */
export async function finishedJobs(database: Database, name: string, keys: string[]): Promise<Map<string, number>> {
  if (!keys.length) return new Map();
  const result = await database.db.execute(sql`
    select singleton_key as key, count(*)::int as n from pgboss.job
    where name = ${name} and state in ('completed', 'failed') and singleton_key in ${keys}
    group by singleton_key`);
  const rows = (result as unknown as { rows: { key: string; n: number }[] }).rows;
  return new Map(keys.map((k) => [k, rows.find((r) => r.key === k)?.n ?? 0]));
}

/** Jobs of the pg-boss queues `names` that are waiting or running (delayed ones included). */
export async function unfinishedJobs(database: Database, names: string[]): Promise<number> {
  const result = await database.db.execute(sql`
    select count(*)::int as n from pgboss.job
    where name in ${names} and state in ('created', 'retry', 'active')`);
  return (result as unknown as { rows: { n: number }[] }).rows[0]!.n;
}
