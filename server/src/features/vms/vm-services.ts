import type { Logger } from 'pino';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { AiModels } from '../../providers/ai/port.ts';
import type { VmProvider } from '../../providers/vm/port.ts';
import { createComputerUseService, type ComputerUseService } from '../computer-use/computer-use.service.ts';
import { createViewTokens } from './view-token.ts';
import { createVmsService, nodeName, type MonitorPublisher, type VmsService } from './vms.service.ts';

export interface VmServiceDeps {
  config: Pick<Config, 'port' | 'monitorPort'>;
  database: { db: Db };
  vm: VmProvider;
  vmEvents: MonitorPublisher | null;
  ai: AiModels;
  now: () => number;
  log: Logger;
  /** The server's token key: view tokens are signed under a key derived from it (the monitor verifies them). */
  tokenKey: Buffer;
}

export interface VmServices {
  vms: VmsService;
  computerUse: ComputerUseService;
}

const built = new WeakMap<VmServiceDeps, VmServices>();

/** The machines and computer-use services over one set of deps (both routers and main share them). */
export function vmServices(deps: VmServiceDeps): VmServices {
  const existing = built.get(deps);
  if (existing) return existing;
  const { database, vm, vmEvents: events, ai, now, log } = deps;
  const node = nodeName(deps.config);
  const computerUse = createComputerUseService({ db: database.db, vm, ai, node, now, log, events });
  const vms = createVmsService({
    db: database.db,
    vm,
    node,
    monitorPort: deps.config.monitorPort,
    now,
    log,
    events,
    viewTokens: createViewTokens(deps.tokenKey, now),
    stopTask: computerUse.stopAndWait,
  });
  const services = { vms, computerUse };
  built.set(deps, services);
  return services;
}
