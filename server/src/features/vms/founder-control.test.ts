import { VMS } from '@cofounder/shared';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import type { ControlCommand, VmEventInput } from '../../events/vm-events.ts';
import { VmProviderError, type MachineAction } from '../../providers/vm/port.ts';
import { startFounderControl } from './founder-control.ts';

// Take control on the process that runs the machine: the commands arrive as the monitor sends them (vm_control),
// inputs reach the machine in order, and a waiting task gets the machine back with a note of what was done.

function setup(opts: { holds?: () => boolean; failOn?: MachineAction['type'] } = {}) {
  let send: (command: ControlCommand) => void = () => undefined;
  const published: { userId: string; message: VmEventInput }[] = [];
  const acted: MachineAction[] = [];
  const control = startFounderControl({
    vm: {
      holds: (id) => (opts.holds?.() ?? true) && id === 'vm-1',
      act: async (_id, action) => {
        await new Promise((r) => setTimeout(r, 5));
        if (action.type === opts.failOn) throw new VmProviderError('The machine did not answer.');
        acted.push(action);
        return { result: 'ok', detail: 'ok' };
      },
    },
    vmEvents: {
      onControl: (handler) => {
        send = handler;
        return () => (send = () => undefined);
      },
      publish: async (userId, message) => {
        published.push({ userId, message });
        return null;
      },
    },
    log: pino({ level: 'silent' }),
    pollMs: 10,
  });
  const controls = () => published.filter((p) => p.message.type === 'control').map((p) => 'founder' in p.message && p.message.founder);
  return { control, send: (c: ControlCommand) => send(c), published, acted, controls };
}

const owner = 'user-1';

describe('founder control', () => {
  it('runs the founder’s inputs on the machine in order, then hands back with what they did (never what they typed)', async () => {
    const { control, send, acted, controls } = setup();
    send({ type: 'take_control', vmId: 'vm-1', userId: owner });
    expect(control.holds('vm-1')).toBe(true);
    const waiting = control.waitForHandBack('vm-1', async () => false);
    send({ type: 'input', vmId: 'vm-1', userId: owner, input: { kind: 'click', x: 10, y: 20 } });
    send({ type: 'input', vmId: 'vm-1', userId: owner, input: { kind: 'type', text: 'hunter2' } });
    send({ type: 'input', vmId: 'vm-1', userId: owner, input: { kind: 'type', text: 'more' } });
    send({ type: 'input', vmId: 'vm-1', userId: owner, input: { kind: 'key', keys: 'Enter' } });
    send({ type: 'hand_back', vmId: 'vm-1', userId: owner });
    const note = await waiting;
    expect(acted).toEqual([
      { type: 'click', x: 10, y: 20 },
      { type: 'type', text: 'hunter2' },
      { type: 'type', text: 'more' },
      { type: 'key', keys: 'Enter' },
    ]);
    expect(note).toBe(VMS.texts.founderNote(['clicked at (10, 20)', 'typed some text', 'pressed Enter']));
    expect(note).not.toContain('hunter2');
    expect(control.holds('vm-1')).toBe(false);
    expect(controls()).toEqual([true, false]);
    control.close();
  });

  it('ignores machines another process runs, other founders and inputs without a hold', async () => {
    const elsewhere = setup({ holds: () => false });
    elsewhere.send({ type: 'take_control', vmId: 'vm-1', userId: owner });
    expect(elsewhere.control.holds('vm-1')).toBe(false);
    expect(elsewhere.published).toEqual([]);

    const { control, send, acted } = setup();
    send({ type: 'input', vmId: 'vm-1', userId: owner, input: { kind: 'key', keys: 'Tab' } });
    send({ type: 'take_control', vmId: 'vm-1', userId: owner });
    send({ type: 'input', vmId: 'vm-1', userId: 'someone-else', input: { kind: 'key', keys: 'Tab' } });
    send({ type: 'hand_back', vmId: 'vm-1', userId: 'someone-else' });
    await new Promise((r) => setTimeout(r, 30));
    expect(acted).toEqual([]);
    expect(control.holds('vm-1')).toBe(true);
    control.close();
    expect(control.holds('vm-1')).toBe(false);
  });

  it('lets go of a machine this process stopped running, and the waiting task goes on', async () => {
    let running = true;
    const { control, send } = setup({ holds: () => running });
    send({ type: 'take_control', vmId: 'vm-1', userId: owner });
    const waiting = control.waitForHandBack('vm-1', async () => false);
    running = false;
    expect(await waiting).toBe(VMS.texts.founderNote([]));
    expect(control.holds('vm-1')).toBe(false);
    control.close();
  });

  it('tells the founder when an input fails, and gives the machine back on Stop', async () => {
    const { control, send, published, controls } = setup({ failOn: 'scroll' });
    send({ type: 'take_control', vmId: 'vm-1', userId: owner });
    send({ type: 'input', vmId: 'vm-1', userId: owner, input: { kind: 'scroll', x: 1, y: 1, dx: 0, dy: 300 } });
    await expect.poll(() => published.find((p) => p.message.type === 'error')?.message).toMatchObject({ message: 'The machine did not answer.' });
    let stop = false;
    const waiting = control.waitForHandBack('vm-1', async () => stop);
    stop = true;
    expect(await waiting).toBe('stopped');
    expect(control.holds('vm-1')).toBe(false);
    expect(controls()).toEqual([true, false]);
    control.close();
  });
});
