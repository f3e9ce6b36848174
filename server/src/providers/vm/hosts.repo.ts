import { and, desc, eq, gt, inArray, isNull, ne, not, sql } from 'drizzle-orm';
import { VMS } from '@cofounder/shared';
import type { Db } from '../../db/client.ts';
import { machineHosts, machinePlacements } from '../../db/schema.ts';

// The hosted machines' side of the database (issue 28 §2): which host holds a machine, and which hosts have room.
// Hosts write their own rows (machine-host/host-registry.ts); this reads them and writes placements.

export interface HostRef {
  id: string;
  address: string;
  secret: string;
}

/** Heartbeat within VMS.hosts.lostAfterMs and not shut down. */
const healthy = (now: Date) =>
  and(isNull(machineHosts.stoppedAt), gt(machineHosts.heartbeatAt, new Date(now.getTime() - VMS.hosts.lostAfterMs)));

const hostRef = { id: machineHosts.id, address: machineHosts.address, secret: machineHosts.secret };

/** The host holding this machine (its profile is there), and whether that host is alive. */
export async function placementOf(db: Db, vmId: string, now: Date): Promise<(HostRef & { healthy: boolean }) | null> {
  const [row] = await db
    .select({ ...hostRef, healthy: sql<boolean>`coalesce(${healthy(now)}, false)` })
    .from(machinePlacements)
    .innerJoin(machineHosts, eq(machineHosts.id, machinePlacements.hostId))
    .where(eq(machinePlacements.vmId, vmId));
  return row ?? null;
}

/**
 * Healthy hosts with a free place for another machine, the emptiest first: a host's load is its running
 * placements (other than this machine's own).
 */
export async function hostsWithRoom(db: Db, vmId: string, now: Date): Promise<HostRef[]> {
  const load = db
    .select({ hostId: machinePlacements.hostId, running: sql<number>`count(*)::int`.as('running') })
    .from(machinePlacements)
    .where(and(eq(machinePlacements.running, true), ne(machinePlacements.vmId, vmId)))
    .groupBy(machinePlacements.hostId)
    .as('load');
  const free = sql<number>`${machineHosts.capacity} - coalesce(${load.running}, 0)`;
  return db
    .select(hostRef)
    .from(machineHosts)
    .leftJoin(load, eq(load.hostId, machineHosts.id))
    .where(and(healthy(now), gt(free, 0)))
    .orderBy(desc(free), desc(machineHosts.heartbeatAt));
}

/** Puts the machine on `hostId` (running), or records that its browser there stopped (running false). */
export async function recordPlacement(db: Db, vmId: string, hostId: string, running: boolean): Promise<void> {
  await db
    .insert(machinePlacements)
    .values({ vmId, hostId, running })
    .onConflictDoUpdate({ target: machinePlacements.vmId, set: { hostId, running } });
}

export async function removePlacement(db: Db, vmId: string): Promise<void> {
  await db.delete(machinePlacements).where(eq(machinePlacements.vmId, vmId));
}

/** Which of these machines sit on a host that is no longer healthy (stopped heartbeating or shut down). */
export async function onLostHosts(db: Db, vmIds: string[], now: Date): Promise<string[]> {
  if (vmIds.length === 0) return [];
  const rows = await db
    .select({ vmId: machinePlacements.vmId })
    .from(machinePlacements)
    .innerJoin(machineHosts, eq(machineHosts.id, machinePlacements.hostId))
    .where(and(inArray(machinePlacements.vmId, vmIds), not(healthy(now)!)));
  return rows.map((r) => r.vmId);
}
