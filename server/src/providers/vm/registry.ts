import type { Logger } from 'pino';
import type { Config } from '../../config.ts';
import { createCloudVmProvider, type CloudVmApi } from './cloud.ts';
import { createLocalVmProvider } from './local.ts';
import type { VmProvider } from './port.ts';

/**
 * Local Chromium machines (unavailable, saying why, when no Chromium is installed). A cloud adapter is used only
 * when a deployment passes its CloudVmApi: there is no environment configuration for one yet, so by default no
 * cloud is offered.
 */
export function createVmProvider(config: Config, log: Logger, cloud?: CloudVmApi): VmProvider {
  return cloud ? createCloudVmProvider(cloud) : createLocalVmProvider(config, log);
}
