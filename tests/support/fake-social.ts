/** Where the end-to-end run's fake X listens and the credentials the app is given for it. */
export const FAKE_X = {
  port: Number(process.env.E2E_FAKE_X_PORT ?? 3110),
  clientId: 'e2e-x-client',
  clientSecret: 'e2e-x-secret',
  /** The profile the fake's users/me answers. */
  username: 'ada_builds',
};

/** The app's environment for the fake X. */
export function fakeXEnv(): Record<string, string> {
  const base = `http://127.0.0.1:${FAKE_X.port}`;
  return {
    X_CLIENT_ID: FAKE_X.clientId,
    X_CLIENT_SECRET: FAKE_X.clientSecret,
    X_AUTHORIZE_URL: `${base}/i/oauth2/authorize`,
    X_API_BASE_URL: base,
  };
}
