import { TaskPlan, type AiResponse, type OnboardingStatus, type OnboardingTurnBody } from '@cofounder/shared';
import type { Logger } from 'pino';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import { AiError, type AiModels, type AiProvider } from '../../providers/ai/port.ts';
import { aiRequest, loadMemory, type CofounderMemory } from '../cofounder/context.ts';
import { insertMessage } from '../messages/messages.service.ts';
import type { TaskRow } from '../../db/schema.ts';
import type { TaskQueue } from '../../queue/task-queue.ts';
import { planSummary, runStored, skippedNote, storePlan } from '../tasks/tasks.service.ts';
import type { UsageService } from '../usage/usage.service.ts';
import { markComplete, markReady, onboardingOf, saveProfile } from './onboarding.repo.ts';

/** Spec 1 §8 "Onboarding voice and chat": what the founder sees when the AI cannot answer. */
export const OPENING_FALLBACK = 'Tell me about your startup in 1-2 sentences - what problem are you solving?';
export const TURN_FALLBACK = "Something went wrong, but I'm still excited to hear more about your idea!";

/** The structured answer to an interview turn: the next question, or the ready signal with a wrap-up. */
export const OnboardingTurnOutput = z.object({
  message: z.string().trim().min(1).max(600),
  ready_to_work: z.boolean(),
});

const SKIP_LEAD = "Let's get to work!";
const ALREADY_READY = "Your plan is ready. Head to your dashboard and let's get to work!";
/** The plan request's one turn: the interview itself is in the system prompt's summary. */
const PLAN_REQUEST = [{ role: 'user' as const, content: 'Plan my first week of work from what I told you.' }];

interface Deps {
  db: Db;
  ai: AiModels;
  usage: UsageService;
  now: () => number;
  log: Logger;
  queue: TaskQueue | null;
}

/** Onboarding: status, completion, and the interview that ends in the founder's first task plan. */
export function createOnboardingService({ db, ai: models, usage, now, log, queue }: Deps) {
  const at = () => new Date(now());

  /** Generates and stores the first plan once; the reply reports what was stored. */
  async function finish(
    ai: AiProvider,
    userId: string,
    memory: CofounderMemory,
    lead: string,
    opening: boolean,
  ): Promise<AiResponse> {
    const plan = await usage.planOf(userId);
    let planned: TaskPlan;
    try {
      planned = await ai.structured({
        ...aiRequest('plan', memory, PLAN_REQUEST),
        name: 'task_plan',
        schema: TaskPlan,
      });
    } catch (err) {
      if (!(err instanceof AiError)) throw err;
      log.warn({ err }, 'onboarding task plan failed');
      return {
        message: opening ? OPENING_FALLBACK : TURN_FALLBACK,
        ready_to_work: false,
        tasks_generated: 0,
      };
    }
    let storedTasks: TaskRow[] = [];
    const response = await db.transaction(async (tx): Promise<AiResponse> => {
      // Another request (a second tab, a double click) already stored the first plan: do not add a second.
      if (!(await markReady(tx, userId, at())))
        return { message: ALREADY_READY, ready_to_work: true, tasks_generated: 0 };
      const stored = await storePlan(tx, usage, userId, plan, planned.tasks, at());
      storedTasks = stored.tasks;
      const n = stored.tasks.length;
      const note = skippedNote(stored);
      const message = `${lead} ${n > 0 ? `I've created ${n} task${n === 1 ? '' : 's'} to get you started.${note ? ` ${note}` : ''}` : planSummary(stored)}`;
      await insertMessage(tx, {
        userId,
        channel: 'onboarding',
        role: 'intern',
        text: message,
        producedBy: ai.producer,
        createdAt: at(),
      });
      return { message, ready_to_work: true, tasks_generated: stored.tasks.length, produced_by: ai.producer };
    });
    // Queued once committed: a worker must find the tasks it is given.
    await runStored(queue, storedTasks);
    return response;
  }

  return {
    async status(userId: string): Promise<OnboardingStatus> {
      const row = await onboardingOf(db, userId);
      return {
        isComplete: row?.isComplete ?? false,
        readyToWork: row?.readyToWork ?? false,
        hasStarted: row?.hasStarted ?? false,
      };
    },

    complete: (userId: string) => markComplete(db, userId, at()),

    /**
     * One interview turn. The profile comes with the first turn (stored, latest wins); an empty text asks
     * for the opening question; skip or the AI's ready signal generates and stores the first plan.
     */
    async turn(userId: string, body: OnboardingTurnBody): Promise<AiResponse> {
      const row = body.profile
        ? await saveProfile(db, userId, body.profile, at())
        : await onboardingOf(db, userId);
      if (!row?.profile)
        throw new AppError('validation_failed', 'profile: Send the profile with the first turn', 'profile');
      const text = body.text.trim();
      const opening = text === '' && !body.skip_conversation;
      if (text)
        await insertMessage(db, { userId, channel: 'onboarding', role: 'user', text, createdAt: at() });
      const memory = await loadMemory(db, userId);
      if (memory.onboarding?.readyToWork)
        return { message: ALREADY_READY, ready_to_work: true, tasks_generated: 0 };
      const ai = await models.forUser(userId);
      if (body.skip_conversation) return finish(ai, userId, memory, SKIP_LEAD, false);

      let turn: z.output<typeof OnboardingTurnOutput>;
      try {
        turn = await ai.structured({
          ...aiRequest('onboarding', memory, memory.interview),
          name: 'onboarding_turn',
          schema: OnboardingTurnOutput,
        });
      } catch (err) {
        if (!(err instanceof AiError)) throw err;
        log.warn({ err }, 'onboarding turn failed');
        return {
          message: opening ? OPENING_FALLBACK : TURN_FALLBACK,
          ready_to_work: false,
          tasks_generated: 0,
        };
      }
      if (turn.ready_to_work) return finish(ai, userId, memory, turn.message, opening);
      // Re-opening the wizard asks the same question again: store it once.
      const last = memory.interview.at(-1);
      if (!(last?.role === 'assistant' && last.content === turn.message)) {
        await insertMessage(db, {
          userId,
          channel: 'onboarding',
          role: 'intern',
          text: turn.message,
          producedBy: ai.producer,
          createdAt: at(),
        });
      }
      return { message: turn.message, ready_to_work: false, tasks_generated: 0, produced_by: ai.producer };
    },
  };
}

// The part of this area other areas may use (they never import its repo: docs/architecture.md "Layers").
export { onboardingOf } from './onboarding.repo.ts';
