import { createReadStream } from 'node:fs';
import Router from '@koa/router';
import type { Context } from 'koa';
import {
  TranscribeBody,
  VOICE,
  type TranscribeResponse,
  type TranscriptionResponse,
  type TranscriptionStatus,
} from '@cofounder/shared';
import type { z } from 'zod';
import { currentUser, requireUser } from '../../http/auth.ts';
import { reporterFor } from '../../http/rate-limit-state.ts';
import type { VoiceModels, VoiceProvider } from '../../providers/voice/port.ts';
import type { FeatureRouter } from '../types.ts';
import { createUsageService } from '../usage/usage.service.ts';
import { estimatedSeconds } from './audio-format.ts';
import { untilClientGone } from './client-gone.ts';
import { answerFlat, fail } from './failures.ts';
import { createOneAtATime, type OneAtATime } from './one-at-a-time.ts';
import { transcribeAudio } from './transcribe.ts';
import { UploadMalformedError, UploadTooLargeError, withUploadedAudio } from './upload.ts';
import { createTranscriptionMeter, type TranscriptionMeter } from './voice-usage.ts';

export const TRANSCRIBE_JSON_PATH = '/api/transcribe';
/** The JSON route's body cap: the largest upload in base64 (4/3) plus room for the other fields. */
export const TRANSCRIBE_JSON_LIMIT_BYTES = Math.ceil((VOICE.maxUploadBytes * 4) / 3) + 1024;

/** Multipart framing and the text fields around the audio part; a declared length past this is refused before any of it is stored. */
const MULTIPART_ALLOWANCE_BYTES = 64 * 1024;

const Fields = TranscribeBody.pick({ language: true, prompt: true });
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

const estimate = (bytes: number) => estimatedSeconds(bytes, VOICE.recordingBitsPerSecond);

/** A body that fails its schema, as a flat failure naming the field (these routes answer flat throughout). */
function parseFlat<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const field = issue?.path.join('.');
  throw fail.malformed(field ? `${field}: ${issue?.message}` : (issue?.message ?? 'Invalid input'));
}

/** What both routes transcribe with: the founders' providers, their minutes, one recording of each at a time. */
interface Transcribing {
  models: VoiceModels;
  meter: TranscriptionMeter;
  oneAtATime: OneAtATime;
}

/** POST /transcription: streams the upload to a temp file under the cap, then transcribes it. */
async function transcribeUpload(ctx: Context, { models, meter, oneAtATime }: Transcribing): Promise<TranscriptionResponse> {
  const userId = currentUser(ctx).id;
  const voice = await models.forUser(userId, 'transcription');
  if (!voice.available) throw fail.unavailable();
  return oneAtATime.run(userId, () => receiveAndTranscribe(ctx, voice, meter));
}

async function receiveAndTranscribe(ctx: Context, voice: VoiceProvider, meter: TranscriptionMeter): Promise<TranscriptionResponse> {
  const userId = currentUser(ctx).id;
  const signal = untilClientGone(ctx);
  const secondsLeft = await meter.admit(userId, reporterFor(ctx));
  const declared = Number(ctx.get('content-length') || 0);
  if (declared > VOICE.maxUploadBytes + MULTIPART_ALLOWANCE_BYTES) throw fail.tooLarge(estimate(declared));
  try {
    return await withUploadedAudio(ctx.req, { field: 'audio', maxBytes: VOICE.maxUploadBytes }, async (audio) => {
      const fields = parseFlat(Fields, audio.fields);
      const file = createReadStream(audio.path);
      // A recording refused before it is read (its format) leaves the stream to open the temp file on its own, after
      // the file was removed: an uncaught ENOENT that once failed a run. A consumer, when there is one, still gets
      // its read errors; this only keeps the unread stream's from escaping.
      file.on('error', () => undefined);
      try {
        const { bytes, head } = audio;
        const result = await transcribeAudio(voice, { ...fields, file, bytes, head, speaker: userId, secondsLeft, signal });
        await meter.record(userId, result.duration);
        return { success: true, ...result };
      } finally {
        file.destroy(); // its file descriptor closes with the request, before the temp file is removed
      }
    });
  } catch (err) {
    if (err instanceof UploadTooLargeError) throw fail.tooLarge(estimate(declared || err.bytesRead));
    if (err instanceof UploadMalformedError) throw fail.malformed(err.message);
    throw err;
  }
}

/** POST /api/transcribe: the same checks for base64 audio in JSON (its body cap is raised in app.ts). */
async function transcribeJson(ctx: Context, { models, meter, oneAtATime }: Transcribing): Promise<TranscribeResponse> {
  const userId = currentUser(ctx).id;
  const signal = untilClientGone(ctx);
  const voice = await models.forUser(userId, 'transcription');
  if (!voice.available) throw fail.unavailable();
  return oneAtATime.run(userId, async () => {
    const secondsLeft = await meter.admit(userId, reporterFor(ctx));
    const body = parseFlat(TranscribeBody, ctx.request.body);
    const data = body.audio_data;
    if (data.length % 4 !== 0 || !BASE64.test(data)) throw fail.badBase64();
    const bytes = (data.length / 4) * 3 - (data.endsWith('==') ? 2 : data.endsWith('=') ? 1 : 0);
    if (bytes > VOICE.maxUploadBytes) throw fail.tooLarge(estimate(bytes));
    const file = Buffer.from(data, 'base64');
    const { language, prompt } = body;
    const result = await transcribeAudio(voice, { file, bytes, head: file, language, prompt, speaker: userId, secondsLeft, signal });
    await meter.record(userId, result.duration);
    return { transcript: result.text, duration: result.duration };
  });
}

/**
 * Speech to text (spec 1 §7): GET /transcription/status, POST /transcription (multipart) and POST /api/transcribe
 * (base64 JSON). /transcription sits outside /api, so its routes require the bearer here.
 */
export const transcriptionRoutes: FeatureRouter = ({ database, now, voice, verifier, rateLimits }) => {
  const transcribing: Transcribing = {
    models: voice,
    meter: createTranscriptionMeter(database.db, createUsageService(database.db, now), rateLimits),
    oneAtATime: createOneAtATime(),
  };
  const router = new Router();

  // The founder's own: their connection may offer speech where the server has none. The recorder follows `engine`
  // (WAV for 'local'); `reason` says why voice is off (e.g. the install command).
  router.get('/transcription/status', requireUser(verifier), async (ctx) => {
    const provider = await voice.forUser(currentUser(ctx).id, 'transcription');
    const body: TranscriptionStatus = {
      available: provider.available,
      engine: provider.engine,
      provider: provider.available ? provider.transcriber : null,
      reason: provider.unavailableReason,
    };
    ctx.body = body;
  });

  router.post('/transcription', requireUser(verifier), (ctx) => answerFlat(ctx, () => transcribeUpload(ctx, transcribing)));

  router.post(TRANSCRIBE_JSON_PATH, (ctx) => answerFlat(ctx, () => transcribeJson(ctx, transcribing)));
  return router;
};
