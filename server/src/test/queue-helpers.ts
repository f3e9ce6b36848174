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
  const until = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > until) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 200));
  }
}
