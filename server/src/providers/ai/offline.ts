import { OFFLINE_PRODUCER } from '@cofounder/shared';
import type { z } from 'zod';
import { createComputerPlanner } from './offline/computer-planner.ts';
import { codingSpec, pitchDeckOutline } from './offline/outputs/build.ts';
import { marketingPosts } from './offline/outputs/posts.ts';
import { pricingBenchmark, researchBrief } from './offline/outputs/research.ts';
import { coldEmail, salesPipeline, salesProspects } from './offline/outputs/sales.ts';
import { taskWords } from './offline/outputs/task-words.ts';
import { voiceOf } from './offline/voice.ts';
import { chatReply } from './offline/advice.ts';
import { onboardingTurn } from './offline/onboarding.ts';
import { planTasks } from './offline/planner.ts';
import { phrases } from './offline/text.ts';
import { AiError, type AiProvider, type ChatRequest, type StructuredRequest } from './port.ts';

export const OFFLINE_DESCRIBE =
  'local (offline co-founder — founders connect their own model in Settings → Model; OPENAI_API_KEY makes one every founder\'s default)';

const lastUserText = (r: ChatRequest): string => r.messages.findLast((m) => m.role === 'user')?.content ?? '';

/**
 * The co-founder without a language model: deterministic answers built from the founder's profile, intern
 * settings and tasks (see offline/). It streams phrase by phrase so the streaming path runs exactly as with a model.
 * searchUrl is where the computer-use planner's "search the web for …" goes (config.vm.searchUrl).
 */
export function createOfflineProvider(options: { searchUrl?: string } = {}): AiProvider {
  const reply = (r: ChatRequest): string => chatReply(lastUserText(r), r.context);
  return {
    mode: 'local',
    describe: OFFLINE_DESCRIBE,
    producer: OFFLINE_PRODUCER,

    async *streamChat(r) {
      for (const chunk of phrases(reply(r))) {
        if (r.signal?.aborted) throw new AiError('unavailable', { cause: r.signal.reason });
        // No pause between pieces: the whole answer exists at once, and on a busy server each turn of the event loop
        // waits behind the other requests' work, so a paced 13-piece answer took 210 ms under ten concurrent founders
        // (scripts/proof/load.mjs ramp, when PGlite still ran on this thread).
        yield chunk;
      }
    },

    complete: async (r) => reply(r),

    async structured<S extends z.ZodType>(r: StructuredRequest<S>): Promise<z.output<S>> {
      const parsed = r.schema.safeParse(structuredValue(r));
      if (!parsed.success) throw new AiError('bad_output', { cause: parsed.error });
      return parsed.data;
    },

    async structuredWithUsage<S extends z.ZodType>(r: StructuredRequest<S>) {
      // No model, no tokens: offline work is free.
      return { value: await this.structured(r), usage: { tokens: 0, costUsd: 0 } };
    },

    startComputerUse: (r) =>
      createComputerPlanner(r.task, { viewport: r.viewport, searchUrl: options.searchUrl ?? null, carriedOut: r.carriedOut }),
  };
}

/** The offline answer for each structured output; agents get the task's description as the last user turn. */
function structuredValue(r: StructuredRequest<z.ZodType>): unknown {
  const { profile } = r.context;
  const text = lastUserText(r);
  const task = () => taskWords(text, profile);
  switch (r.name) {
    case 'onboarding_turn':
      return onboardingTurn(profile, r.messages);
    case 'task_plan':
      return { tasks: planTasks(profile, r.context.tasks, text) };
    case 'research_brief':
      return researchBrief(profile, task());
    case 'pricing_benchmark':
      return pricingBenchmark(profile, task());
    case 'marketing_posts':
      return marketingPosts(profile, task());
    case 'sales_prospects':
      return salesProspects(profile, task(), voiceOf(r.context.settings, profile));
    case 'sales_pipeline':
      return salesPipeline(profile, task());
    case 'cold_email':
      return coldEmail(profile, task(), voiceOf(r.context.settings, profile));
    case 'coding_spec':
      return codingSpec(profile, task());
    case 'pitch_deck_outline':
      return pitchDeckOutline(profile, task());
    case 'investor_targets':
    case 'investor_web_targets':
    case 'investor_emails':
      // Offline research reads the bundled sample directory instead (features/investors/research.agent.ts).
      return null;
  }
}
