import Router from '@koa/router';
import type { Context } from 'koa';
import {
  SMS,
  SimulateTextBody,
  type SimulateTextResponse,
  type SmsMessagesResponse,
  RATE_LIMITS,
} from '@cofounder/shared';
import { currentUser, ownParam } from '../../http/auth.ts';
import { AppError } from '../../http/errors.ts';
import { reporterFor } from '../../http/rate-limit-state.ts';
import { limitPerUser } from '../../http/rate-limits.ts';
import { parseInput } from '../../http/validate.ts';
import type { SmsProvider } from '../../providers/sms/port.ts';
import { createSmsProvider } from '../../providers/sms/registry.ts';
import type { FeatureRouter } from '../types.ts';
import { createSmsService } from './sms.service.ts';

export const SMS_WEBHOOK_PATH = '/api/sms/webhook';
/** The local phone simulator (issue 20: this machine only). */
export const SMS_LOCAL_ONLY_PATH = /^\/api\/sms\/simulate(\/|$)/;
export const VOICE_WEBHOOK_PATH = '/api/voice/webhook';
export const VOICE_RECORDING_PATH = '/api/voice/recording';
/** Twilio's webhooks check its signature instead of a bearer, and are not plan-gated. */
export const SMS_PUBLIC_ROUTES = [
  `POST ${SMS_WEBHOOK_PATH}`,
  `POST ${VOICE_WEBHOOK_PATH}`,
  `POST ${VOICE_RECORDING_PATH}`,
];

const FORM_LIMIT_BYTES = 64 * 1024;

/** Voicemails still being transcribed and answered (tests wait on them with settleVoicemails). */
const voicemails = new Set<Promise<void>>();
export const settleVoicemails = async (): Promise<void> => {
  await Promise.all([...voicemails]);
};
const RECORD_MAX_SECONDS = 120;

const xmlEscape = (text: string): string =>
  text.replace(
    /[<>&"']/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c]!,
  );

async function readForm(ctx: Context): Promise<Record<string, string>> {
  if (!/^application\/x-www-form-urlencoded\b/i.test(ctx.get('content-type'))) {
    throw new AppError('bad_request', 'Expected application/x-www-form-urlencoded');
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of ctx.req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > FORM_LIMIT_BYTES) throw new AppError('payload_too_large', 'Request body is too large');
    chunks.push(chunk);
  }
  return Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8')));
}

/**
 * A Twilio webhook's params, once its X-Twilio-Signature matches the URL Twilio called (PUBLIC_URL + the path and
 * query: behind a proxy PUBLIC_URL is what was registered) and the POST params. Local mode: 404; bad → 403.
 */
async function signedParams(
  ctx: Context,
  sms: SmsProvider,
  publicUrl: string,
): Promise<Record<string, string>> {
  if (sms.mode !== 'real') throw new AppError('not_found', 'Not found');
  const params = await readForm(ctx);
  if (!sms.verifyWebhook(`${publicUrl}${ctx.url}`, params, ctx.get('x-twilio-signature'))) {
    throw new AppError('forbidden', 'Invalid Twilio signature');
  }
  return params;
}

function twiml(ctx: Context, inner = ''): void {
  ctx.type = 'text/xml';
  ctx.body = `<?xml version="1.0" encoding="UTF-8"?><Response>${inner}</Response>`;
}

/** Phone integration (issue 11): status, codes, the thread, the local simulator, and Twilio's SMS and call webhooks. */
export const smsRoutes: FeatureRouter = ({ database, ai, voice, now, log, queue, config, rateLimits }) => {
  const sms = createSmsProvider(config);
  const service = createSmsService({ db: database.db, ai, sms, voice, now, log, queue, rateLimits });
  const router = new Router();

  router.get('/api/sms/status/:userId', ownParam('userId'), async (ctx) => {
    ctx.body = await service.status(currentUser(ctx).id);
  });

  router.post('/api/sms/generate-code/:userId', ownParam('userId'), async (ctx) => {
    ctx.body = await service.generateCode(currentUser(ctx).id, reporterFor(ctx));
  });

  router.get('/api/sms/messages/:userId', ownParam('userId'), async (ctx) => {
    const body: SmsMessagesResponse = {
      success: true,
      messages: await service.messages(currentUser(ctx).id),
    };
    ctx.body = body;
  });

  const simulateBudget = limitPerUser(
    rateLimits,
    'sms-simulate',
    RATE_LIMITS.smsSimulate,
    RATE_LIMITS.texts.smsSimulate,
  );
  router.post('/api/sms/simulate/:userId', ownParam('userId'), simulateBudget, async (ctx) => {
    if (sms.mode !== 'local') throw new AppError('not_found', 'Not found');
    const { from, body } = parseInput(SimulateTextBody, ctx.request.body);
    const answer: SimulateTextResponse = { success: true, replies: await service.simulate(currentUser(ctx).id, from, body, reporterFor(ctx)) };
    ctx.body = answer;
  });

  router.post(SMS_WEBHOOK_PATH, async (ctx) => {
    const params = await signedParams(ctx, sms, config.publicUrl);
    const from = params.From ?? '';
    if (!/^\+[1-9]\d{7,14}$/.test(from)) return twiml(ctx);
    await service.inbound(
      { from, to: params.To ?? sms.number, body: params.Body ?? '', sid: params.MessageSid ?? null },
      reporterFor(ctx),
    );
    // Replies go out through the REST API, so Twilio gets an empty answer.
    twiml(ctx);
  });

  router.post(VOICE_WEBHOOK_PATH, async (ctx) => {
    const params = await signedParams(ctx, sms, config.publicUrl);
    const number = params.From ? await service.verifiedNumber(params.From) : null;
    if (!number?.userId) return twiml(ctx, `<Say>${xmlEscape(SMS.texts.callUnknown)}</Say><Hangup/>`);
    const greeting = SMS.texts.callGreeting(await service.internName(number.userId));
    const action = xmlEscape(`${config.publicUrl}${VOICE_RECORDING_PATH}`);
    twiml(
      ctx,
      `<Say>${xmlEscape(greeting)}</Say><Record maxLength="${RECORD_MAX_SECONDS}" playBeep="true" action="${action}" method="POST"/>`,
    );
  });

  router.post(VOICE_RECORDING_PATH, async (ctx) => {
    const params = await signedParams(ctx, sms, config.publicUrl);
    const number = params.From ? await service.verifiedNumber(params.From) : null;
    if (number?.userId && params.RecordingUrl) {
      // A voicemail is transcribed and answered as a chat message: the founder's chat budget holds it as it holds
      // their chat (texts have their number's budget, SMS.inboundRateLimit; a number belongs to one founder).
      const budget = await rateLimits.hit(`chat:${number.userId}`, RATE_LIMITS.chat);
      if (!budget.ok) return twiml(ctx, `<Say>${xmlEscape(RATE_LIMITS.texts.chat)}</Say><Hangup/>`);
      const seconds = Math.max(0, Math.round(Number(params.RecordingDuration ?? 0)) || 0);
      // Twilio waits on this answer with the caller on the line: fetching, transcribing and replying run after it.
      const work = service
        .voicemail(number.userId, number.phoneNumber, params.RecordingUrl, seconds)
        .catch((err: unknown) => {
          log.error({ err }, 'voicemail handling failed');
        });
      voicemails.add(work);
      void work.finally(() => voicemails.delete(work));
    }
    twiml(ctx, '<Hangup/>');
  });

  return router;
};
