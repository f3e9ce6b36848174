import { VMS, type Decision, type PendingConfirmation } from '@cofounder/shared';
import { AiError, type ComputerObservation, type ComputerStep } from '../../providers/ai/port.ts';
import {
  VmProviderError,
  type ActionResult,
  type MachineAction,
  type Observation,
  type PageElement,
} from '../../providers/vm/port.ts';
import type { LoopDeps, LoopEvent, LoopResult } from './loop-types.ts';
import { elementAt, sensitiveAction } from './sensitive.ts';

/** What the timeline and every message show for typed secrets (a fixed length: not even the length is told). */
const HIDDEN_TEXT = '••••••••';
/** A scroll without a distance moves most of a screen, keeping some context in view. */
const DEFAULT_SCROLL_DY = Math.round(VMS.viewport.height * 0.75);

type Ending = Pick<LoopResult, 'status' | 'message'>;
type ActionOutcome = NonNullable<ComputerObservation['lastAction']>['result'];
type StepOutcome =
  | { done: false; lastAction: NonNullable<ComputerObservation['lastAction']> }
  | { done: true; ending: Ending };

/** Decisions carry whole, non-negative pixels (the shared Coordinate schema). */
const pixel = (n: number): number => Math.max(0, Math.round(n));

/** The machine action a step asks for, or why it cannot run (the model sees the reason as lastAction). */
export function machineActionOf(step: ComputerStep): MachineAction | { invalid: string } {
  const text = step.text ?? '';
  const at = step.coordinate ? { x: pixel(step.coordinate.x), y: pixel(step.coordinate.y) } : null;
  switch (step.action) {
    case 'click':
    case 'double_click':
      return at
        ? { type: step.action, ...at }
        : { invalid: `The ${step.action.replace('_', '-')} had no coordinate to click at.` };
    case 'type':
      return text ? { type: 'type', text } : { invalid: 'There was no text to type.' };
    case 'key':
      return text.trim() ? { type: 'key', keys: text.trim() } : { invalid: 'There was no key to press.' };
    case 'scroll': {
      const centre = at ?? { x: VMS.viewport.width / 2, y: VMS.viewport.height / 2 };
      const { dx, dy } = step.scroll ?? { dx: 0, dy: DEFAULT_SCROLL_DY };
      return { type: 'scroll', ...centre, dx, dy };
    }
    case 'navigate':
      return text.trim()
        ? { type: 'navigate', url: text.trim() }
        : { invalid: 'There was no address to open.' };
    case 'wait':
      return { type: 'wait', ms: Math.min(Math.max(step.waitMs ?? VMS.waitMs, 0), VMS.maxWaitMs) };
    case 'screenshot':
    case 'done':
      return { invalid: `${step.action} is not a machine action.` };
  }
}

/**
 * One computer-use task: screenshot → the AI decides → the action runs → repeat, until the AI says done, a step
 * or time limit, the founder's Stop, or a declined confirmation. Task-level failures end the task; they never throw.
 * It ends completed only when the AI says every part was carried out and no action was refused or failed on the
 * machine; a password or card number typed never leaves it except to the machine.
 */
export async function runComputerTask(deps: LoopDeps): Promise<LoopResult> {
  const { machine, session, limits } = deps;
  const startedAt = deps.resume?.startedAt ?? deps.now();
  const decisions: Decision[] = [...(deps.resume?.carriedOut ?? [])];
  let tokens = 0;
  let costUsd = 0;
  let priceUnknown = false;
  let lastAction: ComputerObservation['lastAction'] = null;
  // Where typed text and keys go: the element the last click landed on.
  let lastClicked: PageElement | null = null;
  // The first action the machine refused or could not carry out: the task cannot have been done as asked.
  let refusal: string | null = null;
  // Passwords and card numbers typed so far: hidden wherever they would be shown (a model may repeat them).
  const secrets: string[] = [];
  const hide = (text: string): string =>
    secrets.reduce((out, secret) => out.split(secret).join(HIDDEN_TEXT), text);

  // What the founder did while they held the machine, told to the model on the next step.
  let founderNote: string | null = null;
  // What a process that took the task over tells the model on its first step.
  let resumedNote = deps.resume?.note ?? null;

  const emit = (event: LoopEvent) => deps.emit(event);

  /** While the founder holds the machine the AI waits; false when they pressed Stop instead of handing back. */
  async function waitForFounder(): Promise<boolean> {
    if (!deps.founder?.holds()) return true;
    await emit({ type: 'status', status: 'running', message: VMS.texts.founderInControl });
    const back = await deps.founder.waitForHandBack();
    if (back === 'stopped') return false;
    founderNote = back;
    await emit({ type: 'status', status: 'running', message: null });
    return true;
  }

  async function runStep(n: number): Promise<StepOutcome> {
    await emit({ type: 'stepStart', step: n });
    const observation = await machine.observe();
    await emit({ type: 'screenshot', step: n, jpeg: observation.screenshot });

    const step = await session.next({
      ...observation,
      lastAction,
      ...(founderNote ? { founderNote } : {}),
      ...(resumedNote ? { resumedNote } : {}),
    });
    founderNote = null;
    resumedNote = null;
    tokens += step.usage.tokens;
    costUsd += step.usage.costUsd;
    priceUnknown ||= step.usage.priceUnknown === true;
    const ask = askFor(step, observation, lastClicked);
    // A password or card number typed by the model goes to the machine, never into the timeline or the database.
    const secret = step.action === 'type' && (ask?.kind === 'password' || ask?.kind === 'payment');
    if (secret && step.text && !secrets.includes(step.text)) secrets.push(step.text);
    const decision: Decision = {
      step: n,
      // A model may name what it types in its thought ("Typing “hunter2” into Password"): hidden there too.
      thought: hide(step.thought),
      action: step.action,
      coordinate: step.coordinate ? { x: pixel(step.coordinate.x), y: pixel(step.coordinate.y) } : null,
      text: secret ? HIDDEN_TEXT : step.text === null ? null : hide(step.text),
      confidence: Math.min(Math.max(step.confidence, 0), 1),
      timestamp: new Date(deps.now()).toISOString(),
    };
    decisions.push(decision);
    await emit({ type: 'aiDecision', decision });

    const finish = async (
      result: ActionOutcome,
      detail: string,
      ending: Ending | null,
    ): Promise<StepOutcome> => {
      await emit({ type: 'action', step: n, action: step.action, result, detail: hide(detail) });
      await emit({ type: 'stepComplete', step: n });
      return ending
        ? { done: true, ending }
        : { done: false, lastAction: { action: step.action, result, detail } };
    };

    if (step.action === 'done') {
      const said = hide(step.text?.trim() ?? '');
      if (step.completed === true && !refusal) {
        const message = said || 'Done.';
        return finish('ok', message, { status: 'completed', message });
      }
      // The AI's own words on why it could not; the refused step when it claims the task done anyway.
      const why = step.completed === true ? refusal : said || refusal;
      const message = VMS.texts.notDone(why ?? '');
      return finish('failed', message, { status: 'failed', message });
    }
    if (step.action === 'screenshot') return finish('ok', 'Took a screenshot', null);

    const action = machineActionOf(step);
    if ('invalid' in action) return finish('failed', action.invalid, null);

    if (ask) {
      await emit({
        type: 'status',
        status: 'awaiting_confirmation',
        message: VMS.texts.awaitingConfirmation(ask.reason),
      });
      const answer = await deps.confirm({ step: n, kind: ask.kind, reason: ask.reason, decision });
      if (answer !== 'approved') {
        const message =
          answer === 'declined'
            ? VMS.texts.declined(ask.reason)
            : answer === 'timeout'
              ? VMS.texts.confirmTimedOut
              : VMS.texts.stoppedByUser;
        return finish('declined', message, { status: 'stopped', message });
      }
      await emit({ type: 'status', status: 'running', message: null });
    }

    // The founder took the machine over while the model was deciding: its action was meant for another screen.
    if (deps.founder?.holds()) {
      if (!(await waitForFounder())) return finish('declined', VMS.texts.stoppedByUser, { status: 'stopped', message: VMS.texts.stoppedByUser });
      return finish('declined', VMS.texts.founderTookOver, null);
    }

    let done: ActionResult;
    try {
      done = await machine.act(action);
    } catch (err) {
      if (!(err instanceof VmProviderError)) throw err;
      refusal ??= err.message;
      return finish('failed', err.message, null);
    }
    if (action.type === 'click' || action.type === 'double_click') {
      lastClicked = elementAt(observation.elements, action.x, action.y);
    } else if (action.type === 'navigate') {
      lastClicked = null;
    }
    // 'blocked' (a refused address) is reported as is; the model sees it as lastAction and can say why it stops.
    if (done.result !== 'ok') refusal ??= done.detail;
    return finish(done.result, done.detail, null);
  }

  async function loop(): Promise<Ending> {
    for (let n = deps.resume?.fromStep ?? 1; ; n++) {
      if (await deps.stopRequested()) return { status: 'stopped', message: VMS.texts.stoppedByUser };
      if (!(await waitForFounder())) return { status: 'stopped', message: VMS.texts.stoppedByUser };
      if (n > limits.maxSteps) return { status: 'failed', message: VMS.texts.stepLimit(limits.maxSteps) };
      if (deps.now() - startedAt >= limits.timeLimitMs) {
        return { status: 'failed', message: VMS.texts.timeLimit(Math.round(limits.timeLimitMs / 60_000)) };
      }
      const outcome = await runStep(n);
      if (outcome.done) return outcome.ending;
      lastAction = outcome.lastAction;
    }
  }

  if (!deps.resume) await emit({ type: 'taskStart', task: deps.task });
  let ending: Ending;
  try {
    ending = await loop();
  } catch (err) {
    // The AI service or the machine failed: the task ends with what the founder should read. Anything else is
    // not theirs to read, but the task still ends (the monitor and the route wait for taskEnd).
    const readable = err instanceof AiError || err instanceof VmProviderError;
    ending = { status: 'failed', message: readable ? VMS.texts.notDone(err.message) : VMS.texts.runFailed };
  }

  let finalScreenshot: Buffer | null = null;
  try {
    finalScreenshot = (await machine.observe()).screenshot;
  } catch {
    // A machine that cannot show its screen any more leaves the task without a final screenshot.
  }
  const message = hide(ending.message);
  await emit({ type: 'taskComplete', success: ending.status === 'completed', message });
  await emit({ type: 'taskEnd', status: ending.status });
  // Decisions made before a secret was typed may name it too (a model planning ahead): the stored timeline hides it.
  const timeline = decisions.map((d) => ({
    ...d,
    thought: hide(d.thought),
    text: d.text === null ? null : hide(d.text),
  }));
  return {
    status: ending.status,
    message,
    finalScreenshot,
    decisions: timeline,
    tokens,
    costUsd: Math.round(costUsd * 1e6) / 1e6,
    ...(priceUnknown ? { priceUnknown } : {}),
  };
}

/** What the founder must confirm before the step runs: a sensitive action, or the model's own safety check. */
function askFor(
  step: ComputerStep,
  observation: Observation,
  lastClicked: PageElement | null,
): { kind: PendingConfirmation['kind']; reason: string } | null {
  const sensitive = sensitiveAction(step, observation, lastClicked);
  if (sensitive) return sensitive;
  return step.safetyCheck ? { kind: 'model_safety_check', reason: step.safetyCheck } : null;
}
