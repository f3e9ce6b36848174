import type { Logger } from 'pino';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { createCloudVmProvider, type CloudVmApi } from './cloud.ts';
import { createHostedVmProvider } from './hosted.ts';
import { createLocalVmProvider } from './local.ts';
import { createPoolVmProvider } from './pool.ts';
import type { VmProvider } from './port.ts';

/**
 * Local Chromium machines (unavailable, saying why, when no Chromium is installed), with VM_HOSTS=registered
 * machines on the browser hosts registered in the database, or with VM_HOSTS=capacity@ws://… contexts on those
 * DevTools endpoints. A cloud adapter is used only when a deployment passes
 * its CloudVmApi: there is no environment configuration for one yet, so by default no cloud is offered.
 */
export function createVmProvider(
  config: Config,
  log: Logger,
  options: { db?: Db; now?: () => number; cloud?: CloudVmApi } = {},
): VmProvider {
  if (options.cloud) return createCloudVmProvider(options.cloud);
  if (config.vm.pool.length) return createPoolVmProvider(config, log);
  if (config.vm.hosts !== 'registered') return createLocalVmProvider(config, log);
  if (!options.db) throw new Error('VM_HOSTS=registered: the hosted machines need the database');
  return createHostedVmProvider(config, options.db, log, options.now ?? Date.now);
}
