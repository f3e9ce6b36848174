import { VMS } from '@cofounder/shared';
import { describe, expect, it } from 'vitest';
import { AiError, type ComputerObservation, type ComputerStep } from '../../providers/ai/port.ts';
import {
  VmProviderError,
  type ActionResult,
  type MachineAction,
  type Observation,
  type PageElement,
} from '../../providers/vm/port.ts';
import type { ConfirmAnswer, ConfirmRequest, LoopDeps, LoopEvent } from './loop-types.ts';
import { machineActionOf, runComputerTask } from './loop.ts';

const payButton: PageElement = {
  role: 'button',
  name: 'Pay now',
  tag: 'button',
  type: null,
  autocomplete: null,
  x: 100,
  y: 100,
  width: 100,
  height: 40,
  inSensitiveForm: false,
};

const step = (over: Partial<ComputerStep> & Pick<ComputerStep, 'action'>): ComputerStep => ({
  thought: `I will ${over.action}.`,
  coordinate: null,
  text: null,
  confidence: 0.9,
  usage: { tokens: 10, costUsd: 0.001 },
  ...over,
});

/** A machine whose screen is numbered by how many times it was observed. */
function fakeMachine(
  options: {
    elements?: PageElement[];
    act?: (a: MachineAction) => ActionResult;
    failObserveAfter?: number;
  } = {},
) {
  const actions: MachineAction[] = [];
  let observed = 0;
  return {
    actions,
    get observed() {
      return observed;
    },
    async observe(): Promise<Observation> {
      if (options.failObserveAfter !== undefined && observed >= options.failObserveAfter)
        throw new VmProviderError('The machine is gone.');
      observed++;
      return {
        screenshot: Buffer.from(`screen ${observed}`),
        url: 'https://shop.example/cart',
        title: 'Cart',
        elements: options.elements ?? [],
      };
    },
    async act(action: MachineAction): Promise<ActionResult> {
      actions.push(action);
      return options.act?.(action) ?? { result: 'ok', detail: `Did ${action.type}` };
    },
  };
}

/** A session answering scripted steps in order (a function step sees the observation). */
function fakeSession(steps: (ComputerStep | ((o: ComputerObservation) => ComputerStep) | Error)[]) {
  const seen: ComputerObservation[] = [];
  return {
    seen,
    async next(o: ComputerObservation): Promise<ComputerStep> {
      seen.push(o);
      const next = steps.shift();
      if (!next) throw new Error('the script ran out');
      if (next instanceof Error) throw next;
      return typeof next === 'function' ? next(o) : next;
    },
  };
}

function deps(over: Partial<LoopDeps> & Pick<LoopDeps, 'machine' | 'session'>) {
  const events: LoopEvent[] = [];
  const confirms: ConfirmRequest[] = [];
  let clock = Date.parse('2026-01-01T00:00:00Z');
  const d: LoopDeps = {
    task: 'Buy the thing',
    emit: async (e) => void events.push(e),
    stopRequested: async () => false,
    confirm: async () => 'approved',
    now: () => (clock += 1000),
    limits: { maxSteps: 10, timeLimitMs: 60_000 },
    ...over,
  };
  const original = d.confirm;
  d.confirm = (r) => {
    confirms.push(r);
    return original(r);
  };
  return { d, events, confirms };
}

const types = (events: LoopEvent[]) => events.map((e) => e.type);

describe('runComputerTask', () => {
  it('reports every step in order and ends with the model’s done message and the fresh final screen', async () => {
    const machine = fakeMachine();
    const session = fakeSession([
      step({ action: 'navigate', text: 'https://example.com' }),
      step({ action: 'click', coordinate: { x: 10.4, y: 20.6 } }),
      step({ action: 'done', text: 'Opened it and clicked.', completed: true }),
    ]);
    const { d, events } = deps({ machine, session });
    const result = await runComputerTask(d);

    expect(types(events)).toEqual([
      'taskStart',
      ...['stepStart', 'screenshot', 'aiDecision', 'action', 'stepComplete'],
      ...['stepStart', 'screenshot', 'aiDecision', 'action', 'stepComplete'],
      ...['stepStart', 'screenshot', 'aiDecision', 'action', 'stepComplete'],
      'taskComplete',
      'taskEnd',
    ]);
    expect(events[0]).toEqual({ type: 'taskStart', task: 'Buy the thing' });
    expect(events[2]).toEqual({ type: 'screenshot', step: 1, jpeg: Buffer.from('screen 1') });
    expect(events.at(-2)).toEqual({ type: 'taskComplete', success: true, message: 'Opened it and clicked.' });
    expect(events.at(-1)).toEqual({ type: 'taskEnd', status: 'completed' });
    expect(machine.actions).toEqual([
      { type: 'navigate', url: 'https://example.com' },
      { type: 'click', x: 10, y: 21 },
    ]);
    expect(result).toMatchObject({
      status: 'completed',
      message: 'Opened it and clicked.',
      tokens: 30,
      costUsd: 0.003,
    });
    expect(result.finalScreenshot).toEqual(Buffer.from('screen 4'));
    expect(result.decisions.map((x) => [x.step, x.action, x.coordinate, x.text])).toEqual([
      [1, 'navigate', null, 'https://example.com'],
      [2, 'click', { x: 10, y: 21 }, null],
      [3, 'done', null, 'Opened it and clicked.'],
    ]);
    expect(result.decisions[0]).toMatchObject({ thought: 'I will navigate.', confidence: 0.9 });
    // The clock reads: task start, the step-1 limit check, then the decision.
    expect(result.decisions[0]!.timestamp).toBe('2026-01-01T00:00:03.000Z');
    // The model saw how each action went.
    expect(session.seen.map((o) => o.lastAction)).toEqual([
      null,
      { action: 'navigate', result: 'ok', detail: 'Did navigate' },
      { action: 'click', result: 'ok', detail: 'Did click' },
    ]);
  });

  it('fails a malformed step, lets the model see why, and goes on; a blocked step fails the task', async () => {
    const machine = fakeMachine({
      act: (a) =>
        a.type === 'navigate'
          ? { result: 'blocked', detail: 'Blocked: private address 10.0.0.1' }
          : { result: 'ok', detail: 'ok' },
    });
    const session = fakeSession([
      step({ action: 'click' }),
      step({ action: 'navigate', text: 'http://10.0.0.1' }),
      // The model claims success anyway: the refused step decides.
      step({ action: 'done', text: 'All done.', completed: true }),
    ]);
    const { d, events } = deps({ machine, session });
    const result = await runComputerTask(d);
    const actions = events.filter((e) => e.type === 'action');
    expect(actions).toEqual([
      {
        type: 'action',
        step: 1,
        action: 'click',
        result: 'failed',
        detail: 'The click had no coordinate to click at.',
      },
      {
        type: 'action',
        step: 2,
        action: 'navigate',
        result: 'blocked',
        detail: 'Blocked: private address 10.0.0.1',
      },
      {
        type: 'action',
        step: 3,
        action: 'done',
        result: 'failed',
        detail: 'Failed to run task. Blocked: private address 10.0.0.1.',
      },
    ]);
    expect(session.seen[1]!.lastAction).toEqual({
      action: 'click',
      result: 'failed',
      detail: 'The click had no coordinate to click at.',
    });
    expect(session.seen[2]!.lastAction?.result).toBe('blocked');
    expect(result).toMatchObject({
      status: 'failed',
      message: 'Failed to run task. Blocked: private address 10.0.0.1.',
    });
    expect(events.at(-2)).toEqual({
      type: 'taskComplete',
      success: false,
      message: 'Failed to run task. Blocked: private address 10.0.0.1.',
    });
    expect(events.at(-1)).toEqual({ type: 'taskEnd', status: 'failed' });
  });

  it('ends failed with the model’s own words when it says it could not, or does not say it did it all', async () => {
    for (const completed of [false, undefined]) {
      const session = fakeSession([
        step({ action: 'done', text: 'There is no Subscribe button on this page.', completed }),
      ]);
      const { d, events } = deps({ machine: fakeMachine(), session });
      expect(await runComputerTask(d)).toMatchObject({
        status: 'failed',
        message: 'Failed to run task. There is no Subscribe button on this page.',
      });
      expect(events.at(-1)).toEqual({ type: 'taskEnd', status: 'failed' });
    }
    // A machine failure (not a refusal) counts the same: a navigation that found nothing.
    const machine = fakeMachine({
      act: () => ({ result: 'failed', detail: 'nowhere.invalid could not be found' }),
    });
    const session = fakeSession([
      step({ action: 'navigate', text: 'https://nowhere.invalid' }),
      step({ action: 'done', text: 'Opened it.', completed: true }),
    ]);
    expect(await runComputerTask(deps({ machine, session }).d)).toMatchObject({
      status: 'failed',
      message: 'Failed to run task. nowhere.invalid could not be found.',
    });
  });

  it('takes a screenshot without acting', async () => {
    const machine = fakeMachine();
    const session = fakeSession([step({ action: 'screenshot' }), step({ action: 'done', text: 'Seen.' })]);
    const { d, events } = deps({ machine, session });
    await runComputerTask(d);
    expect(machine.actions).toEqual([]);
    expect(events.find((e) => e.type === 'action')).toMatchObject({
      action: 'screenshot',
      result: 'ok',
      detail: 'Took a screenshot',
    });
  });

  it('stops between steps when the founder pressed Stop', async () => {
    const machine = fakeMachine();
    let checks = 0;
    const session = fakeSession([step({ action: 'wait', waitMs: 10 }), step({ action: 'wait' })]);
    const { d, events } = deps({ machine, session, stopRequested: async () => ++checks > 1 });
    const result = await runComputerTask(d);
    expect(result).toMatchObject({ status: 'stopped', message: VMS.texts.stoppedByUser });
    expect(machine.actions).toEqual([{ type: 'wait', ms: 10 }]);
    expect(events.slice(-2)).toEqual([
      { type: 'taskComplete', success: false, message: VMS.texts.stoppedByUser },
      { type: 'taskEnd', status: 'stopped' },
    ]);
  });

  it('fails after the step limit and after the time limit', async () => {
    const forever = () => step({ action: 'wait', waitMs: 1 });
    const byStep = deps({
      machine: fakeMachine(),
      session: fakeSession(Array(5).fill(forever)),
      limits: { maxSteps: 3, timeLimitMs: 3_600_000 },
    });
    expect(await runComputerTask(byStep.d)).toMatchObject({
      status: 'failed',
      message: 'Failed to run task. Stopped after 3 steps without finishing.',
    });
    expect(byStep.events.filter((e) => e.type === 'stepStart')).toHaveLength(3);

    // The fake clock moves 1 s per reading: a 4-minute limit is reached well before 200 steps.
    const byTime = deps({
      machine: fakeMachine(),
      session: fakeSession(Array(200).fill(forever)),
      limits: { maxSteps: 500, timeLimitMs: 4 * 60_000 },
    });
    expect(await runComputerTask(byTime.d)).toMatchObject({
      status: 'failed',
      message: 'Failed to run task. Stopped after 4 minutes without finishing.',
    });
  });

  it('ends failed with the AI service’s message, and without a final screenshot when the machine is gone', async () => {
    const { d, events } = deps({
      machine: fakeMachine(),
      session: fakeSession([new AiError('rate_limited')]),
    });
    const result = await runComputerTask(d);
    expect(result).toMatchObject({
      status: 'failed',
      message: `Failed to run task. ${new AiError('rate_limited').message}`,
      tokens: 0,
    });
    expect(result.finalScreenshot).not.toBeNull();
    expect(events.at(-1)).toEqual({ type: 'taskEnd', status: 'failed' });

    const gone = deps({
      machine: fakeMachine({ failObserveAfter: 1 }),
      session: fakeSession([step({ action: 'wait', waitMs: 0 })]),
    });
    expect(await runComputerTask(gone.d)).toMatchObject({
      status: 'failed',
      message: 'Failed to run task. The machine is gone.',
      finalScreenshot: null,
    });
  });

  describe('sensitive actions', () => {
    const clickPay = () => step({ action: 'click', coordinate: { x: 150, y: 120 } });
    const run = async (answer: ConfirmAnswer, first = clickPay()) => {
      const machine = fakeMachine({ elements: [payButton] });
      const session = fakeSession([first, step({ action: 'done', text: 'Paid.', completed: true })]);
      const t = deps({ machine, session, confirm: async () => answer });
      return { ...t, machine, result: await runComputerTask(t.d) };
    };

    it('asks first, and runs the action once approved', async () => {
      const { events, confirms, machine, result } = await run('approved');
      expect(confirms).toEqual([
        expect.objectContaining({
          step: 1,
          kind: 'payment',
          reason: 'Clicking “Pay now” on shop.example',
          decision: expect.objectContaining({ action: 'click' }),
        }),
      ]);
      expect(types(events).slice(0, 8)).toEqual([
        'taskStart',
        'stepStart',
        'screenshot',
        'aiDecision',
        'status',
        'status',
        'action',
        'stepComplete',
      ]);
      expect(events[4]).toEqual({
        type: 'status',
        status: 'awaiting_confirmation',
        message: VMS.texts.awaitingConfirmation('Clicking “Pay now” on shop.example'),
      });
      expect(events[5]).toEqual({ type: 'status', status: 'running', message: null });
      expect(machine.actions).toEqual([{ type: 'click', x: 150, y: 120 }]);
      expect(result.status).toBe('completed');
    });

    it('stops without acting when declined, unanswered or stopped', async () => {
      const reason = 'Clicking “Pay now” on shop.example';
      for (const [answer, message] of [
        ['declined', VMS.texts.declined(reason)],
        ['timeout', VMS.texts.confirmTimedOut],
        ['stopped', VMS.texts.stoppedByUser],
      ] as const) {
        const { events, machine, result } = await run(answer);
        expect(machine.actions).toEqual([]);
        expect(result).toMatchObject({ status: 'stopped', message });
        expect(events.find((e) => e.type === 'action')).toEqual({
          type: 'action',
          step: 1,
          action: 'click',
          result: 'declined',
          detail: message,
        });
        expect(events.slice(-2)).toEqual([
          { type: 'taskComplete', success: false, message },
          { type: 'taskEnd', status: 'stopped' },
        ]);
      }
    });

    it('asks about the model’s own safety checks too', async () => {
      const flagged = step({ action: 'type', text: 'hi', safetyCheck: 'The page may be a phishing site.' });
      const { confirms, machine } = await run('approved', flagged);
      expect(confirms[0]).toMatchObject({
        kind: 'model_safety_check',
        reason: 'The page may be a phishing site.',
      });
      expect(machine.actions).toEqual([{ type: 'type', text: 'hi' }]);
    });

    it('tracks the clicked field: typing after clicking a password field asks', async () => {
      const password: PageElement = {
        ...payButton,
        role: 'textbox',
        name: 'Password',
        tag: 'input',
        type: 'password',
      };
      // A machine that repeats what it typed.
      const machine = fakeMachine({
        elements: [password],
        act: (a) => ({ result: 'ok', detail: a.type === 'type' ? `Typed ${a.text}` : 'ok' }),
      });
      const session = fakeSession([
        step({ action: 'click', coordinate: { x: 150, y: 120 }, thought: 'I will type hunter2 next.' }),
        step({ action: 'type', text: 'hunter2', thought: 'Typing “hunter2” into Password.' }),
        step({ action: 'wait', waitMs: 0, thought: 'Waiting after typing hunter2.' }),
        step({ action: 'done', text: 'Typed "hunter2" into Password.', completed: true }),
      ]);
      const t = deps({ machine, session });
      const result = await runComputerTask(t.d);
      expect(t.confirms.map((c) => [c.step, c.kind, c.reason])).toEqual([
        [2, 'password', 'Typing into a password field on shop.example'],
      ]);
      // The password reaches the machine, never the timeline, the action details or the final message.
      expect(machine.actions[1]).toEqual({ type: 'type', text: 'hunter2' });
      expect(result.decisions[1]!.text).toBe('••••••••');
      expect(result.decisions[1]!.thought).toBe('Typing “••••••••” into Password.');
      expect(t.events.find((e) => e.type === 'action' && e.step === 2)).toMatchObject({
        detail: 'Typed ••••••••',
      });
      expect(result).toMatchObject({ status: 'completed', message: 'Typed "••••••••" into Password.' });
      expect(t.events.at(-2)).toEqual({
        type: 'taskComplete',
        success: true,
        message: 'Typed "••••••••" into Password.',
      });
      // The thought before the typing was already shown live; the stored timeline hides it there too.
      expect(result.decisions[0]!.thought).toBe('I will type •••••••• next.');
      const shown = t.events.filter((e) => !(e.type === 'aiDecision' && e.decision.step === 1));
      expect(JSON.stringify(shown)).not.toContain('hunter2');
      expect(JSON.stringify(t.confirms)).not.toContain('hunter2');
      expect(JSON.stringify({ ...result, finalScreenshot: null })).not.toContain('hunter2');
    });
  });
});

describe('machineActionOf', () => {
  it('maps each step to a machine action with sensible defaults', () => {
    const { width, height } = VMS.viewport;
    expect(machineActionOf(step({ action: 'double_click', coordinate: { x: 1, y: 2 } }))).toEqual({
      type: 'double_click',
      x: 1,
      y: 2,
    });
    expect(machineActionOf(step({ action: 'type', text: 'hello' }))).toEqual({ type: 'type', text: 'hello' });
    expect(machineActionOf(step({ action: 'key', text: 'Control+A' }))).toEqual({
      type: 'key',
      keys: 'Control+A',
    });
    expect(machineActionOf(step({ action: 'scroll' }))).toEqual({
      type: 'scroll',
      x: width / 2,
      y: height / 2,
      dx: 0,
      dy: 600,
    });
    expect(
      machineActionOf(step({ action: 'scroll', coordinate: { x: 5, y: 6 }, scroll: { dx: 0, dy: -300 } })),
    ).toEqual({
      type: 'scroll',
      x: 5,
      y: 6,
      dx: 0,
      dy: -300,
    });
    expect(machineActionOf(step({ action: 'navigate', text: ' https://a.example ' }))).toEqual({
      type: 'navigate',
      url: 'https://a.example',
    });
    expect(machineActionOf(step({ action: 'wait' }))).toEqual({ type: 'wait', ms: 1000 });
    expect(machineActionOf(step({ action: 'wait', waitMs: 60_000 }))).toEqual({ type: 'wait', ms: 5000 });
    expect(machineActionOf(step({ action: 'type', text: '' }))).toEqual({
      invalid: 'There was no text to type.',
    });
    expect(machineActionOf(step({ action: 'key' }))).toEqual({ invalid: 'There was no key to press.' });
    expect(machineActionOf(step({ action: 'navigate' }))).toEqual({
      invalid: 'There was no address to open.',
    });
    expect(machineActionOf(step({ action: 'double_click' }))).toEqual({
      invalid: 'The double-click had no coordinate to click at.',
    });
  });
});

describe('runComputerTask: the founder takes control', () => {
  /** A founder hold the test drives: take() before a step, back() resolves the wait with a note. */
  function founder() {
    let held = false;
    let release: (r: string | 'stopped') => void = () => undefined;
    const waits: number[] = [];
    return {
      take: () => void (held = true),
      back: (result: string | 'stopped') => {
        held = false;
        release(result);
      },
      waits,
      port: {
        holds: () => held,
        waitForHandBack: () =>
          new Promise<string | 'stopped'>((resolve) => {
            waits.push(1);
            release = resolve;
          }),
      },
    };
  }

  it('waits while the founder holds the machine, then tells the model what they did', async () => {
    const f = founder();
    const machine = fakeMachine();
    const session = fakeSession([
      step({ action: 'click', coordinate: { x: 5, y: 5 } }),
      (o) => step({ action: 'done', text: o.founderNote ? 'Saw the note.' : 'No note.', completed: true }),
    ]);
    const { d, events } = deps({
      machine,
      session,
      founder: f.port,
      emit: async (e) => {
        events.push(e);
        // The founder takes over as the first step completes, and hands back once the AI is seen waiting.
        if (e.type === 'stepComplete' && e.step === 1) f.take();
        if (e.type === 'status' && e.message === VMS.texts.founderInControl) setTimeout(() => f.back('The founder clicked.'), 0);
      },
    });
    const result = await runComputerTask(d);
    expect(f.waits).toHaveLength(1);
    expect(session.seen[1]!.founderNote).toBe('The founder clicked.');
    expect(session.seen[0]!.founderNote).toBeUndefined();
    const statuses = events.filter((e) => e.type === 'status').map((e) => (e.type === 'status' ? e.message : null));
    expect(statuses).toEqual([VMS.texts.founderInControl, null]);
    expect(result).toMatchObject({ status: 'completed', message: 'Saw the note.' });
  });

  it('does not carry out an action decided before the founder took over', async () => {
    const f = founder();
    const machine = fakeMachine();
    const session = fakeSession([
      () => {
        f.take(); // while the model decides
        setTimeout(() => f.back('The founder typed.'), 0);
        return step({ action: 'click', coordinate: { x: 5, y: 5 } });
      },
      step({ action: 'done', text: 'Done.', completed: true }),
    ]);
    const { d, events } = deps({ machine, session, founder: f.port });
    const result = await runComputerTask(d);
    expect(machine.actions).toEqual([]);
    expect(events.find((e) => e.type === 'action')).toMatchObject({ result: 'declined', detail: 'Not carried out: the founder took control of the machine first.' });
    expect(session.seen[1]!.lastAction).toMatchObject({ result: 'declined' });
    expect(session.seen[1]!.founderNote).toBe('The founder typed.');
    expect(result.status).toBe('completed');
  });

  it('ends stopped when the founder presses Stop instead of handing back', async () => {
    const f = founder();
    f.take();
    const machine = fakeMachine();
    const session = fakeSession([step({ action: 'done', text: 'Done.', completed: true })]);
    const { d } = deps({ machine, session, founder: f.port });
    setTimeout(() => f.back('stopped'), 0);
    const result = await runComputerTask(d);
    expect(result).toMatchObject({ status: 'stopped', message: VMS.texts.stoppedByUser });
    expect(session.seen).toEqual([]);
  });
});
