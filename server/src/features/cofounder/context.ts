import { DEFAULT_INTERN_SETTINGS, type OnboardingStatus } from '@cofounder/shared';
import type { Db } from '../../db/client.ts';
import type { AiContext, AiMessage, ChatRequest } from '../../providers/ai/port.ts';
import { buildSystemPrompt, REPLY_BUDGET, STRUCTURED_MAX_TOKENS, summarizeOnboarding, type PromptPurpose } from '../../providers/ai/prompt.ts';
import { readMemory } from './memory.repo.ts';

// The co-founder's memory: everything a request to the AI is built from, read in one place so onboarding
// and chat give the model (and the offline co-founder) the same picture of the founder.

/** Open tasks the co-founder is told about. */
const TASKS_IN_CONTEXT = 20;

export interface CofounderMemory {
  onboarding: OnboardingStatus | null;
  context: AiContext;
  /** The onboarding interview as model turns. */
  interview: AiMessage[];
  /** The latest chat turns, when asked for. */
  chat: AiMessage[];
}

const asAiMessage = (m: { role: 'user' | 'intern'; text: string }): AiMessage => ({
  role: m.role === 'user' ? 'user' : 'assistant',
  content: m.text,
});

/**
 * Reads the founder's profile, settings, open tasks, interview and (with `chatTurns`) the latest chat messages in
 * one go.
 */
export async function loadMemory(db: Db, userId: string, chatTurns = 0): Promise<CofounderMemory> {
  const row = await readMemory(db, { userId, taskLimit: TASKS_IN_CONTEXT, chatTurns });
  const o = row.onboarding;
  return {
    onboarding: o && { hasStarted: o.hasStarted, readyToWork: o.readyToWork, isComplete: o.isComplete },
    interview: row.interview.map(asAiMessage),
    chat: row.chat.map(asAiMessage),
    context: { profile: o?.profile ?? null, settings: row.settings ?? DEFAULT_INTERN_SETTINGS, tasks: row.tasks },
  };
}

/** A provider request for `purpose` with the system prompt built from memory; `messages` are the turns to answer. */
export function aiRequest(purpose: PromptPurpose, memory: CofounderMemory, messages: AiMessage[]): ChatRequest {
  const { context } = memory;
  const system = buildSystemPrompt({
    purpose,
    profile: context.profile,
    settings: context.settings,
    tasks: context.tasks,
    // The interview is the conversation itself during onboarding; afterwards it is background.
    onboardingSummary: purpose === 'onboarding' ? '' : summarizeOnboarding(memory.interview),
  });
  const maxTokens =
    purpose === 'chat'
      ? REPLY_BUDGET[context.settings.responseLength].maxTokens
      : STRUCTURED_MAX_TOKENS[purpose];
  return { system, messages, context, maxTokens };
}
