import type { ChatMessage } from '@cofounder/shared';
import { and, desc, eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { messages, type MessageRow } from '../../db/schema.ts';
import { isUuid } from '../../db/ids.ts';

// The onboarding interview and the chat share one table (a channel column); both services store through here.

export type Channel = MessageRow['channel'];
export type NewMessage = Pick<MessageRow, 'userId' | 'channel' | 'role' | 'text' | 'createdAt'> & {
  kind?: MessageRow['kind'];
  via?: MessageRow['via'];
  /** An intern reply the AI wrote: the model's name, or 'offline'. */
  producedBy?: MessageRow['producedBy'];
};

export async function insertMessage(db: Db, message: NewMessage): Promise<MessageRow> {
  const [row] = await db.insert(messages).values(message).returning();
  return row!;
}

/** Stores the welcome unless the user already has one (unique index): null when another request won. */
export async function insertWelcome(db: Db, message: Omit<NewMessage, 'kind'>): Promise<MessageRow | null> {
  const [row] = await db
    .insert(messages)
    .values({ ...message, kind: 'welcome' })
    .onConflictDoNothing()
    .returning();
  return row ?? null;
}

const ofUser = (userId: string, channel: Channel) => and(eq(messages.userId, userId), eq(messages.channel, channel));


/** The position of a message in the user's channel, or null when it is not theirs (or not an id at all). */
export async function seqOf(db: Db, userId: string, channel: Channel, id: string): Promise<number | null> {
  // Postgres refuses a malformed uuid with an error; a cursor from a client is just "not found" then.
  if (!isUuid(id)) return null;
  const [row] = await db
    .select({ seq: messages.seq })
    .from(messages)
    .where(and(ofUser(userId, channel), eq(messages.id, id)));
  return row?.seq ?? null;
}

/** Up to `limit` messages before `beforeSeq` (or the newest), newest first: one index range scan. */
export function newestPage(db: Db, userId: string, channel: Channel, beforeSeq: number | null, limit: number): Promise<MessageRow[]> {
  const where = beforeSeq === null ? ofUser(userId, channel) : and(ofUser(userId, channel), lt(messages.seq, beforeSeq));
  return db.select().from(messages).where(where).orderBy(desc(messages.seq)).limit(limit);
}

export async function hasUserMessage(db: Db, userId: string, channel: Channel): Promise<boolean> {
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(messages)
    .where(and(ofUser(userId, channel), eq(messages.role, 'user')))
    .limit(1);
  return row !== undefined;
}

/** The API view of a stored chat message (spec 1 §3): flags only where they are true. */
export function toChatMessage(row: MessageRow): ChatMessage {
  return {
    id: row.id,
    role: row.role,
    text: row.text,
    timestamp: row.createdAt.toISOString(),
    ...(row.kind === 'welcome' ? { isWelcomeMessage: true } : {}),
    ...(row.kind === 'task_notification' ? { isTaskNotification: true } : {}),
    ...(row.kind === 'transition' ? { isTransition: true } : {}),
    ...(row.pageContext ? { pageContext: row.pageContext } : {}),
    ...(row.via ? { via: row.via } : {}),
    ...(row.producedBy ? { producedBy: row.producedBy } : {}),
  };
}
