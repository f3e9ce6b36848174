import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import { VMS } from '@cofounder/shared';
import { createFakeAuth, fakeSession } from '../../test/fake-auth.ts';
import { renderApp } from '../../test/render.tsx';
import { FakeWebSocket, RUN_MESSAGES, SHOT, T, VM_CONFIG, vm, vmServer } from './test-server.ts';

// Take control in the live monitor (issue 28 §4): the founder's clicks and keys on the screen reach the socket as
// the machine's inputs while the server says they hold it; Hand back gives it to the AI again.

beforeEach(() => {
  FakeWebSocket.instances = [];
  vi.stubGlobal('WebSocket', FakeWebSocket);
});
afterEach(() => vi.unstubAllGlobals());

const controlMessages = (ws: FakeWebSocket) =>
  ws.sent.filter((m) => ['take_control', 'hand_back', 'input'].includes((m as { type: string }).type));

describe('take control', () => {
  it('sends the founder’s clicks and typing to the machine while they hold it, then hands back', async () => {
    const { user } = renderApp('/dashboard/vms', {
      fetch: vmServer({ vms: [vm()] }).fetch,
      auth: createFakeAuth(fakeSession()),
      config: VM_CONFIG,
    });
    const opener = await screen.findByRole('button', { name: 'Open Live Monitor' });
    const ws = FakeWebSocket.latest();
    act(() => {
      ws.open();
      ws.receive(RUN_MESSAGES[0]);
      ws.receive({ type: 'screenshot', ...T, step: 1, screenshot: SHOT, live: false });
    });
    await user.click(opener);
    const overlay = within(await screen.findByRole('dialog', { name: 'Live monitor: Machine 1' }));

    await user.click(overlay.getByRole('button', { name: VMS.texts.takeControl }));
    expect(controlMessages(ws)).toEqual([{ type: 'take_control', vmId: 'vm-1' }]);
    // Nothing is sent as the founder's until the machine's process says they hold it.
    expect(overlay.queryByRole('button', { name: VMS.texts.handBack })).toBeNull();
    act(() => ws.receive({ type: 'control', vmId: 'vm-1', timestamp: T.timestamp, founder: true }));

    const driven = overlay.getByRole('application', { name: 'Screen of Machine 1: your clicks and keys go to the machine' });
    await waitFor(() => expect(document.activeElement).toBe(driven));
    expect(overlay.getByText(VMS.texts.founderInControl, { exact: false })).toBeTruthy();
    vi.spyOn(driven, 'getBoundingClientRect').mockReturnValue({ left: 0, top: 0, width: 640, height: 400, right: 640, bottom: 400, x: 0, y: 0, toJSON: () => ({}) });
    await user.pointer({ keys: '[MouseLeft]', target: driven, coords: { clientX: 320, clientY: 100 } });
    await user.keyboard('hi{Enter}');
    await user.keyboard('{Escape}');
    // Escape gives the keyboard back to the page: the dialog stays, focus is on Hand back.
    const handBack = overlay.getByRole('button', { name: VMS.texts.handBack });
    expect(document.activeElement).toBe(handBack);
    await user.click(handBack);
    expect(controlMessages(ws)).toEqual([
      { type: 'take_control', vmId: 'vm-1' },
      { type: 'input', vmId: 'vm-1', input: { kind: 'click', x: 640, y: 200 } },
      { type: 'input', vmId: 'vm-1', input: { kind: 'type', text: 'hi' } },
      { type: 'input', vmId: 'vm-1', input: { kind: 'key', keys: 'Enter' } },
      { type: 'hand_back', vmId: 'vm-1' },
    ]);
    act(() => ws.receive({ type: 'control', vmId: 'vm-1', timestamp: T.timestamp, founder: false }));
    expect(overlay.getByRole('button', { name: VMS.texts.takeControl })).toBeTruthy();
    expect(overlay.queryByRole('application')).toBeNull();
  });
});
