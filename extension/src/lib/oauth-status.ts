// zod/mini: this file is on the popup's path, which must stay light (the full zod is ~30 KB gzip).
import * as z from 'zod/mini';
import { browser } from 'wxt/browser';

/** The platforms the extension connects (LinkedIn is "coming soon" on the server). */
export const SOCIAL_PLATFORMS = ['twitter', 'reddit'] as const;
export const SocialPlatform = z.enum(SOCIAL_PLATFORMS);
export type SocialPlatform = z.infer<typeof SocialPlatform>;

/** An extension page asks the background to run the server's OAuth flow for one platform. */
export const OAuthConnectMessage = z.object({ type: z.literal('oauth:connect'), platform: SocialPlatform });
export type OAuthConnectMessage = z.infer<typeof OAuthConnectMessage>;

/** Where a flow the background runs stands; pages read it from storage (the popup closes as the window opens). */
export const OAuthStatus = z.discriminatedUnion('state', [
  z.object({ state: z.literal('connecting') }),
  z.object({ state: z.literal('connected'), username: z.string(), resumedTasks: z.int() }),
  z.object({ state: z.literal('error'), error: z.string() }),
]);
export type OAuthStatus = z.infer<typeof OAuthStatus>;

// Session storage: a flow's outcome is for the founder who is connecting now, not for next week's browser.
const keyOf = (platform: SocialPlatform) => `oauthStatus:${platform}`;

export async function saveOAuthStatus(platform: SocialPlatform, status: OAuthStatus): Promise<void> {
  await browser.storage.session.set({ [keyOf(platform)]: status });
}

/** The stored status, validated (storage is shared by every extension context); null when there is none. */
export async function readOAuthStatus(platform: SocialPlatform): Promise<OAuthStatus | null> {
  const parsed = OAuthStatus.safeParse((await browser.storage.session.get(keyOf(platform)))[keyOf(platform)]);
  return parsed.success ? parsed.data : null;
}

/** Forgets a finished flow's outcome once a page has shown it. */
export async function clearOAuthStatus(platform: SocialPlatform): Promise<void> {
  await browser.storage.session.remove(keyOf(platform));
}

/** Calls `onChange` with every new status of the platform (removals are not reported). */
export function watchOAuthStatus(platform: SocialPlatform, onChange: (status: OAuthStatus) => void): () => void {
  const listener = (changes: Record<string, { newValue?: unknown }>, area: string) => {
    const parsed = OAuthStatus.safeParse(changes[keyOf(platform)]?.newValue);
    if (area === 'session' && parsed.success) onChange(parsed.data);
  };
  browser.storage.onChanged.addListener(listener);
  return () => browser.storage.onChanged.removeListener(listener);
}

/** Asks the background to connect the platform; the outcome arrives through the stored status. */
export function requestConnect(platform: SocialPlatform): Promise<unknown> {
  const message: OAuthConnectMessage = { type: 'oauth:connect', platform };
  return browser.runtime.sendMessage(message);
}
