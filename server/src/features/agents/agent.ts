import type { ApprovalPost, SOCIAL_PLATFORMS } from '@cofounder/shared';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import type { ActivityRow, TaskRow } from '../../db/schema.ts';
import type { AiProvider, AiUsage, StructuredName } from '../../providers/ai/port.ts';
import { aiRequest, type CofounderMemory } from '../cofounder/context.ts';

/** An activity an agent records; the engine adds the user, the task and the time. */
export type NewActivity = Pick<
  ActivityRow,
  'platform' | 'title' | 'content' | 'subreddit' | 'reasoning' | 'outcome'
>;

/** What an agent hands back: the result for people (Markdown) and for later features (data). */
export interface AgentOutcome {
  summary: string;
  content: string;
  data: Record<string, unknown>;
  activities: NewActivity[];
  usage: AiUsage;
  /** Drafts that go out only once the founder approves them (approvals inbox). */
  approvals?: ApprovalPost[];
  /** The work is done but cannot go out until the founder connects these platforms. */
  pause?: { platforms: (typeof SOCIAL_PLATFORMS)[number][]; reason: string };
  /** Rows of the agent's own feature, written in the transaction that completes the task (investor research). */
  persist?: (tx: Db, at: Date) => Promise<void>;
}

export interface AgentInput {
  task: TaskRow;
  memory: CofounderMemory;
  ai: AiProvider;
  /** Platforms the founder has connected, as the server confirmed them (connectedPlatforms: social_connections). */
  connected: ReadonlySet<string>;
  /** For reads an agent needs before it works (e.g. investors the founder already has); writes go in `persist`. */
  db: Db;
  now: () => number;
}

export type Agent = (input: AgentInput) => Promise<AgentOutcome>;

/** Work answers are longer than a plan; one budget for every agent keeps cost predictable. */
const AGENT_MAX_TOKENS = 2000;

/** Asks the model for one structured output about the task, with the co-founder's usual context. */
export async function askAbout<S extends z.ZodType>(
  input: AgentInput,
  name: StructuredName,
  schema: S,
  instruction: string,
): Promise<{ value: z.output<S>; usage: AiUsage }> {
  const request = aiRequest('plan', input.memory, [{ role: 'user', content: input.task.description }]);
  return input.ai.structuredWithUsage({
    ...request,
    system: `${request.system}\n\nYou are now doing one task yourself, not planning. ${instruction}`,
    maxTokens: AGENT_MAX_TOKENS,
    name,
    schema,
  });
}

/** A Markdown bullet list. */
export const bullets = (items: string[]): string => items.map((i) => `- ${i}`).join('\n');

/** The activity every agent writes for its own work. */
export const internalActivity = (
  title: string,
  content: string,
  reasoning: string,
  outcome: string,
): NewActivity => ({
  platform: 'cofounder',
  title,
  content,
  subreddit: null,
  reasoning,
  outcome,
});
