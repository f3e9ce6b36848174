import { and, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { TASK_STATUSES, type ListedTask, type Task, type TaskResult, type TaskStatus } from '@cofounder/shared';
import { isPglite, type Db } from '../../db/client.ts';
import { taskResults, tasks, type TaskResultRow, type TaskRow } from '../../db/schema.ts';
import { isUuid } from '../../db/ids.ts';
import { preparedPerHandle } from '../../db/prepared.ts';

/** The columns a task shows the founder (all toTask reads), without the engine's bookkeeping. */
const shownTaskColumns = {
  id: tasks.id,
  description: tasks.description,
  priority: tasks.priority,
  status: tasks.status,
  agent: tasks.agent,
  category: tasks.category,
  requiredPlatforms: tasks.requiredPlatforms,
  pauseReason: tasks.pauseReason,
  createdAt: tasks.createdAt,
  vmId: tasks.vmId,
};

export const toTask = (t: Pick<TaskRow, keyof typeof shownTaskColumns>): Task => ({
  id: t.id,
  description: t.description,
  priority: t.priority,
  status: t.status,
  agent: t.agent,
  category: t.category,
  requiredPlatforms: t.requiredPlatforms,
  pauseReason: t.pauseReason,
  createdAt: t.createdAt.toISOString(),
  vmId: t.vmId,
});

export const toTaskResult = (r: TaskResultRow): TaskResult => ({
  taskId: r.taskId,
  summary: r.summary,
  content: r.content,
  data: r.data ?? null,
  tokens: r.tokens,
  costUsd: Number(r.costUsd),
  priceKnown: r.priceKnown,
  completedAt: r.completedAt.toISOString(),
  producedBy: r.producedBy,
  outcome: r.outcome,
});

/**
 * The task list and its counts are the dashboard's most frequent read (every screen polls them): each is prepared
 * once per database handle, so a request binds its parameters instead of building the SQL again (building it was
 * a quarter of the route's CPU on PostgreSQL, issue 27), and PostgreSQL parses and plans it once per connection.
 */
function prepareListQueries(db: Db) {
  const ofUser = eq(tasks.userId, sql.placeholder('userId'));
  const ofStatus = and(ofUser, eq(tasks.status, sql.placeholder('status')));
  const page = (where: SQL | undefined) =>
    db
      // Only what the list shows: the list is the route's cost, each column parsed and mapped in every row.
      .select({ ...shownTaskColumns, outcome: taskResults.outcome })
      .from(tasks)
      .leftJoin(taskResults, eq(taskResults.taskId, tasks.id))
      .where(where)
      .orderBy(desc(tasks.createdAt), desc(tasks.id))
      .limit(sql.placeholder('limit'));
  // Tasks per status and result outcome, with their results' usage, in one GROUP BY (the list itself is capped;
  // the counts are not): one scan of the founder's tasks instead of two, as the list's counts wait on it.
  const counts = db
    .select({
      status: tasks.status,
      outcome: taskResults.outcome,
      n: sql<number>`count(*)::int`.as('n'),
      // Totals over every group (a window over the grouped rows), summed in SQL: numeric cost stays exact.
      tokens: sql<string>`coalesce(sum(sum(${taskResults.tokens})) over (), 0)`.as('tokens'),
      cost: sql<string>`coalesce(sum(sum(${taskResults.costUsd})) over (), 0)`.as('cost'),
      unpriced: sql<string>`sum(count(*) filter (where not ${taskResults.priceKnown})) over ()`.as('unpriced'),
    })
    .from(tasks)
    .leftJoin(taskResults, eq(taskResults.taskId, tasks.id))
    .where(ofUser)
    .groupBy(tasks.status, taskResults.outcome);
  if (!isPglite(db)) {
    return {
      onPglite: false as const,
      page: { all: page(ofUser).prepare('tasks_list'), withStatus: page(ofStatus).prepare('tasks_list_status') },
      counts: counts.prepare('tasks_counts'),
    };
  }
  // On PGlite every statement queues on its one thread and every cell of a row is decoded there and copied across:
  // the page and the counts come back in ONE statement as two JSON texts. Through the API at 50 connections: two
  // statements of rows 700 req/s, with the page as JSON 905, both in one 1128-1193 (p99 75-87 ms). On PostgreSQL
  // json_agg cost more than the rows it replaces (1552 → 1461 req/s, the database shares the cores), so there they
  // stay two statements of rows, sent together.
  const pageJson = sql<string>`coalesce(json_agg(page), '[]')::text`;
  const countsJson = sql<string>`(select coalesce(json_agg(counts), '[]')::text from ${counts} counts)`;
  const withCounts = (where: SQL | undefined, name: string) =>
    db.select({ page: pageJson, counts: countsJson }).from(page(where).as('page')).prepare(name);
  const pageOnly = (where: SQL | undefined, name: string) =>
    db.select({ page: pageJson }).from(page(where).as('page')).prepare(name);
  return {
    onPglite: true as const,
    withCounts: { all: withCounts(ofUser, 'tasks_page'), withStatus: withCounts(ofStatus, 'tasks_page_status') },
    page: { all: pageOnly(ofUser, 'tasks_list'), withStatus: pageOnly(ofStatus, 'tasks_list_status') },
  };
}

const listQueriesOf = preparedPerHandle(prepareListQueries);

export interface TaskCounts {
  byStatus: Record<TaskStatus, number>;
  /** Completed tasks whose result is a draft waiting for the founder's input. */
  needsInput: number;
  /** Tokens and estimated cost summed over the user's task results, and how many had no known price. */
  usage: { tokens: number; costUsd: number; unpricedTasks: number };
}

/**
 * The newest tasks first, one status or all, at most `limit`, each with its result's outcome (if any); with the
 * founder's counts and usage over all their tasks.
 */
export async function taskPage(
  db: Db,
  userId: string,
  status: TaskStatus | null,
  limit: number,
): Promise<{ tasks: ListedTask[]; counts: TaskCounts }> {
  const queries = listQueriesOf(db);
  const which = status ? 'withStatus' : 'all';
  const params = { userId, status, limit };
  if (queries.onPglite) {
    const [row] = await queries.withCounts[which].execute(params);
    return { tasks: tasksFromJson(row!.page), counts: countsFrom(JSON.parse(row!.counts) as CountRow[]) };
  }
  const [rows, counts] = await Promise.all([queries.page[which].execute(params), queries.counts.execute(params)]);
  return { tasks: tasksFromRows(rows), counts: countsFrom(counts) };
}

/** The page of `taskPage` alone: what reads the newest tasks without counting them (the benches, the plan test). */
export async function listTasks(
  db: Db,
  userId: string,
  status: TaskStatus | null,
  limit: number,
): Promise<ListedTask[]> {
  const queries = listQueriesOf(db);
  const which = status ? 'withStatus' : 'all';
  const params = { userId, status, limit };
  if (queries.onPglite) return tasksFromJson((await queries.page[which].execute(params))[0]!.page);
  return tasksFromRows(await queries.page[which].execute(params));
}

const tasksFromRows = (rows: (Parameters<typeof toTask>[0] & Pick<ListedTask, 'outcome'>)[]): ListedTask[] =>
  rows.map(({ outcome, ...task }) => ({ ...toTask(task), outcome }));

/** A listed task as PostgreSQL's json_agg writes it: the columns' own names, timestamps as ISO 8601 text. */
interface ListedTaskJson {
  id: string;
  description: string;
  priority: number;
  status: TaskStatus;
  agent: TaskRow['agent'];
  category: TaskRow['category'];
  required_platforms: TaskRow['requiredPlatforms'];
  pause_reason: string | null;
  created_at: string;
  vm_id: string | null;
  outcome: ListedTask['outcome'];
}

const tasksFromJson = (json: string): ListedTask[] =>
  (JSON.parse(json) as ListedTaskJson[]).map((r) => ({
    ...toTask({
      id: r.id,
      description: r.description,
      priority: r.priority,
      status: r.status,
      agent: r.agent,
      category: r.category,
      requiredPlatforms: r.required_platforms,
      pauseReason: r.pause_reason,
      createdAt: new Date(r.created_at),
      vmId: r.vm_id,
    }),
    outcome: r.outcome,
  }));

/** One group of the counts: as rows, or as json_agg writes them (sums as JSON numbers). */
interface CountRow {
  status: TaskStatus;
  outcome: ListedTask['outcome'];
  n: number;
  tokens: string | number;
  cost: string | number;
  unpriced: string | number | null;
}

function countsFrom(rows: CountRow[]): TaskCounts {
  const byStatus = Object.fromEntries(TASK_STATUSES.map((status) => [status, 0])) as Record<TaskStatus, number>;
  let needsInput = 0;
  for (const r of rows) {
    byStatus[r.status] += Number(r.n);
    if (r.status === 'completed' && r.outcome === 'needs_input') needsInput += Number(r.n);
  }
  const [totals] = rows;
  const usage = { tokens: Number(totals?.tokens ?? 0), costUsd: Number(totals?.cost ?? 0), unpricedTasks: Number(totals?.unpriced ?? 0) };
  return { byStatus, needsInput, usage };
}

/** One of the user's tasks (another user's task is simply not found). */
export async function ownTask(db: Db, userId: string, taskId: string): Promise<TaskRow | null> {
  if (!isUuid(taskId)) return null;
  const [row] = await db
    .select()
    .from(tasks)
    .where(and(eq(tasks.id, taskId), eq(tasks.userId, userId)));
  return row ?? null;
}

export async function resultOf(db: Db, taskId: string): Promise<TaskResultRow | null> {
  const [row] = await db.select().from(taskResults).where(eq(taskResults.taskId, taskId));
  return row ?? null;
}

/** Changes a task if it is still in `from` (a worker may have moved it meanwhile). */
export async function updateTask(
  db: Db,
  taskId: string,
  from: TaskStatus,
  change: Partial<Pick<TaskRow, 'description' | 'priority' | 'status' | 'lastError' | 'vmId'>>,
  at: Date,
): Promise<TaskRow | null> {
  const [row] = await db
    .update(tasks)
    .set({ ...change, updatedAt: at })
    .where(and(eq(tasks.id, taskId), eq(tasks.status, from)))
    .returning();
  return row ?? null;
}

export function failedTasks(db: Db, userId: string): Promise<TaskRow[]> {
  return db
    .select()
    .from(tasks)
    .where(and(eq(tasks.userId, userId), eq(tasks.status, 'failed')));
}

/** Moves failed tasks to `status` in one statement; returns the ids moved. */
export async function moveFailed(
  db: Db,
  ids: string[],
  change: Pick<TaskRow, 'status'> & Partial<Pick<TaskRow, 'pauseReason' | 'requiredPlatforms'>>,
  at: Date,
): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .update(tasks)
    .set({ ...change, updatedAt: at })
    .where(and(inArray(tasks.id, ids), eq(tasks.status, 'failed')))
    .returning({ id: tasks.id });
  return rows.map((r) => r.id);
}
