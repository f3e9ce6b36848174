import type { Logger } from 'pino';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { AiModels } from '../../providers/ai/port.ts';
import type { VmProvider } from '../../providers/vm/port.ts';
import type { VmEvents } from '../../events/vm-events.ts';
import { createComputerUseService, type ComputerUseService } from '../computer-use/computer-use.service.ts';
import { startFounderControl, type FounderControl } from './founder-control.ts';
import { createViewTokens } from './view-token.ts';
import { createVmsService, nodeName, type VmsService } from './vms.service.ts';

export interface VmServiceDeps {
  config: Pick<Config, 'port' | 'monitorPort'>;
  database: { db: Db };
  vm: VmProvider;
  vmEvents: VmEvents | null;
  ai: AiModels;
  now: () => number;
  log: Logger;
  /** The server's token key: view tokens are signed under a key derived from it (the monitor verifies them). */
  tokenKey: Buffer;
}

export interface VmServices {
  vms: VmsService;
  computerUse: ComputerUseService;
  /** Take control of machines this process runs; null without live events (nothing can send the inputs). */
  founderControl: FounderControl | null;
}

const built = new WeakMap<VmServiceDeps, VmServices>();
// One per process's events: main's services and the routers' share it, so an input is carried out once.
const controls = new WeakMap<VmEvents, FounderControl>();

function founderControlOf(vm: VmProvider, vmEvents: VmEvents, log: Logger): FounderControl {
  let control = controls.get(vmEvents);
  if (!control) controls.set(vmEvents, (control = startFounderControl({ vm, vmEvents, log })));
  return control;
}

/** The machines and computer-use services over one set of deps (both routers and main share them). */
export function vmServices(deps: VmServiceDeps): VmServices {
  const existing = built.get(deps);
  if (existing) return existing;
  const { database, vm, vmEvents: events, ai, now, log } = deps;
  const node = nodeName(deps.config);
  const founderControl = events ? founderControlOf(vm, events, log) : null;
  const computerUse = createComputerUseService({
    db: database.db,
    vm,
    ai,
    node,
    now,
    log,
    events,
    ...(founderControl ? { founderControl } : {}),
  });
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
  const services = { vms, computerUse, founderControl };
  built.set(deps, services);
  return services;
}
