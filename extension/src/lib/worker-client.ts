import { browser } from 'wxt/browser';
import { ApiError, type Api } from '@cofounder/shared';
import type {
  ApiRelayMessage,
  ApiRelayReply,
  PageSession,
  RelayedMethod,
  SessionMessage,
  SessionReply,
} from './worker-protocol.ts';

export type { PageSession } from './worker-protocol.ts';

/** The stored session for a server, fresh (refreshed by the worker when expired); null when signed out. */
export async function requestSession(serverUrl: string): Promise<PageSession | null> {
  const message: SessionMessage = { type: 'session', op: 'get', serverUrl };
  const reply = (await browser.runtime.sendMessage(message)) as SessionReply | undefined;
  return reply?.session ?? null;
}

/** Signs the extension out through the worker; resolves once the stored session is gone. */
export async function requestSignOut(serverUrl: string): Promise<void> {
  const message: SessionMessage = { type: 'session', op: 'sign-out', serverUrl };
  await browser.runtime.sendMessage(message);
}

/** The API calls the popup and the options page make, answered by the worker (which validates the server's replies). */
export type WorkerApi = Pick<Api, RelayedMethod>;

async function relay(serverUrl: string, method: RelayedMethod, args: unknown[]): Promise<unknown> {
  const message = { type: 'api', serverUrl, method, args } as ApiRelayMessage;
  const reply = (await browser.runtime.sendMessage(message)) as ApiRelayReply | undefined;
  if (!reply) throw new ApiError(0, 'network', 'The extension did not answer');
  if (!reply.ok)
    throw new ApiError(reply.error.status, reply.error.code, reply.error.message, reply.error.field);
  return reply.value;
}

export function workerApi(serverUrl: string): WorkerApi {
  const call =
    <M extends RelayedMethod>(method: M) =>
    (...args: Parameters<Api[M]>) =>
      relay(serverUrl, method, args) as ReturnType<Api[M]>;
  return {
    config: call('config'),
    me: call('me'),
    usageDetails: call('usageDetails'),
    connections: call('connections'),
    modelSettings: call('modelSettings'),
    transcriptionStatus: call('transcriptionStatus'),
    tasks: call('tasks'),
  };
}
