import type { SocialApp } from '../../config.ts';
import { basicAuth, providerJson, SocialProviderError, tokensFrom, type SocialProvider } from './port.ts';

export const X_SCOPES = 'tweet.read tweet.write users.read offline.access';

/** X (Twitter) OAuth 2.0 Authorization Code with PKCE (confidential client: basic auth on the token endpoint). */
export function createXProvider(app: SocialApp): SocialProvider {
  const form = (params: Record<string, string>): RequestInit => ({
    method: 'POST',
    headers: { authorization: basicAuth(app), 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
    body: new URLSearchParams(params).toString(),
  });
  return {
    platform: 'twitter',
    authorizeUrl({ state, codeChallenge, redirectUri }) {
      const url = new URL(app.authorizeUrl);
      url.search = new URLSearchParams({
        response_type: 'code',
        client_id: app.clientId,
        redirect_uri: redirectUri,
        scope: X_SCOPES,
        state,
        code_challenge: codeChallenge,
        code_challenge_method: 'S256',
      }).toString();
      return url.toString();
    },
    async exchangeCode({ code, codeVerifier, redirectUri }) {
      const body = await providerJson(
        `${app.apiBaseUrl}/2/oauth2/token`,
        form({ grant_type: 'authorization_code', code, redirect_uri: redirectUri, code_verifier: codeVerifier, client_id: app.clientId }),
        'X token exchange',
      );
      return tokensFrom(body, 'X token exchange');
    },
    async refresh(refreshToken) {
      const body = await providerJson(
        `${app.apiBaseUrl}/2/oauth2/token`,
        form({ grant_type: 'refresh_token', refresh_token: refreshToken, client_id: app.clientId }),
        'X token refresh',
      );
      return tokensFrom(body, 'X token refresh');
    },
    async revoke(token, kind) {
      await providerJson(`${app.apiBaseUrl}/2/oauth2/revoke`, form({ token, token_type_hint: kind, client_id: app.clientId }), 'X revoke');
    },
    async profile(accessToken) {
      const body = await providerJson(
        `${app.apiBaseUrl}/2/users/me`,
        { headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json' } },
        'X profile',
      );
      const data = body.data as { name?: unknown; username?: unknown } | undefined;
      if (typeof data?.username !== 'string') throw new SocialProviderError('X profile failed: no username');
      return { displayName: typeof data.name === 'string' ? data.name : data.username, username: data.username };
    },
    async publish(accessToken, post, username) {
      if (post.platform !== 'twitter') throw new SocialProviderError('X can only publish X posts', 400);
      const body = await providerJson(
        `${app.apiBaseUrl}/2/tweets`,
        {
          method: 'POST',
          headers: { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json', accept: 'application/json' },
          body: JSON.stringify({ text: post.text }),
        },
        'X post',
      );
      const id = (body.data as { id?: unknown } | undefined)?.id;
      // Answered OK without an id: the post may be out, so this must not be retried (it could post twice).
      if (typeof id !== 'string') throw new SocialProviderError('X post failed: no post id', 200);
      return { link: `https://x.com/${encodeURIComponent(username ?? 'i')}/status/${encodeURIComponent(id)}` };
    },
  };
}
