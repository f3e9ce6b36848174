import type { Config } from '../../config.ts';

/**
 * Local mode: the server runs as someone's own install — it runs local conveniences (dev mailbox, local checkout,
 * SMS simulator), which is also what binds it to this machine by default. Only then may it look at, or talk to,
 * model servers on its own loopback, and only for a client on this machine (http/local-only.ts fromThisMachine).
 */
export const isLocalMode = (config: Pick<Config, 'localConveniences'>): boolean =>
  config.localConveniences.length > 0;
