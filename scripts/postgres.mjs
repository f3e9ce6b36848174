// Starts a throwaway PostgreSQL server (Debian's packages) for the server suite's Postgres run.
// Root cannot run postgres, so as root the data folder is handed to the `postgres` user.
import { execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';

function findBin() {
  const base = '/usr/lib/postgresql';
  if (!existsSync(base)) return null;
  const versions = readdirSync(base).filter((v) => existsSync(join(base, v, 'bin/pg_ctl'))).sort((a, b) => Number(a) - Number(b));
  return versions.length ? join(base, versions[0], 'bin') : null;
}

/** Whether startTestPostgres can start a server here (Debian's postgresql package is installed). */
export const postgresInstalled = () => findBin() !== null;

/** The lowest CPU priority, the prefix for a command that must yield to measured work (npm test's niced lanes). */
export const NICE = process.platform === 'linux' ? ['nice', '-n', '19'] : [];

/** A free TCP port on loopback (the OS picks it; closed again before it is used). */
export function freePort() {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

/**
 * Returns { url, stop } for a fresh server, or null when PostgreSQL is not installed. `niced`: the server runs at
 * the lowest priority, as npm test's lanes that judge no latency do (scripts/test.mjs).
 */
export async function startTestPostgres({ niced = false } = {}) {
  const bin = findBin();
  if (!bin) return null;
  const dir = mkdtempSync(join(tmpdir(), 'cofounder-pg-'));
  const asRoot = userInfo().uid === 0;
  const sh = (cmd) =>
    asRoot ? execFileSync('su', ['postgres', '-c', cmd], { stdio: 'pipe' }) : execFileSync('sh', ['-c', cmd], { stdio: 'pipe' });
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString());
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString());
    chownSync(dir, uid, gid);
  }
  const port = await freePort();
  sh(`${bin}/initdb -D ${dir}/data -U postgres --auth=trust -E UTF8 >/dev/null`);
  sh(`${niced && NICE.length ? `${NICE.join(' ')} ` : ''}${bin}/pg_ctl -D ${dir}/data -o '-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off' -l ${dir}/log -w start >/dev/null`);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop() {
      try {
        sh(`${bin}/pg_ctl -D ${dir}/data -m fast -w stop >/dev/null`);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
