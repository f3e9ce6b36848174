import type { Logger } from 'pino';
import type { Db } from '../../../db/client.ts';
import type { AiModels } from '../../../providers/ai/port.ts';
import type { TaskQueue } from '../../../queue/task-queue.ts';
import { createConversationService } from '../../conversation/conversation.service.ts';
import type { UsageService } from '../../usage/usage.service.ts';

export interface CallAnswer {
  text: string;
  /** The model's name, or 'offline' (the call screen labels it "Offline draft"). */
  producedBy: string | null;
  tasksCreated: number;
}

/**
 * The co-founder's answer to one spoken turn, exactly as the chat answers a written message: the founder's model
 * (or the offline co-founder), metered as a chat message like a text or a voicemail, both messages stored in the
 * conversation (so the call shows in the chat's history), and tasks planned and created when the founder asks for
 * them. Refusals come as the chat's AppErrors (message limit, trial ended, model unavailable).
 */
export function createCallAnswers(deps: { db: Db; ai: AiModels; usage: UsageService; now: () => number; log: Logger; queue: TaskQueue | null }) {
  const conversation = createConversationService(deps);
  return async (userId: string, text: string): Promise<CallAnswer> => {
    const turn = await conversation.send(userId, text);
    const { aiResponse } = await turn.run();
    return { text: aiResponse.message, producedBy: aiResponse.produced_by ?? null, tasksCreated: aiResponse.tasks_generated };
  };
}

export type AnswerTurn = ReturnType<typeof createCallAnswers>;
