// The fake X OAuth + API server of the end-to-end run, started by playwright.config.ts before the app so the
// app can be configured with its URLs. It is the same fake the server suite uses.
import { startFakeSocial } from '../../server/src/test/fake-social.ts';
import { FAKE_X } from './fake-x.ts';

await startFakeSocial({
  platform: 'twitter',
  clientId: FAKE_X.clientId,
  clientSecret: FAKE_X.clientSecret,
  port: FAKE_X.port,
});
process.stdout.write(`fake X on http://127.0.0.1:${FAKE_X.port}\n`);
