import { existsSync, mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Logger } from 'pino';
import { VMS } from '@cofounder/shared';
import type { Config } from '../../config.ts';
import { createCdpVmProvider } from './cdp-machines.ts';
import {
  freezeGroup,
  killGroup,
  killOrphans,
  machineDir,
  profileDir,
  spawnChromium,
  stopChromium,
  type ChromiumProcess,
} from './chromium-process.ts';
import { lazyEgressProxy } from './egress-proxy.ts';
import type { MachineBackend } from './machine-backend.ts';
import { normaliseAllowHosts } from './net-guard.ts';
import type { VmProvider } from './port.ts';
import { VmCapacityError, VmProviderError } from './port.ts';

// Local machines (issue 12 §1): each one a headless Chromium process of its own with its own profile folder in
// DATA_DIR/vms/<id>, its traffic forced through the egress proxy, driven by cdp-machines.ts. They live in this
// process: after a restart the profiles remain and start() boots them again.

export const CHROMIUM_MISSING = 'Chromium was not found. Install it (apt install chromium) or set VM_CHROMIUM_PATH.';
const CLOSE_TIMEOUT_MS = 3000;
/** How long an orderly quit may take (it writes the profile) before the signals. */
const QUIT_TIMEOUT_MS = 15_000;

const firstLine = (err: unknown) => (err instanceof Error ? err.message : String(err)).split('\n')[0]!.slice(0, 300);

/** The provider when this server has no Chromium: it says why, and every call refuses with that text. */
function unavailableProvider(reason: string): VmProvider {
  const refuse = (): never => {
    throw new VmProviderError(reason);
  };
  return {
    kind: 'local',
    mode: 'local',
    available: false,
    unavailableReason: reason,
    maxMachines: 0,
    describe: `vm: unavailable (${reason})`,
    launch: async () => refuse(),
    suspend: async () => refuse(),
    resume: async () => refuse(),
    stop: async () => refuse(),
    start: async () => refuse(),
    terminate: async () => refuse(),
    holds: () => false,
    viewReady: () => false,
    connect: async () => refuse(),
    screenshot: async () => refuse(),
    observe: async () => refuse(),
    act: async () => refuse(),
    watch: () => refuse(),
    vnc: async () => refuse(),
    shutdown: async () => {},
  };
}

export function createLocalVmProvider(config: Config, log: Logger): VmProvider {
  const found = config.vm.chromiumPath;
  if (!found || !existsSync(found)) return unavailableProvider(CHROMIUM_MISSING);
  return createCdpVmProvider(localBackend(config, found, log), log);
}

function localBackend(config: Config, executable: string, log: Logger): MachineBackend {
  const { dataDir } = config;
  const max = config.vm.maxLocalMachines;
  const allowHosts = normaliseAllowHosts(config.vm.allowHosts);
  const processes = new Map<string, ChromiumProcess>();
  const proxy = lazyEgressProxy({ allowHosts, log });

  killOrphans(dataDir, log);

  const pidOf = (id: string) => {
    const proc = processes.get(id);
    if (!proc) throw new VmProviderError(VMS.texts.notRunning);
    return proc.pid;
  };

  return {
    kind: 'local',
    describe: `vm: local (Chromium machines on this server: ${executable}, up to ${max} at once)`,
    maxMachines: max,
    allowHosts,
    machinesOutliveProcess: false,
    checkCapacity(running) {
      if (running >= max) throw new VmCapacityError(`This server is already running ${running} machines. Stop one first.`);
    },
    async open(id) {
      const { port } = await proxy.start();
      mkdirSync(profileDir(dataDir, id), { recursive: true });
      try {
        const proc = await spawnChromium({ executable, dataDir, id, proxyPort: port });
        processes.set(id, proc);
        return { wsUrl: proc.wsUrl, exited: proc.exited };
      } catch (err) {
        log.warn({ vmId: id, err: firstLine(err) }, 'machine did not start');
        throw new VmProviderError(`The machine could not start: ${firstLine(err)}`);
      }
    },
    async quit(id, browser) {
      const proc = processes.get(id);
      if (!proc) return;
      killGroup(proc.pid, 'SIGCONT');
      if (browser) {
        // Browser.close is Chromium's own orderly quit: it writes the profile (localStorage, cookies) before
        // exiting, which a signal under load may not get to. The signals in stopChromium are the fallback.
        const quit = browser
          .newBrowserCDPSession()
          .then((cdp) => cdp.send('Browser.close'))
          .catch(() => {});
        await Promise.race([quit.then(() => proc.exited), sleep(QUIT_TIMEOUT_MS, undefined, { ref: false })]);
        await Promise.race([browser.close().catch(() => {}), sleep(CLOSE_TIMEOUT_MS)]);
      }
      await stopChromium(proc);
      processes.delete(id);
      rmSync(join(machineDir(dataDir, id), 'pid'), { force: true });
    },
    lost(id) {
      const proc = processes.get(id);
      processes.delete(id);
      if (proc) void stopChromium(proc);
    },
    suspend: async (id) => freezeGroup(pidOf(id)),
    async resume(id) {
      killGroup(pidOf(id), 'SIGCONT');
    },
    async remove(id) {
      rmSync(machineDir(dataDir, id), { recursive: true, force: true });
    },
    refusalFor: proxy.refusalFor,
    close: proxy.close,
  };
}
