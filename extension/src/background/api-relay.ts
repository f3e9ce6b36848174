import { browser } from 'wxt/browser';
import { ApiError } from '@cofounder/shared';
import { ApiRelayMessage, type ApiRelayReply } from '../lib/worker-protocol.ts';
import { isExtensionPage } from './extension-page.ts';
import { publicApi, workerSession } from './worker-session.ts';

/**
 * Makes the popup's and the options page's API calls (validated against the shared schemas here) and passes
 * back data or the error.
 */
export function startApiRelay(): void {
  browser.runtime.onMessage.addListener((message: unknown, sender, sendResponse) => {
    const parsed = ApiRelayMessage.safeParse(message);
    if (!parsed.success || !isExtensionPage(sender)) return;
    call(parsed.data).then(
      (value): void => sendResponse({ ok: true, value } satisfies ApiRelayReply),
      (error: unknown): void =>
        sendResponse({ ok: false, error: errorFields(error) } satisfies ApiRelayReply),
    );
    return true; // answered asynchronously
  });
}

async function call(message: ApiRelayMessage): Promise<unknown> {
  if (message.method === 'config') return publicApi(message.serverUrl).config();
  const session = await workerSession(message.serverUrl);
  if (!session) throw new ApiError(401, 'unauthorized', 'Not signed in');
  if (message.method === 'tasks') return session.api.tasks(...message.args);
  return session.api[message.method]();
}

function errorFields(error: unknown): Extract<ApiRelayReply, { ok: false }>['error'] {
  if (error instanceof ApiError)
    return { status: error.status, code: error.code, message: error.message, field: error.field };
  // fetch's own failure (refused, timed out): the page treats status 0 as "server unreachable".
  return { status: 0, code: 'network', message: error instanceof Error ? error.message : String(error) };
}
