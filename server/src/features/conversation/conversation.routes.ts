import Router from '@koa/router';
import type { Context, Middleware } from 'koa';
import {
  CHAT,
  ConversationQuery,
  RATE_LIMITS,
  SendMessageBody,
  type ConversationResponse,
  type SendMessageResponse,
} from '@cofounder/shared';
import { currentUser, ownParam } from '../../http/auth.ts';
import { AppError } from '../../http/errors.ts';
import { limitPerUser } from '../../http/rate-limits.ts';
import { parseInput } from '../../http/validate.ts';
import { createUsageService } from '../usage/usage.service.ts';
import type { FeatureRouter } from '../types.ts';
import { createConversationService, type PreparedSend } from './conversation.service.ts';
import { streamTurn, wantsEventStream } from './sse.ts';

/** Over-long messages are 413 (spec 1 §5), decided before validation so they never read as a 400. */
function refuseLongText(body: unknown): void {
  const text = (body as { text?: unknown } | undefined)?.text;
  if (typeof text === 'string' && text.length > CHAT.maxMessageChars)
    throw new AppError('payload_too_large', 'Message too long');
}

/** GET /api/conversation/{userId} (history pages) and POST (send; JSON, or SSE when asked for text/event-stream). */
export const conversationRoutes: FeatureRouter = ({ database, ai, now, log, queue, rateLimits }) => {
  const usage = createUsageService(database.db, now);
  const conversation = createConversationService({ db: database.db, ai, usage, now, log, queue });
  const router = new Router();

  router.get('/api/conversation/:userId', ownParam('userId'), async (ctx) => {
    const query = parseInput(ConversationQuery, ctx.query);
    const body: ConversationResponse = await conversation.history(currentUser(ctx).id, query);
    ctx.body = body;
  });

  const chatBudget = limitPerUser(rateLimits, 'chat', RATE_LIMITS.chat, RATE_LIMITS.texts.chat);
  // The request's one read of plan, usage, memory and model: refused here when the month is used up, then used by send.
  const prepared = new WeakMap<Context, PreparedSend>();
  const monthFirst: Middleware = async (ctx, next) => {
    prepared.set(ctx, await conversation.prepareSend(currentUser(ctx).id));
    return next();
  };
  router.post('/api/conversation/:userId', ownParam('userId'), monthFirst, chatBudget, async (ctx) => {
    refuseLongText(ctx.request.body);
    const { text, pageContext } = parseInput(SendMessageBody, ctx.request.body);
    // Errors up to here (and the 402 / 429 inside send) are plain JSON answers, whichever variant was asked for.
    const turn = await conversation.send(currentUser(ctx).id, text, pageContext, { prepared: prepared.get(ctx) });
    if (wantsEventStream(ctx)) return streamTurn(ctx, turn);
    const body: SendMessageResponse = await turn.run();
    ctx.body = body;
  });
  return router;
};
