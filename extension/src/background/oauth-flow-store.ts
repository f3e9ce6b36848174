import { z } from 'zod';
import { browser } from 'wxt/browser';
import { SocialPlatform } from '../lib/oauth-status.ts';

/** The flow under way: which window and tab the background watches, for which platform on which server. */
const Flow = z.object({
  platform: SocialPlatform,
  serverUrl: z.string(),
  windowId: z.number().int(),
  tabId: z.number().int(),
});
export type Flow = z.infer<typeof Flow>;

// Session storage: the MV3 worker may sleep while the founder is on X's consent page; the flow must outlive it.
const KEY = 'oauthFlow';

export async function saveFlow(flow: Flow): Promise<void> {
  await browser.storage.session.set({ [KEY]: flow });
}

export async function loadFlow(): Promise<Flow | null> {
  const parsed = Flow.safeParse((await browser.storage.session.get(KEY))[KEY]);
  return parsed.success ? parsed.data : null;
}

export async function clearFlow(): Promise<void> {
  await browser.storage.session.remove(KEY);
}
