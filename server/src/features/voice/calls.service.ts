import {
  ALREADY_ON_LIST,
  VOICE,
  type CallTranscriptBody,
  type CreateTaskToolArgs,
  type RealtimeSession,
} from '@cofounder/shared';
import type { Logger } from 'pino';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { VoiceProviderError, type VoiceModels } from '../../providers/voice/port.ts';
import type { TaskQueue } from '../../queue/task-queue.ts';
import { insertMessage } from '../messages/messages.service.ts';
import { planSummary, runStored, storePlan } from '../tasks/tasks.service.ts';
import type { UsageService } from '../usage/usage.service.ts';
import { callInstructions } from './call-instructions.ts';
import { CALL_TOOL_DEFINITIONS } from './call-tools.ts';
import { deleteCall, endCalls, hasRunningCall, insertCall } from './calls.repo.ts';

interface Deps {
  db: Db;
  voice: VoiceModels;
  usage: UsageService;
  now: () => number;
  log: Logger;
  queue: TaskQueue | null;
}

/** Why a session was not started; the routes turn each into its status and text. */
export type SessionRefusal = 'unavailable' | 'busy' | 'no_minutes' | 'provider_failed';
export class SessionRefusedError extends Error {
  override name = 'SessionRefusedError';
  constructor(readonly reason: SessionRefusal) {
    super(reason);
  }
}

/** Voice calls (realtime or local): one running call per founder, metered by its length, its words kept in the chat. */
export function createCallsService({ db, voice, usage, now, log, queue }: Deps) {
  const at = () => new Date(now());

  /**
   * Reserves a call in one transaction: the month's counter row is locked first, so two concurrent starts
   * serialise and the second sees the first's call. Calls left unended past their time are metered in full
   * here (a tab that never cleaned up cannot buy free minutes).
   */
  async function reserve(userId: string): Promise<{ id: string; maxSeconds: number }> {
    const plan = await usage.planOf(userId);
    const started = at();
    const outcome = await db.transaction(async (tx) => {
      const before = await usage.lockVoiceSecondsLeft(tx, userId, plan);
      if (await hasRunningCall(tx, userId, started)) return 'busy' as const;
      const stale = await endCalls(tx, userId, started, { staleOnly: true });
      await usage.addVoiceSeconds(tx, userId, stale);
      const left = before === null ? null : Math.max(0, before - stale);
      if (left !== null && left <= 0) return 'no_minutes' as const;
      const maxSeconds = Math.min(left ?? VOICE.maxCallSeconds, VOICE.maxCallSeconds);
      return insertCall(tx, { userId, startedAt: started, maxSeconds });
    });
    if (typeof outcome === 'string') throw new SessionRefusedError(outcome);
    return outcome;
  }

  return {
    /** Reserves a call with no realtime session (the local call): busy and no_minutes refuse as for a session. */
    reserve,

    /** GET /api/realtime-voice/session: reserves the call, then mints a client secret for it. */
    async startSession(userId: string): Promise<RealtimeSession> {
      // The founder's own realtime model when their connection offers one, else the server's.
      const provider = await voice.forUser(userId, 'calls');
      // A local engine holds its calls over the local call socket: it has no realtime session to give.
      if (!provider.available || provider.engine !== 'openai') throw new SessionRefusedError('unavailable');
      const call = await reserve(userId);
      try {
        const secret = await provider.createClientSecret({
          instructions: await callInstructions(db, userId),
          tools: CALL_TOOL_DEFINITIONS,
          voice: VOICE.realtimeVoice,
          model: provider.realtimeModel,
        });
        return {
          client_secret: { value: secret.value, expires_at: secret.expiresAt },
          callId: call.id,
          realtime: { callsUrl: provider.callsUrl, model: provider.realtimeModel, voice: VOICE.realtimeVoice },
          maxSeconds: call.maxSeconds,
        };
      } catch (err) {
        await deleteCall(db, call.id); // it never started: neither running nor metered
        if (!(err instanceof VoiceProviderError)) throw err;
        log.warn(
          { status: err.status, code: err.code, msg: err.message },
          'realtime session could not be minted',
        );
        throw new SessionRefusedError(err.status === 503 ? 'unavailable' : 'provider_failed');
      }
    },

    /** Ends one call (or all the user's unended ones) and meters them; a second cleanup changes nothing. */
    async endCalls(userId: string, callId?: string): Promise<void> {
      await db.transaction(async (tx) => {
        const seconds = await endCalls(tx, userId, at(), { callId });
        await usage.addVoiceSeconds(tx, userId, seconds);
      });
    },

    /** Stores finished utterances in the chat, in order, so the call shows in the conversation history. */
    async saveTranscript(userId: string, items: CallTranscriptBody['items']): Promise<void> {
      await db.transaction(async (tx) => {
        for (const item of items) {
          await insertMessage(tx, {
            userId,
            channel: 'chat',
            role: item.role,
            text: item.text,
            createdAt: at(),
          });
        }
      });
    },

    /**
     * create_task: stored like tasks planned in the chat (not when the same work is already on the list, the
     * month's task allowance applies, a task notice in the chat, queued once committed); answers what the model
     * says back.
     */
    async createTask(userId: string, args: z.output<typeof CreateTaskToolArgs>): Promise<string> {
      const plan = await usage.planOf(userId);
      const result = await db.transaction(async (tx) => {
        const stored = await storePlan(tx, usage, userId, plan, [args], at());
        if (stored.tasks.length) {
          await insertMessage(tx, {
            userId,
            channel: 'chat',
            role: 'intern',
            kind: 'task_notification',
            text: planSummary(stored),
            createdAt: at(),
          });
        }
        return stored;
      });
      await runStored(queue, result.tasks);
      const [created] = result.tasks;
      if (created) return `Task created: ${created.description} (priority ${created.priority}).`;
      if (result.limitReached)
        return "No task was created: this month's task allowance is used up. The founder can upgrade the plan to add more.";
      const existing = result.skipped[0]?.existing.description ?? args.description;
      return `No new task was created: the founder's task list already has "${existing}" (${ALREADY_ON_LIST}).`;
    },
  };
}

export type CallsService = ReturnType<typeof createCallsService>;
