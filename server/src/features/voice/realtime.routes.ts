import Router from '@koa/router';
import type { Context } from 'koa';
import {
  CALL_TOOLS,
  contract,
  CallToolBody,
  CallTranscriptBody,
  CreateTaskToolArgs,
  RealtimeCleanupBody,
  VOICE_TEXT,
  type CallToolResponse,
  type RealtimeSession,
  RATE_LIMITS,
} from '@cofounder/shared';
import { currentUser, ownUserId } from '../../http/auth.ts';
import { AppError } from '../../http/errors.ts';
import { limitPerUser } from '../../http/rate-limits.ts';
import { parseInput } from '../../http/validate.ts';
import type { FeatureRouter } from '../types.ts';
import { createUsageService } from '../usage/usage.service.ts';
import { callOf } from './calls.repo.ts';
import { createCallsService, SessionRefusedError, type SessionRefusal } from './calls.service.ts';

const REFUSALS: Record<Exclude<SessionRefusal, 'unavailable'>, () => AppError> = {
  busy: () => new AppError('conflict', VOICE_TEXT.callInProgress),
  no_minutes: () => new AppError('rate_limited', VOICE_TEXT.callLimitReached),
  provider_failed: () => new AppError('ai_unavailable', VOICE_TEXT.sessionFailed),
};

/**
 * Realtime voice calls (spec 1 §7): the session (a client secret the browser opens the WebRTC call with),
 * cleanup (ends and meters the call), the call's transcript into the chat, and the tools the model calls.
 */
export const realtimeRoutes: FeatureRouter = ({ database, now, voice, log, queue, rateLimits }) => {
  const { db } = database;
  const calls = createCallsService({ db, voice, usage: createUsageService(db, now), now, log, queue });
  const router = new Router();

  /** The call must be the caller's; anything else is "not found" (another founder's ids are not confirmed). */
  const ownCall = async (ctx: Context, callId: string) => {
    const call = await callOf(db, currentUser(ctx).id, callId);
    if (!call) throw new AppError('not_found', 'No such call');
    return call;
  };

  const sessionBudget = limitPerUser(
    rateLimits,
    'call-session',
    RATE_LIMITS.callSessions,
    RATE_LIMITS.texts.callSessions,
  );
  router.get('/api/realtime-voice/session', sessionBudget, async (ctx) => {
    const userId = ownUserId(ctx, parseInput(contract.realtimeSession.query, ctx.query).userId);
    try {
      const body: RealtimeSession = await calls.startSession(userId);
      ctx.set('Cache-Control', 'no-store'); // it carries a secret
      ctx.body = body;
    } catch (err) {
      if (!(err instanceof SessionRefusedError)) throw err;
      // No /api error code stands for 503; the spec's session failure is a flat { error } body anyway.
      if (err.reason === 'unavailable') {
        ctx.status = 503;
        ctx.body = { error: 'unavailable', message: VOICE_TEXT.sessionFailed };
        return;
      }
      throw REFUSALS[err.reason]();
    }
  });

  router.post('/api/realtime-voice/cleanup', async (ctx) => {
    const body = parseInput(RealtimeCleanupBody, ctx.request.body);
    const userId = ownUserId(ctx, body.userId);
    if (body.callId !== undefined) await ownCall(ctx, body.callId);
    await calls.endCalls(userId, body.callId);
    ctx.body = { success: true };
  });

  router.post('/api/realtime-voice/transcript', async (ctx) => {
    const body = parseInput(CallTranscriptBody, ctx.request.body);
    await ownCall(ctx, body.callId);
    await calls.saveTranscript(currentUser(ctx).id, body.items);
    ctx.body = { success: true };
  });

  router.post('/api/realtime-voice/tool', async (ctx) => {
    const body = parseInput(CallToolBody, ctx.request.body);
    await ownCall(ctx, body.callId);
    if (body.name !== CALL_TOOLS.createTask)
      throw new AppError('bad_request', `Unknown tool: ${body.name}`, 'name');
    let args: unknown;
    try {
      args = JSON.parse(body.arguments);
    } catch {
      throw new AppError('bad_request', 'arguments: not valid JSON', 'arguments');
    }
    const output = await calls.createTask(currentUser(ctx).id, parseInput(CreateTaskToolArgs, args));
    const response: CallToolResponse = { success: true, output };
    ctx.body = response;
  });
  return router;
};
