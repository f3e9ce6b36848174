import nodemailer from 'nodemailer';
import type { EmailProvider, OutgoingMail } from './port.ts';

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return 'SMTP';
  }
}

/** Real delivery through any SMTP server (SMTP_URL like smtps://user:pass@smtp.example.com:465). */
export function createSmtpEmail(smtpUrl: string, from: string): EmailProvider {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    mode: 'real',
    describe: `real (SMTP via ${hostOf(smtpUrl)})`,
    async send(mail: OutgoingMail) {
      await transport.sendMail({
        from,
        to: mail.to,
        replyTo: mail.replyTo,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
      });
    },
  };
}
