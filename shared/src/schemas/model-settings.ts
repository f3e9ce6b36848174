import { z } from 'zod';
import { ProviderMode, VoiceEngine } from './config.ts';

// Settings → Model (issue 23 §1): the model a founder connects ("bring your own model"). The server's environment
// stays everyone's default; a founder's own connection answers that founder from their next request on.

/**
 * openai: OpenAI itself with the founder's key. compatible: any OpenAI-compatible server (base URL, optional key).
 * local: one of the model servers found on this machine's loopback (local mode only).
 */
export const ModelConnectionKind = z.enum(['openai', 'compatible', 'local']);
export type ModelConnectionKind = z.infer<typeof ModelConnectionKind>;

export const MODEL_SETTINGS = {
  /** Where a kind "openai" connection goes. */
  openAiBaseUrl: 'https://api.openai.com/v1',
  /** Test connection: each of its two calls (the models list, the one-token completion) within this. */
  testTimeoutMs: 15_000,
  maxUrlLength: 500,
  maxKeyLength: 400,
  maxModelLength: 200,
  texts: {
    keyRequired: 'Enter your OpenAI API key.',
    baseUrlRequired: "Enter the server's base URL, e.g. https://models.example.com/v1.",
    badBaseUrl: 'The base URL must be an http:// or https:// address with no user name, password, query or #fragment.',
    // These two name an address the founder typed (an IP, or localhost). A name that resolves to such an address is
    // answered like a server that cannot be reached, so Save and Test connection reveal no internal names or ports.
    localNotHere:
      'Model servers on this machine can be connected only on a local install, opened on the same machine.',
    blockedAddress:
      'That address is on a private network, so the server will not call it. Connect a model server on the public internet.',
  },
} as const;

const modelName = z.string().trim().min(1, 'Choose a model.').max(MODEL_SETTINGS.maxModelLength);
const optionalModel = z
  .string()
  .trim()
  .max(MODEL_SETTINGS.maxModelLength)
  .nullish()
  .transform((v) => v || null);

/** True when `value` is an http(s) URL a connection may name: no credentials, query or fragment. */
export function isModelBaseUrl(value: string): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  return (
    (url.protocol === 'http:' || url.protocol === 'https:') &&
    !url.username &&
    !url.password &&
    !url.search &&
    !url.hash &&
    !value.includes('?') &&
    !value.includes('#')
  );
}

const connectionFields = {
  kind: ModelConnectionKind,
  /** Ignored for kind openai (MODEL_SETTINGS.openAiBaseUrl); required otherwise. */
  baseUrl: z.string().trim().max(MODEL_SETTINGS.maxUrlLength).optional(),
  /** Empty or absent: the key already saved for the same server, if any. Never sent back. */
  apiKey: z.string().trim().max(MODEL_SETTINGS.maxKeyLength).optional(),
};

function checkServer(v: { kind: ModelConnectionKind; baseUrl?: string | undefined }, ctx: z.RefinementCtx) {
  if (v.kind === 'openai') return;
  if (!v.baseUrl) ctx.addIssue({ code: 'custom', path: ['baseUrl'], message: MODEL_SETTINGS.texts.baseUrlRequired });
  else if (!isModelBaseUrl(v.baseUrl)) ctx.addIssue({ code: 'custom', path: ['baseUrl'], message: MODEL_SETTINGS.texts.badBaseUrl });
}

/** PUT /api/model-settings: connect (or change) the founder's model. */
export const ModelConnectionInput = z
  .object({
    ...connectionFields,
    chatModel: modelName,
    /** Optional separate models (null: the chat model). Research uses web search on OpenAI only. */
    researchModel: optionalModel,
    computerModel: optionalModel,
    /**
     * Speech (null: OpenAI's own for kind openai). Voice notes are transcribed on the founder's connection when it
     * is OpenAI or names a transcription model; calls run on it only when it is OpenAI. Else the server's voice.
     */
    transcriptionModel: optionalModel,
    realtimeModel: optionalModel,
  })
  .strict()
  .superRefine(checkServer);
export type ModelConnectionInput = z.input<typeof ModelConnectionInput>;

/** POST /api/model-settings/test: list the server's models, then (with a chat model) a one-token completion. */
export const ModelConnectionTest = z
  .object({ ...connectionFields, chatModel: modelName.optional() })
  .strict()
  .superRefine(checkServer);
export type ModelConnectionTest = z.input<typeof ModelConnectionTest>;

/** A saved connection as a browser sees it: the key only as a hint (`sk-…abcd`). */
export const ModelConnection = z.object({
  kind: ModelConnectionKind,
  baseUrl: z.string(),
  keyHint: z.string().nullable(),
  chatModel: z.string(),
  researchModel: z.string().nullable(),
  computerModel: z.string().nullable(),
  transcriptionModel: z.string().nullable(),
  realtimeModel: z.string().nullable(),
  updatedAt: z.string(),
});
export type ModelConnection = z.infer<typeof ModelConnection>;

/** Who answers the founder now: their own connection, or the server's default (a model, or the offline co-founder). */
export const ModelAnswering = z.object({
  source: z.enum(['founder', 'server']),
  /** local: the offline co-founder. */
  mode: ProviderMode,
  /** The model's name; null for the offline co-founder. */
  model: z.string().nullable(),
});
export type ModelAnswering = z.infer<typeof ModelAnswering>;

/** GET, PUT and DELETE /api/model-settings. */
export const ModelSettingsResponse = z.object({
  success: z.literal(true),
  connection: ModelConnection.nullable(),
  answering: ModelAnswering,
  /** What answers when the founder has no connection of their own. */
  serverDefault: ModelAnswering.omit({ source: true }),
  /** Whether this founder can use voice notes and calls: through their own connection, or the server's default. */
  voice: z.object({
    transcription: z.boolean(),
    calls: z.boolean(),
    /** Which engine serves each (null when unavailable): the recorder and the call screen follow it. */
    transcriptionEngine: VoiceEngine.nullable(),
    callsEngine: VoiceEngine.nullable(),
  }),
});
export type ModelSettingsResponse = z.infer<typeof ModelSettingsResponse>;

/** blocked_address: an address typed as an IP or localhost that the server will not call (never a resolved name). */
export const ModelTestFailureKind = z.enum(['unreachable', 'bad_key', 'model_not_found', 'timeout', 'blocked_address', 'bad_answer']);
export type ModelTestFailureKind = z.infer<typeof ModelTestFailureKind>;

/** Test connection's answer: a failure is a result, not an error (200 with ok false and why, in plain words). */
export const ModelTestResponse = z.object({
  success: z.literal(true),
  ok: z.boolean(),
  /** Model ids from GET {base}/models (empty when that failed). */
  models: z.array(z.string()),
  /** The one-token completion's round trip in ms; null when it did not run or failed. */
  latencyMs: z.number().int().nullable(),
  failure: z.object({ kind: ModelTestFailureKind, message: z.string() }).nullable(),
});
export type ModelTestResponse = z.infer<typeof ModelTestResponse>;

/** How a saved key is shown: its first three and last four characters (`sk-…abcd`); short keys only by the end. */
export function keyHint(key: string): string {
  return key.length >= 12 ? `${key.slice(0, 3)}…${key.slice(-4)}` : `…${key.slice(-2)}`;
}
