import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Readable, Writable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Logger } from 'pino';
import { VMS } from '@cofounder/shared';
import { CdpPipe } from './cdp-pipe.ts';

// One machine's browser process: spawned by us (not by Playwright) in its own process group, so suspend can
// freeze the whole tree with one signal and a crash of this server leaves a pid file the next start can use to
// clean up.

const DEVTOOLS_LINE = /DevTools listening on (ws:\/\/\S+)/;
const START_TIMEOUT_MS = 30_000;
const STOP_GRACE_MS = 5000;

/** A running browser and its process group. */
export interface SpawnedChromium {
  child: ChildProcess;
  pid: number;
  exited: Promise<void>;
}

/** A browser whose DevTools listen on a loopback port (any local process can reach it). */
export interface ChromiumProcess extends SpawnedChromium {
  wsUrl: string;
}

/** A browser whose DevTools are reachable only through the pipe its spawner holds. */
export interface PipedChromiumProcess extends SpawnedChromium {
  devtools: CdpPipe;
}

/** How the browser offers its DevTools: on a loopback port, or on a pipe to its spawner (its descriptors 3 and 4). */
type DevtoolsChannel = 'port' | 'pipe';

export function machineDir(dataDir: string, id: string): string {
  return join(dataDir, 'vms', id);
}

export function profileDir(dataDir: string, id: string): string {
  return join(machineDir(dataDir, id), 'profile');
}

export function chromiumArgs(profile: string, proxyPort: number, devtools: DevtoolsChannel): string[] {
  const { width, height } = VMS.viewport;
  return [
    '--headless=new',
    `--user-data-dir=${profile}`,
    devtools === 'pipe' ? '--remote-debugging-pipe' : '--remote-debugging-port=0',
    `--window-size=${width},${height}`,
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
    '--no-default-browser-check',
    '--disable-dev-shm-usage',
    // A machine needs no extensions, crash reporter, keyring or sound; without them Chromium starts about twice
    // as fast (these are among the flags Playwright's own launch passes).
    '--disable-extensions',
    '--disable-component-extensions-with-background-pages',
    '--disable-default-apps',
    '--disable-breakpad',
    '--no-service-autorun',
    '--password-store=basic',
    '--mute-audio',
    // Every request, loopback included (Chromium bypasses the proxy for loopback unless told not to), goes
    // through the egress proxy, which refuses private addresses.
    `--proxy-server=http://127.0.0.1:${proxyPort}`,
    '--proxy-bypass-list=<-loopback>',
    // WebRTC would otherwise send UDP straight to any address, around the proxy.
    '--force-webrtc-ip-handling-policy=disable_non_proxied_udp',
    'about:blank',
  ];
}

interface SpawnOptions {
  executable: string;
  dataDir: string;
  id: string;
  proxyPort: number;
}

/** Starts Chromium with a DevTools port and resolves once it prints its DevTools address. */
export function spawnChromium(options: SpawnOptions): Promise<ChromiumProcess> {
  return launch(options, 'port', (child) =>
    new Promise<{ wsUrl: string }>((resolve) => {
      let seen = '';
      const onData = (chunk: string) => {
        seen += chunk;
        const match = DEVTOOLS_LINE.exec(seen);
        if (!match) return;
        child.stderr!.off('data', onData);
        resolve({ wsUrl: match[1]! });
      };
      child.stderr!.on('data', onData);
    }),
  );
}

/**
 * Starts Chromium with no DevTools port at all: its DevTools protocol runs over a pipe only this process holds.
 * Resolves once the browser answers its first command there.
 */
export function spawnPipedChromium(options: SpawnOptions): Promise<PipedChromiumProcess> {
  return launch(options, 'pipe', async (child) => {
    const devtools = new CdpPipe(child.stdio[3] as Writable, child.stdio[4] as Readable);
    // A pipe that closes before answering means the browser exited: this never settles then, so that launch()
    // reports the exit code (more telling than the closed pipe).
    await devtools.call('Browser.getVersion').catch(() => new Promise<never>(() => {}));
    return { devtools };
  });
}

function launch<T extends object>(
  options: SpawnOptions,
  devtools: DevtoolsChannel,
  ready: (child: ChildProcess) => Promise<T>,
): Promise<SpawnedChromium & T> {
  const profile = profileDir(options.dataDir, options.id);
  const child = spawn(options.executable, chromiumArgs(profile, options.proxyPort, devtools), {
    detached: true,
    // With a pipe, Chromium reads commands from descriptor 3 and writes answers to descriptor 4.
    stdio: devtools === 'pipe' ? ['ignore', 'ignore', 'pipe', 'pipe', 'pipe'] : ['ignore', 'ignore', 'pipe'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return new Promise((resolve, reject) => {
    let stderr = '';
    let settled = false;
    const fail = (why: string) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      if (child.pid) killGroup(child.pid, 'SIGKILL');
      reject(new Error(`Chromium did not start: ${why}${stderr ? `\n${stderr.slice(-500)}` : ''}`));
    };
    const timer = setTimeout(() => fail('timed out'), START_TIMEOUT_MS);
    const onError = (err: Error) => fail(err.message);
    const onExit = (code: number | null) => fail(`exited with code ${code}`);
    child.once('error', onError);
    child.once('exit', onExit);
    child.stderr!.setEncoding('utf8');
    const onData = (chunk: string) => {
      stderr += chunk;
    };
    child.stderr!.on('data', onData);
    ready(child).then(
      (extra) => {
        if (settled || !child.pid) return;
        settled = true;
        clearTimeout(timer);
        child.off('exit', onExit);
        child.off('error', onError);
        child.on('error', () => {});
        child.stderr!.off('data', onData);
        // Keep draining stderr so a chatty browser never blocks on a full pipe.
        child.stderr!.resume();
        // The browser's pid and ours: killOrphans leaves alone machines whose server is still running.
        writeFileSync(join(machineDir(options.dataDir, options.id), 'pid'), `${child.pid} ${process.pid}`);
        resolve({ child, pid: child.pid, exited, ...extra });
      },
      (err: unknown) => fail(err instanceof Error ? err.message : String(err)),
    );
  });
}

/** Signals the whole process group (renderers, utilities). Missing processes are fine. */
export function killGroup(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pid, signal);
  } catch {
    // already gone
  }
}

/** Freezes the group and resolves once the browser process is stopped (signals arrive asynchronously). */
export async function freezeGroup(pid: number): Promise<void> {
  killGroup(pid, 'SIGSTOP');
  for (let i = 0; i < 100 && processState(pid) === 'running'; i++) await sleep(10);
}

function processState(pid: number): 'stopped' | 'running' | 'gone' {
  try {
    // The state letter follows the command name, which is in parentheses and may itself contain spaces.
    const state = readFileSync(`/proc/${pid}/stat`, 'utf8').replace(/^.*\) /, '')[0];
    return state === 'T' || state === 't' ? 'stopped' : 'running';
  } catch {
    return 'gone';
  }
}

/** Asks the browser to quit (it flushes the profile), then kills what is left of the group. */
export async function stopChromium(proc: SpawnedChromium): Promise<void> {
  killGroup(proc.pid, 'SIGCONT');
  try {
    process.kill(proc.pid, 'SIGTERM');
  } catch {
    // already gone
  }
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([proc.exited, new Promise((r) => (timer = setTimeout(r, STOP_GRACE_MS)))]);
  clearTimeout(timer);
  killGroup(proc.pid, 'SIGKILL');
  await proc.exited;
}

/**
 * Kills browsers a crashed previous run left behind: a pid file whose process still runs with that machine's
 * profile (checking the command line, so a recycled pid of another program is never touched) and whose server
 * is gone (another server process sharing DATA_DIR keeps its machines).
 */
export function killOrphans(dataDir: string, log: Logger): void {
  const root = join(dataDir, 'vms');
  if (!existsSync(root)) return;
  for (const id of readdirSync(root)) {
    const pidFile = join(root, id, 'pid');
    if (!existsSync(pidFile)) continue;
    const [pid = 0, owner = 0] = readFileSync(pidFile, 'utf8').trim().split(/\s+/).map(Number);
    if (owner > 0 && existsSync(`/proc/${owner}`)) continue;
    let cmdline = '';
    try {
      cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
    } catch {
      // not running
    }
    if (pid > 0 && cmdline.includes(profileDir(dataDir, id))) {
      killGroup(pid, 'SIGKILL');
      log.info({ vmId: id, pid }, 'killed a machine left running by a previous server');
    }
    rmSync(pidFile, { force: true });
  }
}
