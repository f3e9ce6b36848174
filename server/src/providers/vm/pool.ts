import { randomBytes } from 'node:crypto';
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { Logger } from 'pino';
import { VMS } from '@cofounder/shared';
import type { CdpEndpoint, Config } from '../../config.ts';
import { machineDir } from './chromium-process.ts';
import { createCdpVmProvider } from './cdp-machines.ts';
import { lazyEgressProxy } from './egress-proxy.ts';
import type { MachineBackend } from './machine-backend.ts';
import { normaliseAllowHosts } from './net-guard.ts';
import { VmCapacityError, type VmProvider } from './port.ts';

// Machines on plain DevTools endpoints (issue 28 §1, VM_HOSTS=capacity@ws://…): a browserless pool, or a Chromium
// started with --remote-debugging-port. Each machine is a browser context of its own on its endpoint, opened by
// this process: isolated from the others (cookies, storage, cache), every request through this process's egress
// proxy (with credentials, listening on VM_EGRESS_HOST so the pool can reach it), its cookies and storage saved in
// DATA_DIR/vms/<id>/state.json when it stops. A context ends with its connection, so these machines belong to the
// process that opened them, as local ones do: they are stopped when it restarts, and Start opens them again.

/** An endpoint as the start-up banner and logs may show it: never its path or query (a pool's token rides there). */
export function endpointLabel(url: string): string {
  const u = new URL(url);
  return `${u.protocol}//${u.host}`;
}

export function createPoolVmProvider(config: Config, log: Logger): VmProvider {
  return createCdpVmProvider(poolBackend(config, log), log);
}

function poolBackend(config: Config, log: Logger): MachineBackend {
  const { dataDir, vm } = config;
  const allowHosts = normaliseAllowHosts(vm.allowHosts);
  // The proxy's credentials live as long as this process: only the contexts it opens know them.
  const credentials = { username: 'machines', password: randomBytes(24).toString('base64url') };
  /** Which endpoint each open machine is on. */
  const placed = new Map<string, CdpEndpoint>();
  const proxy = lazyEgressProxy({ allowHosts, log, host: vm.egressHost, credentials });
  const capacity = vm.pool.reduce((n, e) => n + e.capacity, 0);


  /** The endpoint with the most free places, or none when every one is full. */
  function emptiest(): CdpEndpoint | null {
    const load = (e: CdpEndpoint) => [...placed.values()].filter((p) => p === e).length;
    const free = vm.pool.map((e) => ({ e, free: e.capacity - load(e) })).filter((x) => x.free > 0);
    return free.sort((a, b) => b.free - a.free)[0]?.e ?? null;
  }

  return {
    kind: 'pool',
    describe: `vm: pool (a browser context per machine on ${vm.pool.map((e) => `${endpointLabel(e.url)} ×${e.capacity}`).join(', ')}; egress through this server on ${vm.egressHost})`,
    maxMachines: capacity,
    allowHosts,
    machinesOutliveProcess: false,
    freezesPages: true,
    checkCapacity(running) {
      if (running >= capacity) throw new VmCapacityError(VMS.texts.fleetFull);
    },
    async open(id) {
      const endpoint = emptiest();
      if (!endpoint) throw new VmCapacityError(VMS.texts.fleetFull);
      placed.set(id, endpoint);
      try {
        const { port } = await proxy.start();
        const dir = machineDir(dataDir, id);
        mkdirSync(dir, { recursive: true });
        log.info({ vmId: id, endpoint: endpointLabel(endpoint.url) }, 'machine opened on a DevTools endpoint');
        return {
          wsUrl: endpoint.url,
          context: { proxy: { server: `http://${vm.egressHost}:${port}`, ...credentials }, statePath: join(dir, 'state.json') },
        };
      } catch (err) {
        placed.delete(id);
        throw err;
      }
    },
    async quit(id, browser) {
      // The connection is the machine's alone: closing it lets the endpoint end its context (and browserless its browser).
      await browser?.close().catch(() => {});
      placed.delete(id);
    },
    lost(id) {
      placed.delete(id);
    },
    // freezesPages: cdp-machines freezes the pages itself.
    suspend: async () => undefined,
    resume: async () => undefined,
    async remove(id) {
      rmSync(machineDir(dataDir, id), { recursive: true, force: true });
    },
    refusalFor: proxy.refusalFor,
    close: proxy.close,
  };
}
