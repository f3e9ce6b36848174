import { describe, expect, it } from 'vitest';
import { PLANS, VMS } from '../constants.ts';
import { allowedVmActions, countsTowardMachineLimit, liveMachineLimit, vmAllows, vmTransition } from './vms.ts';

describe('VM state machine (spec 2 §4)', () => {
  it('RUNNING allows VNC, suspend, stop and running a task', () => {
    expect(allowedVmActions('RUNNING')).toEqual(['vnc', 'suspend', 'stop', 'runTask', 'terminate']);
    expect(vmTransition('RUNNING', 'suspend')).toBe('SUSPENDED');
    expect(vmTransition('RUNNING', 'stop')).toBe('STOPPED');
    expect(vmTransition('RUNNING', 'start')).toBeNull();
    expect(vmTransition('RUNNING', 'resume')).toBeNull();
  });

  it('SUSPENDED allows only resume (and delete)', () => {
    expect(vmTransition('SUSPENDED', 'resume')).toBe('RUNNING');
    expect(vmTransition('SUSPENDED', 'stop')).toBeNull();
    expect(vmTransition('SUSPENDED', 'start')).toBeNull();
    expect(vmAllows('SUSPENDED', 'runTask')).toBe(false);
    expect(vmAllows('SUSPENDED', 'vnc')).toBe(false);
  });

  it('STOPPED and TERMINATED allow start', () => {
    expect(vmTransition('STOPPED', 'start')).toBe('RUNNING');
    expect(vmTransition('TERMINATED', 'start')).toBe('RUNNING');
    expect(vmTransition('STOPPED', 'suspend')).toBeNull();
    expect(vmTransition('TERMINATED', 'resume')).toBeNull();
  });

  it('any VM can be deleted', () => {
    for (const status of ['RUNNING', 'SUSPENDED', 'STOPPED', 'TERMINATED'] as const) {
      expect(vmTransition(status, 'terminate')).toBe('TERMINATED');
    }
  });

  it('terminated machines do not count toward the plan limit', () => {
    expect(countsTowardMachineLimit('TERMINATED')).toBe(false);
    expect(countsTowardMachineLimit('STOPPED')).toBe(true);
  });

  it('lets one founder hold the plan’s live machines but never the whole server cap', () => {
    expect(VMS.reservedServerSlots).toBe(1);
    // Default cap 4: every plan fits (scale's 3 leaves one slot for everyone else).
    expect(liveMachineLimit(PLANS.scale.vmMachines, 4)).toBe(3);
    expect(liveMachineLimit(PLANS.builder.vmMachines, 4)).toBe(2);
    // A smaller server holds each founder below the cap; a one-machine server still lets someone run one.
    expect(liveMachineLimit(PLANS.scale.vmMachines, 3)).toBe(2);
    expect(liveMachineLimit(PLANS.scale.vmMachines, 1)).toBe(1);
    // No cap (cloud): the plan alone.
    expect(liveMachineLimit(PLANS.scale.vmMachines, null)).toBe(3);
  });
});
