import type { z } from 'zod';
import { chatReply } from './offline/advice.ts';
import { onboardingTurn } from './offline/onboarding.ts';
import { planTasks } from './offline/planner.ts';
import { nextTick } from './offline/text.ts';
import { AiError, type AiProvider, type ChatRequest, type StructuredRequest } from './port.ts';

export const OFFLINE_DESCRIBE = 'local (offline co-founder — set OPENAI_API_KEY for a real model)';

const lastUserText = (r: ChatRequest): string => r.messages.findLast((m) => m.role === 'user')?.content ?? '';

/**
 * The co-founder without a language model: deterministic answers built from the founder's profile, intern
 * settings and tasks (see offline/). It streams word by word so the streaming path runs exactly as with a model.
 */
export function createOfflineProvider(): AiProvider {
  const reply = (r: ChatRequest): string => chatReply(lastUserText(r), r.context);
  return {
    mode: 'local',
    describe: OFFLINE_DESCRIBE,

    async *streamChat(r) {
      for (const chunk of reply(r).match(/\S+\s*/g) ?? []) {
        if (r.signal?.aborted) throw new AiError('unavailable', { cause: r.signal.reason });
        yield chunk;
        await nextTick();
      }
    },

    complete: async (r) => reply(r),

    async structured<S extends z.ZodType>(r: StructuredRequest<S>): Promise<z.output<S>> {
      const value =
        r.name === 'onboarding_turn'
          ? onboardingTurn(r.context.profile, r.messages)
          : { tasks: planTasks(r.context.profile, r.context.tasks, lastUserText(r)) };
      const parsed = r.schema.safeParse(value);
      if (!parsed.success) throw new AiError('bad_output', { cause: parsed.error });
      return parsed.data;
    },
  };
}
