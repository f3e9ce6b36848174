import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { contactMessages, type ContactMessageRow } from '../../db/schema.ts';

export type NewContactMessage = Pick<
  ContactMessageRow,
  'name' | 'email' | 'company' | 'subject' | 'message' | 'ipHash'
>;

/** Stores one message as sent (no HTML processing: it is only ever shown and mailed as plain text). */
export async function insertContactMessage(db: Db, message: NewContactMessage): Promise<ContactMessageRow> {
  const [row] = await db.insert(contactMessages).values(message).returning();
  return row!;
}

/** Records that the message reached the email provider (database clock, like created_at). */
export async function markContactMailed(db: Db, id: string): Promise<void> {
  await db
    .update(contactMessages)
    .set({ mailedAt: sql`now()` })
    .where(eq(contactMessages.id, id));
}
