import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { CONTACT, ContactResponse } from '@cofounder/shared';
import { contactMessages } from '../../db/schema.ts';
import { travel } from '../../test/clock.ts';
import { startFakeSmtp, type FakeSmtp } from '../../test/fake-smtp.ts';
import { mailTo, uniqueEmail } from '../../test/mail.ts';
import { startTestServer, type TestServer } from '../../test/server.ts';
import { call } from '../../test/users.ts';

let nextIp = 1;
/** A fresh client address per test (the app trusts X-Forwarded-For in this suite), so limits never mix. */
const freshIp = () => `203.0.113.${nextIp++}`;

const message = (over: Record<string, unknown> = {}) => ({
  name: `Ada Lovelace ${nextIp}`,
  email: uniqueEmail('visitor'),
  company: 'Analytical Engines Ltd',
  subject: 'Product Demo',
  message: 'Could we see a demo next week?',
  ...over,
});

const post = (t: TestServer, body: unknown, ip = freshIp()) =>
  call(t, 'POST', '/api/contact', { body, headers: { 'x-forwarded-for': ip } });

const rowsFrom = (t: TestServer, email: string) =>
  t.database.db.select().from(contactMessages).where(eq(contactMessages.email, email));
const allRows = (t: TestServer) => t.database.db.select().from(contactMessages);

async function teamMail(t: TestServer, subjectPart: string) {
  return (await mailTo(t.baseUrl, t.config.contact.to)).filter((m) => m.subject.includes(subjectPart));
}

describe('POST /api/contact', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer({ env: { TRUST_PROXY: 'true' } });
  });
  afterAll(() => t.close());

  it('needs no sign-in: stores the message and mails it as text to CONTACT_TO, replying to the sender', async () => {
    const body = message({ name: 'Grace Hopper' });
    const res = await post(t, body, '198.51.100.7');
    expect(res.status).toBe(200);
    expect(ContactResponse.parse(await res.json())).toEqual({ success: true, message: CONTACT.successText });

    const [row, ...more] = await rowsFrom(t, body.email);
    expect(more).toHaveLength(0);
    expect(row).toMatchObject({
      name: 'Grace Hopper',
      company: 'Analytical Engines Ltd',
      subject: 'Product Demo',
      message: 'Could we see a demo next week?',
    });
    expect(row!.ipHash).toMatch(/^[\w-]{22}$/);
    expect(row!.ipHash).not.toContain('198.51.100.7');
    expect(row!.mailedAt).toBeInstanceOf(Date);

    expect(t.config.contact.to).toBe('team@cofounder.local');
    const [mail, ...others] = await teamMail(t, 'Grace Hopper');
    expect(others).toHaveLength(0);
    expect(mail).toMatchObject({ to: 'team@cofounder.local', replyTo: body.email, html: null });
    expect(mail!.subject).toBe('Contact form: Product Demo — Grace Hopper');
    for (const line of [
      'Name: Grace Hopper',
      `Email: ${body.email}`,
      'Company: Analytical Engines Ltd',
      'Subject: Product Demo',
      'Could we see a demo next week?',
    ]) {
      expect(mail!.text).toContain(line);
    }
  });

  it('keeps the company optional', async () => {
    const { company: _, ...withoutCompany } = message({ name: 'No Company Person' });
    expect((await post(t, withoutCompany)).status).toBe(200);
    const blankCompany = message({ name: 'Blank Company Person', company: '  ' });
    expect((await post(t, blankCompany)).status).toBe(200);

    expect((await rowsFrom(t, withoutCompany.email))[0]!.company).toBeNull();
    expect((await rowsFrom(t, blankCompany.email))[0]!.company).toBeNull();
    expect((await teamMail(t, 'No Company Person'))[0]!.text).toContain('Company: (not given)');
  });

  it('answers 400 naming every missing field, and stores and mails nothing', async () => {
    const before = (await allRows(t)).length;
    const mailBefore = (await mailTo(t.baseUrl, t.config.contact.to)).length;

    const empty = await post(t, {});
    expect(empty.status).toBe(400);
    expect(await empty.json()).toEqual({
      error: { code: 'validation_failed', message: 'Missing: name, email, subject, message', field: 'name' },
    });

    const partial = await post(t, { name: 'Someone', email: uniqueEmail('partial'), message: '   ' });
    expect(await partial.json()).toEqual({
      error: { code: 'validation_failed', message: 'Missing: subject, message', field: 'subject' },
    });

    const badEmail = await post(t, message({ email: 'not-an-email' }));
    expect(badEmail.status).toBe(400);
    expect((await badEmail.json()).error).toMatchObject({ code: 'validation_failed', field: 'email' });

    const notJson = await fetch(`${t.baseUrl}/api/contact`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': freshIp() },
      body: 'name=a',
    });
    expect(notJson.status).toBe(400);

    expect(await allRows(t)).toHaveLength(before);
    expect(await mailTo(t.baseUrl, t.config.contact.to)).toHaveLength(mailBefore);
  });

  it('refuses a subject that is not one of the options (a 10 KB one) without echoing it', async () => {
    const body = message({ subject: 'x'.repeat(10 * 1024) });
    const res = await post(t, body);
    expect(res.status).toBe(400);
    const { error } = await res.json();
    expect(error).toMatchObject({ code: 'validation_failed', field: 'subject' });
    expect(error.message).toContain('General Inquiry');
    expect(error.message.length).toBeLessThan(300);
    expect(await rowsFrom(t, body.email)).toHaveLength(0);
  });

  it('stores HTML verbatim, mails it as plain text only, and the dev mailbox shows it escaped', async () => {
    const html = '<script>alert("x")</script><b>bold</b> & <img src=x onerror=alert(1)>';
    const body = message({ name: 'Mallory <i>Markup</i>', message: html });
    expect((await post(t, body)).status).toBe(200);

    expect((await rowsFrom(t, body.email))[0]!.message).toBe(html);
    const [mail] = await teamMail(t, 'Mallory');
    expect(mail!.html).toBeNull();
    expect(mail!.text).toContain(html);

    const page = await (
      await fetch(`${t.baseUrl}/dev/mailbox?to=${encodeURIComponent(t.config.contact.to)}`)
    ).text();
    expect(page).not.toContain('<script>alert("x")</script>');
    expect(page).not.toContain('<img src=x');
    expect(page).not.toContain('<i>Markup</i>');
    expect(page).toContain(
      '&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;&lt;b&gt;bold&lt;/b&gt; &amp; &lt;img src=x',
    );
    expect(page).toContain('Mallory &lt;i&gt;Markup&lt;/i&gt;');
  });

  it('keeps a name on one line in the subject and the field list', async () => {
    const body = message({ name: 'Eve\r\nBcc: victim@example.com' });
    expect((await post(t, body)).status).toBe(200);
    const [mail] = await teamMail(t, 'Eve');
    expect(mail!.subject).toBe('Contact form: Product Demo — Eve Bcc: victim@example.com');
    expect(mail!.text).toContain('Name: Eve Bcc: victim@example.com\n');
  });

  it('answers a filled honeypot with the same success and stores and mails nothing', async () => {
    const body = message({ name: 'Honey Bot', [CONTACT.honeypotField]: 'https://spam.example' });
    const res = await post(t, body);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ success: true, message: CONTACT.successText });
    expect(await rowsFrom(t, body.email)).toHaveLength(0);
    expect(await teamMail(t, 'Honey Bot')).toHaveLength(0);

    // Even an otherwise invalid bot post gets the success: the bot learns nothing.
    const junk = await post(t, { [CONTACT.honeypotField]: 'x', subject: 'nope' });
    expect(junk.status).toBe(200);
  });

  it('limits each client address on its own (X-Forwarded-For trusted here)', async () => {
    const ip = freshIp();
    for (let i = 0; i < CONTACT.rateLimit.max; i++) expect((await post(t, message(), ip)).status).toBe(200);
    expect((await post(t, message(), ip)).status).toBe(429);
    expect((await post(t, message(), freshIp())).status).toBe(200);
  });

  it('keys the limit on the address our proxy appended, not on entries the client put before it', async () => {
    const proxySeen = freshIp();
    for (let i = 0; i < CONTACT.rateLimit.max; i++) {
      expect((await post(t, message(), `10.9.9.${i}, ${proxySeen}`)).status).toBe(200);
    }
    expect((await post(t, message(), `10.9.9.99, ${proxySeen}`)).status).toBe(429);
  });
});

describe('POST /api/contact rate limit without a trusted proxy', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer();
  });
  afterAll(async () => {
    await t.close();
    vi.useRealTimers(); // travel() faked Date
  });

  const rateLimitOf = (res: Response) => ({
    limit: Number(res.headers.get('ratelimit-limit')),
    remaining: Number(res.headers.get('ratelimit-remaining')),
    reset: Number(res.headers.get('ratelimit-reset')),
  });

  it('answers the 6th post in a window 429 whatever X-Forwarded-For says, and again after the window', async () => {
    const { max, windowMs } = CONTACT.rateLimit;
    for (let i = 0; i < max; i++) {
      const res = await post(t, message(), `192.0.2.${i}`);
      expect(res.status).toBe(200);
      expect(rateLimitOf(res)).toMatchObject({ limit: max, remaining: max - 1 - i });
      expect(rateLimitOf(res).reset).toBeGreaterThan(0);
      expect(rateLimitOf(res).reset).toBeLessThanOrEqual(windowMs / 1000);
    }

    const limited = message({ name: 'Too Many' });
    const res = await post(t, limited, '192.0.2.200');
    expect(res.status).toBe(429);
    expect(await res.json()).toEqual({
      error: { code: 'rate_limited', message: 'Too many messages. Please try again in a minute.' },
    });
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(Number(res.headers.get('retry-after'))).toBeLessThanOrEqual(windowMs / 1000);
    expect(rateLimitOf(res)).toEqual({
      limit: max,
      remaining: 0,
      reset: Number(res.headers.get('retry-after')),
    });
    expect(await rowsFrom(t, limited.email)).toHaveLength(0);

    // Bots count too: a honeypot post inside the window is refused like any other.
    expect((await post(t, message({ [CONTACT.honeypotField]: 'x' }))).status).toBe(429);

    travel(windowMs + 1);
    const after = await post(t, limited);
    expect(after.status).toBe(200);
    expect(rateLimitOf(after)).toEqual({ limit: max, remaining: max - 1, reset: windowMs / 1000 });
    expect(await rowsFrom(t, limited.email)).toHaveLength(1);
  });
});

describe('POST /api/contact when the mail cannot be sent', () => {
  let t: TestServer;
  const logLines: string[] = [];
  beforeAll(async () => {
    const log = pino({ level: 'error' }, { write: (line: string) => void logLines.push(line) });
    // Nothing listens on port 1: nodemailer's connection is refused at once.
    t = await startTestServer({ env: { SMTP_URL: 'smtp://127.0.0.1:1' }, log });
  });
  afterAll(() => t.close());

  it('still answers success, because the message is kept (mailed_at stays null and the error is logged)', async () => {
    const body = message({ name: 'Offline Mail' });
    const res = await post(t, body);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ success: true, message: CONTACT.successText });
    const [row] = await rowsFrom(t, body.email);
    expect(row).toMatchObject({ name: 'Offline Mail', mailedAt: null });
    expect(
      logLines.some((l) => l.includes('contact message stored but not mailed') && l.includes(row!.id)),
    ).toBe(true);
  });
});

describe('POST /api/contact over SMTP', () => {
  let smtp: FakeSmtp;
  let t: TestServer;
  beforeAll(async () => {
    smtp = await startFakeSmtp();
    t = await startTestServer({ env: { SMTP_URL: smtp.url, CONTACT_TO: 'support@example.com' } });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('sends one text/plain mail to CONTACT_TO with Reply-To the sender', async () => {
    const body = message({ name: 'Smtp Sender', message: '<b>not bold</b>' });
    expect((await post(t, body)).status).toBe(200);
    expect(smtp.received).toHaveLength(1);
    const [mail] = smtp.received;
    expect(mail!.to.join()).toContain('support@example.com');
    expect(mail!.data).toMatch(new RegExp(`^Reply-To: ${body.email.replace(/[.+]/g, '\\$&')}\r?$`, 'm'));
    expect(mail!.data).toMatch(/^Content-Type: text\/plain/m);
    expect(mail!.data).not.toMatch(/text\/html|multipart/i);
    expect(mail!.data).toContain('<b>not bold</b>');
    expect((await rowsFrom(t, body.email))[0]!.mailedAt).toBeInstanceOf(Date);
  });
});
