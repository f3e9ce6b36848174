import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/server.ts';
import { extractLinks } from '../../providers/email/local.ts';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());

describe('dev mailbox', () => {
  it('lists mail newest first as JSON, filtered by recipient', async () => {
    await t.app.email.send({ to: 'a@example.com', subject: 'First', text: 'Open https://x.example/one.' });
    await t.app.email.send({ to: 'b@example.com', subject: 'Other', text: 'no links' });
    await t.app.email.send({ to: 'a@example.com', subject: 'Second', text: 'See (https://x.example/two) and https://x.example/two' });
    const res = await fetch(`${t.baseUrl}/dev/mailbox/messages?to=A@example.com`);
    const { messages } = await res.json();
    expect(messages.map((m: { subject: string }) => m.subject)).toEqual(['Second', 'First']);
    expect(messages[0]).toMatchObject({ to: 'a@example.com', links: ['https://x.example/two'], html: null });
    expect(messages[1].links).toEqual(['https://x.example/one']);
    expect(Date.parse(messages[0].createdAt)).not.toBeNaN();
  });

  it('renders an escaped, self-contained HTML page', async () => {
    await t.app.email.send({ to: 'c@example.com', subject: '<script>alert(1)</script>', text: 'Hi <b>there</b> https://x.example/?a=1&b=2' });
    const res = await fetch(`${t.baseUrl}/dev/mailbox?to=c@example.com`);
    expect(res.headers.get('content-type')).toMatch(/text\/html/);
    expect(res.headers.get('content-security-policy')).toContain("default-src 'none'");
    const html = await res.text();
    expect(html).not.toContain('<script>alert(1)</script>');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('Hi &lt;b&gt;there&lt;/b&gt;');
    expect(html).toContain('<a href="https://x.example/?a=1&amp;b=2">');
  });

  it('extracts links without trailing punctuation', () => {
    expect(extractLinks('a https://e.x/p. b http://e.x/q, c https://e.x/p')).toEqual(['https://e.x/p', 'http://e.x/q']);
  });
});

describe('with SMTP configured', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer({ env: { SMTP_URL: 'smtp://127.0.0.1:1' } });
  });
  afterAll(() => s.close());

  it('does not mount /dev and reports email as real', async () => {
    expect((await fetch(`${s.baseUrl}/dev/mailbox/messages`)).status).toBe(404);
    const config = await (await fetch(`${s.baseUrl}/api/config`)).json();
    expect(config.modes.email).toBe('real');
    expect(config.devMailbox).toBe(false);
  });
});
