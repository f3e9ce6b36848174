import { VMS, type ComputerActionType, type Decision } from '@cofounder/shared';
import type { VmTaskRow } from '../../db/schema.ts';

// Taking over a computer-use task whose server process died (issue 28 §3): from the stored timeline, where the task
// stands and whether another process can go on with it without doing anything twice.

/** Actions a second run leaves as one would: a wait, a scroll, a screenshot, opening an address again, the end. */
const REPEATABLE: ReadonlySet<ComputerActionType> = new Set(['wait', 'scroll', 'screenshot', 'navigate', 'done']);

export type ResumePoint =
  /** Go on at fromStep; carriedOut are the steps whose action finished (or never ran: none was left half done). */
  | { resume: true; fromStep: number; carriedOut: Decision[] }
  | { resume: false; reason: string };

type Resumable = Pick<VmTaskRow, 'status' | 'decisions' | 'stepsDone' | 'resumes' | 'engineTaskId'>;

/**
 * Where a task whose process died goes on, or why it cannot. A step decided but not finished (its action was in
 * flight) is decided again when its action had not started (a confirmation still awaited) or does no harm twice;
 * a click, typing or key press that may or may not have happened ends the task. A coding or research agent's task
 * is never taken over: its work-engine job waits for the result in the process that died.
 */
export function resumePointOf(task: Resumable): ResumePoint {
  if (task.engineTaskId !== null) return { resume: false, reason: VMS.texts.runnerLost };
  if (task.resumes >= VMS.taskResumesMax) return { resume: false, reason: VMS.texts.runnerLost };
  const last = task.decisions.at(-1);
  if (!last || last.step <= task.stepsDone) {
    return { resume: true, fromStep: (last?.step ?? 0) + 1, carriedOut: task.decisions };
  }
  const notStarted = task.status === 'awaiting_confirmation';
  if (!notStarted && !REPEATABLE.has(last.action)) {
    return { resume: false, reason: VMS.texts.runnerLostMidAction(last.action) };
  }
  return { resume: true, fromStep: last.step, carriedOut: task.decisions.slice(0, -1) };
}

/** The steps carried out, in words for the model that goes on with the task (typed text is never repeated). */
export function describeSteps(decisions: Decision[]): string[] {
  return decisions.map((d) => {
    const at = d.coordinate ? ` at (${d.coordinate.x}, ${d.coordinate.y})` : '';
    switch (d.action) {
      case 'navigate':
        return `${d.step}. opened ${d.text ?? 'a page'}`;
      case 'type':
        return `${d.step}. typed text${at}`;
      case 'key':
        return `${d.step}. pressed ${d.text ?? 'a key'}`;
      default:
        return `${d.step}. ${d.action.replace('_', '-')}${at}`;
    }
  });
}
