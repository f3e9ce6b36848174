import { CALL_TOOLS } from '@cofounder/shared';
import type { Db } from '../../db/client.ts';
import { aiRequest, loadMemory } from '../cofounder/context.ts';

/** What changes when the co-founder speaks instead of writes; these lines come last, so they win over the chat's. */
const CALL_LINES = [
  'This is a live voice call, not the written chat: speak naturally in short turns of one to three sentences.',
  'Do not use Markdown, lists, links or symbols; say numbers and names the way a person would.',
  `When the founder asks you to do, draft, research or follow up on something, call the ${CALL_TOOLS.createTask} tool with a one-sentence task description (and a priority from 1 to 10 when they say how urgent it is), then confirm in one short sentence using what the tool answers.`,
  'Never say a task was created unless the tool said so.',
];

/**
 * The realtime session's instructions: the same system prompt the chat gets (persona and tone from the intern
 * settings, the founder's profile and onboarding answers, open tasks), then how to talk and use the tool.
 */
export async function callInstructions(db: Db, userId: string): Promise<string> {
  const memory = await loadMemory(db, userId);
  return [aiRequest('chat', memory, []).system, '', ...CALL_LINES].join('\n');
}
