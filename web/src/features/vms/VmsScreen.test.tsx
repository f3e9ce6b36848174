import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { VMS, type PublicConfig } from '@cofounder/shared';
import { createFakeAuth, fakeSession } from '../../test/fake-auth.ts';
import { renderApp } from '../../test/render.tsx';
import {
  FakeWebSocket,
  FINAL_SHOT,
  RUN_MESSAGES,
  SHOT,
  T,
  VM_CONFIG,
  decision,
  vm,
  vmServer,
} from './test-server.ts';

const PATH = '/dashboard/vms';

function open(srv: ReturnType<typeof vmServer>, config: Partial<PublicConfig> = VM_CONFIG) {
  return renderApp(PATH, {
    fetch: srv.fetch,
    auth: createFakeAuth(fakeSession()),
    config: { ...VM_CONFIG, ...config },
  });
}

const heading = () => screen.findByRole('heading', { name: VMS.texts.title, level: 1 });
const card = async (name: string) => within(await screen.findByRole('article', { name }));
const buttonNames = (c: ReturnType<typeof within>) =>
  c.getAllByRole('button').map((b: HTMLElement) => b.textContent);

beforeEach(() => {
  // The noVNC iframe must not load anything: no network in component tests.
  (
    window as unknown as { happyDOM: { settings: { disableIframePageLoading: boolean } } }
  ).happyDOM.settings.disableIframePageLoading = true;
  FakeWebSocket.instances = [];
  vi.stubGlobal('WebSocket', FakeWebSocket);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('AI Computer Control Center', () => {
  it('says computer control is unavailable, with the reason, and offers no Launch', async () => {
    const srv = vmServer();
    open(srv, {
      vm: { available: false, mode: 'local', reason: 'Chromium is not installed on this server.', hosted: false, pool: false },
    });
    await heading();
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain(VMS.texts.unavailable);
    expect(alert.textContent).toContain('Chromium is not installed on this server.');
    expect(screen.queryByRole('button', { name: 'Launch New VM' })).toBeNull();
    expect(srv.calls.list).toBe(0);
  });

  it('shows the local-mode note and the empty state with one Launch button', async () => {
    open(vmServer());
    await screen.findByRole('heading', { name: 'No machines yet' });
    expect(screen.getByText(/each machine is a Chromium browser running on this server/)).toBeTruthy();
    expect(screen.getAllByRole('button', { name: 'Launch New VM' })).toHaveLength(1);
  });

  it("says so when machines run on the deployment's machine hosts", async () => {
    open(vmServer(), { vm: { ...VM_CONFIG.vm, hosted: true } });
    await screen.findByRole('heading', { name: 'No machines yet' });
    expect(screen.getByText(/^Hosted mode: each machine is a Chromium browser on one of this deployment's machine hosts/)).toBeTruthy();
    expect(screen.queryByText(/running on this server/)).toBeNull();
  });

  it("says so when machines are contexts in the deployment's browser pool", async () => {
    open(vmServer(), { vm: { ...VM_CONFIG.vm, pool: true } });
    await screen.findByRole('heading', { name: 'No machines yet' });
    expect(screen.getByText(/^Browser pool mode: each machine is a private browser window in this deployment's browser pool/)).toBeTruthy();
    expect(screen.queryByText(/running on this server/)).toBeNull();
  });

  it('shows per state only the buttons the state allows, with badge, type, IP and the last task', async () => {
    open(
      vmServer({
        vms: [
          vm({
            id: 'a',
            name: 'Alpha',
            externalIp: '34.1.2.3',
            task: {
              id: 't0',
              description: 'open example.com',
              status: 'completed',
              screenshot: null,
              isRunning: false,
              startTime: '2025-03-01T10:00:00.000Z',
              endTime: '2025-03-01T10:01:00.000Z',
              message: 'Done',
            },
          }),
          vm({ id: 'b', name: 'Bravo', status: 'SUSPENDED' }),
          vm({ id: 'c', name: 'Charlie', status: 'STOPPED' }),
          vm({ id: 'd', name: 'Delta', status: 'TERMINATED' }),
        ],
      }),
    );
    const alpha = await card('Alpha');
    expect(buttonNames(alpha)).toEqual(['Alpha', 'Live View', 'Suspend', 'Stop', 'Delete']);
    expect(alpha.getByText('RUNNING')).toBeTruthy();
    expect(alpha.getByText('34.1.2.3')).toBeTruthy();
    expect(alpha.getByText('Chromium 1280×800 (local)')).toBeTruthy();
    expect(alpha.getByText('open example.com')).toBeTruthy();
    expect(buttonNames(await card('Bravo'))).toEqual(['Bravo', 'Resume', 'Delete']);
    expect(buttonNames(await card('Charlie'))).toEqual(['Charlie', 'Start', 'Delete']);
    expect(buttonNames(await card('Delta'))).toEqual(['Delta', 'Start', 'Delete']);
  });

  it('asks before deleting with the exact text, then terminates', async () => {
    const srv = vmServer({ vms: [vm({ status: 'STOPPED' })] });
    const { user } = open(srv);
    await user.click((await card('Machine 1')).getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete machine' });
    expect(within(dialog).getByText(VMS.texts.deleteConfirm)).toBeTruthy();
    expect(srv.calls.actions).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(srv.calls.actions).toEqual(['terminate vm-1']);
    // Permanently deleted: no TERMINATED card with a Start button stays behind (issue 25 item 13).
    expect(await screen.findByRole('heading', { name: 'No machines yet' })).toBeTruthy();
    expect(screen.queryByRole('article', { name: 'Machine 1' })).toBeNull();
  });

  it("toasts the server's error text, or the spec's text when there is none", async () => {
    const { user } = open(vmServer({ vms: [vm()], actionError: { status: 500 } }));
    await user.click((await card('Machine 1')).getByRole('button', { name: 'Stop' }));
    expect(await screen.findByText(VMS.texts.stopFailed)).toBeTruthy();
  });

  it('toasts the live-machine quota (429) and the busy server (503) when a start is refused', async () => {
    const stopped = vm({ status: 'STOPPED' });
    const quota = VMS.texts.liveLimit(1);
    const first = open(vmServer({ vms: [stopped], actionError: { status: 429, message: quota } }));
    await first.user.click((await card('Machine 1')).getByRole('button', { name: 'Start' }));
    expect(await screen.findByText(quota)).toBeTruthy();
    first.unmount();
    const busy = open(vmServer({ vms: [stopped], actionError: { status: 503, message: VMS.texts.serverBusy } }));
    await busy.user.click((await card('Machine 1')).getByRole('button', { name: 'Start' }));
    expect(await screen.findByText(VMS.texts.serverBusy)).toBeTruthy();
  });

  it('says why a machine stopped by itself, and a machine whose host was lost offers Relaunch', async () => {
    const srv = vmServer({
      vms: [
        vm({ id: 'vm-1', name: 'Alpha', status: 'STOPPED', provider: 'hosted', stopReason: 'host_lost' }),
        vm({ id: 'vm-2', name: 'Bravo', status: 'STOPPED', stopReason: 'restarted' }),
      ],
    });
    const { user } = open(srv);
    const alpha = await card('Alpha');
    expect(alpha.getByText(VMS.texts.hostLost)).toBeTruthy();
    expect(buttonNames(alpha)).toEqual(['Alpha', 'Relaunch', 'Delete']);
    const bravo = await card('Bravo');
    expect(bravo.getByText(VMS.texts.restarted)).toBeTruthy();
    expect(buttonNames(bravo)).toEqual(['Bravo', 'Start', 'Delete']);

    await user.click(alpha.getByRole('button', { name: 'Relaunch' }));
    await waitFor(() => expect(srv.calls.actions).toEqual(['start vm-1']));
    await waitFor(() => expect(screen.queryByText(VMS.texts.hostLost)).toBeNull());
    expect(buttonNames(await card('Alpha'))).toEqual(['Alpha', 'Live View', 'Suspend', 'Stop', 'Delete']);
  });

  it('shows a refused action in the server’s words', async () => {
    const { user } = open(
      vmServer({ vms: [vm()], actionError: { status: 409, message: 'Machine is busy.' } }),
    );
    await user.click((await card('Machine 1')).getByRole('button', { name: 'Suspend' }));
    expect(await screen.findByText('Machine is busy.')).toBeTruthy();
  });
});

describe('launch modal', () => {
  it('goes launching → waiting → ready with the live view, and the card appears', async () => {
    const srv = vmServer({ vncFailures: 0 });
    const { user } = open(srv);
    await user.click(await screen.findByRole('button', { name: 'Launch New VM' }));
    const dialog = await screen.findByRole('dialog', { name: 'Launch a machine' });
    expect(await within(dialog).findByText(/Your machine is ready/)).toBeTruthy();
    expect(within(dialog).getByRole('figure', { name: 'Live view of Machine 1' })).toBeTruthy();
    // The live view subscribes to the new machine and shows its frames.
    const ws = FakeWebSocket.latest();
    act(() => ws.open());
    expect(ws.sent).toContainEqual({ type: 'subscribe', vmId: 'vm-new-1' });
    act(() =>
      ws.receive({
        type: 'screenshot',
        vmId: 'vm-new-1',
        taskId: null,
        step: null,
        screenshot: SHOT,
        live: true,
        timestamp: T.timestamp,
      }),
    );
    expect(within(dialog).getByRole('img', { name: 'The screen of Machine 1' }).getAttribute('src')).toBe(
      SHOT,
    );
    expect(within(dialog).getByText('Live')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    expect(await card('Machine 1')).toBeTruthy();
    expect(srv.calls.launch).toBe(1);
  });

  it('shows noVNC for cloud machines', async () => {
    const { user } = open(vmServer({ vncKind: 'novnc' }));
    await user.click(await screen.findByRole('button', { name: 'Launch New VM' }));
    const frame = await screen.findByTitle('Desktop of Machine 1');
    expect(frame.getAttribute('src')).toBe('http://127.0.0.1:3001/vnc.html?password=view-token');
  });

  it('polls the view every 4 s and times out after 30 failures with the exact texts', async () => {
    const srv = vmServer({ vncFailures: Infinity });
    open(srv);
    const launch = await screen.findByRole('button', { name: 'Launch New VM' });
    vi.useFakeTimers();
    await act(async () => {
      fireEvent.click(launch);
    });
    await act(() => vi.advanceTimersByTimeAsync(0));
    const dialog = screen.getByRole('dialog', { name: 'Launch a machine' });
    expect(srv.calls.vnc).toBe(1);
    await act(() => vi.advanceTimersByTimeAsync(VMS.vncPollMs * (VMS.vncMaxFailures - 2)));
    expect(srv.calls.vnc).toBe(VMS.vncMaxFailures - 1);
    expect(within(dialog).queryByText(VMS.texts.vncTimedOut)).toBeNull();
    expect(within(dialog).getByText(/Waiting for the live view/)).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(VMS.vncPollMs));
    expect(srv.calls.vnc).toBe(VMS.vncMaxFailures);
    const alert = within(dialog).getByRole('alert');
    expect(within(alert).getByText(VMS.texts.vncTimedOut)).toBeTruthy();
    expect(within(alert).getByText(VMS.texts.vncUnavailable)).toBeTruthy();
    // No more polls once it gave up.
    await act(() => vi.advanceTimersByTimeAsync(VMS.vncPollMs * 3));
    expect(srv.calls.vnc).toBe(VMS.vncMaxFailures);
  });

  it("shows the server's refusal, else 'Failed to launch VM'", async () => {
    const limit = VMS.texts.machineLimit(1);
    const { user, unmount } = open(vmServer({ launchError: { status: 429, message: limit } }));
    await user.click(await screen.findByRole('button', { name: 'Launch New VM' }));
    expect((await screen.findByRole('alert')).textContent).toBe(limit);
    unmount();
    const busy = open(vmServer({ launchError: { status: 503, message: VMS.texts.serverBusy } }));
    await busy.user.click(await screen.findByRole('button', { name: 'Launch New VM' }));
    expect((await screen.findByRole('alert')).textContent).toBe(VMS.texts.serverBusy);
    busy.unmount();
    const second = open(vmServer({ launchError: { status: 500 } }));
    await second.user.click(await screen.findByRole('button', { name: 'Launch New VM' }));
    expect((await screen.findByRole('alert')).textContent).toBe(VMS.texts.launchFailed);
  });
});

describe('task panel', () => {
  it('alerts on an empty task and runs one with Ctrl+Enter', async () => {
    const srv = vmServer({ vms: [vm()] });
    const { user } = open(srv);
    await user.click(await screen.findByRole('button', { name: 'Execute' }));
    expect((await screen.findByRole('alert')).textContent).toBe(VMS.texts.emptyTask);
    expect(srv.calls.run).toHaveLength(0);
    await user.type(screen.getByLabelText('Task for the machine'), 'open example.com');
    await user.keyboard('{Control>}{Enter}{/Control}');
    await waitFor(() => expect(srv.calls.run).toHaveLength(1));
    expect(srv.calls.run[0]!.body).toEqual({ task: 'open example.com', enableLiveUpdates: true });
    expect(await screen.findByTestId('task-result')).toBeTruthy();
  });

  it('fills the status line and the timeline from the monitor socket, then shows the result and final screenshot', async () => {
    let release!: () => void;
    const srv = vmServer({ vms: [vm()], runGate: new Promise<void>((r) => (release = r)) });
    const { user } = open(srv);
    const box = await screen.findByLabelText('Task for the machine');
    const ws = FakeWebSocket.latest();
    expect(ws.url).toBe(`ws://localhost:3001${VMS.monitorPath}?token=access-token-for-tests`);
    act(() => ws.open());
    expect(ws.sent).toEqual([{ type: 'subscribe', vmId: 'vm-1' }]);

    await user.type(box, 'open the form and type hello into the name field');
    await user.click(screen.getByRole('button', { name: 'Execute' }));
    expect(await screen.findByRole('button', { name: 'Stop Task' })).toBeTruthy();

    act(() => {
      ws.receive({ type: 'nonsense' });
      ws.receive('not json');
      for (const m of RUN_MESSAGES) ws.receive(m);
      // Another machine's message is not this panel's business.
      ws.receive({ ...RUN_MESSAGES[3], vmId: 'vm-2' });
    });
    const timeline = screen.getByRole('list', { name: 'Decision timeline' });
    const steps = within(timeline).getAllByTestId('decision');
    expect(steps.map((s) => s.dataset.action)).toEqual(['navigate', 'type']);
    expect(steps[1]!.textContent).toContain('Type into Name.');
    expect(steps[1]!.textContent).toContain('(120, 80)');
    expect(steps[1]!.textContent).toContain('87% confident');
    expect(steps[1]!.textContent).toContain('“hello”');
    expect(steps[0]!.textContent).toContain('Navigated to the form');
    expect(screen.getByTestId('task-status').textContent).toContain('Running · step 2');

    // Stop while it runs.
    await user.click(screen.getByRole('button', { name: 'Stop Task' }));
    await waitFor(() => expect(srv.calls.stop).toBe(1));

    act(() => {
      ws.receive({ type: 'taskComplete', ...T, success: true, message: 'Typed hello into Name.' });
      ws.receive({ type: 'taskEnd', ...T, status: 'completed' });
    });
    release();
    expect((await screen.findByTestId('task-result')).textContent).toBe('Typed hello into Name.');
    await user.click(screen.getByRole('button', { name: 'Final screenshot' }));
    const modal = await screen.findByRole('dialog', { name: 'Screenshot: Machine 1' });
    expect(within(modal).getByRole('img', { name: 'Screenshot of Machine 1' }).getAttribute('src')).toBe(
      FINAL_SHOT,
    );
    expect(within(modal).getByRole('link', { name: 'Download' }).getAttribute('href')).toBe(FINAL_SHOT);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Final screenshot' })),
    );
  });

  it('shows a confirmation card and sends the answer', async () => {
    const { user, ...rest } = open(vmServer({ vms: [vm()] }));
    void rest;
    await screen.findByLabelText('Task for the machine');
    const ws = FakeWebSocket.latest();
    act(() => ws.open());
    const confirmation = {
      id: 'c1',
      vmId: 'vm-1',
      taskId: 't1',
      step: 3,
      kind: 'password' as const,
      reason: 'Typing into a password field on example.com',
      decision: decision(3, 'type', { text: 'secret' }),
      createdAt: T.timestamp,
    };
    act(() => {
      ws.receive(RUN_MESSAGES[0]);
      ws.receive({ type: 'status', ...T, status: 'awaiting_confirmation', message: 'Waiting', confirmation });
    });
    const cardEl = screen.getByRole('listitem', { name: 'Confirmation needed' });
    expect(cardEl.textContent).toContain('Typing into a password field on example.com');
    await user.click(within(cardEl).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(screen.queryByRole('listitem', { name: 'Confirmation needed' })).toBeNull());
  });

  it('restores the latest task and its timeline on load, with a pending confirmation', async () => {
    const srv = vmServer({
      vms: [vm()],
      task: {
        success: true,
        task: {
          id: 't1',
          description: 'buy the thing',
          status: 'awaiting_confirmation',
          screenshot: SHOT,
          isRunning: true,
          startTime: T.timestamp,
          endTime: null,
          message: 'Waiting for your confirmation: a payment',
        },
        decisions: [decision(1, 'navigate'), decision(2, 'click', { coordinate: { x: 5, y: 6 } })],
        pendingConfirmation: {
          id: 'c9',
          vmId: 'vm-1',
          taskId: 't1',
          step: 3,
          kind: 'payment',
          reason: 'Submitting a payment form',
          decision: decision(3, 'click'),
          createdAt: T.timestamp,
        },
      },
    });
    const { user } = open(srv);
    const timeline = await screen.findByRole('list', { name: 'Decision timeline' });
    expect(
      within(timeline)
        .getAllByTestId('decision')
        .map((d) => d.dataset.action),
    ).toEqual(['navigate', 'click']);
    expect(screen.getByTestId('task-status').textContent).toContain('Waiting for your confirmation');
    await user.click(screen.getByRole('button', { name: 'Decline' }));
    await waitFor(() => expect(srv.calls.confirm).toHaveLength(1));
    expect(srv.calls.confirm[0]!.body).toEqual({ confirmationId: 'c9', approve: false });
  });

  it("says why a screenshot failed, and shows a failed run in the server's words or 'Failed to run task.'", async () => {
    const { user, unmount } = open(
      vmServer({ vms: [vm()], taskError: { status: 409, message: VMS.texts.notRunning } }),
    );
    await user.click(await screen.findByRole('button', { name: 'Screenshot' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      VMS.texts.screenshotFailed(VMS.texts.notRunning),
    );
    await user.type(screen.getByLabelText('Task for the machine'), 'open example.com');
    await user.click(screen.getByRole('button', { name: 'Execute' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(VMS.texts.notRunning));
    unmount();
    const second = open(vmServer({ vms: [vm()], taskError: { status: 500 } }));
    await second.user.type(await screen.findByLabelText('Task for the machine'), 'open example.com');
    await second.user.click(screen.getByRole('button', { name: 'Execute' }));
    expect((await screen.findByRole('alert')).textContent).toBe(VMS.texts.runFailed);
  });

  it('does not report a running task failed when its request loses the server: the monitor tells how it ends', async () => {
    let release!: () => void;
    const srv = vmServer({ vms: [vm()], runGate: new Promise<void>((r) => (release = r)), taskError: { status: 502 } });
    const { user } = open(srv);
    await user.type(await screen.findByLabelText('Task for the machine'), 'open the form and type hello into the name field');
    const ws = FakeWebSocket.latest();
    act(() => ws.open());
    await user.click(screen.getByRole('button', { name: 'Execute' }));
    act(() => {
      for (const m of RUN_MESSAGES.slice(0, 4)) ws.receive(m);
    });
    // The server running it dies: the request ends with a gateway's bare 502.
    act(() => release());
    expect((await screen.findByText(VMS.texts.runnerContactLost)).getAttribute('role')).toBe('status');
    expect(screen.queryByRole('alert')).toBeNull();
    // Another server took it over and finished it: the note goes, and the result shows.
    act(() => {
      ws.receive({ type: 'status', ...T, status: 'running', message: VMS.texts.taskResumed(1) });
      ws.receive({ type: 'taskComplete', ...T, success: true, message: 'Typed hello into Name.' });
      ws.receive({ type: 'taskEnd', ...T, status: 'completed' });
    });
    expect((await screen.findByTestId('task-result')).textContent).toBe('Typed hello into Name.');
    expect(screen.queryByText(VMS.texts.runnerContactLost)).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('opens the screenshot modal from Screenshot', async () => {
    const srv = vmServer({ vms: [vm()] });
    const { user } = open(srv);
    await user.click(await screen.findByRole('button', { name: 'Screenshot' }));
    const modal = await screen.findByRole('dialog', { name: 'Screenshot: Machine 1' });
    expect(within(modal).getByRole('img').getAttribute('src')).toBe(SHOT);
  });

  it('opens the live monitor overlay with screens, the last 5 decisions and the status; Escape returns focus', async () => {
    const { user } = open(vmServer({ vms: [vm()] }));
    const opener = await screen.findByRole('button', { name: 'Open Live Monitor' });
    const ws = FakeWebSocket.latest();
    act(() => ws.open());
    act(() => {
      ws.receive(RUN_MESSAGES[0]);
      for (let step = 1; step <= 7; step++) {
        ws.receive({ type: 'screenshot', ...T, step, screenshot: `${SHOT}${step}`, live: false });
        ws.receive({ type: 'aiDecision', ...T, decision: decision(step, 'click') });
      }
    });
    await user.click(opener);
    const overlay = await screen.findByRole('dialog', { name: 'Live monitor: Machine 1' });
    const screens = within(within(overlay).getByRole('region', { name: 'Recent screens' })).getAllByRole(
      'img',
    );
    expect(screens).toHaveLength(VMS.monitorScreenshots);
    const recent = within(within(overlay).getByRole('region', { name: 'Recent decisions' })).getAllByTestId(
      'decision',
    );
    expect(recent.map((d) => d.textContent?.match(/Step (\d+)/)?.[1])).toEqual(['3', '4', '5', '6', '7']);
    expect(within(overlay).getByRole('img', { name: 'The screen of Machine 1' }).getAttribute('src')).toBe(
      `${SHOT}7`,
    );
    expect(within(overlay).getByTestId('task-status').textContent).toContain('Running · step 7');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(opener));
  });

  it('reconnects after the socket drops', async () => {
    open(vmServer({ vms: [vm()] }));
    await screen.findByLabelText('Task for the machine');
    const first = FakeWebSocket.latest();
    act(() => first.open());
    vi.useFakeTimers();
    act(() => first.close());
    await act(() => vi.advanceTimersByTimeAsync(1000));
    const second = FakeWebSocket.latest();
    expect(second).not.toBe(first);
    act(() => second.open());
    expect(second.sent).toEqual([{ type: 'subscribe', vmId: 'vm-1' }]);
  });
});
