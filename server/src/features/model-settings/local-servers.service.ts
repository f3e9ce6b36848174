import { LOCAL_MODEL_SERVERS, type LocalModelServersResponse } from '@cofounder/shared';
import type { Config } from '../../config.ts';
import { AppError } from '../../http/errors.ts';
import { scanLocalModelServers, type ScanOptions } from '../../providers/ai/local-servers.ts';

/** The scan cache of one server process: main's start-up scan, then what the routes answer and rescan. */
export interface LocalServersService {
  /** The last scan's answer: the one under way, or the first, started now (main starts it before listening). */
  latest(): Promise<LocalModelServersResponse>;
  /** "Scan again": a fresh scan; 429 within the cooldown of the last one that started. */
  rescan(): Promise<LocalModelServersResponse>;
}

export interface LocalServersOptions extends ScanOptions {
  /** Wall clock of the cooldown (per process, like the scan itself). */
  now?: () => number;
}

export function createLocalServersService(options: LocalServersOptions = {}): LocalServersService {
  const now = options.now ?? Date.now;
  let last: Promise<LocalModelServersResponse> | null = null;
  let startedAt = Number.NEGATIVE_INFINITY;
  const scan = () => {
    startedAt = now();
    last = scanLocalModelServers(options).then((servers) => ({
      success: true as const,
      servers,
      scannedAt: new Date(now()).toISOString(),
    }));
    return last;
  };
  return {
    latest: () => last ?? scan(),
    rescan() {
      const waitMs = startedAt + LOCAL_MODEL_SERVERS.rescanCooldownMs - now();
      if (waitMs > 0) {
        throw AppError.rateLimited(LOCAL_MODEL_SERVERS.scanTooSoonText, Math.ceil(waitMs / 1000));
      }
      return scan();
    },
  };
}

const services = new WeakMap<Config, LocalServersService>();

/**
 * The one scan cache of a running server, keyed by its config (main and every router get the same object). The
 * options count only when it is first asked for: tests point it at their fake servers before the app starts.
 */
export function localServersFor(config: Config, options?: LocalServersOptions): LocalServersService {
  let service = services.get(config);
  if (!service) {
    service = createLocalServersService(options);
    services.set(config, service);
  }
  return service;
}
