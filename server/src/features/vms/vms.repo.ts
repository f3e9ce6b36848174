import { and, desc, eq, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import { LIVE_VM_STATUSES } from '@cofounder/shared';
import type { Db } from '../../db/client.ts';
import { vms, vmScreenshots, vmTasks, vmUsage, type VmRow, type VmTaskRow } from '../../db/schema.ts';

// SQL for the machines, their monthly usage and the screenshots their tasks leave behind.

export type NewVm = Pick<VmRow, 'userId' | 'name' | 'status' | 'provider' | 'machineType' | 'node' | 'runningSince'>;
export type VmPatch = Partial<Pick<VmRow, 'status' | 'node' | 'runningSince' | 'machineType' | 'externalIp' | 'stopReason'>>;

export async function insertVm(db: Db, values: NewVm, at: Date): Promise<VmRow> {
  const [row] = await db.insert(vms).values({ ...values, createdAt: at, updatedAt: at }).returning();
  return row!;
}

export async function vmById(db: Db, id: string): Promise<VmRow | null> {
  return (await db.select().from(vms).where(eq(vms.id, id)))[0] ?? null;
}

/** The founder's machines, newest first. */
export function vmsOf(db: Db, userId: string): Promise<VmRow[]> {
  return db.select().from(vms).where(eq(vms.userId, userId)).orderBy(desc(vms.createdAt), desc(vms.id));
}

export async function updateVm(db: Db, id: string, patch: VmPatch, at: Date): Promise<VmRow> {
  const [row] = await db.update(vms).set({ ...patch, updatedAt: at }).where(eq(vms.id, id)).returning();
  return row!;
}

/** Removes a machine with everything its tasks left (the second "Delete" of a terminated card). */
export async function deleteVm(db: Db, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(vmScreenshots).where(eq(vmScreenshots.vmId, id));
    await tx.delete(vmTasks).where(eq(vmTasks.vmId, id));
    await tx.delete(vms).where(eq(vms.id, id));
  });
}

/** Holds the founder's other launches until this transaction ends, so two launches cannot both pass the limit. */
export async function lockUserVms(tx: Db, userId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`vms:${userId}`}))`);
}

/** Machines of one provider that are running or suspended (the host-lost sweep reads the hosted ones). */
export function liveVmsOf(db: Db, provider: VmRow['provider']): Promise<VmRow[]> {
  return db
    .select()
    .from(vms)
    .where(and(eq(vms.provider, provider), inArray(vms.status, [...LIVE_VM_STATUSES])));
}

/** Stops the machine if it is still in `status`: null when another process got there first. */
export async function stopIfStill(
  db: Db,
  id: string,
  status: VmRow['status'],
  stopReason: VmRow['stopReason'],
  at: Date,
): Promise<VmRow | null> {
  const [row] = await db
    .update(vms)
    .set({ status: 'STOPPED', runningSince: null, stopReason, updatedAt: at })
    .where(and(eq(vms.id, id), eq(vms.status, status)))
    .returning();
  return row ?? null;
}

/** Machines that are running, across every founder (the hours sweep), or one founder's. */
export function runningVms(db: Db, userId?: string): Promise<VmRow[]> {
  const running = eq(vms.status, 'RUNNING');
  return db.select().from(vms).where(userId ? and(running, eq(vms.userId, userId)) : running);
}

/**
 * Local machines a restarted process left RUNNING or SUSPENDED: its own (node) or, with a single-process
 * database (PGlite), every one — nothing else can hold them.
 */
export function orphanedLocalVms(db: Db, node: string | null): Promise<VmRow[]> {
  const live = and(eq(vms.provider, 'local'), inArray(vms.status, ['RUNNING', 'SUSPENDED']));
  return db.select().from(vms).where(node === null ? live : and(live, or(eq(vms.node, node), isNull(vms.node))));
}

export async function usedSeconds(db: Db, userId: string, month: string): Promise<number> {
  const [row] = await db
    .select({ seconds: vmUsage.seconds })
    .from(vmUsage)
    .where(and(eq(vmUsage.userId, userId), eq(vmUsage.month, month)));
  return row?.seconds ?? 0;
}

/** Adds running seconds to a month (one statement: concurrent adds never lose one). */
export async function addUsedSeconds(db: Db, userId: string, month: string, seconds: number): Promise<void> {
  if (seconds <= 0) return;
  await db
    .insert(vmUsage)
    .values({ userId, month, seconds })
    .onConflictDoUpdate({ target: [vmUsage.userId, vmUsage.month], set: { seconds: sql`${vmUsage.seconds} + ${seconds}` } });
}

/** The founder's live machines (LIVE_VM_STATUSES: each holds a browser on a server), leaving out `except`. */
export async function liveVmCount(db: Db, userId: string, except: string | null): Promise<number> {
  const live = and(eq(vms.userId, userId), inArray(vms.status, [...LIVE_VM_STATUSES]));
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(vms)
    .where(except ? and(live, ne(vms.id, except)) : live);
  return row?.n ?? 0;
}

/** Machines that count toward the plan's machine limit (not terminated). */
export async function heldVmCount(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(vms)
    .where(and(eq(vms.userId, userId), ne(vms.status, 'TERMINATED')));
  return row?.n ?? 0;
}

/** Each machine's latest computer-use task (for the machine cards). */
export async function latestTasks(db: Db, vmIds: string[]): Promise<Map<string, VmTaskRow>> {
  if (!vmIds.length) return new Map();
  const rows = await db
    .selectDistinctOn([vmTasks.vmId])
    .from(vmTasks)
    .where(inArray(vmTasks.vmId, vmIds))
    .orderBy(vmTasks.vmId, desc(vmTasks.startedAt), desc(vmTasks.id));
  return new Map(rows.map((r) => [r.vmId, r]));
}

/** base64 JPEGs by id. */
export async function screenshotsById(db: Db, ids: string[]): Promise<Map<string, string>> {
  if (!ids.length) return new Map();
  const rows = await db.select({ id: vmScreenshots.id, jpeg: vmScreenshots.jpeg }).from(vmScreenshots).where(inArray(vmScreenshots.id, ids));
  return new Map(rows.map((r) => [r.id, r.jpeg]));
}
