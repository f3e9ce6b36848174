import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Logger } from 'pino';
import {
  freezeGroup,
  killGroup,
  killOrphans,
  machineDir,
  profileDir,
  spawnPipedChromium,
  stopChromium,
  type PipedChromiumProcess,
} from '../providers/vm/chromium-process.ts';
import { lazyEgressProxy } from '../providers/vm/egress-proxy.ts';
import { normaliseAllowHosts } from '../providers/vm/net-guard.ts';
import { createDevtoolsRelay, type DevtoolsRelay } from './devtools-relay.ts';

// The machines' browsers on one host (issue 28 §1): the same Chromium processes, profiles and egress proxy as a
// server's local machines (providers/vm), owned by the host instead of an API process. A browser lives until its
// machine is stopped or terminated: a client that disconnects from its CDP relay leaves it running. A browser has
// no DevTools port: its DevTools run over a pipe only this process holds, so the host's secret guards the one way
// in (the relay), and no other program on the host can list or drive the founders' logged-in browsers.

/** How long Chromium's own quit (which writes the profile) may take before the signals. */
const QUIT_TIMEOUT_MS = 10_000;

export class HostFullError extends Error {}

export interface HostBrowsers {
  /** Boots the machine's browser from its profile (created on first start); running already is fine. */
  start(id: string): Promise<void>;
  stop(id: string): Promise<void>;
  /** Stops the browser and removes its profile. */
  terminate(id: string): Promise<void>;
  suspend(id: string): Promise<boolean>;
  resume(id: string): boolean;
  /** The way to drive the machine's browser, or null when it is not running. */
  devtools(id: string): DevtoolsRelay | null;
  running(): string[];
  /** Stops every browser (profiles stay) and the egress proxy. */
  close(): Promise<void>;
}

export function createHostBrowsers(options: {
  executable: string;
  dataDir: string;
  capacity: number;
  allowHosts: string[];
  log: Logger;
}): HostBrowsers {
  const { executable, dataDir, capacity, log } = options;
  const allowHosts = normaliseAllowHosts(options.allowHosts);
  const browsers = new Map<string, { proc: PipedChromiumProcess; relay: DevtoolsRelay }>();
  const booting = new Map<string, Promise<void>>();
  const proxy = lazyEgressProxy({ allowHosts, log });

  killOrphans(dataDir, log);

  async function boot(id: string): Promise<void> {
    const { port } = await proxy.start();
    mkdirSync(profileDir(dataDir, id), { recursive: true });
    const proc = await spawnPipedChromium({ executable, dataDir, id, proxyPort: port });
    const browser = { proc, relay: createDevtoolsRelay(proc.devtools) };
    browsers.set(id, browser);
    void proc.exited.then(() => {
      if (browsers.get(id) !== browser) return;
      browsers.delete(id);
      rmSync(join(machineDir(dataDir, id), 'pid'), { force: true });
      log.warn({ vmId: id }, 'machine browser exited');
    });
  }

  async function stop(id: string): Promise<void> {
    await booting.get(id)?.catch(() => {});
    const proc = browsers.get(id)?.proc;
    if (!proc) return;
    browsers.delete(id);
    killGroup(proc.pid, 'SIGCONT');
    // Browser.close is Chromium's orderly quit: it writes the profile before exiting. The signals are the fallback.
    const quit = proc.devtools.call('Browser.close').catch(() => {});
    await Promise.race([quit.then(() => proc.exited), sleep(QUIT_TIMEOUT_MS, undefined, { ref: false })]);
    await stopChromium(proc);
    rmSync(join(machineDir(dataDir, id), 'pid'), { force: true });
  }

  return {
    async start(id) {
      if (browsers.has(id)) return;
      const pending = booting.get(id);
      if (pending) return pending;
      // A launch that fails frees its slot at once (the finally below).
      if (browsers.size + booting.size >= capacity) throw new HostFullError(`This host runs ${capacity} machines already.`);
      const started = boot(id).finally(() => booting.delete(id));
      booting.set(id, started);
      return started;
    },
    stop,
    async terminate(id) {
      await stop(id);
      rmSync(machineDir(dataDir, id), { recursive: true, force: true });
    },
    async suspend(id) {
      const proc = browsers.get(id)?.proc;
      if (!proc) return false;
      await freezeGroup(proc.pid);
      return true;
    },
    resume(id) {
      const proc = browsers.get(id)?.proc;
      if (!proc) return false;
      killGroup(proc.pid, 'SIGCONT');
      return true;
    },
    devtools: (id) => browsers.get(id)?.relay ?? null,
    running: () => [...browsers.keys()],
    async close() {
      await Promise.all([...new Set([...browsers.keys(), ...booting.keys()])].map((id) => stop(id)));
      await proxy.close();
    },
  };
}
