import { TaskPlan, type ConversationResponse, type MessageVia, type PageContext, type PlannedTask, type SendMessageResponse } from '@cofounder/shared';
import type { Logger } from 'pino';
import type { Db } from '../../db/client.ts';
import type { MessageRow } from '../../db/schema.ts';
import { AppError } from '../../http/errors.ts';
import { asksForTasks } from '../../providers/ai/intent.ts';
import { AiError, type AiModels, type AiProvider } from '../../providers/ai/port.ts';
import { withPageContext } from '../../providers/ai/prompt.ts';
import { aiRequest, loadMemory, type CofounderMemory } from '../cofounder/context.ts';
import { hasUserMessage, insertMessage, insertWelcome, newestPage, seqOf, toChatMessage } from '../messages/messages.service.ts';
import { onboardingOf } from '../onboarding/onboarding.service.ts';
import type { TaskRow } from '../../db/schema.ts';
import type { TaskQueue } from '../../queue/task-queue.ts';
import { planSummary, runStored, storePlan } from '../tasks/tasks.service.ts';
import type { MessageQuota, UsageService } from '../usage/usage.service.ts';
import { storeCountedMessage } from './conversation.repo.ts';
import { welcomeText } from './welcome.ts';

/** How many recent chat messages the model sees with each reply (the profile and tasks are in the prompt). */
export const HISTORY_TURNS = 20;

interface Deps {
  db: Db;
  ai: AiModels;
  usage: UsageService;
  now: () => number;
  log: Logger;
  queue: TaskQueue | null;
}

/**
 * What a send needs before the message is stored, read in one wave (a reply's first token waits on it): the quota
 * it is counted against, the co-founder's memory with the chat so far, and the model that answers this founder
 * now (their own, or the server's default).
 */
export interface PreparedSend {
  quota: MessageQuota;
  memory: CofounderMemory;
  ai: AiProvider;
}

/** A sent message, counted and stored; run() produces the reply (streamed through onDelta when given). */
export interface ChatTurn {
  run(onDelta?: (text: string) => void): Promise<SendMessageResponse>;
}

/** The working chat: history pages with the welcome message, and sending with metering, streaming and tasks. */
export function createConversationService({ db, ai: models, usage, now, log, queue }: Deps) {
  const at = () => new Date(now());

  async function plannedTasks(ai: AiProvider, memory: CofounderMemory): Promise<PlannedTask[]> {
    try {
      const plan = await ai.structured({ ...aiRequest('plan', memory, memory.chat), name: 'task_plan', schema: TaskPlan });
      return plan.tasks;
    } catch (err) {
      // The reply itself arrived; a failed plan only means no tasks this time.
      if (!(err instanceof AiError)) throw err;
      log.warn({ err }, 'chat task plan failed');
      return [];
    }
  }

  async function reply(
    userId: string,
    sent: MessageRow,
    { memory, ai }: Omit<PreparedSend, 'quota'>,
    onDelta?: (text: string) => void,
  ): Promise<SendMessageResponse> {
    let answer = '';
    // The attached page is context for this reply only: later turns see just the founder's text.
    const request = withPageContext(aiRequest('chat', memory, memory.chat), sent.pageContext);
    for await (const chunk of ai.streamChat(request)) {
      answer += chunk;
      onDelta?.(chunk);
    }
    if (!answer.trim()) throw new AiError('empty');
    const planned = asksForTasks(sent.text) ? await plannedTasks(ai, memory) : [];
    const plan = planned.length ? await usage.planOf(userId) : null;
    let storedTasks: TaskRow[] = [];
    const response = await db.transaction(async (tx): Promise<SendMessageResponse> => {
      // The reply goes back the way the message came (by text for an SMS or a voicemail), so it carries the same mark.
      const via = sent.via ?? undefined;
      const intern = await insertMessage(tx, {
        userId,
        channel: 'chat',
        role: 'intern',
        text: answer,
        via,
        producedBy: ai.producer,
        createdAt: at(),
      });
      const stored = plan ? await storePlan(tx, usage, userId, plan, planned, at()) : null;
      storedTasks = stored?.tasks ?? [];
      const notice = stored
        ? await insertMessage(tx, { userId, channel: 'chat', role: 'intern', kind: 'task_notification', text: planSummary(stored), createdAt: at() })
        : null;
      const onboarding = memory.onboarding;
      return {
        userMessage: toChatMessage(sent),
        aiResponse: {
          message: answer,
          produced_by: ai.producer,
          ready_to_work: Boolean(onboarding?.readyToWork || onboarding?.isComplete),
          tasks_generated: stored?.tasks.length ?? 0,
        },
        internMessage: toChatMessage(intern),
        taskNotification: notice ? toChatMessage(notice) : null,
      };
    });
    // Queued once committed: a worker must find the tasks it is given.
    await runStored(queue, storedTasks);
    return response;
  }

  async function readForSend(userId: string): Promise<PreparedSend> {
    const [quota, memory, ai] = await Promise.all([
      usage.messageQuota(userId),
      // The chat so far: the message being sent is stored after this read, and ends the turns.
      loadMemory(db, userId, HISTORY_TURNS - 1),
      models.forUser(userId),
    ]);
    return { quota, memory, ai };
  }

  return {
    /** GET /api/conversation/{userId}: a page of history; the first visit after onboarding stores the welcome. */
    async history(userId: string, query: { before?: string; limit: number }): Promise<ConversationResponse> {
      const onboarding = await onboardingOf(db, userId);
      const complete = onboarding?.isComplete ?? false;
      let beforeSeq: number | null = null;
      if (query.before) {
        beforeSeq = await seqOf(db, userId, 'chat', query.before);
        if (beforeSeq === null) throw new AppError('validation_failed', 'before: No such message in this conversation', 'before');
      }
      let rows = await newestPage(db, userId, 'chat', beforeSeq, query.limit + 1);
      if (beforeSeq === null && rows.length === 0 && complete) {
        const memory = await loadMemory(db, userId);
        await insertWelcome(db, { userId, channel: 'chat', role: 'intern', text: welcomeText(memory.context), createdAt: at() });
        // Read back rather than use our insert: a racing request may have stored the welcome first.
        rows = await newestPage(db, userId, 'chat', null, query.limit + 1);
      }
      const hasMore = rows.length > query.limit;
      const page = rows.slice(0, query.limit).reverse();
      const userSpoke = page.some((m) => m.role === 'user') || (hasMore && (await hasUserMessage(db, userId, 'chat')));
      return {
        messages: page.map(toChatMessage),
        hasCompletedOnboarding: complete,
        isFirstWorkingChat: complete && !userSpoke,
        hasMore,
      };
    },

    /**
     * Reads what a send needs (PreparedSend); 429 with the monthly text when this month's messages are used up.
     * Asked before the per-minute budget, so the monthly limit's text wins whenever it applies (issue 25); pass
     * it on to send(), which counts atomically, so one read serves the whole request.
     */
    async prepareSend(userId: string): Promise<PreparedSend> {
      const prepared = await readForSend(userId);
      if (prepared.quota.usedUp) throw usage.limitReached();
      return prepared;
    },

    /**
     * Counts the message (429 when the month is used up, nothing stored) and stores it, atomically; 402 first
     * when the trial has ended. The returned turn then asks the AI. A failed reply keeps the founder's message
     * and gives the count back. `prepared`: this request's own read (prepareSend), else read here.
     */
    async send(
      userId: string,
      text: string,
      pageContext?: PageContext,
      options?: { via?: MessageVia; prepared?: PreparedSend },
    ): Promise<ChatTurn> {
      const { quota, memory, ai } = options?.prepared ?? (await readForSend(userId));
      if (quota.trialExpired) throw usage.trialEnded();
      const sent = await storeCountedMessage(db, {
        userId,
        month: quota.month,
        limit: quota.limit,
        text,
        pageContext: pageContext ?? null,
        via: options?.via ?? null,
        createdAt: at(),
      });
      if (!sent) throw usage.limitReached();
      const answering = { memory: { ...memory, chat: [...memory.chat, { role: 'user' as const, content: sent.text }] }, ai };
      return {
        async run(onDelta) {
          try {
            return await reply(userId, sent, answering, onDelta);
          } catch (err) {
            await usage.refundMessage(quota);
            if (err instanceof AiError) {
              log.warn({ err, kind: err.kind }, 'chat reply failed');
              throw new AppError('ai_unavailable', err.message);
            }
            throw err;
          }
        },
      };
    },
  };
}

