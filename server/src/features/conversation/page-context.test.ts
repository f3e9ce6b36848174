import { ConversationResponse, SendMessageResponse, type PageContext } from '@cofounder/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHAT_TEST_OPTIONS, onboardedUser } from '../../test/factories.ts';
import { startTestServer, type TestServer } from '../../test/server.ts';
import { call, type TestUser } from '../../test/users.ts';

// A message sent from the extension's side panel with the page the founder is looking at (offline co-founder).

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer(CHAT_TEST_OPTIONS);
});
afterAll(() => t.close());

const page: PageContext = {
  title: 'Pricing - Acme Analytics',
  url: 'https://acme.example/pricing',
  selection: 'Starter plan: $49 per month, 3 seats.',
};
const send = (user: TestUser, body: Record<string, unknown>) =>
  call(t, 'POST', `/api/conversation/${user.id}`, { token: user.token, body: { role: 'user', ...body } });
async function sent(user: TestUser, body: Record<string, unknown>) {
  const res = await send(user, body);
  expect(res.status).toBe(200);
  return SendMessageResponse.parse(await res.json());
}
async function history(user: TestUser) {
  const res = await call(t, 'GET', `/api/conversation/${user.id}`, { token: user.token });
  return ConversationResponse.parse(await res.json());
}

describe('page context', () => {
  it('is answered about, stored with the message and shown in the history, for that reply only', async () => {
    const user = await onboardedUser(t);
    const reply = await sent(user, { text: 'What do you make of their pricing?', pageContext: page });
    expect(reply.userMessage).toMatchObject({ text: 'What do you make of their pricing?', pageContext: page });
    expect(reply.internMessage.text).toContain('**Pricing - Acme Analytics** (acme.example)');
    expect(reply.internMessage.text).toContain('> Starter plan: $49 per month, 3 seats.');
    expect(reply.internMessage.pageContext).toBeUndefined();

    const next = await sent(user, { text: 'And what next?' });
    expect(next.userMessage.pageContext).toBeUndefined();
    expect(next.internMessage.text).not.toContain('Acme');

    const stored = (await history(user)).messages.filter((m) => m.role === 'user');
    expect(stored.map((m) => m.pageContext)).toEqual([page, undefined]);
  });

  it('refuses a malformed page context without storing anything', async () => {
    const user = await onboardedUser(t);
    const before = (await history(user)).messages.length;
    for (const pageContext of [{ title: 'x', url: 'not a url' }, { title: 'x'.repeat(301), url: page.url }, { url: page.url }]) {
      expect((await send(user, { text: 'Hi', pageContext })).status).toBe(400);
    }
    expect((await history(user)).messages).toHaveLength(before);
  });
});
