import { VMS } from '@cofounder/shared';
import { checkMachineUrl } from './net-guard.ts';
import type { ActionResult, MachineAction, MachineInfo, VmProvider } from './port.ts';
import { VmProviderError } from './port.ts';

// The shape of a cloud adapter (issue 12 §1): machines are instances of a machine image with a desktop, a small
// agent that takes screenshots and replays input, and noVNC on VMS.vncPort for the live view. A deployment adds
// a cloud by implementing CloudVmApi against its provider's SDK and passing it to createVmProvider; no cloud is
// configured by default, so none is offered. The image must firewall private ranges and the metadata address
// itself: its traffic never passes this server's egress proxy.

export interface CloudInstance {
  instanceId: string;
  externalIp: string;
}

export interface CloudVmApi {
  /** One line for the start-up banner, e.g. "GCE europe-west1". */
  readonly name: string;
  readonly image: string;
  readonly machineType: string;
  createInstance(image: string, machineType: string): Promise<CloudInstance>;
  suspend(instanceId: string): Promise<void>;
  resume(instanceId: string): Promise<void>;
  stop(instanceId: string): Promise<void>;
  /** A started instance may come back on a new address. */
  start(instanceId: string): Promise<CloudInstance>;
  delete(instanceId: string): Promise<void>;
  /** Whether the desktop agent answers (the view can be shown). */
  agentReady(instanceId: string): Promise<boolean>;
  /** A JPEG of the desktop, from the agent. */
  screenshot(instanceId: string): Promise<Buffer>;
  /** Replays one action through the agent (navigate opens the URL in the desktop's browser). */
  input(instanceId: string, action: MachineAction): Promise<void>;
  vncPassword(instanceId: string): Promise<string>;
}

export function createCloudVmProvider(api: CloudVmApi): VmProvider {
  // Our machine id → the cloud's instance. Kept in memory: a deployment that runs several server processes
  // stores the instance id with the machine row and rebuilds this on start.
  const instances = new Map<string, CloudInstance & { ready: boolean }>();

  const instance = (id: string) => {
    const found = instances.get(id);
    if (!found) throw new VmProviderError(VMS.texts.notRunning);
    return found;
  };
  const describeInstance = (i: CloudInstance): MachineInfo => ({ machineType: api.machineType, externalIp: i.externalIp });
  const pollReady = (id: string) => {
    const i = instances.get(id);
    if (i && !i.ready) void api.agentReady(i.instanceId).then((ready) => (i.ready = ready), () => {});
  };

  return {
    kind: 'cloud',
    mode: 'real',
    available: true,
    unavailableReason: null,
    // Cloud machines run on the cloud's capacity, not this server's: the plan alone limits a founder.
    maxMachines: null,
    describe: `vm: real (cloud machines on ${api.name}: ${api.image}, ${api.machineType})`,
    async launch(id) {
      const created = await api.createInstance(api.image, api.machineType);
      instances.set(id, { ...created, ready: false });
      return describeInstance(created);
    },
    suspend: async (id) => api.suspend(instance(id).instanceId),
    resume: async (id) => api.resume(instance(id).instanceId),
    async stop(id) {
      const i = instance(id);
      await api.stop(i.instanceId);
      i.ready = false;
    },
    async start(id) {
      const restarted = await api.start(instance(id).instanceId);
      instances.set(id, { ...restarted, ready: false });
      return describeInstance(restarted);
    },
    async terminate(id) {
      const i = instances.get(id);
      if (i) await api.delete(i.instanceId);
      instances.delete(id);
    },
    holds: (id) => instances.has(id),
    // A cloud machine is reached through its own noVNC, never through this process.
    connect: async () => undefined,
    viewReady(id) {
      pollReady(id);
      return instances.get(id)?.ready ?? false;
    },
    screenshot: async (id) => api.screenshot(instance(id).instanceId),
    async observe(id) {
      // A desktop is pixels only: no page elements, and the agent does not report a URL or title.
      return { screenshot: await api.screenshot(instance(id).instanceId), url: '', title: '', elements: [] };
    },
    async act(id, action): Promise<ActionResult> {
      if (action.type === 'navigate') {
        const checked = checkMachineUrl(action.url);
        if (!checked.ok) return { result: 'blocked', detail: `Blocked: ${checked.reason}` };
      }
      try {
        await api.input(instance(id).instanceId, action);
        return { result: 'ok', detail: `Sent ${action.type}` };
      } catch (err) {
        if (err instanceof VmProviderError) throw err;
        return { result: 'failed', detail: err instanceof Error ? err.message : String(err) };
      }
    },
    watch() {
      // The live view of a cloud machine is noVNC (vnc()), not a frame stream.
      return () => {};
    },
    async vnc(id) {
      const i = instance(id);
      return { host: i.externalIp, port: VMS.vncPort, password: await api.vncPassword(i.instanceId) };
    },
    async shutdown() {
      // Cloud machines outlive this process; nothing to close.
    },
  };
}
