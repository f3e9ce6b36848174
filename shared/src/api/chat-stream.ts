import type { z } from 'zod';
import {
  ChatStreamDelta,
  ChatStreamError,
  SendMessageResponse,
  type SendMessageBody,
} from '../schemas/chat.ts';
import { ApiError, apiErrorFrom, codeForStatus } from './api-error.ts';
import { endpointPath } from './contract/define.ts';
import { createSseParser, type SseEvent } from './sse.ts';

/** Spec 1 §8: the text of the failure when the model's reply never arrived. */
export const NO_AI_RESPONSE = 'No AI response received';

export interface SendMessageStreamOptions {
  /** Server origin, "" for same origin. */
  baseUrl: string;
  token: string;
  userId: string;
  body: SendMessageBody;
  /** Called with each piece of the reply as the model writes it. */
  onDelta?: (text: string) => void;
  signal?: AbortSignal;
  fetch?: typeof fetch;
}

/**
 * The contract's sendMessage (POST /api/conversation/{userId}) asking for Server-Sent Events: `delta` events feed `onDelta`, the `done`
 * event resolves with the stored messages. Failures before the stream starts are JSON with a status; failures
 * after it started arrive as an `error` event. Both reject with ApiError, so callers map one error type.
 */
export async function sendMessageStream(options: SendMessageStreamOptions): Promise<SendMessageResponse> {
  const doFetch = options.fetch ?? globalThis.fetch.bind(globalThis);
  // Loaded on the first message, like the client's calls (call.ts): the contract builds every endpoint's schemas.
  const endpoint = (await import('./contract.ts')).contract.sendMessage;
  const res = await doFetch(`${options.baseUrl}${endpointPath(endpoint, { userId: options.userId })}`, {
    method: endpoint.method,
    headers: {
      accept: 'text/event-stream',
      'content-type': 'application/json',
      authorization: `Bearer ${options.token}`,
    },
    body: JSON.stringify(options.body),
    signal: options.signal,
  });
  const isStream = (res.headers.get('content-type') ?? '').includes('text/event-stream');
  if (!res.ok || !isStream || !res.body) {
    const json: unknown = await res.json().catch(() => null);
    if (!res.ok) throw apiErrorFrom(res.status, json);
    // A server or proxy that ignored the Accept header answers with the whole reply at once.
    return parseOr502(SendMessageResponse, json);
  }
  return readReply(res.body, options.onDelta);
}

async function readReply(
  body: ReadableStream<Uint8Array>,
  onDelta: ((text: string) => void) | undefined,
): Promise<SendMessageResponse> {
  let reply: SendMessageResponse | undefined;
  let failure: ApiError | undefined;
  const parser = createSseParser((event: SseEvent) => {
    if (reply || failure) return;
    if (event.event === 'delta') onDelta?.(parseOr502(ChatStreamDelta, jsonOf(event.data)).text);
    else if (event.event === 'done') reply = parseOr502(SendMessageResponse, jsonOf(event.data));
    else if (event.event === 'error') {
      const { status, error } = parseOr502(ChatStreamError, jsonOf(event.data));
      failure = new ApiError(status, codeForStatus(status), error);
    }
  });
  const reader = body.getReader();
  const decoder = new TextDecoder();
  try {
    while (!reply && !failure) {
      const { done, value } = await reader.read();
      if (done) {
        parser.push(decoder.decode());
        parser.end();
        break;
      }
      parser.push(decoder.decode(value, { stream: true }));
    }
  } finally {
    // Stops the download when `done` or `error` came early, and releases the body either way.
    await reader.cancel().catch(() => undefined);
  }
  if (failure) throw failure;
  if (!reply) throw new ApiError(502, codeForStatus(502), NO_AI_RESPONSE);
  return reply;
}

function jsonOf(data: string): unknown {
  try {
    return JSON.parse(data);
  } catch {
    return undefined;
  }
}

/** A reply that does not match the contract is the server failing, not the caller: 502. */
function parseOr502<S extends z.ZodType>(schema: S, value: unknown): z.infer<S> {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new ApiError(502, 'bad_response', 'Malformed reply from the server');
  return parsed.data;
}
