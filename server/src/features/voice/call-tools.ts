import { CALL_TOOLS, CreateTaskToolArgs, PRIORITY, type PlannedTask, type SOCIAL_PLATFORMS, type TaskAgent } from '@cofounder/shared';
import { z } from 'zod';
import type { RealtimeTool } from '../../providers/voice/port.ts';

/** The function tools every call session declares (the browser runs them through POST /api/realtime-voice/tool). */
export const CALL_TOOL_DEFINITIONS: RealtimeTool[] = [
  {
    type: 'function',
    name: CALL_TOOLS.createTask,
    description:
      "Create a task for the founder's AI agents to work on. description: one sentence saying what to do. " +
      'priority: 1-10, 10 most urgent (leave it out when the founder did not say).',
    // The provider takes plain JSON schema; the $schema marker is not part of it.
    parameters: (({ $schema: _marker, ...schema }) => schema)(z.toJSONSchema(CreateTaskToolArgs) as Record<string, unknown>),
  },
];

/** A spoken task without a stated urgency sits in the middle of the range. */
const DEFAULT_PRIORITY = PRIORITY.medium.min;

// A spoken task names no agent: pick the one whose work it reads like (first match wins), research otherwise.
const AGENT_WORDS: [TaskAgent, RegExp][] = [
  ['investor_outreach_agent', /\b(investors?|fund\w*|raise|vcs?|angels?|pitch|deck)\b/i],
  ['marketing_agent', /\b(marketing|social|tweets?|twitter|reddit|posts?|launch|audience|content|blog|newsletter|seo)\b/i],
  ['coding_agent', /\b(build|code|coding|develop\w*|prototype|mvp|website|landing page|app|feature|bug)\b/i],
  ['sales_agent', /\b(sales|sell|customers?|outreach|leads?|prospects?|demo)\b/i],
];

const PLATFORM_WORDS: [(typeof SOCIAL_PLATFORMS)[number], RegExp][] = [
  ['twitter', /\b(twitter|tweets?)\b/i],
  ['reddit', /\b(reddit|subreddits?)\b/i],
];

/** The tool's arguments as a task to store, with the agent and the platforms it needs read from the words. */
export function plannedFromTool(args: z.output<typeof CreateTaskToolArgs>): PlannedTask {
  const { description } = args;
  return {
    description,
    priority: args.priority ?? DEFAULT_PRIORITY,
    agent: AGENT_WORDS.find(([, words]) => words.test(description))?.[0] ?? 'research_agent',
    requiredPlatforms: PLATFORM_WORDS.filter(([, words]) => words.test(description)).map(([platform]) => platform),
  };
}
