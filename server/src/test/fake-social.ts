import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';

export interface FakeSocialOptions {
  platform: 'twitter' | 'reddit';
  clientId: string;
  clientSecret: string;
  /** Fixed port (end-to-end runs configure the app before it starts); 0 or unset picks a free one. */
  port?: number;
}

export interface FakeSocial {
  /** The loopback origin: authorize, token, revoke, profile and posting all live here. */
  baseUrl: string;
  /** Env for this platform pointing every URL at the fake. */
  env: Record<string, string>;
  /** Every access / refresh token issued, in order. */
  issued: { accessToken: string; refreshToken: string }[];
  /** Tokens revoked through the revoke endpoint. */
  revoked: string[];
  /** Every request path, in order. */
  requests: { method: string; path: string; userAgent: string | undefined }[];
  /** The profile `me` returns. */
  profile: { displayName: string; username: string };
  /** Posts published through the API (X: tweets, Reddit: submit), with the bearer used. */
  posts: { token: string; fields: Record<string, string> }[];
  /** Answer the authorize page with ?error=access_denied instead of a code. */
  deny: boolean;
  /** Answer the next N posts 429 with the platform's reset header (X: epoch seconds, Reddit: seconds from now). */
  rateLimitNext: number;
  /** Seconds the 429's reset header asks to wait. */
  rateLimitResetSeconds: number;
  /** Answer the next N posts with `failStatus` (503 unless set). */
  failNext: number;
  failStatus: number;
  close(): Promise<void>;
}

const json = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
};

async function formOf(req: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

/**
 * A fake X or Reddit OAuth server on 127.0.0.1: the authorize page redirects at once with a code (tests follow
 * it), the token endpoint checks basic auth, the redirect URI and the PKCE S256 verifier, refresh rotates, revoke
 * forgets, and the profile endpoint answers only a live bearer token. Posting can be made to answer 429 or
 * fail, and GET /__fake/posts shows what was posted (no tokens) to end-to-end tests.
 */
export async function startFakeSocial(options: FakeSocialOptions): Promise<FakeSocial> {
  const codes = new Map<string, { challenge: string; redirectUri: string }>();
  const live = new Set<string>();
  const refreshes = new Set<string>();
  const basic = `Basic ${Buffer.from(`${options.clientId}:${options.clientSecret}`).toString('base64')}`;
  const tokenPath = options.platform === 'twitter' ? '/2/oauth2/token' : '/api/v1/access_token';
  const revokePath = options.platform === 'twitter' ? '/2/oauth2/revoke' : '/api/v1/revoke_token';
  const mePath = options.platform === 'twitter' ? '/2/users/me' : '/api/v1/me';
  const authorizePath = options.platform === 'twitter' ? '/i/oauth2/authorize' : '/api/v1/authorize';

  const issue = () => {
    const pair = { accessToken: `fake-at-${randomBytes(18).toString('hex')}`, refreshToken: `fake-rt-${randomBytes(18).toString('hex')}` };
    live.add(pair.accessToken);
    refreshes.add(pair.refreshToken);
    fake.issued.push(pair);
    return { access_token: pair.accessToken, refresh_token: pair.refreshToken, token_type: 'bearer', expires_in: 7200, scope: 'granted' };
  };

  const server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://fake');
      fake.requests.push({ method: req.method ?? 'GET', path: url.pathname, userAgent: req.headers['user-agent'] });
      if (req.method === 'GET' && url.pathname === authorizePath) {
        const q = url.searchParams;
        const redirect = new URL(q.get('redirect_uri') ?? '');
        redirect.searchParams.set('state', q.get('state') ?? '');
        if (fake.deny || q.get('client_id') !== options.clientId) redirect.searchParams.set('error', 'access_denied');
        else {
          const code = randomBytes(12).toString('hex');
          if (q.get('code_challenge_method') === 'S256' && q.get('code_challenge'))
            codes.set(code, { challenge: q.get('code_challenge')!, redirectUri: q.get('redirect_uri')! });
          redirect.searchParams.set('code', code);
        }
        res.writeHead(302, { location: redirect.toString() });
        res.end();
        return;
      }
      if (req.method === 'POST' && (url.pathname === tokenPath || url.pathname === revokePath)) {
        if (req.headers.authorization !== basic) return json(res, 401, { error: 'invalid_client' });
        const form = await formOf(req);
        if (url.pathname === revokePath) {
          const token = form.get('token') ?? '';
          live.delete(token);
          refreshes.delete(token);
          fake.revoked.push(token);
          return json(res, 200, {});
        }
        if (form.get('grant_type') === 'authorization_code') {
          const entry = codes.get(form.get('code') ?? '');
          codes.delete(form.get('code') ?? '');
          const verifier = form.get('code_verifier') ?? '';
          if (!entry || !verifier) return json(res, 400, { error: 'invalid_grant' });
          if (createHash('sha256').update(verifier).digest('base64url') !== entry.challenge) return json(res, 400, { error: 'invalid_grant' });
          if (form.get('redirect_uri') !== entry.redirectUri) return json(res, 400, { error: 'invalid_grant' });
          return json(res, 200, issue());
        }
        if (form.get('grant_type') === 'refresh_token') {
          const rt = form.get('refresh_token') ?? '';
          if (!refreshes.delete(rt)) return json(res, 400, { error: 'invalid_grant' });
          return json(res, 200, issue());
        }
        return json(res, 400, { error: 'unsupported_grant_type' });
      }
      if (req.method === 'GET' && url.pathname === mePath) {
        const token = (req.headers.authorization ?? '').replace(/^bearer /i, '');
        if (!live.has(token)) return json(res, 401, { error: 'unauthorized' });
        if (options.platform === 'twitter')
          return json(res, 200, { data: { id: '42', name: fake.profile.displayName, username: fake.profile.username } });
        return json(res, 200, { name: fake.profile.username, subreddit: { title: fake.profile.displayName } });
      }
      if (req.method === 'GET' && url.pathname === '/__fake/posts') {
        return json(res, 200, { posts: fake.posts.map(({ fields }) => ({ fields })) });
      }
      const publishPath = options.platform === 'twitter' ? '/2/tweets' : '/api/submit';
      if (req.method === 'POST' && url.pathname === publishPath) {
        const token = (req.headers.authorization ?? '').replace(/^bearer /i, '');
        if (!live.has(token)) return json(res, 401, { error: 'unauthorized' });
        if (fake.rateLimitNext > 0) {
          fake.rateLimitNext -= 1;
          const reset =
            options.platform === 'twitter'
              ? { 'x-rate-limit-reset': String(Math.ceil(Date.now() / 1000 + fake.rateLimitResetSeconds)) }
              : { 'x-ratelimit-reset': String(fake.rateLimitResetSeconds) };
          res.writeHead(429, { 'content-type': 'application/json', ...reset });
          res.end(JSON.stringify({ error: 'rate_limited' }));
          return;
        }
        if (fake.failNext > 0) {
          fake.failNext -= 1;
          return json(res, fake.failStatus, { error: fake.failStatus >= 500 ? 'service_unavailable' : 'rejected' });
        }
        const chunks: Buffer[] = [];
        for await (const chunk of req) chunks.push(chunk as Buffer);
        const raw = Buffer.concat(chunks).toString('utf8');
        const fields: Record<string, string> =
          options.platform === 'twitter' ? (JSON.parse(raw) as Record<string, string>) : Object.fromEntries(new URLSearchParams(raw));
        fake.posts.push({ token, fields });
        const id = String(fake.posts.length);
        if (options.platform === 'twitter') return json(res, 201, { data: { id: `17${id}`, text: fields.text } });
        return json(res, 200, { json: { errors: [], data: { url: `https://www.reddit.com/r/${fields.sr}/comments/abc${id}/post/`, id: `abc${id}` } } });
      }
      json(res, 404, { error: 'not_found' });
    })().catch(() => json(res, 500, { error: 'server_error' }));
  });
  await new Promise<void>((done) => server.listen(options.port ?? 0, '127.0.0.1', done));
  const baseUrl = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  const env: Record<string, string> =
    options.platform === 'twitter'
      ? {
          X_CLIENT_ID: options.clientId,
          X_CLIENT_SECRET: options.clientSecret,
          X_AUTHORIZE_URL: `${baseUrl}/i/oauth2/authorize`,
          X_API_BASE_URL: baseUrl,
        }
      : {
          REDDIT_CLIENT_ID: options.clientId,
          REDDIT_CLIENT_SECRET: options.clientSecret,
          REDDIT_AUTHORIZE_URL: `${baseUrl}/api/v1/authorize`,
          REDDIT_AUTH_BASE_URL: baseUrl,
          REDDIT_API_BASE_URL: baseUrl,
        };
  const fake: FakeSocial = {
    baseUrl,
    env,
    issued: [],
    revoked: [],
    requests: [],
    posts: [],
    profile: options.platform === 'twitter' ? { displayName: 'Ada <Lovelace>', username: 'ada_builds' } : { displayName: 'Ada R', username: 'ada_reddit' },
    deny: false,
    rateLimitNext: 0,
    rateLimitResetSeconds: 1,
    failNext: 0,
    failStatus: 503,
    close: () =>
      new Promise((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
  return fake;
}
