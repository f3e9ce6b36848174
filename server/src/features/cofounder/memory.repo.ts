import { InternSettings, OnboardingProfile, TaskAgent, TaskStatus } from '@cofounder/shared';
import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { namedStatement } from '../../db/prepared.ts';
import { internSettings, messages, onboarding, tasks } from '../../db/schema.ts';

// Everything the co-founder is told before it answers, read in ONE statement: every chat reply waits on
// this read before its first token, and each extra round trip to PGlite costs about half a millisecond
// (bench/chat.bench.ts). Each part stays a plain indexed lookup; json_build_object only packs the results
// into one row.

const Turn = z.object({ role: z.enum(['user', 'intern']), text: z.string() });

const MemoryRow = z.object({
  onboarding: z
    .object({ profile: OnboardingProfile.nullable(), hasStarted: z.boolean(), readyToWork: z.boolean(), isComplete: z.boolean() })
    .nullable(),
  settings: InternSettings.nullable(),
  tasks: z.array(z.object({ description: z.string(), priority: z.number().int(), status: TaskStatus, agent: TaskAgent })),
  interview: z.array(Turn),
  chat: z.array(Turn),
});
export type MemoryRow = z.infer<typeof MemoryRow>;

const Result = z.object({ rows: z.array(MemoryRow).length(1) });

export interface MemoryQuery {
  userId: string;
  /** Open tasks to include, most important first. */
  taskLimit: number;
  /** How many of the latest chat messages to include (0: none). */
  chatTurns: number;
}

const userId = sql.placeholder('userId');

/** The statement, with the latest chat messages or without (two texts, so two named statements). */
const memoryStatement = (name: string, chat: SQL) =>
  namedStatement(
    name,
    sql`
    select
      (select json_build_object('profile', o.profile, 'hasStarted', o.has_started, 'readyToWork', o.ready_to_work, 'isComplete', o.is_complete)
         from ${onboarding} o where o.user_id = ${userId}) as onboarding,
      (select json_build_object('internName', s.intern_name, 'communicationStyle', s.communication_style,
              'formalityLevel', s.formality_level, 'responseLength', s.response_length, 'priorityFocus', s.priority_focus)
         from ${internSettings} s where s.user_id = ${userId}) as settings,
      (select coalesce(json_agg(json_build_object('description', t.description, 'priority', t.priority, 'status', t.status, 'agent', t.agent)
                                order by t.priority desc, t.created_at), '[]'::json)
         from (select * from ${tasks} where user_id = ${userId} and status <> 'completed'
               order by priority desc, created_at limit ${sql.placeholder('taskLimit')}) t) as tasks,
      (select coalesce(json_agg(json_build_object('role', m.role, 'text', m.text) order by m.seq), '[]'::json)
         from (select role, text, seq from ${messages} where user_id = ${userId} and channel = 'onboarding'
               order by seq limit 200) m) as interview,
      ${chat} as chat`,
  );

const withoutChat = memoryStatement('cofounder_memory', sql`'[]'::json`);
const withChat = memoryStatement(
  'cofounder_memory_chat',
  sql`(select coalesce(json_agg(json_build_object('role', c.role, 'text', c.text) order by c.seq), '[]'::json)
       from (select role, text, seq from ${messages}
             where user_id = ${userId} and channel = 'chat'
             order by seq desc limit ${sql.placeholder('chatTurns')}) c)`,
);

export async function readMemory(db: Db, q: MemoryQuery): Promise<MemoryRow> {
  const result = await (q.chatTurns === 0 ? withoutChat : withChat)(db, { ...q });
  return Result.parse(result).rows[0]!;
}
