// The dev mailbox's storage: the local email provider writes each mail here and /dev/mailbox reads it back.
import { desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { mailboxMessages, type MailboxRow } from '../../db/schema.ts';

export type NewMail = typeof mailboxMessages.$inferInsert;

export async function insertMail(db: Db, mail: NewMail): Promise<void> {
  await db.insert(mailboxMessages).values(mail);
}

/** Newest first, optionally only mail to one address (compared lower-cased, as auth stores emails). */
export async function listMail(db: Db, to: string | null, limit = 200): Promise<MailboxRow[]> {
  const query = db.select().from(mailboxMessages);
  const filtered = to ? query.where(eq(mailboxMessages.to, to.trim().toLowerCase())) : query;
  return filtered.orderBy(desc(mailboxMessages.createdAt), desc(mailboxMessages.id)).limit(limit);
}
