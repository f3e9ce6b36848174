import {
  PLATFORM_NAMES,
  type ConnectionView,
  type OAuthSuccessData,
  type SaveConnectionResponse,
} from '@cofounder/shared';
import type { Logger } from 'pino';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import {
  SocialProviderError,
  type SocialPlatform,
  type SocialProviders,
} from '../../providers/social/port.ts';
import type { PublishScheduler } from '../../queue/publish-queue.ts';
import type { TaskQueue } from '../../queue/task-queue.ts';
import { requeueWaitingConnection } from '../publishing/publish.service.ts';
import { runStored } from '../tasks/tasks.service.ts';
import { decryptToken, encryptToken, pkceChallenge, randomToken, sha256 } from '../../security/crypto.ts';
import { issueConnectCode, redeemConnectCode } from './connect-codes.repo.ts';
import {
  confirmByHandle,
  connectedPlatforms,
  connectionOf,
  connectionsOf,
  deleteConnection,
  resumePaused,
  storeUnconfirmed,
  toView,
} from './connections.repo.ts';
import { claimOAuthState, saveOAuthState } from './oauth-states.repo.ts';

const TEN_MINUTES = 10 * 60_000;
const SOCIAL = ['twitter', 'reddit'] as const;
export const isSocial = (p: string): p is SocialPlatform => (SOCIAL as readonly string[]).includes(p);

/** What the OAuth popup shows: oauth.page.ts renders it (and posts `message` to the dashboard). */
export interface PopupPage {
  status: number;
  title: string;
  text: string;
  message?: unknown;
}

export interface ConnectionFlowDeps {
  config: Config;
  db: Db;
  now: () => number;
  queue: TaskQueue | null;
  publisher: PublishScheduler | null;
  social: SocialProviders;
  tokenKey: Buffer;
  log: Logger;
}

const failed = (status: number, text: string, platform?: SocialPlatform): PopupPage => ({
  status,
  title: 'Connection failed',
  text,
  message: { type: 'oauth-error', error: text, ...(platform ? { platform } : {}) },
});

/**
 * Social connections through the OAuth popup (spec 1 §7, spec 2 §3-§5): a single-use connect code opens the
 * window (a window cannot send a bearer header, and a bearer in a URL is kept in history and logs), the provider
 * answers the callback with PKCE, the tokens are stored sealed and unconfirmed, and the dashboard confirms them
 * with the handle the popup posted; confirming resumes the founder's Need Login tasks and queues their approved
 * posts that were waiting for a connection.
 */
export function connectionFlow({
  config,
  db,
  now,
  queue,
  publisher,
  social,
  tokenKey,
  log,
}: ConnectionFlowDeps) {
  const at = () => new Date(now());
  const redirectUri = (p: SocialPlatform) => `${config.publicUrl}/auth/${p}/callback`;

  return {
    issueCode: (userId: string, platform: SocialPlatform) => issueConnectCode(db, userId, platform, at()),

    /** The connect window's first step: the provider's authorize URL, or the page that says why not. */
    async start(
      platform: SocialPlatform,
      code: string,
      userIdParam: unknown,
    ): Promise<{ redirect: string } | PopupPage> {
      const userId = code ? await redeemConnectCode(db, code, platform, at()) : null;
      if (!userId) {
        return {
          status: 401,
          title: 'Sign in required',
          text: 'This connect link is invalid or has expired. Click Connect again.',
        };
      }
      if (userIdParam !== userId) {
        return { status: 403, title: 'Not allowed', text: 'You can only connect accounts for yourself.' };
      }
      const provider = social[platform];
      if (!provider)
        return failed(200, `${PLATFORM_NAMES[platform]} is not configured on this server`, platform);
      const state = randomToken(32);
      const verifier = randomToken(48);
      await saveOAuthState(
        db,
        {
          stateHash: sha256(state),
          userId,
          platform,
          codeVerifierEnc: encryptToken(tokenKey, verifier),
          redirectUri: redirectUri(platform),
          createdAt: at(),
        },
        TEN_MINUTES,
      );
      return {
        redirect: provider.authorizeUrl({
          state,
          codeChallenge: pkceChallenge(verifier),
          redirectUri: redirectUri(platform),
        }),
      };
    },

    /** The provider's answer: stores the tokens unconfirmed and posts `oauth-success` with a confirmation handle. */
    async callback(platform: SocialPlatform, query: Record<string, unknown>): Promise<PopupPage> {
      const provider = social[platform];
      const state = typeof query.state === 'string' ? query.state : '';
      const claimed = state ? await claimOAuthState(db, sha256(state), platform, at(), TEN_MINUTES) : null;
      if (!claimed || !provider) {
        return failed(
          400,
          'This sign-in link is invalid or has expired. Please try connecting again.',
          platform,
        );
      }
      if (typeof query.error === 'string') {
        const name = PLATFORM_NAMES[platform];
        const text =
          query.error === 'access_denied'
            ? `You declined access to ${name}.`
            : `${name} reported an error: ${query.error.slice(0, 80)}`;
        return failed(200, text, platform);
      }
      const code = typeof query.code === 'string' ? query.code : '';
      const codeVerifier = decryptToken(tokenKey, claimed.codeVerifierEnc);
      if (!code || !codeVerifier)
        return failed(400, 'The sign-in answer was incomplete. Please try connecting again.', platform);
      let tokens, profile;
      try {
        tokens = await provider.exchangeCode({ code, codeVerifier, redirectUri: claimed.redirectUri });
        profile = await provider.profile(tokens.accessToken);
      } catch (err) {
        if (!(err instanceof SocialProviderError)) throw err;
        log.warn({ platform, err: err.message }, 'oauth callback failed');
        return failed(200, `Could not connect ${PLATFORM_NAMES[platform]}: ${err.message}`, platform);
      }
      const handle = randomToken(32);
      await storeUnconfirmed(db, claimed.userId, platform, {
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
      });
      const data: OAuthSuccessData = { platform, accessToken: handle, refreshToken: null, profile };
      return {
        status: 200,
        title: `${PLATFORM_NAMES[platform]} connected`,
        text: 'You can close this window.',
        message: { type: 'oauth-success', data },
      };
    },

    async list(userId: string): Promise<Partial<Record<SocialPlatform, ConnectionView>>> {
      const connections: Partial<Record<SocialPlatform, ConnectionView>> = {};
      for (const row of await connectionsOf(db, userId)) connections[row.platform] = toView(row, tokenKey);
      return connections;
    },

    /** The dashboard confirms the handle the popup posted; the founder's waiting work goes on. */
    async confirm(
      userId: string,
      platform: SocialPlatform,
      handle: string,
    ): Promise<SaveConnectionResponse['details']> {
      const row = await confirmByHandle(db, userId, platform, sha256(handle), at());
      if (!row)
        throw new AppError(
          'bad_request',
          'This connection could not be confirmed. Please connect again.',
          'accessToken',
        );
      const connected = await connectedPlatforms(db, userId);
      const resumed = await resumePaused(db, userId, connected, at());
      await runStored(queue, resumed);
      const waitingPosts = await requeueWaitingConnection(db, userId, connected);
      if (waitingPosts.length) await publisher?.enqueue(waitingPosts);
      return { connection: toView(row, tokenKey), resumedTasks: resumed.length };
    },

    /** Revokes both tokens at the provider (best effort) and deletes the connection either way. */
    async disconnect(userId: string, platform: SocialPlatform): Promise<void> {
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
            log.warn(
              { platform, err: err instanceof Error ? err.message : String(err) },
              'revoke failed (connection deleted anyway)',
            );
          }
        }
      }
      await deleteConnection(db, userId, platform);
    },
  };
}
