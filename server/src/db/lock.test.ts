import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { acquireDataDirLock, DataDirLockedError } from './lock.ts';

const roots: string[] = [];
const freshDir = () => {
  roots.push(mkdtempSync(join(tmpdir(), 'cofounder-lock-')));
  return join(roots.at(-1)!, 'nested', 'data');
};
afterAll(() => roots.forEach((r) => rmSync(r, { recursive: true, force: true })));

/** A pid that certainly is not running: a child that has already exited. */
function deadPid(): number {
  return spawnSync(process.execPath, ['-e', '0']).pid!;
}

describe('DATA_DIR lock', () => {
  it('creates the folder, writes who holds it, and refuses a second holder naming the pid', () => {
    const dir = freshDir();
    const lock = acquireDataDirLock(dir);
    const info = JSON.parse(readFileSync(join(dir, 'pglite.lock'), 'utf8'));
    expect(info).toMatchObject({ pid: process.pid, hostname: hostname() });
    expect(() => acquireDataDirLock(dir)).toThrow(DataDirLockedError);
    expect(() => acquireDataDirLock(dir)).toThrow(
      new RegExp(`Another Cofounder server \\(pid ${process.pid}, started .*\\) is using ${dir}\\. Stop it first or set DATA_DIR`),
    );
    lock.release();
    expect(existsSync(join(dir, 'pglite.lock'))).toBe(false);
    acquireDataDirLock(dir).release();
  });

  it('takes over a lock left by a dead process', () => {
    const dir = freshDir();
    acquireDataDirLock(dir).release();
    const stale = { pid: deadPid(), hostname: hostname(), startedAt: '2020-01-01T00:00:00.000Z' };
    writeFileSync(join(dir, 'pglite.lock'), JSON.stringify(stale));
    const lock = acquireDataDirLock(dir);
    expect(JSON.parse(readFileSync(lock.path, 'utf8')).pid).toBe(process.pid);
    lock.release();
  });

  it('refuses when a live process holds it', () => {
    const dir = freshDir();
    acquireDataDirLock(dir).release();
    // pid 1 always exists; another user's process answers EPERM, which still counts as alive.
    writeFileSync(join(dir, 'pglite.lock'), JSON.stringify({ pid: 1, hostname: hostname(), startedAt: 'then' }));
    expect(() => acquireDataDirLock(dir)).toThrow(/pid 1, started then/);
  });

  it.skipIf(!existsSync('/proc/sys/kernel/random/boot_id'))('takes over a lock from an earlier boot even when its pid is alive now', () => {
    const dir = freshDir();
    acquireDataDirLock(dir).release();
    // pid 1 runs now, but the lock was written before a reboot (another boot id): its holder is gone.
    writeFileSync(join(dir, 'pglite.lock'), JSON.stringify({ pid: 1, hostname: hostname(), startedAt: 'before the reboot', bootId: 'another-boot' }));
    const lock = acquireDataDirLock(dir);
    const info = JSON.parse(readFileSync(lock.path, 'utf8'));
    expect(info).toMatchObject({ pid: process.pid, bootId: readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim() });
    lock.release();
  });

  it('does not remove a lock that is no longer its own', () => {
    const dir = freshDir();
    const lock = acquireDataDirLock(dir);
    writeFileSync(lock.path, JSON.stringify({ pid: 1, hostname: hostname(), startedAt: 'later' }));
    lock.release();
    expect(existsSync(lock.path)).toBe(true);
  });
});
