import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeSmtp, type FakeSmtp } from '../../test/fake-smtp.ts';
import { startTestServer, type TestServer } from '../../test/server.ts';
import { createSmtpEmail } from './smtp.ts';

describe('email over SMTP (nodemailer against a fake SMTP server)', () => {
  let smtp: FakeSmtp;
  let s: TestServer;
  beforeAll(async () => {
    smtp = await startFakeSmtp();
    s = await startTestServer({ env: { SMTP_URL: smtp.url, MAIL_FROM: 'Cofounder <hello@cofounder.test>' } });
  });
  afterAll(async () => {
    await s.close();
    await smtp.close();
  });

  it('sends the sign-up confirmation through SMTP with the verify link, and nothing lands in a mailbox', async () => {
    const { error } = await s.supabase().auth.signUp({ email: 'smtp-user@example.com', password: 'Str0ng!pass' });
    expect(error).toBeNull();
    expect(smtp.received).toHaveLength(1);
    const [mail] = smtp.received;
    expect(mail!.from).toContain('hello@cofounder.test');
    expect(mail!.to.join()).toContain('smtp-user@example.com');
    expect(mail!.data).toMatch(/Subject: Confirm your email/);
    expect(mail!.data.replace(/=\r?\n/g, '')).toContain(`${s.baseUrl}/auth/v1/verify?token=`);
    expect((await fetch(`${s.baseUrl}/dev/mailbox/messages`)).status).toBe(404);
  });

  it("sends on a founder's behalf with their name on our address and their Reply-To", async () => {
    const before = smtp.received.length;
    await createSmtpEmail(smtp.url, 'Cofounder <hello@cofounder.test>').send({
      to: 'investor@fund.example',
      subject: 'Intro',
      text: 'Hello',
      fromName: 'Ada Lovelace',
      replyTo: 'ada@example.com',
    });
    const mail = smtp.received[before]!;
    expect(mail.from).toContain('hello@cofounder.test');
    expect(mail.data).toMatch(/From: Ada Lovelace <hello@cofounder\.test>/);
    expect(mail.data).toMatch(/Reply-To: ada@example\.com/);
  });
});
