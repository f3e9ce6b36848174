import { type Decision, type MonitorServerMessage, type Vm, type VmTaskResponse } from '@cofounder/shared';
import { TRIAL_STATUS } from '../../test/billing-fixtures.ts';
import { createFakeServer, type FakeRequest } from '../../test/fake-server.ts';

export const SHOT = 'data:image/jpeg;base64,AAAA';
export const FINAL_SHOT = 'data:image/jpeg;base64,BBBB';

/** A machine as GET /api/vms/list answers it; `over` changes any field. */
export function vm(over: Partial<Vm> = {}): Vm {
  return {
    id: 'vm-1',
    name: 'Machine 1',
    status: 'RUNNING',
    externalIp: null,
    machineType: 'Chromium 1280×800 (local)',
    provider: 'local',
    stopReason: null,
    createdAt: '2025-03-01T10:00:00.000Z',
    task: null,
    ...over,
  };
}

export function decision(step: number, action: Decision['action'], over: Partial<Decision> = {}): Decision {
  return {
    step,
    thought: `Thought ${step}`,
    action,
    coordinate: null,
    text: null,
    confidence: 0.9,
    timestamp: '2025-03-01T10:00:00.000Z',
    ...over,
  };
}

/** The config of a server that runs local machines. */
export const VM_CONFIG = { monitorPort: 3001, vm: { available: true, mode: 'local' as const, reason: null, hosted: false, pool: false } };

const apiError = (status: number, message: string) =>
  Response.json({ error: { code: 'conflict', message } }, { status });

const errorResponse = ({ status, message }: { status: number; message?: string }) =>
  message === undefined ? new Response('oops', { status }) : apiError(status, message);

interface VmServerOptions {
  vms?: Vm[];
  /** The VNC poll answers 409 this many times before it is ready (Infinity: never). */
  vncFailures?: number;
  vncKind?: 'screencast' | 'novnc';
  /** Launch answers this error instead. */
  launchError?: { status: number; message?: string };
  /** Each action answers this error instead (message undefined: a body that is not an error). */
  actionError?: { status: number; message?: string };
  task?: VmTaskResponse;
  /** run-task waits for this before answering. */
  runGate?: Promise<void>;
  /** run-task and screenshot answer this error instead (message undefined: a body that is not an error). */
  taskError?: { status: number; message?: string };
}

/** An in-memory VM server behind the fake fetch; `state` holds the machines, `calls` what was asked. */
export function vmServer(opts: VmServerOptions = {}) {
  const state = { vms: opts.vms ?? [], vncFailures: opts.vncFailures ?? 0 };
  const calls = {
    list: 0,
    vnc: 0,
    launch: 0,
    actions: [] as string[],
    run: [] as FakeRequest[],
    confirm: [] as FakeRequest[],
    stop: 0,
    screenshot: 0,
  };
  const fetch = createFakeServer({
    'GET /onboarding/:userId/status': () =>
      Response.json({ isComplete: true, readyToWork: true, hasStarted: true }),
    'GET /api/stripe/subscription-status': () => Response.json(TRIAL_STATUS),
    'GET /api/approvals': () => Response.json({ success: true, approvals: [] }),
    'GET /api/vms/list': () => {
      calls.list += 1;
      return Response.json({ success: true, vms: state.vms });
    },
    'POST /api/vms/launch': () => {
      calls.launch += 1;
      if (opts.launchError) return apiError(opts.launchError.status, opts.launchError.message ?? '');
      const created = vm({ id: `vm-new-${calls.launch}`, name: `Machine ${calls.launch}` });
      state.vms = [...state.vms, created];
      return Response.json({ success: true, vm: created });
    },
    'GET /api/vms/:id/vnc': () => {
      calls.vnc += 1;
      if (calls.vnc <= state.vncFailures) return apiError(409, 'The view is not ready yet');
      return Response.json({
        success: true,
        vnc: {
          host: '127.0.0.1',
          port: 3001,
          password: 'view-token',
          kind: opts.vncKind ?? 'screencast',
          expiresAt: null,
        },
      });
    },
    'POST /api/vms/:action/:id': ({ params }) => {
      calls.actions.push(`${params.action} ${params.id}`);
      if (opts.actionError) return errorResponse(opts.actionError);
      const next = {
        suspend: 'SUSPENDED',
        stop: 'STOPPED',
        resume: 'RUNNING',
        start: 'RUNNING',
        terminate: 'TERMINATED',
      }[params.action!] as Vm['status'];
      state.vms = state.vms.map((v) => (v.id === params.id ? { ...v, status: next, stopReason: null } : v));
      const answered = state.vms.find((v) => v.id === params.id);
      // Delete is permanent, as on the server: answered in its last state, then gone.
      if (params.action === 'terminate') state.vms = state.vms.filter((v) => v.id !== params.id);
      return Response.json({ success: true, vm: answered });
    },
    'GET /api/computer-use/task/:id': () =>
      Response.json(opts.task ?? { success: true, task: null, decisions: [], pendingConfirmation: null }),
    'POST /api/computer-use/run-task/:id': async (req) => {
      calls.run.push(req);
      await opts.runGate;
      if (opts.taskError) return errorResponse(opts.taskError);
      return Response.json({
        success: true,
        message: 'Typed hello into Name.',
        finalScreenshot: FINAL_SHOT,
        taskId: 't1',
      });
    },
    'POST /api/computer-use/screenshot/:id': () => {
      calls.screenshot += 1;
      if (opts.taskError) return errorResponse(opts.taskError);
      return Response.json({ success: true, screenshot: SHOT });
    },
    'POST /api/computer-use/stop/:id': () => {
      calls.stop += 1;
      return Response.json({ success: true });
    },
    'POST /api/computer-use/confirm/:id': (req) => {
      calls.confirm.push(req);
      return Response.json({ success: true });
    },
  });
  return { fetch, state, calls };
}

/**
 * A WebSocket the hook opens instead of the browser's (vi.stubGlobal): tests open it, push server messages and
 * read what the client sent. No network.
 */
export class FakeWebSocket {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSING = 2;
  static readonly CLOSED = 3;
  static instances: FakeWebSocket[] = [];

  readyState = FakeWebSocket.CONNECTING;
  sent: unknown[] = [];
  onopen: ((e: Event) => void) | null = null;
  onmessage: ((e: { data: string }) => void) | null = null;
  onclose: ((e: Event) => void) | null = null;
  onerror: ((e: Event) => void) | null = null;

  constructor(readonly url: string) {
    FakeWebSocket.instances.push(this);
  }

  send(data: string) {
    this.sent.push(JSON.parse(data));
  }

  close() {
    if (this.readyState === FakeWebSocket.CLOSED) return;
    this.readyState = FakeWebSocket.CLOSED;
    this.onclose?.(new Event('close'));
  }

  /** The server accepts the connection. */
  open() {
    this.readyState = FakeWebSocket.OPEN;
    this.onopen?.(new Event('open'));
  }

  /** The server sends a message (any JSON, valid or not). */
  receive(message: MonitorServerMessage | unknown) {
    this.onmessage?.({ data: typeof message === 'string' ? message : JSON.stringify(message) });
  }

  static latest(): FakeWebSocket {
    const ws = FakeWebSocket.instances.at(-1);
    if (!ws) throw new Error('no monitor socket was opened');
    return ws;
  }
}

/** The messages of one task on vm-1, in the order the server sends them. */
export const T = { vmId: 'vm-1', taskId: 't1', timestamp: '2025-03-01T10:00:00.000Z' };
export const RUN_MESSAGES: MonitorServerMessage[] = [
  { type: 'taskStart', ...T, task: 'open the form and type hello into the name field' },
  { type: 'stepStart', ...T, step: 1 },
  { type: 'screenshot', ...T, step: 1, screenshot: SHOT, live: false },
  {
    type: 'aiDecision',
    ...T,
    decision: decision(1, 'navigate', {
      thought: 'Open the form first.',
      text: 'http://localhost:3114/fixtures/form.html',
    }),
  },
  { type: 'action', ...T, step: 1, action: 'navigate', result: 'ok', detail: 'Navigated to the form' },
  { type: 'stepComplete', ...T, step: 1 },
  { type: 'stepStart', ...T, step: 2 },
  {
    type: 'aiDecision',
    ...T,
    decision: decision(2, 'type', {
      thought: 'Type into Name.',
      text: 'hello',
      coordinate: { x: 120, y: 80 },
      confidence: 0.87,
    }),
  },
  { type: 'action', ...T, step: 2, action: 'type', result: 'ok', detail: 'Typed hello' },
];
