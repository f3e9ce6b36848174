import { PLATFORM_NAMES } from '@cofounder/shared';
import { and, eq } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Db } from '../../db/client.ts';
import { socialConnections } from '../../db/schema.ts';
import type { SocialPlatform, SocialProviders } from '../../providers/social/port.ts';
import { decryptToken, encryptToken } from '../../security/crypto.ts';
import { connectionOf, UNREADABLE } from './connections.repo.ts';

/** A stored access token within this long of its expiry is refreshed before use. */
export const REFRESH_MARGIN_MS = 5 * 60_000;


export interface TokenDeps {
  db: Db;
  social: SocialProviders;
  tokenKey: Buffer;
  now: () => number;
  log: Logger;
}

async function markError(db: Db, userId: string, platform: SocialPlatform, error: string, at: Date): Promise<void> {
  await db
    .update(socialConnections)
    .set({ error, updatedAt: at })
    .where(and(eq(socialConnections.userId, userId), eq(socialConnections.platform, platform)));
}

/**
 * The founder's usable access token for a connected platform, refreshed first when it expires within 5 minutes.
 * Unreadable credentials or a failed refresh put the connection in the Error state and answer null.
 */
export async function usableAccessToken(
  deps: TokenDeps,
  userId: string,
  platform: SocialPlatform,
): Promise<{ accessToken: string; username: string | null } | null> {
  const { db, tokenKey, now } = deps;
  const row = await connectionOf(db, userId, platform);
  const provider = deps.social[platform];
  if (!row || !row.connected || row.error || !provider) return null;
  const at = new Date(now());
  const access = row.accessTokenEnc ? decryptToken(tokenKey, row.accessTokenEnc) : null;
  if (!access) {
    await markError(db, userId, platform, UNREADABLE, at);
    return null;
  }
  if (!row.expiresAt || row.expiresAt.getTime() - now() > REFRESH_MARGIN_MS) return { accessToken: access, username: row.username };
  const refresh = row.refreshTokenEnc ? decryptToken(tokenKey, row.refreshTokenEnc) : null;
  if (!refresh) {
    await markError(db, userId, platform, `Your ${PLATFORM_NAMES[platform]} session expired. Please reconnect.`, at);
    return null;
  }
  try {
    const tokens = await provider.refresh(refresh);
    await db
      .update(socialConnections)
      .set({
        accessTokenEnc: encryptToken(tokenKey, tokens.accessToken),
        refreshTokenEnc: encryptToken(tokenKey, tokens.refreshToken ?? refresh),
        expiresAt: tokens.expiresIn ? new Date(now() + tokens.expiresIn * 1000) : null,
        lastSync: at,
        updatedAt: at,
      })
      .where(and(eq(socialConnections.userId, userId), eq(socialConnections.platform, platform)));
    return { accessToken: tokens.accessToken, username: row.username };
  } catch (err) {
    deps.log.warn({ platform, err: err instanceof Error ? err.message : String(err) }, 'token refresh failed');
    await markError(db, userId, platform, `${PLATFORM_NAMES[platform]} access was revoked or expired. Please reconnect.`, at);
    return null;
  }
}

// The part of this area other areas may use (they never import its repo: docs/architecture.md "Layers").
export { connectedPlatforms } from './connections.repo.ts';
