import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { createLocalEmail } from './local.ts';
import type { EmailProvider } from './port.ts';
import { createSmtpEmail } from './smtp.ts';

/** SMTP when SMTP_URL is set, the dev mailbox otherwise. */
export function createEmailProvider(config: Config, db: Db): EmailProvider {
  return config.email.smtpUrl
    ? createSmtpEmail(config.email.smtpUrl, config.email.from)
    : createLocalEmail(db, config.publicUrl);
}
