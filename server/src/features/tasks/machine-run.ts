import { MACHINE_AGENTS, VMS } from '@cofounder/shared';
import type { TaskRow } from '../../db/schema.ts';
import type { AgentOutcome } from '../agents/agent.ts';
import type { MachineRun } from '../computer-use/computer-use.service.ts';
import { addUsage } from '../../providers/ai/pricing.ts';

/** Runs a work task on the founder's machine through the computer-use service (timeline, monitor and all). */
export type MachineRunner = (input: { userId: string; vmId: string; engineTaskId: string; task: string }) => Promise<MachineRun>;

/** Whether the task asks for a machine run first: a coding or research task with a machine chosen. */
export const wantsMachine = (task: Pick<TaskRow, 'agent' | 'vmId'>): task is Pick<TaskRow, 'agent'> & { vmId: string } =>
  task.vmId !== null && (MACHINE_AGENTS as readonly string[]).includes(task.agent);

/** The machine run of a task, or why it could not run (this worker has no machines). */
export async function runOnMachine(task: TaskRow & { vmId: string }, runner: MachineRunner | undefined): Promise<MachineRun> {
  if (!runner) return { status: 'skipped', message: VMS.texts.unavailable, screenshot: null, tokens: 0, costUsd: 0 };
  return runner({ userId: task.userId, vmId: task.vmId, engineTaskId: task.id, task: task.description });
}

/**
 * The agent's outcome with the machine run attached: result.data.screenshot (the final screen as a data URL, or
 * null) and result.data.machineRun {status, message}; a run that could not happen says why in the content.
 */
export function withMachineRun(outcome: AgentOutcome, run: MachineRun): AgentOutcome {
  // A run that did not do everything says so in its message ("Failed to run task. Blocked: …", "Stopped by you.").
  const note =
    run.status === 'skipped'
      ? `The task did not run on your machine: ${run.message}`
      : `On your machine: ${run.message}`;
  return {
    ...outcome,
    content: `${outcome.content}\n\n## Machine run\n${note}`,
    data: { ...outcome.data, screenshot: run.screenshot, machineRun: { status: run.status, message: run.message } },
    usage: addUsage(outcome.usage, run),
  };
}
