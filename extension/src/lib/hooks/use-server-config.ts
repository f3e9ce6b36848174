import { useEffect, useState } from 'react';
import type { PublicConfig } from '@cofounder/shared';
import { workerApi } from '../worker-client.ts';

/** What a page knows about the server: still asking, unreachable, or its public configuration. */
export type ServerConfig =
  { status: 'loading' } | { status: 'offline' } | { status: 'ready'; config: PublicConfig };

/** Reads `GET /api/config` from the server (through the worker, which times out a silent server); a new
 * `attempt` asks again. */
export function useServerConfig(serverUrl: string | null, attempt: number): ServerConfig {
  const key = `${serverUrl ?? ''}#${attempt}`;
  const [result, setResult] = useState<{ key: string; state: ServerConfig } | null>(null);

  useEffect(() => {
    if (!serverUrl) return;
    let live = true;
    workerApi(serverUrl)
      .config()
      .then(
        (config) => live && setResult({ key, state: { status: 'ready', config } }),
        () => live && setResult({ key, state: { status: 'offline' } }),
      );
    return () => {
      live = false;
    };
  }, [serverUrl, key]);

  return result?.key === key ? result.state : { status: 'loading' };
}
