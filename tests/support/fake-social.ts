/** Where the end-to-end run's fake X and Reddit listen, the credentials the app is given, and their profiles. */
export const FAKE_X = {
  port: Number(process.env.E2E_FAKE_X_PORT ?? 3110),
  clientId: 'e2e-x-client',
  clientSecret: 'e2e-x-secret',
  /** The profile the fake's users/me answers. */
  username: 'ada_builds',
};

export const FAKE_REDDIT = {
  port: Number(process.env.E2E_FAKE_REDDIT_PORT ?? 3111),
  clientId: 'e2e-reddit-client',
  clientSecret: 'e2e-reddit-secret',
  /** The profile the fake's api/v1/me answers. */
  username: 'ada_reddit',
};

const origin = (port: number) => `http://127.0.0.1:${port}`;

/** The app's environment for both fakes. */
export function fakeSocialEnv(): Record<string, string> {
  return {
    X_CLIENT_ID: FAKE_X.clientId,
    X_CLIENT_SECRET: FAKE_X.clientSecret,
    X_AUTHORIZE_URL: `${origin(FAKE_X.port)}/i/oauth2/authorize`,
    X_API_BASE_URL: origin(FAKE_X.port),
    REDDIT_CLIENT_ID: FAKE_REDDIT.clientId,
    REDDIT_CLIENT_SECRET: FAKE_REDDIT.clientSecret,
    REDDIT_AUTHORIZE_URL: `${origin(FAKE_REDDIT.port)}/api/v1/authorize`,
    REDDIT_AUTH_BASE_URL: origin(FAKE_REDDIT.port),
    REDDIT_API_BASE_URL: origin(FAKE_REDDIT.port),
  };
}

/** What the fake published (its inspection endpoint; no tokens), newest last. */
export async function postsOn(fake: { port: number }): Promise<Record<string, string>[]> {
  const res = await fetch(`${origin(fake.port)}/__fake/posts`);
  if (!res.ok) throw new Error(`fake posts: HTTP ${res.status}`);
  const body = (await res.json()) as { posts: { fields: Record<string, string> }[] };
  return body.posts.map((p) => p.fields);
}
