import Router from '@koa/router';
import {
  PLATFORM_NAMES,
  ConnectionPlatform,
  SaveConnectionBody,
  ServiceConnectionsBody,
  type ConnectCodeResponse,
  type ConnectionsResponse,
  type ConnectionView,
  type OAuthSuccessData,
  type SaveConnectionResponse,
  type ServiceConnectionsResponse,
} from '@cofounder/shared';
import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import { oauthStates, socialConnections } from '../../db/schema.ts';
import { currentUser } from '../../http/auth.ts';
import { AppError } from '../../http/errors.ts';
import { parseInput } from '../../http/validate.ts';
import { SocialProviderError, type SocialPlatform } from '../../providers/social/port.ts';
import { requeueWaitingConnection } from '../publishing/publish.service.ts';
import { runStored } from '../tasks/tasks.service.ts';
import type { FeatureRouter } from '../types.ts';
import { decryptToken, encryptToken, pkceChallenge, randomToken, sha256 } from './crypto.ts';
import { issueConnectCode, redeemConnectCode } from './connect-codes.repo.ts';
import { connectedPlatforms, connectionOf, connectionsOf, resumePaused, toView } from './connections.repo.ts';
import { oauthPage } from './oauth.page.ts';

const TEN_MINUTES = 10 * 60_000;
const SOCIAL = ['twitter', 'reddit'] as const;
const isSocial = (p: string): p is SocialPlatform => (SOCIAL as readonly string[]).includes(p);

/**
 * Social connections (spec 1 §7, spec 2 §3-§5). The OAuth popup: POST /api/user/connections/{platform}/code
 * (bearer) → window at GET /auth/{platform}?userId=&code= (a window cannot send a bearer header, and a bearer in a
 * URL is kept in history and logs, so the URL carries a single-use code) → provider → GET /auth/{platform}/callback,
 * which stores the encrypted tokens unconfirmed and posts `oauth-success` with a single-use confirmation handle to
 * the dashboard; the dashboard confirms with POST /api/user/connections/{platform}, which resumes the founder's
 * Need Login tasks and queues their approved posts that were waiting for a connection.
 */
export const connectionsRoutes: FeatureRouter = ({ config, database, now, queue, publisher, social, tokenKey, log }) => {
  const { db } = database;
  const router = new Router();
  const origin = config.publicUrl;
  const redirectUri = (p: SocialPlatform) => `${config.publicUrl}/auth/${p}/callback`;
  const at = () => new Date(now());
  const errorPage = (ctx: Parameters<typeof oauthPage>[0], status: number, text: string, platform?: string) =>
    oauthPage(ctx, status, {
      title: 'Connection failed',
      text,
      message: { type: 'oauth-error', error: text, ...(platform ? { platform } : {}) },
      targetOrigin: origin,
    });

  router.get('/auth/:platform', async (ctx) => {
    const platform = ctx.params.platform!;
    if (platform === 'linkedin') {
      oauthPage(ctx, 200, { title: 'LinkedIn is coming soon', text: 'LinkedIn is coming soon. You can close this window.', targetOrigin: origin });
      return;
    }
    if (!isSocial(platform)) return; // falls through to 404
    // Only a code: a bearer token in the URL (the old ?access_token=) is never read.
    const code = typeof ctx.query.code === 'string' ? ctx.query.code : '';
    const userId = code ? await redeemConnectCode(db, code, platform, at()) : null;
    if (!userId) {
      oauthPage(ctx, 401, { title: 'Sign in required', text: 'This connect link is invalid or has expired. Click Connect again.', targetOrigin: origin });
      return;
    }
    if (ctx.query.userId !== userId) {
      oauthPage(ctx, 403, { title: 'Not allowed', text: 'You can only connect accounts for yourself.', targetOrigin: origin });
      return;
    }
    const provider = social[platform];
    if (!provider) {
      errorPage(ctx, 200, `${PLATFORM_NAMES[platform]} is not configured on this server`, platform);
      return;
    }
    const state = randomToken(32);
    const verifierValue = randomToken(48);
    await db.delete(oauthStates).where(lt(oauthStates.createdAt, new Date(now() - TEN_MINUTES)));
    await db.insert(oauthStates).values({
      stateHash: sha256(state),
      userId,
      platform,
      codeVerifierEnc: encryptToken(tokenKey, verifierValue),
      redirectUri: redirectUri(platform),
      createdAt: at(),
    });
    ctx.set('Cache-Control', 'no-store');
    ctx.set('Referrer-Policy', 'no-referrer');
    ctx.redirect(provider.authorizeUrl({ state, codeChallenge: pkceChallenge(verifierValue), redirectUri: redirectUri(platform) }));
  });

  router.get('/auth/:platform/callback', async (ctx) => {
    const platform = ctx.params.platform!;
    if (!isSocial(platform)) return;
    const provider = social[platform];
    const state = typeof ctx.query.state === 'string' ? ctx.query.state : '';
    // Claim the state atomically: only one callback may use it, within 10 minutes, for this platform.
    const [claimed] = state
      ? await db
          .update(oauthStates)
          .set({ usedAt: at() })
          .where(
            and(
              eq(oauthStates.stateHash, sha256(state)),
              eq(oauthStates.platform, platform),
              isNull(oauthStates.usedAt),
              gt(oauthStates.createdAt, new Date(now() - TEN_MINUTES)),
            ),
          )
          .returning()
      : [];
    if (!claimed || !provider) {
      errorPage(ctx, 400, 'This sign-in link is invalid or has expired. Please try connecting again.', platform);
      return;
    }
    if (typeof ctx.query.error === 'string') {
      const text = ctx.query.error === 'access_denied' ? `You declined access to ${PLATFORM_NAMES[platform]}.` : `${PLATFORM_NAMES[platform]} reported an error: ${ctx.query.error.slice(0, 80)}`;
      errorPage(ctx, 200, text, platform);
      return;
    }
    const code = typeof ctx.query.code === 'string' ? ctx.query.code : '';
    const codeVerifier = decryptToken(tokenKey, claimed.codeVerifierEnc);
    if (!code || !codeVerifier) {
      errorPage(ctx, 400, 'The sign-in answer was incomplete. Please try connecting again.', platform);
      return;
    }
    let tokens, profile;
    try {
      tokens = await provider.exchangeCode({ code, codeVerifier, redirectUri: claimed.redirectUri });
      profile = await provider.profile(tokens.accessToken);
    } catch (err) {
      if (!(err instanceof SocialProviderError)) throw err;
      log.warn({ platform, err: err.message }, 'oauth callback failed');
      errorPage(ctx, 200, `Could not connect ${PLATFORM_NAMES[platform]}: ${err.message}`, platform);
      return;
    }
    const handle = randomToken(32);
    const values = {
      displayName: profile.displayName,
      username: profile.username,
      accessTokenEnc: encryptToken(tokenKey, tokens.accessToken),
      refreshTokenEnc: tokens.refreshToken ? encryptToken(tokenKey, tokens.refreshToken) : null,
      expiresAt: tokens.expiresIn ? new Date(now() + tokens.expiresIn * 1000) : null,
      scope: tokens.scope,
      error: null,
      confirmHandleHash: sha256(handle),
      confirmExpiresAt: new Date(now() + TEN_MINUTES),
      connected: false,
      updatedAt: at(),
    };
    await db
      .insert(socialConnections)
      .values({ userId: claimed.userId, platform, ...values })
      .onConflictDoUpdate({ target: [socialConnections.userId, socialConnections.platform], set: values });
    const data: OAuthSuccessData = { platform, accessToken: handle, refreshToken: null, profile };
    oauthPage(ctx, 200, {
      title: `${PLATFORM_NAMES[platform]} connected`,
      text: 'You can close this window.',
      message: { type: 'oauth-success', data },
      targetOrigin: origin,
    });
  });

  const platformParam = (value: string | undefined): SocialPlatform => {
    const parsed = ConnectionPlatform.safeParse(value);
    if (!parsed.success || !isSocial(parsed.data)) throw new AppError('not_found', 'Unknown platform');
    return parsed.data;
  };

  router.post('/api/user/connections/:platform/code', async (ctx) => {
    const { code, expiresAt } = await issueConnectCode(db, currentUser(ctx).id, platformParam(ctx.params.platform), at());
    ctx.set('Cache-Control', 'no-store'); // it opens a connection for the founder
    const body: ConnectCodeResponse = { success: true, code, expiresAt: expiresAt.toISOString() };
    ctx.body = body;
  });

  router.get('/api/user/connections', async (ctx) => {
    const rows = await connectionsOf(db, currentUser(ctx).id);
    const connections: Partial<Record<SocialPlatform, ConnectionView>> = {};
    for (const row of rows) connections[row.platform] = toView(row, tokenKey);
    const body: ConnectionsResponse = { success: true, details: { connections } };
    ctx.body = body;
  });

  router.post('/api/user/connections/:platform', async (ctx) => {
    const platform = platformParam(ctx.params.platform);
    const userId = currentUser(ctx).id;
    const input = parseInput(SaveConnectionBody, ctx.request.body);
    const [row] = await db
      .update(socialConnections)
      .set({ connected: true, lastSync: at(), confirmHandleHash: null, confirmExpiresAt: null, updatedAt: at() })
      .where(
        and(
          eq(socialConnections.userId, userId),
          eq(socialConnections.platform, platform),
          eq(socialConnections.confirmHandleHash, sha256(input.accessToken)),
          gt(socialConnections.confirmExpiresAt, at()),
        ),
      )
      .returning();
    if (!row) throw new AppError('bad_request', 'This connection could not be confirmed. Please connect again.', 'accessToken');
    const connected = await connectedPlatforms(db, userId);
    const resumed = await resumePaused(db, userId, connected, at());
    await runStored(queue, resumed);
    const waitingPosts = await requeueWaitingConnection(db, userId, connected);
    if (waitingPosts.length) await publisher?.enqueue(waitingPosts);
    const body: SaveConnectionResponse = { success: true, details: { connection: toView(row, tokenKey), resumedTasks: resumed.length } };
    ctx.body = body;
  });

  router.delete('/api/user/connections/:platform', async (ctx) => {
    const platform = platformParam(ctx.params.platform);
    const userId = currentUser(ctx).id;
    const row = await connectionOf(db, userId, platform);
    const provider = social[platform];
    if (row && provider) {
      for (const [sealed, kind] of [
        [row.refreshTokenEnc, 'refresh_token'],
        [row.accessTokenEnc, 'access_token'],
      ] as const) {
        const token = sealed ? decryptToken(tokenKey, sealed) : null;
        if (!token) continue;
        try {
          await provider.revoke(token, kind);
        } catch (err) {
          log.warn({ platform, err: err instanceof Error ? err.message : String(err) }, 'revoke failed (connection deleted anyway)');
        }
      }
    }
    await db.delete(socialConnections).where(and(eq(socialConnections.userId, userId), eq(socialConnections.platform, platform)));
    ctx.body = { success: true };
  });

  // Spec 1 §4, §7 ask only that the dashboard push its map. Nothing is stored: the agents read connections from
  // social_connections (connectedPlatforms, usableAccessToken), the records this map of token-free views mirrors.
  router.post('/api/agents/service-connections', async (ctx) => {
    parseInput(ServiceConnectionsBody, ctx.request.body);
    const body: ServiceConnectionsResponse = { success: true, stored: false };
    ctx.body = body;
  });

  return router;
};
