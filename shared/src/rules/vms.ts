import { VMS } from '../constants.ts';
import type { VmAction, VmStatus } from '../schemas/vms.ts';

// The VM state machine (spec 2 §4 "VM"): which actions each state allows and where each leads. The server
// refuses anything else with 409; the machine cards show only the allowed buttons.

/** What a founder can do with a machine besides the state changes: watch it and run a task on it. */
export type VmCapability = VmAction | 'vnc' | 'runTask';

const ALLOWED: Record<VmStatus, readonly VmCapability[]> = {
  RUNNING: ['vnc', 'suspend', 'stop', 'runTask', 'terminate'],
  SUSPENDED: ['resume', 'terminate'],
  STOPPED: ['start', 'terminate'],
  TERMINATED: ['start', 'terminate'],
};

const NEXT: Record<VmAction, VmStatus> = {
  suspend: 'SUSPENDED',
  resume: 'RUNNING',
  stop: 'STOPPED',
  start: 'RUNNING',
  terminate: 'TERMINATED',
};

export function allowedVmActions(status: VmStatus): readonly VmCapability[] {
  return ALLOWED[status];
}

export function vmAllows(status: VmStatus, capability: VmCapability): boolean {
  return ALLOWED[status].includes(capability);
}

/** The state an action leads to, or null when the current state refuses it. */
export function vmTransition(status: VmStatus, action: VmAction): VmStatus | null {
  return vmAllows(status, action) ? NEXT[action] : null;
}

/** Machines that count toward the plan's machine limit (terminated ones hold nothing). */
export function countsTowardMachineLimit(status: VmStatus): boolean {
  return status !== 'TERMINATED';
}

/** Machines that hold a browser on the server (a suspended one is frozen, not closed): the live quota counts these. */
export const LIVE_VM_STATUSES = ['RUNNING', 'SUSPENDED'] as const satisfies readonly VmStatus[];

/**
 * How many live machines one founder may have at once: the plan's machines, but never more than the server's
 * cap less VMS.reservedServerSlots (and at least one), so one founder alone cannot fill the server.
 * serverCap null: the provider has no cap of its own (cloud).
 */
export function liveMachineLimit(planMachines: number, serverCap: number | null): number {
  if (serverCap === null) return planMachines;
  return Math.min(planMachines, Math.max(1, serverCap - VMS.reservedServerSlots));
}
