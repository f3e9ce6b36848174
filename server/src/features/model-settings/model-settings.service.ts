import { isIP } from 'node:net';
import type { z } from 'zod';
import {
  MODEL_SETTINGS,
  VOICE,
  keyHint,
  type ModelAnswering,
  type ModelConnectionInput,
  type ModelConnectionKind,
  type ModelConnectionTest,
  type ModelSettingsResponse,
  type ModelTestFailureKind,
  type ModelTestResponse,
  type VoiceEngine,
} from '@cofounder/shared';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { ModelConnectionRow } from '../../db/schema.ts';
import { AppError } from '../../http/errors.ts';
import { isLoopbackAddress } from '../../net/public-address.ts';
import { createOpenAiProvider } from '../../providers/ai/openai.ts';
import { probeConnection } from '../../providers/ai/openai/connection-test.ts';
import {
  BlockedAddressError,
  checkModelHost,
  guardedFetch,
  systemLookup,
  type AddressPolicy,
  type HostLookup,
} from '../../providers/ai/openai/guarded-fetch.ts';
import { AiError, type AiModels, type AiProvider } from '../../providers/ai/port.ts';
import { createOpenAiVoiceProvider } from '../../providers/voice/openai.ts';
import type { VoiceModels, VoiceProvider, VoiceUse } from '../../providers/voice/port.ts';
import { decryptToken, encryptToken } from '../../security/crypto.ts';
import { connectionOf, deleteConnection, saveConnection } from './model-connections.repo.ts';
import { isLocalMode } from './local-mode.ts';

// A founder's own model (issue 23 §1). The row is read on every request that needs a model, in whichever process
// serves it: no cache can go stale, and a founder's change answers from their next message on.

interface Deps {
  db: Db;
  config: Config;
  /** The key social tokens are sealed with; model keys are sealed with it too. */
  tokenKey: Buffer;
  serverDefault: AiProvider;
  /** The server's own speech provider (what a founder's voice falls back to). */
  serverVoice: VoiceProvider;
  now: () => number;
  /** How model server names are resolved, at Save and Test and at every connection (default: the OS resolver). */
  lookup?: HostLookup;
}

/** Where the request comes from: loopback model servers are offered only to a client on this machine. */
export interface Caller {
  userId: string;
  fromThisMachine: boolean;
}

/** A connection resolved for a call: where, with which key, under which address rule. */
interface Target {
  kind: ModelConnectionKind;
  baseUrl: string;
  apiKey: string | null;
  policy: AddressPolicy;
  /** Named by a client on this machine of a local install (what the saved row remembers). */
  onThisMachine: boolean;
}

type ConnectionValues = z.output<typeof ModelConnectionInput>;
type TestValues = z.output<typeof ModelConnectionTest>;

const trimSlash = (url: string) => url.replace(/\/+$/, '');

const hostOf = (url: string) => new URL(url).hostname.replace(/^\[|\]$/g, '');

const isLoopbackHost = (url: string) => {
  const host = hostOf(url);
  return host === 'localhost' || isLoopbackAddress(host);
};

/**
 * The founder typed the address itself (an IP, or localhost), so saying it is refused tells them nothing they did not
 * write. A name that resolves to a refused address is answered as one that resolves nowhere: Save and Test connection
 * must not tell which names of someone's network exist, nor which of their ports are open.
 */
const isTypedAddress = (url: string) => {
  const host = hostOf(url);
  return host === 'localhost' || isIP(host) !== 0;
};

/** How Save and Test connection answer every refused name and every host that cannot be reached: the same words. */
const unreachable = (): { kind: ModelTestFailureKind; message: string } => ({ kind: 'unreachable', message: new AiError('unreachable').message });

const badRequest = (message: string, field?: string) => new AppError('bad_request', message, field);

function answeringDefault(provider: AiProvider): Omit<ModelAnswering, 'source'> {
  return { mode: provider.mode, model: provider.mode === 'real' ? provider.producer : null };
}

/** The key of a saved connection: null when it has none; AiError bad_key when it was sealed under another key. */
function keyOf(row: ModelConnectionRow, tokenKey: Buffer): string | null {
  const apiKey = row.apiKeyEnc === null ? null : decryptToken(tokenKey, row.apiKeyEnc);
  // Sealed under another key (TOKEN_ENCRYPTION_KEY changed): the founder has to enter it again.
  if (row.apiKeyEnc !== null && apiKey === null) throw new AiError('bad_key');
  return apiKey;
}

/**
 * The speech model a connection offers for a use: OpenAI's own by default (or the one named); another server
 * transcribes only with a named model, and calls run on OpenAI only (the browser opens them with the provider
 * directly, and the page's CSP names OpenAI alone).
 */
function speechModelOf(row: Pick<ModelConnectionRow, 'kind' | 'transcriptionModel' | 'realtimeModel'>, use: VoiceUse): string | null {
  if (use === 'calls') return row.kind === 'openai' ? (row.realtimeModel ?? VOICE.realtimeModel) : null;
  return row.transcriptionModel ?? (row.kind === 'openai' ? VOICE.transcriptionModel : null);
}

// In use, loopback belongs to the founder who saved the connection from this machine of a local install, and only
// while the server still runs as one: whoever saved from elsewhere never reaches loopback, whatever their name
// resolves to by then (the connection's own lookup refuses it).
const usePolicy = (config: Config, row: ModelConnectionRow): AddressPolicy => ({
  loopback: row.savedOnThisMachine && isLocalMode(config),
});

export function createAiModels({
  db,
  config,
  tokenKey,
  serverDefault,
  lookup = systemLookup,
}: Pick<Deps, 'db' | 'config' | 'tokenKey' | 'serverDefault' | 'lookup'>): AiModels {
  return {
    serverDefault,
    async forUser(userId) {
      const row = await connectionOf(db, userId);
      if (!row) return serverDefault;
      const apiKey = keyOf(row, tokenKey);
      return createOpenAiProvider({
        apiKey,
        baseUrl: row.baseUrl,
        model: row.chatModel,
        researchModel: row.researchModel ?? undefined,
        computerModel: row.computerModel ?? undefined,
        // Web research is OpenAI's own Responses tool; compatible servers have no such thing.
        webSearch: row.kind === 'openai',
        timeoutMs: config.ai.timeoutMs,
        firstTokenTimeoutMs: config.ai.firstTokenTimeoutMs,
        maxRetries: config.ai.maxRetries,
        fetch: guardedFetch(usePolicy(config, row), lookup),
      });
    },
  };
}

/** Who serves a founder's voice notes and calls: their connection when it offers that use, else the server's. */
export function createVoiceModels({
  db,
  config,
  tokenKey,
  serverVoice,
  lookup = systemLookup,
}: Pick<Deps, 'db' | 'config' | 'tokenKey' | 'serverVoice' | 'lookup'>): VoiceModels {
  return {
    serverDefault: serverVoice,
    async forUser(userId, use) {
      const row = await connectionOf(db, userId);
      const model = row && speechModelOf(row, use);
      if (!row || !model) return serverVoice;
      const apiKey = keyOf(row, tokenKey);
      return createOpenAiVoiceProvider({
        ...config.voice,
        apiKey: apiKey ?? 'none',
        baseUrl: row.baseUrl,
        ...(use === 'transcription' ? { transcriptionModel: model } : { realtimeModel: model }),
        fetch: guardedFetch(usePolicy(config, row), lookup),
      });
    },
  };
}

/**
 * Which engine serves each voice use for a founder: their connection when it offers that use (it speaks OpenAI's
 * speech API), else the server's own (OpenAI, or pocketsphinx on this machine); null when neither does.
 */
function voiceOf(row: ModelConnectionRow | null, serverVoice: VoiceProvider): ModelSettingsResponse['voice'] {
  const engineFor = (use: VoiceUse): VoiceEngine | null =>
    row !== null && speechModelOf(row, use) !== null ? 'openai' : serverVoice.available ? serverVoice.engine : null;
  const transcriptionEngine = engineFor('transcription');
  const callsEngine = engineFor('calls');
  return { transcription: transcriptionEngine !== null, calls: callsEngine !== null, transcriptionEngine, callsEngine };
}

export function createModelSettingsService({ db, config, tokenKey, serverDefault, serverVoice, now, lookup = systemLookup }: Deps) {
  function view(row: ModelConnectionRow | null): ModelSettingsResponse {
    const fallback = answeringDefault(serverDefault);
    return {
      success: true,
      connection: row && {
        kind: row.kind,
        baseUrl: row.baseUrl,
        keyHint: row.keyHint,
        chatModel: row.chatModel,
        researchModel: row.researchModel,
        computerModel: row.computerModel,
        transcriptionModel: row.transcriptionModel,
        realtimeModel: row.realtimeModel,
        updatedAt: row.updatedAt.toISOString(),
      },
      answering: row ? { source: 'founder', mode: 'real', model: row.chatModel } : { source: 'server', ...fallback },
      serverDefault: fallback,
      voice: voiceOf(row, serverVoice),
    };
  }

  /**
   * The server a Save or Test names, with the key to use: the one typed, else the one saved for the same server.
   * 400 for what the form got wrong; the address rule is checked by the callers (Save refuses, Test reports).
   */
  async function targetOf(caller: Caller, input: TestValues, saved: ModelConnectionRow | null): Promise<Target> {
    const local = isLocalMode(config) && caller.fromThisMachine;
    const baseUrl = input.kind === 'openai' ? MODEL_SETTINGS.openAiBaseUrl : trimSlash(input.baseUrl!);
    // "A model server on this machine" is one found on loopback, offered only to this machine's own browser.
    if (input.kind === 'local' && !(local && isLoopbackHost(baseUrl))) throw badRequest(MODEL_SETTINGS.texts.localNotHere, 'baseUrl');
    const savedKey = saved?.apiKeyEnc && saved.baseUrl === baseUrl ? decryptToken(tokenKey, saved.apiKeyEnc) : null;
    const apiKey = input.apiKey || savedKey;
    if (input.kind === 'openai' && !apiKey) throw badRequest(MODEL_SETTINGS.texts.keyRequired, 'apiKey');
    return { kind: input.kind, baseUrl, apiKey, policy: { loopback: local }, onThisMachine: local };
  }

  /** null when the address rule lets the target be called, else what the founder reads. */
  async function addressProblem(target: Target): Promise<{ kind: ModelTestFailureKind; message: string } | null> {
    const checked = await checkModelHost(new URL(target.baseUrl).hostname, target.policy, lookup);
    if (checked === 'ok') return null;
    if (checked instanceof BlockedAddressError && isTypedAddress(target.baseUrl)) return blockedFailure(checked);
    return unreachable();
  }

  return {
    async get(userId: string): Promise<ModelSettingsResponse> {
      return view(await connectionOf(db, userId));
    },

    async save(caller: Caller, input: ConnectionValues): Promise<ModelSettingsResponse> {
      const saved = await connectionOf(db, caller.userId);
      const target = await targetOf(caller, input, saved);
      const problem = await addressProblem(target);
      if (problem) throw badRequest(problem.message, 'baseUrl');
      await saveConnection(
        db,
        caller.userId,
        {
          kind: target.kind,
          baseUrl: target.baseUrl,
          apiKeyEnc: target.apiKey === null ? null : encryptToken(tokenKey, target.apiKey),
          keyHint: target.apiKey === null ? null : keyHint(target.apiKey),
          chatModel: input.chatModel,
          researchModel: input.researchModel,
          computerModel: input.computerModel,
          transcriptionModel: input.transcriptionModel,
          realtimeModel: input.realtimeModel,
          savedOnThisMachine: target.onThisMachine,
        },
        new Date(now()),
      );
      return view(await connectionOf(db, caller.userId));
    },

    async reset(userId: string): Promise<ModelSettingsResponse> {
      await deleteConnection(db, userId);
      return view(null);
    },

    async test(caller: Caller, input: TestValues): Promise<ModelTestResponse> {
      const target = await targetOf(caller, input, await connectionOf(db, caller.userId));
      const problem = await addressProblem(target);
      if (problem) return { success: true, ok: false, models: [], latencyMs: null, failure: problem };
      const probe = await probeConnection(
        { baseUrl: target.baseUrl, apiKey: target.apiKey, fetch: guardedFetch(target.policy, lookup), timeoutMs: MODEL_SETTINGS.testTimeoutMs },
        input.chatModel,
      );
      return { success: true, ok: probe.failure === null, models: probe.models, latencyMs: probe.latencyMs, failure: probe.failure && failureOf(probe.failure) };
    },
  };
}

/** A typed address the rule refuses, in plain words. */
function blockedFailure(err: BlockedAddressError): { kind: ModelTestFailureKind; message: string } {
  return { kind: 'blocked_address', message: err.loopback ? MODEL_SETTINGS.texts.localNotHere : MODEL_SETTINGS.texts.blockedAddress };
}

/** A probe's failure as Test connection shows it. */
function failureOf(err: AiError | BlockedAddressError): { kind: ModelTestFailureKind; message: string } {
  // Refused at connect time: the name now points where the rule forbids (it changed since the check). Like every
  // refused name, it reads as a server that cannot be reached.
  if (err instanceof BlockedAddressError) return unreachable();
  const kinds: Partial<Record<AiError['kind'], ModelTestFailureKind>> = {
    unreachable: 'unreachable',
    bad_key: 'bad_key',
    model_not_found: 'model_not_found',
    timeout: 'timeout',
    slow_start: 'timeout',
  };
  return { kind: kinds[err.kind] ?? 'bad_answer', message: err.message };
}

export type ModelSettingsService = ReturnType<typeof createModelSettingsService>;
