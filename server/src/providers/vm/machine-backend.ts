import type { Browser } from 'playwright-core';

/**
 * Where machines' browsers run (issue 28): in this process (local.ts: Chromium processes this server spawns), on
 * browser hosts (hosted.ts: `npm run machine-host` processes found in the database), or in a context of their own on
 * a plain DevTools endpoint (pool.ts: a browserless pool, a Chromium with --remote-debugging-port). cdp-machines.ts
 * drives each over the DevTools protocol; a backend only starts, freezes and ends the browsers.
 */
export interface MachineBackend {
  readonly kind: 'local' | 'hosted' | 'pool';
  readonly describe: string;
  /** The most machines this process drives at once; null when the hosts decide (a full fleet answers 503). */
  readonly maxMachines: number | null;
  /** Throws VmCapacityError when another machine does not fit; `running` counts this process's machines. */
  checkCapacity(running: number): void;
  /** Boots (or finds) the machine's browser: where to connect, and a promise that settles if it exits. */
  open(id: string): Promise<BrowserLink>;
  /**
   * Ends the browser in order (its profile written). `browser` is the driver's connection to it, closed here; null
   * when this process is not connected (a failed connect, or a hosted machine another process drives).
   */
  quit(id: string, browser: Browser | null): Promise<void>;
  /** The browser went away on its own: let go of what is left of it. */
  lost(id: string): void;
  suspend(id: string): Promise<void>;
  resume(id: string): Promise<void>;
  /** Removes the machine's disk (its browser has quit). */
  remove(id: string): Promise<void>;
  /** VM_ALLOW_HOSTS, normalised: what a navigation may reach besides public addresses (tests' fixtures). */
  readonly allowHosts: ReadonlySet<string>;
  /** Why the egress proxy refused `host`, when it did and this process can know. */
  refusalFor(host: string): string | null;
  /** Of these machines, the ones whose browser host is lost (hosted only). */
  lostOnHost?(ids: string[]): Promise<string[]>;
  /** At server shutdown: true when machines' browsers stay running (on their hosts), false when they stop. */
  readonly machinesOutliveProcess: boolean;
  /**
   * Suspend pauses the machine's pages' JavaScript over the DevTools protocol instead of calling suspend(): a pool's
   * browser is not a process of ours to stop.
   */
  readonly freezesPages?: boolean;
  close(): Promise<void>;
}

export interface BrowserLink {
  wsUrl: string;
  headers?: Record<string, string>;
  /**
   * The machine gets a browser context of its own on a shared browser (a pool): every request through this proxy
   * (the egress proxy, with credentials), its cookies and storage saved to and restored from statePath.
   */
  context?: { proxy: { server: string; username: string; password: string }; statePath: string };
  /** Settles when the browser process exits (local); a remote browser is watched through its connection. */
  exited?: Promise<void>;
}
