import { startFakeSocial, type FakeSocial } from './fake-social.ts';
import { startTestServer, type TestServer, type TestServerOptions } from './server.ts';

/** A test server wired to a fake X and a fake Reddit (OAuth and API on loopback), with fast password hashing. */
export interface SocialTestServer {
  t: TestServer;
  x: FakeSocial;
  reddit: FakeSocial;
  close(): Promise<void>;
}

export async function startSocialTestServer(
  options: Pick<TestServerOptions, 'queue'> = {},
): Promise<SocialTestServer> {
  const [x, reddit] = await Promise.all([
    startFakeSocial({ platform: 'twitter', clientId: 'x-client', clientSecret: 'x-secret' }),
    startFakeSocial({ platform: 'reddit', clientId: 'r-client', clientSecret: 'r-secret' }),
  ]);
  const t = await startTestServer({
    ...options,
    env: { AUTH_RATE_LIMITS: 'false', ...x.env, ...reddit.env },
    configure: (c) => void (c.auth.bcryptCost = 4),
  });
  return {
    t,
    x,
    reddit,
    async close() {
      await t.close();
      await Promise.all([x.close(), reddit.close()]);
    },
  };
}
