import { browser } from 'wxt/browser';

// The id of the JSON data block the server's callback page holds its message in
// (server/src/features/connections/oauth.page.ts, OAUTH_RESULT_ID).
const RESULT_ID = 'oauth-result';

export interface OAuthPage {
  /** The message the page would post to an opener, parsed; null when the page holds none. */
  message: unknown;
  /** The page's line of text, for pages without a message (sign-in required, not allowed). */
  text: string | null;
}

/**
 * Reads the result the server-rendered OAuth page holds. The page sits on the server's origin, a host the
 * extension may script; the data block is read as text and parsed here, never run.
 */
export async function readOAuthPage(tabId: number): Promise<OAuthPage> {
  const [injection] = await browser.scripting.executeScript({
    target: { tabId },
    func: (id: string) => ({
      json: document.getElementById(id)?.textContent ?? null,
      text: document.querySelector('p')?.textContent ?? null,
    }),
    args: [RESULT_ID],
  });
  const read = injection?.result as { json: string | null; text: string | null } | undefined;
  let message: unknown = null;
  try {
    message = read?.json ? JSON.parse(read.json) : null;
  } catch {
    message = null;
  }
  return { message, text: read?.text ?? null };
}
