import type { Transporter } from 'nodemailer';
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
  // nodemailer loads with the first mail, not at start-up.
  let transport: Promise<Transporter> | null = null;
  const transporter = () => (transport ??= import('nodemailer').then(({ default: mailer }) => mailer.createTransport(smtpUrl)));
  // MAIL_FROM is "Name <address>" or a bare address; a mail with its own display name keeps our address.
  const address = /<([^>]+)>\s*$/.exec(from)?.[1] ?? from.trim();
  return {
    mode: 'real',
    describe: `real (SMTP via ${hostOf(smtpUrl)})`,
    async send(mail: OutgoingMail) {
      await (await transporter()).sendMail({
        from: mail.fromName ? { name: mail.fromName, address } : from,
        to: mail.to,
        replyTo: mail.replyTo,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
      });
    },
  };
}
