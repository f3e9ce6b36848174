import { browser } from 'wxt/browser';
import { ExtensionExternalMessage, type ExtensionExternalReply } from '@cofounder/shared';
import { clearStoredSession } from '../lib/auth-storage.ts';
import { loadServerUrl } from '../lib/server-url.ts';
import { supabaseFor } from './worker-session.ts';

type Sender = { origin?: string; url?: string };

/** The page's origin as Chrome reports it (`origin`; older versions only give the URL). */
function originOf(sender: Sender): string | null {
  if (sender.origin) return sender.origin;
  try {
    return sender.url ? new URL(sender.url).origin : null;
  } catch {
    return null;
  }
}

/** Redeems the dashboard's one-use token at the server's auth for a session of the extension's own. */
async function signInWith(serverUrl: string, tokenHash: string): Promise<ExtensionExternalReply> {
  const supabase = await supabaseFor(serverUrl);
  const { data, error } = await supabase.auth.verifyOtp({ token_hash: tokenHash, type: 'magiclink' });
  if (error || !data.session) return { ok: false, error: error?.message ?? 'The hand-off was refused' };
  return { ok: true, email: data.session.user.email };
}

/** Answers one message from a web page; exported for its tests. */
export async function handleExternalMessage(message: unknown, sender: Sender): Promise<ExtensionExternalReply> {
  const parsed = ExtensionExternalMessage.safeParse(message);
  if (!parsed.success) return { ok: false, error: 'Unknown message' };
  // The manifest lets local pages (and the build's dashboard) message us at all; only the server this
  // extension is configured for may sign it in or out.
  const serverUrl = await loadServerUrl();
  if (originOf(sender) !== serverUrl) return { ok: false, error: 'This page is not the configured Cofounder server' };
  if (parsed.data.type === 'cofounder:signout') {
    await clearStoredSession();
    return { ok: true };
  }
  return signInWith(serverUrl, parsed.data.tokenHash);
}

/** "Connect extension" and sign-out from an open dashboard tab (externally_connectable messages). */
export function startHandoff(): void {
  browser.runtime.onMessageExternal.addListener((message: unknown, sender, sendResponse) => {
    handleExternalMessage(message, sender).then(sendResponse, (err: unknown) =>
      sendResponse({ ok: false, error: err instanceof Error ? err.message : 'The hand-off failed' }),
    );
    return true; // the answer comes asynchronously
  });
}
