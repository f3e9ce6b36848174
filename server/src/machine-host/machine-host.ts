import { execFileSync } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import type { Logger } from 'pino';
import { VMS } from '@cofounder/shared';
import type { Db } from '../db/client.ts';
import { createHostBrowsers } from './host-browsers.ts';
import type { HostConfig } from './host-config.ts';
import { heartbeat, markHostStopped, registerHost } from './host-registry.ts';
import { createHostServer } from './host-server.ts';

// One browser host (issue 28 §1): its browsers, its API and CDP relay, and its row in machine_hosts, kept fresh by
// a heartbeat while it runs.

export interface MachineHost {
  id: string;
  /** What API processes are told to use (the configured address, with the real port when it was 0). */
  address: string;
  /** Sends one heartbeat now (the timer sends them every VMS.hosts.heartbeatMs). */
  beat(): Promise<void>;
  close(): Promise<void>;
}

/** "cofounder 0.1.0, Chromium 14x.…": what a client checks before driving the host's browsers. */
function hostVersion(chromiumPath: string): string {
  const chromium = execFileSync(chromiumPath, ['--version'], {
    encoding: 'utf8',
    timeout: 10_000,
    // Debian's wrapper script prints a shell warning on stderr.
    stdio: ['ignore', 'pipe', 'ignore'],
  }).trim();
  return `cofounder ${process.env.npm_package_version ?? 'dev'}, ${chromium}`;
}

export async function startMachineHost(
  config: HostConfig,
  db: Db,
  log: Logger,
  /** How often the timer heartbeats (tests that make a host look lost slow it down and call beat() themselves). */
  options: { heartbeatMs?: number } = {},
): Promise<MachineHost> {
  const browsers = createHostBrowsers({
    executable: config.chromiumPath,
    dataDir: config.dataDir,
    capacity: config.capacity,
    allowHosts: config.allowHosts,
    log,
  });
  const version = hostVersion(config.chromiumPath);
  // The row's id names the host in its own answers; register first, then listen, then fill in the real port.
  const row = await registerHost(db, { address: config.address, capacity: config.capacity, version, secret: config.secret });
  const server = createHostServer({ id: row.id, secret: config.secret, capacity: config.capacity, browsers, log });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.listen.port, config.listen.host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const address = config.listen.port === 0 ? config.address.replace(/:0$/, `:${port}`) : config.address;
  const beat = async () => {
    const known = await heartbeat(db, row.id, browsers.running().length, address);
    if (!known) log.error({ hostId: row.id }, 'this host is no longer registered');
  };
  await beat();
  const timer = setInterval(() => {
    beat().catch((err: unknown) => log.warn({ err: String(err) }, 'machine host heartbeat failed'));
  }, options.heartbeatMs ?? VMS.hosts.heartbeatMs);
  log.info({ hostId: row.id, address, capacity: config.capacity, version }, 'machine host ready');
  return {
    id: row.id,
    address,
    beat,
    async close() {
      clearInterval(timer);
      // Browsers first: their DevTools pipes close, and with them the relayed connections, which the HTTP server
      // no longer counts once upgraded.
      await browsers.close();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      await markHostStopped(db, row.id);
    },
  };
}
