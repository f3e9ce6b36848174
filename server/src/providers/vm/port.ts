import type { ProviderMode } from '@cofounder/shared';

// The VM provider port (issue 12): the machines the co-founder drives. The local provider runs each machine as
// an isolated Chromium on this server; a cloud adapter (cloud.ts documents the shape) runs machine images with a
// desktop and VNC. Machine ids are our own (the vms row id); a provider keeps its own handle per id.

/** What a launched machine reports for its card (spec 2 §3 "VM"). */
export interface MachineInfo {
  machineType: string;
  /** The machine's public address (cloud); null for local machines. */
  externalIp: string | null;
}

/** One element a planner can point at: an interactive element in the viewport, with its box in screen pixels. */
export interface PageElement {
  role: string;
  /** Accessible name: label text, aria-label, placeholder, button text, alt, or name/id as a last resort. */
  name: string;
  tag: string;
  /** input type (text, password, email, submit…), null for other tags. */
  type: string | null;
  /** autocomplete attribute (cc-number, current-password…), null if none. */
  autocomplete: string | null;
  x: number;
  y: number;
  width: number;
  height: number;
  /** The element sits in a form with a password or payment field (a submit there is sensitive). */
  inSensitiveForm: boolean;
}

/** What the machine shows now: a screenshot (JPEG) and, where the provider can read it, the page's elements. */
export interface Observation {
  screenshot: Buffer;
  url: string;
  title: string;
  /** Empty for providers that only see pixels (cloud desktops). */
  elements: PageElement[];
}

/** A low-level action in screen pixels (the loop turns a Decision into one of these). */
export type MachineAction =
  | { type: 'click' | 'double_click'; x: number; y: number }
  | { type: 'type'; text: string }
  /** Keys as Playwright names them, joined with + for chords ("Enter", "Control+A"). */
  | { type: 'key'; keys: string }
  | { type: 'scroll'; x: number; y: number; dx: number; dy: number }
  | { type: 'navigate'; url: string }
  | { type: 'wait'; ms: number };

export interface ActionResult {
  result: 'ok' | 'blocked' | 'failed';
  /** What happened, in words (shown in the timeline): "Navigated to …", "Blocked: private address 10.0.0.1". */
  detail: string;
}

/** Thrown for a provider failure the founder should read (the route shows the message). */
export class VmProviderError extends Error {
  override name = 'VmProviderError';
}

/** Thrown when the server already runs its cap of machines: a busy server (503), not a broken provider. */
export class VmCapacityError extends VmProviderError {
  override name = 'VmCapacityError';
}

export interface VmProvider {
  /** local: browsers in this process; hosted: on browser hosts (npm run machine-host); cloud: a cloud adapter. */
  readonly kind: 'local' | 'hosted' | 'cloud';
  /** Machines are contexts on plain DevTools endpoints (VM_HOSTS=capacity@ws://…): held by this process as local ones. */
  readonly pool?: boolean;
  readonly mode: ProviderMode;
  /** False when this server cannot run machines (e.g. no Chromium installed); reason says why. */
  readonly available: boolean;
  readonly unavailableReason: string | null;
  /** The most machines this server process runs at once (VM_MAX_LOCAL_MACHINES); null when the provider has no cap. */
  readonly maxMachines: number | null;
  /** One line for the start-up banner. */
  readonly describe: string;
  /** Creates and boots a machine; resolves once it can take actions. */
  launch(id: string): Promise<MachineInfo>;
  /** Freezes a running machine (processes paused, memory kept). */
  suspend(id: string): Promise<void>;
  resume(id: string): Promise<void>;
  /** Shuts the machine down keeping its disk (local: the browser profile). */
  stop(id: string): Promise<void>;
  /** Boots a stopped (or terminated: fresh disk) machine. */
  start(id: string): Promise<MachineInfo>;
  /** Deletes the machine and its disk. Idempotent. */
  terminate(id: string): Promise<void>;
  /** Whether this process holds the running machine (local machines live in the process that launched them). */
  holds(id: string): boolean;
  /** True once the machine's view can be shown (the launch modal polls for this). */
  viewReady(id: string): boolean;
  /**
   * Drives the running machine from this process: a hosted machine's browser is connected to through its host
   * (the process that drove it before lets go). Nothing to do where machines live in their own process.
   */
  connect(id: string): Promise<void>;
  screenshot(id: string): Promise<Buffer>;
  observe(id: string): Promise<Observation>;
  act(id: string, action: MachineAction): Promise<ActionResult>;
  /**
   * Streams the screen while someone watches (at most VMS.liveFramesPerSecond JPEG frames). Returns the
   * function that stops the stream.
   */
  watch(id: string, onFrame: (jpeg: Buffer) => void): () => void;
  /** Cloud: where noVNC listens and its password. Local machines have no VNC (the view is the monitor stream). */
  vnc(id: string): Promise<{ host: string; port: number; password: string } | null>;
  /** Hosted machines: which of these are on a browser host that stopped heartbeating. Absent elsewhere. */
  lostOnHost?(ids: string[]): Promise<string[]>;
  /** Closes every machine this process holds (server shutdown). */
  shutdown(): Promise<void>;
}
