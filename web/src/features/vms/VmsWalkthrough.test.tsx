import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import { createFakeAuth, fakeSession } from '../../test/fake-auth.ts';
import { renderApp } from '../../test/render.tsx';
import { FakeWebSocket, SHOT, T, VM_CONFIG, decision, vm, vmServer } from './test-server.ts';
import { VM_TEXT } from './texts.ts';

// Issue 25 item 13: what a founder saw on the machines screen.

const open = (srv: ReturnType<typeof vmServer>) =>
  renderApp('/dashboard/vms', { fetch: srv.fetch, auth: createFakeAuth(fakeSession()), config: VM_CONFIG });

beforeEach(() => {
  (
    window as unknown as { happyDOM: { settings: { disableIframePageLoading: boolean } } }
  ).happyDOM.settings.disableIframePageLoading = true;
  FakeWebSocket.instances = [];
  vi.stubGlobal('WebSocket', FakeWebSocket);
});
afterEach(() => vi.unstubAllGlobals());

describe('machines', () => {
  it('says the final message once: on the last step and in the result, not again as its outcome or status', async () => {
    const final = 'Opened example.com and read its heading.';
    open(vmServer({ vms: [vm()] }));
    await screen.findByLabelText('Task for the machine');
    const ws = FakeWebSocket.latest();
    act(() => ws.open());
    act(() => {
      ws.receive({ type: 'taskStart', ...T, task: 'open example.com' });
      ws.receive({ type: 'aiDecision', ...T, decision: decision(1, 'done', { thought: 'All done.', text: final }) });
      ws.receive({ type: 'action', ...T, step: 1, action: 'done', result: 'ok', detail: final });
      ws.receive({ type: 'taskComplete', ...T, success: true, message: final });
      ws.receive({ type: 'taskEnd', ...T, status: 'completed' });
    });
    const last = within(screen.getByRole('list', { name: VM_TEXT.timeline })).getAllByTestId('decision').at(-1)!;
    expect(last.textContent!.split(final)).toHaveLength(2);
    expect(last.textContent).toContain('All done.');
    expect(screen.getByTestId('task-status').textContent).toBe('Completed');
    expect((await screen.findByTestId('task-result')).textContent).toBe(final);
  });

  it('Live View shows the machine’s own screen; Open Live Monitor is the task’s screens and decisions', async () => {
    const srv = vmServer({ vms: [vm()] });
    const { user } = open(srv);
    const card = within(await screen.findByRole('article', { name: 'Machine 1' }));
    await user.click(card.getByRole('button', { name: VM_TEXT.liveView }));
    const view = await screen.findByRole('dialog', { name: VM_TEXT.liveViewTitle('Machine 1') });
    expect(srv.calls.vnc).toBe(1);
    expect(within(view).queryByRole('region', { name: VM_TEXT.recentDecisions })).toBeNull();
    // Its own subscription streams the screen into it.
    const ws = FakeWebSocket.latest();
    act(() => ws.open());
    expect(ws.sent).toEqual([{ type: 'subscribe', vmId: 'vm-1' }]);
    act(() => ws.receive({ type: 'screenshot', ...T, taskId: null, step: null, screenshot: SHOT, live: true }));
    expect(within(view).getByRole('img', { name: 'The screen of Machine 1' }).getAttribute('src')).toBe(SHOT);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await user.click(screen.getByRole('button', { name: VM_TEXT.openMonitor }));
    const monitor = await screen.findByRole('dialog', { name: `${VM_TEXT.monitorTitle}: Machine 1` });
    expect(within(monitor).getByRole('region', { name: VM_TEXT.recentDecisions })).toBeTruthy();
    expect(within(monitor).getByRole('region', { name: VM_TEXT.recentScreens })).toBeTruthy();
    expect(srv.calls.vnc).toBe(1);
  });

  it('Live View of a cloud machine opens its desktop, and says so when the view cannot be had', async () => {
    const srv = vmServer({ vms: [vm({ provider: 'cloud' })], vncKind: 'novnc' });
    const { user } = open(srv);
    await user.click(
      within(await screen.findByRole('article', { name: 'Machine 1' })).getByRole('button', { name: VM_TEXT.liveView }),
    );
    const view = await screen.findByRole('dialog', { name: VM_TEXT.liveViewTitle('Machine 1') });
    expect(await within(view).findByTitle('Desktop of Machine 1')).toBeTruthy();
    expect(within(view).getByRole('link', { name: VM_TEXT.openVnc }).getAttribute('href')).toBe(
      'http://127.0.0.1:3001/vnc.html?password=view-token',
    );
    await user.keyboard('{Escape}');

    srv.state.vncFailures = Infinity;
    await user.click(
      within(await screen.findByRole('article', { name: 'Machine 1' })).getByRole('button', { name: VM_TEXT.liveView }),
    );
    const failed = await screen.findByRole('dialog', { name: VM_TEXT.liveViewTitle('Machine 1') });
    expect((await within(failed).findByRole('alert')).textContent).toBe('The view is not ready yet');
  });
});
