import { liveMachineLimit, PLANS, VMS, type PlanDefinition } from '@cofounder/shared';
import type { Db } from '../../db/client.ts';
import type { VmRow } from '../../db/schema.ts';
import { AppError } from '../../http/errors.ts';
import { ensurePlan, monthKey } from '../usage/usage.service.ts';
import { addUsedSeconds, heldVmCount, liveVmCount, runningVms, usedSeconds } from './vms.repo.ts';

// Per-plan machine limits (PLANS[plan].vmMachines, .vmHoursPerMonth): machine hours are counted in vm_usage
// when a machine stops running, plus the live time of the machines running now.

const monthStart = (at: Date): Date => new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), 1));

/** Running time between two instants, split by calendar month (UTC) in whole seconds. */
export function secondsByMonth(from: Date, to: Date): { month: string; seconds: number }[] {
  const parts: { month: string; seconds: number }[] = [];
  let end = to;
  while (end.getTime() > from.getTime()) {
    const start = new Date(Math.max(from.getTime(), monthStart(new Date(end.getTime() - 1)).getTime()));
    const seconds = Math.floor((end.getTime() - start.getTime()) / 1000);
    if (seconds > 0) parts.push({ month: monthKey(start), seconds });
    end = start;
  }
  return parts;
}

/** Adds a machine's running time (since runningSince) to its founder's monthly usage; call when it stops running. */
export async function meterRunningTime(db: Db, row: Pick<VmRow, 'userId' | 'runningSince'>, at: Date): Promise<void> {
  if (!row.runningSince) return;
  for (const { month, seconds } of secondsByMonth(row.runningSince, at)) await addUsedSeconds(db, row.userId, month, seconds);
}

/** This month's machine seconds: what is metered plus the running machines' time so far this month. */
export async function secondsThisMonth(db: Db, userId: string, at: Date): Promise<number> {
  const month = monthKey(at);
  const live = (await runningVms(db, userId))
    .filter((r) => r.runningSince)
    .map((r) => secondsByMonth(r.runningSince!, at).find((p) => p.month === month)?.seconds ?? 0);
  return (await usedSeconds(db, userId, month)) + live.reduce((a, b) => a + b, 0);
}

export const planOf = async (db: Db, userId: string, at: Date): Promise<PlanDefinition> => PLANS[await ensurePlan(db, userId, at)];

/** 403 once the month's machine hours are used up. */
export async function requireHoursLeft(db: Db, userId: string, at: Date): Promise<void> {
  const plan = await planOf(db, userId, at);
  if ((await secondsThisMonth(db, userId, at)) >= plan.vmHoursPerMonth * 3600) {
    throw new AppError('forbidden', VMS.texts.hoursUsed(plan.vmHoursPerMonth));
  }
}

/** 429 when the founder already holds the plan's machines (terminated ones do not count). */
export async function requireMachineLeft(db: Db, userId: string, at: Date): Promise<void> {
  const plan = await planOf(db, userId, at);
  if ((await heldVmCount(db, userId)) >= plan.vmMachines) throw new AppError('rate_limited', VMS.texts.machineLimit(plan.vmMachines));
}

/**
 * 429 unless the founder may bring one more machine live (launch, start, resume): their other live machines stay
 * under liveMachineLimit, so no plan is exceeded (after a downgrade too) and no founder fills the server alone.
 * Call it under lockUserVms with the machine marked live in the same transaction, so two requests cannot both pass.
 */
export async function requireLiveSlot(db: Db, userId: string, at: Date, serverCap: number | null, vmId: string | null): Promise<void> {
  const limit = liveMachineLimit((await planOf(db, userId, at)).vmMachines, serverCap);
  if ((await liveVmCount(db, userId, vmId)) >= limit) throw new AppError('rate_limited', VMS.texts.liveLimit(limit));
}
