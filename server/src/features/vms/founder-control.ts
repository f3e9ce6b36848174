import { setTimeout as sleep } from 'node:timers/promises';
import { VMS, type ControlInput } from '@cofounder/shared';
import type { Logger } from 'pino';
import type { ControlCommand, VmEvents } from '../../events/vm-events.ts';
import { VmProviderError, type MachineAction, type VmProvider } from '../../providers/vm/port.ts';

// Take control (issue 28 §4): a founder watching a machine in the live view takes it over; their clicks, scrolls
// and typing arrive as monitor socket messages (any process), travel on the vm_control channel, and are carried
// out here by the process whose browser the machine is. A task running on the machine waits (computer-use loop)
// until they hand back, then goes on with a note of what they did.

/** The most recent inputs kept for the AI's note. */
const NOTE_ITEMS = 12;

interface Hold {
  userId: string;
  /** What the founder did, in words for the model ("clicked at (120, 40)"); what they typed is never kept. */
  did: string[];
  /** Inputs run one after another, in the order they were sent. */
  queue: Promise<void>;
  handBack: () => void;
  back: Promise<void>;
}

export interface FounderControl {
  /** Whether the founder holds this machine now. */
  holds(vmId: string): boolean;
  /**
   * Resolves when the founder hands the machine back, with the note for the model; 'stopped' as soon as
   * stopRequested() turns true while they hold it (read every pollMs).
   */
  waitForHandBack(vmId: string, stopRequested: () => Promise<boolean>): Promise<string | 'stopped'>;
  /** Lets every machine go (shutdown). */
  close(): void;
}

export interface FounderControlDeps {
  vm: Pick<VmProvider, 'holds' | 'act'>;
  vmEvents: Pick<VmEvents, 'onControl' | 'publish'>;
  log: Logger;
  pollMs?: number;
}

/** The machine action an input stands for, and how the model is told about it. */
function actionOf(input: ControlInput): { action: MachineAction; said: string } {
  switch (input.kind) {
    case 'click':
    case 'double_click':
      return {
        action: { type: input.kind, x: input.x, y: input.y },
        said: `${input.kind === 'click' ? 'clicked' : 'double-clicked'} at (${input.x}, ${input.y})`,
      };
    case 'scroll':
      return { action: { type: 'scroll', x: input.x, y: input.y, dx: input.dx, dy: input.dy }, said: 'scrolled the page' };
    case 'type':
      return { action: { type: 'type', text: input.text }, said: 'typed some text' };
    case 'key':
      return { action: { type: 'key', keys: input.keys }, said: `pressed ${input.keys}` };
  }
}

export function startFounderControl(deps: FounderControlDeps): FounderControl {
  const { vm, vmEvents, log } = deps;
  const pollMs = deps.pollMs ?? 1000;
  const holds = new Map<string, Hold>();

  const announce = (userId: string, vmId: string, founder: boolean) =>
    vmEvents
      .publish(userId, { type: 'control', vmId, founder })
      .catch((err: unknown) => log.warn({ err, vmId }, 'control change not published'));

  function release(vmId: string): void {
    const hold = holds.get(vmId);
    if (!hold) return;
    holds.delete(vmId);
    hold.handBack();
  }

  function handle(command: ControlCommand): void {
    const { vmId, userId } = command;
    if (!vm.holds(vmId)) return; // another process runs this machine, and handles the same command
    const hold = holds.get(vmId);
    // The monitor let only the machine's owner send this; a hold is still only ever theirs.
    if (hold && hold.userId !== userId) return;
    if (command.type === 'take_control') {
      if (!hold) {
        let handBack = () => undefined as void;
        const back = new Promise<void>((resolve) => (handBack = resolve));
        holds.set(vmId, { userId, did: [], queue: Promise.resolve(), handBack, back });
      }
      void announce(userId, vmId, true);
      return;
    }
    if (!hold) return;
    if (command.type === 'hand_back') {
      // Inputs already sent are carried out before the AI gets the machine back.
      void hold.queue.then(() => {
        if (holds.get(vmId) !== hold) return;
        release(vmId);
        void announce(userId, vmId, false);
      });
      return;
    }
    const { action, said } = actionOf(command.input);
    hold.queue = hold.queue.then(async () => {
      try {
        await vm.act(vmId, action);
        if (hold.did.at(-1) !== said) hold.did = [...hold.did, said].slice(-NOTE_ITEMS);
      } catch (err) {
        if (!(err instanceof VmProviderError)) log.warn({ err, vmId }, 'founder input failed');
        await vmEvents
          .publish(userId, { type: 'error', vmId, message: err instanceof VmProviderError ? err.message : VMS.texts.controlNotHere })
          .catch(() => undefined);
      }
    });
  }

  const unsubscribe = vmEvents.onControl(handle);

  /** A hold on a machine this process no longer runs (stopped, deleted) ends with it. */
  function current(vmId: string): Hold | undefined {
    if (holds.has(vmId) && !vm.holds(vmId)) release(vmId);
    return holds.get(vmId);
  }

  return {
    holds: (vmId) => current(vmId) !== undefined,
    async waitForHandBack(vmId, stopRequested) {
      const hold = current(vmId);
      if (!hold) return VMS.texts.founderNote([]);
      for (;;) {
        const handedBack = await Promise.race([hold.back.then(() => true), sleep(pollMs).then(() => false)]);
        if (handedBack || !current(vmId)) return VMS.texts.founderNote(hold.did);
        if (await stopRequested()) {
          release(vmId);
          void announce(hold.userId, vmId, false);
          return 'stopped';
        }
      }
    },
    close() {
      unsubscribe();
      for (const vmId of [...holds.keys()]) release(vmId);
    },
  };
}
