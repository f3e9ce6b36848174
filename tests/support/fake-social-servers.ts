// The fake X and Reddit (OAuth + API) of the end-to-end run, started by playwright.config.ts before the app so
// the app can be configured with their URLs. They are the same fakes the server suite uses.
import { startFakeSocial } from '../../server/src/test/fake-social.ts';
import { FAKE_REDDIT, FAKE_X } from './fake-social.ts';

// X opens last: Playwright waits for its port, so both listen by then.
for (const [platform, fake] of [['reddit', FAKE_REDDIT], ['twitter', FAKE_X]] as const) {
  await startFakeSocial({ platform, clientId: fake.clientId, clientSecret: fake.clientSecret, port: fake.port });
  process.stdout.write(`fake ${platform} on http://127.0.0.1:${fake.port}\n`);
}
