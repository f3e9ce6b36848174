import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Logger } from 'pino';
import { VMS } from '@cofounder/shared';

// One machine's browser process: spawned by us (not by Playwright) in its own process group, so suspend can
// freeze the whole tree with one signal and a crash of this server leaves a pid file the next start can use to
// clean up.

const DEVTOOLS_LINE = /DevTools listening on (ws:\/\/\S+)/;
const START_TIMEOUT_MS = 30_000;
const STOP_GRACE_MS = 5000;

export interface ChromiumProcess {
  child: ChildProcess;
  pid: number;
  wsUrl: string;
  exited: Promise<void>;
}

export function machineDir(dataDir: string, id: string): string {
  return join(dataDir, 'vms', id);
}

export function profileDir(dataDir: string, id: string): string {
  return join(machineDir(dataDir, id), 'profile');
}

export function chromiumArgs(profile: string, proxyPort: number): string[] {
  const { width, height } = VMS.viewport;
  return [
    '--headless=new',
    `--user-data-dir=${profile}`,
    '--remote-debugging-port=0',
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

/** Starts Chromium and resolves once it prints its DevTools address. */
export function spawnChromium(options: {
  executable: string;
  dataDir: string;
  id: string;
  proxyPort: number;
}): Promise<ChromiumProcess> {
  const profile = profileDir(options.dataDir, options.id);
  const child = spawn(options.executable, chromiumArgs(profile, options.proxyPort), {
    detached: true,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return new Promise((resolve, reject) => {
    let stderr = '';
    const fail = (why: string) => {
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
      const match = DEVTOOLS_LINE.exec(stderr);
      if (!match || !child.pid) return;
      clearTimeout(timer);
      child.off('exit', onExit);
      child.off('error', onError);
      child.on('error', () => {});
      child.stderr!.off('data', onData);
      // Keep draining stderr so a chatty browser never blocks on a full pipe.
      child.stderr!.resume();
      // The browser's pid and ours: killOrphans leaves alone machines whose server is still running.
      writeFileSync(join(machineDir(options.dataDir, options.id), 'pid'), `${child.pid} ${process.pid}`);
      resolve({ child, pid: child.pid, wsUrl: match[1]!, exited });
    };
    child.stderr!.on('data', onData);
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
export async function stopChromium(proc: ChromiumProcess): Promise<void> {
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
