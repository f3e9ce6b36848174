import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { VMS } from '@cofounder/shared';
import { parseAllowHosts } from '../config.ts';

// `npm run machine-host` (issue 28 §1) is configured by its environment, checked here once at start-up.

export interface HostConfig {
  /** The shared Postgres the API processes use: the host registers and heartbeats there. */
  databaseUrl: string;
  /** Where this host listens (loopback unless told otherwise: put it on a private network or behind TLS). */
  listen: { host: string; port: number };
  /** The address API processes reach this host at (`http://10.0.0.5:3400`); by default the listening one. */
  address: string;
  capacity: number;
  /** Required on every request to the host's API and CDP relay; a fresh random one per start unless set. */
  secret: string;
  /** Machines' profile folders live in dataDir/vms/<id>. */
  dataDir: string;
  chromiumPath: string;
  allowHosts: string[];
  logLevel: string;
}

const Env = z.object({
  DATABASE_URL: z.string().url({ message: 'DATABASE_URL must name the Postgres the API processes use' }),
  MACHINE_HOST_LISTEN: z.string().min(1).default('127.0.0.1'),
  MACHINE_HOST_PORT: z.coerce.number().int().min(0).max(65_535).default(VMS.hosts.defaultPort),
  MACHINE_HOST_ADDRESS: z.string().url().optional(),
  MACHINE_HOST_CAPACITY: z.coerce.number().int().min(1).max(200).default(VMS.hosts.defaultCapacity),
  MACHINE_HOST_SECRET: z.string().min(32, 'MACHINE_HOST_SECRET must be at least 32 characters').optional(),
  MACHINE_HOST_DATA_DIR: z.string().min(1).default(join(process.cwd(), '.machine-host')),
  VM_CHROMIUM_PATH: z.string().min(1).default('/usr/bin/chromium'),
  VM_ALLOW_HOSTS: z.string().default(''),
  LOG_LEVEL: z.string().default('info'),
});

/** The host's configuration, or an error naming every variable that is wrong. */
export function loadHostConfig(env: NodeJS.ProcessEnv): HostConfig {
  const parsed = Env.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new Error(`machine-host: bad configuration\n  ${lines.join('\n  ')}`);
  }
  const e = parsed.data;
  if (!existsSync(e.VM_CHROMIUM_PATH)) {
    throw new Error(`machine-host: Chromium not found at ${e.VM_CHROMIUM_PATH} (apt install chromium, or set VM_CHROMIUM_PATH)`);
  }
  const listenHost = e.MACHINE_HOST_LISTEN.includes(':') ? `[${e.MACHINE_HOST_LISTEN}]` : e.MACHINE_HOST_LISTEN;
  return {
    databaseUrl: e.DATABASE_URL,
    listen: { host: e.MACHINE_HOST_LISTEN, port: e.MACHINE_HOST_PORT },
    address: (e.MACHINE_HOST_ADDRESS ?? `http://${listenHost}:${e.MACHINE_HOST_PORT}`).replace(/\/+$/, ''),
    capacity: e.MACHINE_HOST_CAPACITY,
    secret: e.MACHINE_HOST_SECRET ?? randomBytes(32).toString('base64url'),
    dataDir: e.MACHINE_HOST_DATA_DIR,
    chromiumPath: e.VM_CHROMIUM_PATH,
    allowHosts: parseAllowHosts(e.VM_ALLOW_HOSTS),
    logLevel: e.LOG_LEVEL,
  };
}
