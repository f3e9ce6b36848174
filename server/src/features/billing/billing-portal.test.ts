import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BILLING, LOCAL_ONLY_TEXT, PortalResponse } from '@cofounder/shared';
import { startTestServer, type TestServer } from '../../test/server.ts';
import { call, signedInUser } from '../../test/users.ts';

// Issue 25, web 9: Manage Billing without Stripe leads to the local portal, a page for this machine only (as the
// local checkout is). `remote` shares the database and sees every client as 203.0.113.7.
let local: TestServer;
let remote: TestServer;
beforeAll(async () => {
  local = await startTestServer();
  remote = await startTestServer({ database: local.database, clientAddress: '203.0.113.7' });
}, 60_000);
afterAll(async () => {
  await remote?.close();
  await local?.close();
});

describe('the local billing portal', () => {
  it('is where Manage Billing goes, and answers this machine only', async () => {
    const user = await signedInUser(local);
    expect((await call(local, 'POST', '/api/stripe/create-portal-session')).status).toBe(401);
    const res = await call(local, 'POST', '/api/stripe/create-portal-session', { token: user.token, body: {} });
    expect(PortalResponse.parse(await res.json()).url).toBe(BILLING.localPortalPath);

    const refused = await fetch(`${remote.baseUrl}${BILLING.localPortalPath}`);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({ error: { code: 'forbidden', message: LOCAL_ONLY_TEXT } });
  });
});
