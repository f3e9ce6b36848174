import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { machineHosts, type MachineHostRow } from '../db/schema.ts';

// The machine_hosts rows (issue 28 §1): a host registers once per start, heartbeats with its machine count, and
// marks itself stopped when it shuts down in order.

export interface HostRegistration {
  address: string;
  capacity: number;
  version: string;
  secret: string;
}

export async function registerHost(db: Db, host: HostRegistration): Promise<MachineHostRow> {
  const [row] = await db.insert(machineHosts).values(host).returning();
  return row!;
}

/** Records that the host is alive, where, and how many machines it runs; false when its row is gone. */
export async function heartbeat(db: Db, id: string, machines: number, address: string): Promise<boolean> {
  const rows = await db
    .update(machineHosts)
    .set({ heartbeatAt: new Date(), machines, address, stoppedAt: null })
    .where(eq(machineHosts.id, id))
    .returning({ id: machineHosts.id });
  return rows.length > 0;
}

export async function markHostStopped(db: Db, id: string): Promise<void> {
  await db.update(machineHosts).set({ stoppedAt: new Date(), machines: 0 }).where(eq(machineHosts.id, id));
}
