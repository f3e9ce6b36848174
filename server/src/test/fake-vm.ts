import { isIP } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { VMS } from '@cofounder/shared';
import { checkMachineUrl, resolveTarget, urlPort, type Lookup } from '../providers/vm/net-guard.ts';
import {
  VmCapacityError,
  VmProviderError,
  type ActionResult,
  type MachineAction,
  type MachineInfo,
  type Observation,
  type PageElement,
  type VmProvider,
} from '../providers/vm/port.ts';

// Test only: an in-memory VmProvider that draws nothing. Every machine shows one fixed page (a sign-in form with
// a name field, a password field and a submit button) and the same tiny JPEG, so route and loop tests run in
// milliseconds without Chromium. Waits really wait (capped), so a test can press Stop while a task runs. Opening
// an address meets the real machines' rules (net-guard.ts, in local.ts's words) with a fake DNS: every name is
// public except *.invalid, which does not resolve.

/** A 1×1 grey JPEG. */
export const FAKE_JPEG = Buffer.from(
  '/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAAMCAgICAgMCAgIDAwMDBAYEBAQEBAgGBgUGCQgKCgkICQkKDA8MCgsOCwkJDRENDg8QEBEQCgwSExIQEw8QEBD/yQALCAABAAEBAREA/8wABgAQEAX/2gAIAQEAAD8A0s8g/9k=',
  'base64',
);

/** Every name resolves to one public address (example.com's), except *.invalid (RFC 6761), which has none. */
const fakeLookup: Lookup = async (host) => {
  if (host.endsWith('.invalid')) throw new Error(`getaddrinfo ENOTFOUND ${host}`);
  const family = isIP(host);
  return [family ? { address: host, family: family === 6 ? 6 : 4 } : { address: '93.184.215.14', family: 4 }];
};

/** What local.ts answers before opening an address: refused, not found, or null (it may open). */
async function refusalOf(raw: string): Promise<ActionResult | null> {
  const checked = checkMachineUrl(raw);
  if (!checked.ok) return { result: 'blocked', detail: `Blocked: ${checked.reason}` };
  const { url } = checked;
  if (url.href === 'about:blank') return null;
  const target = await resolveTarget(url.hostname, urlPort(url), new Set(), fakeLookup);
  if (!target.ok && target.unresolved) return { result: 'failed', detail: `${url.hostname} could not be found` };
  return target.ok ? null : { result: 'blocked', detail: `Blocked: ${target.reason}` };
}

const box = (y: number) => ({ x: 100, y, width: 300, height: 40 });
/** The fixed page's elements (the offline planner finds "the name field", "the password field", "Sign in"). */
export const FAKE_ELEMENTS: PageElement[] = [
  { role: 'textbox', name: 'Name', tag: 'input', type: 'text', autocomplete: null, ...box(100), inSensitiveForm: false },
  { role: 'textbox', name: 'Password', tag: 'input', type: 'password', autocomplete: 'current-password', ...box(200), inSensitiveForm: true },
  { role: 'button', name: 'Sign in', tag: 'button', type: 'submit', autocomplete: null, ...box(300), inSensitiveForm: true },
];

type State = 'running' | 'suspended' | 'stopped';
interface FakeMachine {
  state: State;
  url: string;
  viewReady: boolean;
}

export interface FakeVmOptions {
  /** false: the provider reports itself unavailable with this reason. */
  unavailable?: string;
  /** Machines' views become ready only when the test says so (markViewReady). */
  viewReadyOnLaunch?: boolean;
  /** Longest real wait a `wait` action takes. */
  maxWaitMs?: number;
  /** Machines this fake server runs at once (running or suspended), like VM_MAX_LOCAL_MACHINES; none by default. */
  capacity?: number;
}

export interface FakeVm extends VmProvider {
  /** Makes the provider unavailable with this reason (null: available again), like a server without Chromium. */
  setUnavailable(reason: string | null): void;
  /** true: machines launched from now on show their view only once markViewReady is called. */
  holdViews(hold: boolean): void;
  /** Every action taken, per machine, in order. */
  readonly actions: Map<string, MachineAction[]>;
  markViewReady(id: string): void;
  /** The next launch (or start) fails with this provider message. */
  failNextBoot(message: string): void;
  /** The next screenshot fails with this provider message. */
  failNextScreenshot(message: string): void;
  state(id: string): State | null;
  /** Machines whose screen streams now. */
  readonly watching: ReadonlySet<string>;
}

export function createFakeVm(options: FakeVmOptions = {}): FakeVm {
  const machines = new Map<string, FakeMachine>();
  const actions = new Map<string, MachineAction[]>();
  let bootFailure: string | null = null;
  let screenshotFailure: string | null = null;
  const watching = new Set<string>();
  let unavailable = options.unavailable ?? null;
  let viewReadyOnLaunch = options.viewReadyOnLaunch ?? true;
  const capacity = options.capacity ?? null;
  const info: MachineInfo = { machineType: 'Fake browser', externalIp: null };

  function running(id: string): FakeMachine {
    const m = machines.get(id);
    if (!m || m.state !== 'running') throw new VmProviderError(VMS.texts.notRunning);
    return m;
  }
  function boot(id: string, fresh: boolean): MachineInfo {
    const live = [...machines].filter(([other, m]) => other !== id && m.state !== 'stopped').length;
    if (capacity !== null && live >= capacity) throw new VmCapacityError(`This server is already running ${live} machines.`);
    if (bootFailure) {
      const message = bootFailure;
      bootFailure = null;
      throw new VmProviderError(message);
    }
    const before = machines.get(id);
    machines.set(id, { state: 'running', url: fresh || !before ? 'about:blank' : before.url, viewReady: viewReadyOnLaunch });
    return info;
  }
  function set(id: string, state: State): void {
    const m = machines.get(id);
    if (m) m.state = state;
  }

  return {
    kind: 'local',
    mode: 'local',
    get available() {
      return unavailable === null;
    },
    get unavailableReason() {
      return unavailable;
    },
    setUnavailable: (reason) => {
      unavailable = reason;
    },
    holdViews: (hold) => {
      viewReadyOnLaunch = !hold;
    },
    maxMachines: capacity,
    describe: 'Computer control: fake machines (tests)',
    actions,
    markViewReady: (id) => {
      const m = machines.get(id);
      if (m) m.viewReady = true;
    },
    failNextBoot: (message) => {
      bootFailure = message;
    },
    failNextScreenshot: (message) => {
      screenshotFailure = message;
    },
    state: (id) => machines.get(id)?.state ?? null,
    launch: async (id) => boot(id, true),
    start: async (id) => boot(id, machines.get(id) === undefined),
    suspend: async (id) => {
      running(id);
      set(id, 'suspended');
    },
    resume: async (id) => {
      if (machines.get(id)?.state !== 'suspended') throw new VmProviderError('The machine is not suspended.');
      set(id, 'running');
    },
    stop: async (id) => set(id, 'stopped'),
    terminate: async (id) => {
      machines.delete(id);
    },
    connect: async () => undefined,
    holds: (id) => {
      const state = machines.get(id)?.state;
      return state === 'running' || state === 'suspended';
    },
    viewReady: (id) => machines.get(id)?.state === 'running' && machines.get(id)!.viewReady,
    screenshot: async (id) => {
      running(id);
      if (screenshotFailure) {
        const message = screenshotFailure;
        screenshotFailure = null;
        throw new VmProviderError(message);
      }
      return FAKE_JPEG;
    },
    observe: async (id): Promise<Observation> => {
      const m = running(id);
      return { screenshot: FAKE_JPEG, url: m.url, title: 'Fake page', elements: FAKE_ELEMENTS };
    },
    act: async (id, action): Promise<ActionResult> => {
      const m = running(id);
      actions.set(id, [...(actions.get(id) ?? []), action]);
      if (action.type === 'navigate') {
        const refused = await refusalOf(action.url);
        if (refused) return refused;
        m.url = action.url;
        return { result: 'ok', detail: `Navigated to ${action.url}` };
      }
      if (action.type === 'wait') await sleep(Math.min(action.ms, options.maxWaitMs ?? 2000));
      return { result: 'ok', detail: `Did ${action.type}` };
    },
    watch: (id, onFrame) => {
      watching.add(id);
      const timer = setInterval(() => machines.get(id)?.state === 'running' && onFrame(FAKE_JPEG), 1000 / VMS.liveFramesPerSecond);
      timer.unref();
      return () => {
        clearInterval(timer);
        watching.delete(id);
      };
    },
    watching,
    vnc: async () => null,
    shutdown: async () => {
      machines.clear();
    },
  };
}
