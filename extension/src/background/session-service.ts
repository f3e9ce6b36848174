import { browser } from 'wxt/browser';
import { isUsableToken } from '@cofounder/shared';
import { clearStoredSession } from '../lib/auth-storage.ts';
import { SessionMessage, type SessionReply } from '../lib/worker-protocol.ts';
import { isExtensionPage } from './extension-page.ts';
import { supabaseFor } from './worker-session.ts';

/** Answers the extension's own pages (never a content script or a web page) asking for the session. */
export function startSessionService(): void {
  browser.runtime.onMessage.addListener((message: unknown, sender, sendResponse) => {
    const parsed = SessionMessage.safeParse(message);
    if (!parsed.success || !isExtensionPage(sender)) return;
    const reply = parsed.data.op === 'get' ? currentSession(parsed.data.serverUrl) : signOut(parsed.data);
    reply.then(sendResponse, () => sendResponse({ session: null } satisfies SessionReply));
    return true; // answered asynchronously
  });
}

async function currentSession(serverUrl: string): Promise<SessionReply> {
  const supabase = await supabaseFor(serverUrl);
  // getSession() refreshes an expired access token with the stored refresh token.
  const session = (await supabase.auth.getSession()).data.session;
  if (!session || !isUsableToken(session.access_token)) return { session: null };
  return {
    session: {
      accessToken: session.access_token,
      user: { id: session.user.id, email: session.user.email ?? '' },
    },
  };
}

async function signOut({ serverUrl }: { serverUrl: string }): Promise<SessionReply> {
  const supabase = await supabaseFor(serverUrl).catch(() => null);
  // Scope 'local' ends the extension's own session only: the default ('global') would end every session of the
  // founder, the dashboard's too. Signing out must work even when the server cannot be told: then forget it here.
  const { error } = supabase ? await supabase.auth.signOut({ scope: 'local' }) : { error: true };
  if (error) await clearStoredSession();
  return { session: null };
}
