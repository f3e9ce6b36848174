import type { Db } from '../../db/client.ts';
import { agentsRunningCondition, pausedOf, savePaused } from './agent-controls.repo.ts';

/**
 * The kill switch. Stopping takes effect at once for every task not yet started (the task engine claims a task
 * only under agentsRunningCondition, in the same statement); a task already running finishes its current step.
 */
export function agentsPaused(db: Db, userId: string): Promise<boolean> {
  return pausedOf(db, userId);
}

export async function setAgentsPaused(db: Db, userId: string, paused: boolean, at: Date): Promise<boolean> {
  await savePaused(db, userId, paused, at);
  return paused;
}

export { agentsRunningCondition };
