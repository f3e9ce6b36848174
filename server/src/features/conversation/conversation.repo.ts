import type { MessageVia, PageContext } from '@cofounder/shared';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { namedStatement } from '../../db/prepared.ts';
import { messages, usageCounters, type MessageRow } from '../../db/schema.ts';

const Stored = z.object({
  rows: z.array(z.object({ id: z.string(), seq: z.coerce.number(), created_at: z.coerce.date() })).max(1),
});

export interface CountedMessage {
  userId: string;
  text: string;
  /** The page attached from the extension, stored with the message. */
  pageContext: PageContext | null;
  /** Came in by text or as a voicemail (null: in the app). */
  via: MessageVia | null;
  createdAt: Date;
  /** The usage month ('YYYY-MM') and the plan's monthly message limit (null: unlimited). */
  month: string;
  limit: number | null;
}

const storeCounted = namedStatement(
  'store_counted_message',
  sql`
    with counted as (
      insert into ${usageCounters} (user_id, month, messages) values (${sql.placeholder('userId')}, ${sql.placeholder('month')}, 1)
      on conflict (user_id, month) do update set messages = ${usageCounters.messages} + 1
        where ${sql.placeholder('limit')}::int is null or ${usageCounters.messages} < ${sql.placeholder('limit')}::int
      returning 1
    )
    insert into ${messages} (user_id, channel, role, kind, text, page_context, via, created_at)
    select ${sql.placeholder('userId')}::uuid, 'chat', 'user', 'message', ${sql.placeholder('text')}::text, ${sql.placeholder('pageContext')}::jsonb,
      ${sql.placeholder('via')}::text, ${sql.placeholder('createdAt')}::timestamptz
    from counted
    returning id, seq, created_at`,
);

/**
 * Counts a chat message against the month's limit and stores it, in ONE statement: the counter upsert only
 * updates while under the limit (its row lock serializes concurrent sends, so 20 at once never overshoot)
 * and the message is inserted only if the count happened. Null means the limit was reached and nothing was
 * written. One statement rather than a transaction because every reply's first token waits on it.
 */
export async function storeCountedMessage(db: Db, m: CountedMessage): Promise<MessageRow | null> {
  if (m.limit !== null && m.limit <= 0) return null;
  const result = await storeCounted(db, {
    userId: m.userId,
    month: m.month,
    limit: m.limit,
    text: m.text,
    pageContext: m.pageContext ? JSON.stringify(m.pageContext) : null,
    via: m.via,
    createdAt: m.createdAt.toISOString(),
  });
  const [row] = Stored.parse(result).rows;
  if (!row) return null;
  return {
    id: row.id,
    seq: row.seq,
    userId: m.userId,
    channel: 'chat',
    role: 'user',
    kind: 'message',
    text: m.text,
    pageContext: m.pageContext,
    via: m.via,
    // The founder's own words: no AI produced them.
    producedBy: null,
    createdAt: row.created_at,
  };
}
