import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { NICE } from '../scripts/postgres.mjs';

/** What bench/http-load.mjs reports (latencies in ms). */
export interface Load {
  requests: number;
  errors: number;
  timeouts: number;
  rps: number;
  p50: number;
  p99: number;
}

export interface LoadOptions {
  headers?: Record<string, string>;
  connections: number;
  durationMs: number;
  /** At nice 19: the generator stands for clients on other machines and takes only the CPU the server leaves. */
  niced: boolean;
}

/**
 * GETs `url` from the load generator's own process (bench/http-load.mjs), so the server's thread does only the
 * server's work and its garbage is the server's alone; throws when any request failed outright.
 */
export function load(url: string, { headers = {}, connections, durationMs, niced }: LoadOptions): Promise<Load> {
  const [command, ...prefix] = [...(niced ? NICE : []), process.execPath];
  const script = fileURLToPath(new URL('./http-load.mjs', import.meta.url));
  const child = spawn(command!, [...prefix, script, JSON.stringify({ url, headers, connections, durationMs })], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk));
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) => {
      if (code !== 0) return reject(new Error(`http-load exited with ${code}`));
      const result = JSON.parse(out) as Load;
      if (result.errors) return reject(new Error(`${url}: ${result.errors} requests failed`));
      resolve(result);
    });
  });
}
