import type { Db } from '../../db/client.ts';
import { insertMail } from './mailbox-store.ts';
import type { EmailProvider, OutgoingMail } from './port.ts';

const URL_IN_TEXT = /https?:\/\/[^\s<>"'`]+/g;

/** Full URLs in a mail's text, in order, without duplicates or trailing punctuation. */
export function extractLinks(text: string): string[] {
  const found = (text.match(URL_IN_TEXT) ?? []).map((u) => u.replace(/[.,;:!?)\]]+$/, ''));
  return [...new Set(found)];
}

/** The dev mailbox: mail is written to the database and read at /dev/mailbox instead of being delivered. */
export function createLocalEmail(db: Db, publicUrl: string): EmailProvider {
  return {
    mode: 'local',
    describe: `local (dev mailbox at ${publicUrl}/dev/mailbox)`,
    async send(mail: OutgoingMail) {
      // created_at comes from the database clock (microseconds), which keeps "newest first" exact.
      await insertMail(db, { ...mail, links: extractLinks(mail.text) });
    },
  };
}
