import { randomBytes } from 'node:crypto';
import { closeSync, linkSync, mkdirSync, openSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';

// PGlite has no lock of its own: two processes on one folder corrupt it. This file lock refuses the second.

export interface LockInfo {
  pid: number;
  hostname: string;
  startedAt: string;
  /** Linux's id of the current boot: after a reboot (or a new container) the old pid means nothing. */
  bootId?: string;
}

export interface DataDirLock {
  path: string;
  release(): void;
}

/** Another live process holds the folder; the message is meant to be printed to the user as is. */
export class DataDirLockedError extends Error {
  override name = 'DataDirLockedError';
}

/** Lock files held by this process: a pid check alone cannot tell "mine" from "a dead process that had my pid". */
const heldHere = new Set<string>();

const sleep = (ms: number) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

function codeOf(err: unknown): string | undefined {
  return (err as NodeJS.ErrnoException).code;
}

function readIfExists(path: string): string | null {
  try {
    return readFileSync(path, 'utf8');
  } catch (err) {
    if (codeOf(err) === 'ENOENT') return null;
    throw err;
  }
}

function parse(raw: string): LockInfo | null {
  try {
    const v = JSON.parse(raw) as Partial<LockInfo>;
    return typeof v.pid === 'number' && typeof v.hostname === 'string' ? (v as LockInfo) : null;
  } catch {
    return null;
  }
}

function pidAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return codeOf(err) === 'EPERM'; // exists, owned by someone else
  }
}

/**
 * Creates the lock with its content in one atomic step: write a private temp file, then hard-link it to the
 * lock name, which fails with EEXIST if the name exists. A reader therefore never sees a half-written lock.
 */
function tryCreate(lockPath: string, content: string): boolean {
  const tmp = `${lockPath}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  writeFileSync(tmp, content, { flag: 'wx' });
  try {
    linkSync(tmp, lockPath);
    return true;
  } catch (err) {
    if (codeOf(err) === 'EEXIST') return false;
    throw err;
  } finally {
    rmSync(tmp, { force: true });
  }
}

/**
 * Replaces a stale lock. Only one process may do this at a time (a guard file created with 'wx'), and only
 * if the lock still holds the exact stale content we judged: otherwise a fresh lock another process took
 * meanwhile would be deleted.
 */
function takeOver(lockPath: string, staleRaw: string, content: string): boolean {
  const guard = `${lockPath}.takeover`;
  try {
    closeSync(openSync(guard, 'wx'));
  } catch (err) {
    if (codeOf(err) !== 'EEXIST') throw err;
    // A taker that crashed mid-way leaves its guard behind; it is harmless once old.
    const st = statSync(guard, { throwIfNoEntry: false });
    if (st && Date.now() - st.mtimeMs > 10_000) rmSync(guard, { force: true });
    return false;
  }
  try {
    if (readIfExists(lockPath) !== staleRaw) return false;
    rmSync(lockPath, { force: true });
    return tryCreate(lockPath, content);
  } finally {
    rmSync(guard, { force: true });
  }
}

function lockedMessage(info: LockInfo, dataDir: string, lockPath: string): string {
  if (info.hostname !== hostname()) {
    return (
      `Another Cofounder server (pid ${info.pid} on host ${info.hostname}, started ${info.startedAt}) may be using ` +
      `${dataDir}. Stop it first, set DATA_DIR to another folder, or delete ${lockPath} if it is not running.`
    );
  }
  return (
    `Another Cofounder server (pid ${info.pid}, started ${info.startedAt}) is using ${dataDir}. ` +
    `Stop it first or set DATA_DIR to another folder.`
  );
}

/** This boot's id (Linux), or null where the system has none: then the pid check alone decides. */
function bootId(): string | null {
  try {
    return readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim() || null;
  } catch {
    return null;
  }
}

/** Takes DATA_DIR/pglite.lock or throws DataDirLockedError naming the holder; a dead holder's lock is taken over. */
export function acquireDataDirLock(dataDir: string): DataDirLock {
  mkdirSync(dataDir, { recursive: true });
  const lockPath = join(dataDir, 'pglite.lock');
  const boot = bootId();
  const content = JSON.stringify({ pid: process.pid, hostname: hostname(), startedAt: new Date().toISOString(), ...(boot ? { bootId: boot } : {}) });
  for (let attempt = 0; attempt < 40; attempt++) {
    if (tryCreate(lockPath, content)) return held(lockPath, content);
    const raw = readIfExists(lockPath);
    if (raw === null) continue; // released between our two calls
    const info = parse(raw);
    // Another host's pid cannot be checked from here: assume it is alive rather than risk corruption.
    // A lock from an earlier boot is stale whatever runs under its pid now (pids are reused after a restart).
    const earlierBoot = info?.bootId !== undefined && boot !== null && info.bootId !== boot;
    const alive =
      info !== null &&
      (heldHere.has(lockPath) ||
        info.hostname !== hostname() ||
        (!earlierBoot && info.pid !== process.pid && pidAlive(info.pid)));
    if (alive) throw new DataDirLockedError(lockedMessage(info, dataDir, lockPath));
    if (takeOver(lockPath, raw, content)) return held(lockPath, content);
    sleep(25);
  }
  throw new DataDirLockedError(`Could not take the lock ${lockPath}; another process keeps changing it.`);
}

function held(lockPath: string, content: string): DataDirLock {
  heldHere.add(lockPath);
  return {
    path: lockPath,
    release() {
      heldHere.delete(lockPath);
      // Only remove our own lock: after a takeover by someone else the file is no longer ours.
      if (readIfExists(lockPath) === content) rmSync(lockPath, { force: true });
    },
  };
}
