import type { SocialApp } from '../../config.ts';
import { basicAuth, providerJson, SocialProviderError, tokensFrom, USER_AGENT, type SocialProvider } from './port.ts';

export const REDDIT_SCOPES = 'identity submit read';

/** Reddit OAuth 2.0 code flow (duration=permanent for a refresh token); a descriptive User-Agent on every call. */
export function createRedditProvider(app: SocialApp): SocialProvider {
  const form = (params: Record<string, string>): RequestInit => ({
    method: 'POST',
    headers: {
      authorization: basicAuth(app),
      'content-type': 'application/x-www-form-urlencoded',
      accept: 'application/json',
      'user-agent': USER_AGENT,
    },
    body: new URLSearchParams(params).toString(),
  });
  return {
    platform: 'reddit',
    authorizeUrl({ state, codeChallenge, redirectUri }) {
      const url = new URL(app.authorizeUrl);
      url.search = new URLSearchParams({
        client_id: app.clientId,
        response_type: 'code',
        state,
        redirect_uri: redirectUri,
        duration: 'permanent',
        scope: REDDIT_SCOPES,
        code_challenge: codeChallenge,
        code_challenge_method: 'S256',
      }).toString();
      return url.toString();
    },
    async exchangeCode({ code, codeVerifier, redirectUri }) {
      const body = await providerJson(
        `${app.authBaseUrl}/api/v1/access_token`,
        form({ grant_type: 'authorization_code', code, redirect_uri: redirectUri, code_verifier: codeVerifier }),
        'Reddit token exchange',
      );
      return tokensFrom(body, 'Reddit token exchange');
    },
    async refresh(refreshToken) {
      const body = await providerJson(
        `${app.authBaseUrl}/api/v1/access_token`,
        form({ grant_type: 'refresh_token', refresh_token: refreshToken }),
        'Reddit token refresh',
      );
      return tokensFrom(body, 'Reddit token refresh');
    },
    async revoke(token, kind) {
      await providerJson(`${app.authBaseUrl}/api/v1/revoke_token`, form({ token, token_type_hint: kind }), 'Reddit revoke');
    },
    async profile(accessToken) {
      const body = await providerJson(
        `${app.apiBaseUrl}/api/v1/me`,
        { headers: { authorization: `bearer ${accessToken}`, accept: 'application/json', 'user-agent': USER_AGENT } },
        'Reddit profile',
      );
      if (typeof body.name !== 'string') throw new SocialProviderError('Reddit profile failed: no name');
      const sub = body.subreddit as { title?: unknown } | undefined;
      const title = typeof sub?.title === 'string' && sub.title ? sub.title : body.name;
      return { displayName: title, username: body.name };
    },
    async publish(accessToken, post) {
      if (post.platform !== 'reddit') throw new SocialProviderError('Reddit can only publish Reddit posts', 400);
      const body = await providerJson(
        `${app.apiBaseUrl}/api/submit`,
        {
          method: 'POST',
          headers: {
            authorization: `bearer ${accessToken}`,
            'content-type': 'application/x-www-form-urlencoded',
            accept: 'application/json',
            'user-agent': USER_AGENT,
          },
          body: new URLSearchParams({ kind: 'self', sr: post.subreddit, title: post.title, text: post.body, api_type: 'json' }).toString(),
        },
        'Reddit post',
      );
      const json = body.json as { errors?: unknown[]; data?: { url?: unknown } } | undefined;
      // Reddit answers a refused post with 200 and `errors`: a request error, not worth retrying.
      if (json?.errors?.length) throw new SocialProviderError(`Reddit post failed: ${JSON.stringify(json.errors[0]).slice(0, 100)}`, 400);
      // Answered OK without a link: the post may be out, so this must not be retried (it could post twice).
      if (typeof json?.data?.url !== 'string') throw new SocialProviderError('Reddit post failed: no link', 200);
      return { link: json.data.url };
    },
  };
}
