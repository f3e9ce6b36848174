import type { Decision, PendingConfirmation } from '@cofounder/shared';
import { and, desc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { vmScreenshots, vmTasks, type VmTaskRow } from '../../db/schema.ts';
import { pruneScreenshots } from '../../events/vm-events.ts';

// SQL for computer-use tasks: the row the loop's events are written to, and the Stop / confirmation answers the
// loop reads back (so a Stop or a yes sent to another server process still reaches it).

const LIVE = ['running', 'awaiting_confirmation'] as const;

export async function latestTask(db: Db, vmId: string): Promise<VmTaskRow | null> {
  const [row] = await db.select().from(vmTasks).where(eq(vmTasks.vmId, vmId)).orderBy(desc(vmTasks.startedAt), desc(vmTasks.id)).limit(1);
  return row ?? null;
}

export async function liveTask(db: Db, vmId: string): Promise<VmTaskRow | null> {
  const [row] = await db.select().from(vmTasks).where(and(eq(vmTasks.vmId, vmId), inArray(vmTasks.status, LIVE))).limit(1);
  return row ?? null;
}

export async function taskById(db: Db, id: string): Promise<VmTaskRow | null> {
  return (await db.select().from(vmTasks).where(eq(vmTasks.id, id)))[0] ?? null;
}

/** Holds other task starts on this machine until the transaction ends (busy check and insert as one step). */
export async function lockVmTasks(tx: Db, vmId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`vm_tasks:${vmId}`}))`);
}

export async function insertTask(
  db: Db,
  values: Pick<VmTaskRow, 'vmId' | 'userId' | 'engineTaskId' | 'description'>,
  at: Date,
): Promise<VmTaskRow> {
  const [row] = await db.insert(vmTasks).values({ ...values, status: 'running', startedAt: at, heartbeatAt: at }).returning();
  return row!;
}

export async function updateTask(
  db: Db,
  id: string,
  patch: Partial<
    Pick<VmTaskRow, 'status' | 'message' | 'screenshotId' | 'pendingConfirmation' | 'confirmation' | 'tokens' | 'endedAt' | 'decisions' | 'stepsDone'>
  >,
): Promise<void> {
  await db.update(vmTasks).set(patch).where(eq(vmTasks.id, id));
}

/** Appends one decision to the timeline (jsonb concatenation: nothing read back and rewritten). */
export async function appendDecision(db: Db, id: string, decision: Decision): Promise<void> {
  await db
    .update(vmTasks)
    .set({ decisions: sql`${vmTasks.decisions} || ${JSON.stringify([decision])}::jsonb` })
    .where(eq(vmTasks.id, id));
}

/** The founder's Stop for the machine's live task; false when none runs. */
export async function requestStop(db: Db, vmId: string): Promise<boolean> {
  const rows = await db
    .update(vmTasks)
    .set({ stopRequested: true })
    .where(and(eq(vmTasks.vmId, vmId), inArray(vmTasks.status, LIVE)))
    .returning({ id: vmTasks.id });
  return rows.length > 0;
}

/** Records the answer to the pending confirmation with this id, once; false when it is not (or no longer) pending. */
export async function answerConfirmation(db: Db, vmId: string, confirmationId: string, approve: boolean): Promise<boolean> {
  const rows = await db
    .update(vmTasks)
    .set({ confirmation: approve ? 'approved' : 'declined' })
    .where(
      and(
        eq(vmTasks.vmId, vmId),
        eq(vmTasks.status, 'awaiting_confirmation'),
        isNull(vmTasks.confirmation),
        sql`${vmTasks.pendingConfirmation} ->> 'id' = ${confirmationId}`,
      ),
    )
    .returning({ id: vmTasks.id });
  return rows.length > 0;
}

/** Every confirmation the founder has yet to answer (the approvals inbox lists them). */
export async function pendingConfirmations(db: Db, userId: string): Promise<PendingConfirmation[]> {
  const rows = await db
    .select({ pending: vmTasks.pendingConfirmation })
    .from(vmTasks)
    .where(
      and(
        eq(vmTasks.userId, userId),
        eq(vmTasks.status, 'awaiting_confirmation'),
        isNull(vmTasks.confirmation),
        isNotNull(vmTasks.pendingConfirmation),
      ),
    )
    .orderBy(desc(vmTasks.startedAt));
  return rows.flatMap((r) => (r.pending ? [r.pending] : []));
}

/**
 * Stores a screenshot that is not published to the monitor (live updates off, a task's final screen) and prunes
 * the machine's older ones like the monitor's events do: the newest VMS.keptScreenshots and every task's own stay.
 */
export async function storeScreenshot(db: Db, vmId: string, userId: string, jpeg: Buffer, at: Date): Promise<string> {
  const [row] = await db
    .insert(vmScreenshots)
    .values({ vmId, userId, jpeg: jpeg.toString('base64'), createdAt: at })
    .returning({ id: vmScreenshots.id });
  await pruneScreenshots(db, vmId, row!.id);
  return row!.id;
}

/** The running process's sign of life for a live task. */
export async function touchTask(db: Db, id: string, at: Date): Promise<void> {
  await db.update(vmTasks).set({ heartbeatAt: at }).where(and(eq(vmTasks.id, id), inArray(vmTasks.status, LIVE)));
}

/** Live, and not marked alive by its process since `cutoff`: the process died. */
const silentSince = (cutoff: Date) =>
  and(inArray(vmTasks.status, LIVE), sql`coalesce(${vmTasks.heartbeatAt}, ${vmTasks.startedAt}) < ${cutoff}`);

/** The live tasks whose process has not marked them alive since `cutoff`. */
export async function silentTasks(db: Db, cutoff: Date): Promise<VmTaskRow[]> {
  return db.select().from(vmTasks).where(silentSince(cutoff));
}

/**
 * Takes a silent task over for this process, once (whichever process's update comes first: its heartbeat is then
 * fresh), its timeline cut to the steps carried out; null when another process took it, or it ended.
 */
export async function claimSilentTask(db: Db, id: string, cutoff: Date, at: Date, carriedOut: Decision[], message: string): Promise<VmTaskRow | null> {
  const [row] = await db
    .update(vmTasks)
    .set({
      status: 'running',
      message,
      heartbeatAt: at,
      resumes: sql`${vmTasks.resumes} + 1`,
      decisions: carriedOut,
      pendingConfirmation: null,
      confirmation: null,
    })
    .where(and(eq(vmTasks.id, id), silentSince(cutoff)))
    .returning();
  return row ?? null;
}

/** Fails a silent task with the reason, once; null when another process took it over or failed it first. */
export async function failSilentTask(db: Db, id: string, message: string, at: Date, cutoff: Date): Promise<VmTaskRow | null> {
  const [row] = await db
    .update(vmTasks)
    .set({ status: 'failed', message, endedAt: at, pendingConfirmation: null })
    .where(and(eq(vmTasks.id, id), silentSince(cutoff)))
    .returning();
  return row ?? null;
}

/** Ends a machine's live task that nothing runs any more (its process is gone). */
export async function endLiveTasks(db: Db, vmId: string, message: string, at: Date): Promise<void> {
  await db
    .update(vmTasks)
    .set({ status: 'stopped', message, endedAt: at, pendingConfirmation: null })
    .where(and(eq(vmTasks.vmId, vmId), inArray(vmTasks.status, LIVE)));
}
