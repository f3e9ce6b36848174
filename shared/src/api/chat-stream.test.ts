import { describe, expect, it, vi } from 'vitest';
import type { SendMessageResponse } from '../schemas/chat.ts';
import { ApiError } from './api-error.ts';
import { NO_AI_RESPONSE, sendMessageStream } from './chat-stream.ts';

const REPLY: SendMessageResponse = {
  aiResponse: { message: 'Hello there', ready_to_work: true, tasks_generated: 0 },
  userMessage: { id: 'u1', role: 'user', text: 'Hi', timestamp: '2025-03-04T10:00:00.000Z' },
  internMessage: { id: 'i1', role: 'intern', text: 'Hello there', timestamp: '2025-03-04T10:00:01.000Z' },
  taskNotification: null,
};

/** A fetch that answers with the given chunks as a streamed body (each chunk its own read). */
function streamingFetch(chunks: string[], init: ResponseInit = {}) {
  const encoder = new TextEncoder();
  return vi.fn<typeof fetch>(async () => {
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
        controller.close();
      },
    });
    return new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' }, ...init });
  });
}

function send(fetchImpl: typeof fetch, onDelta = vi.fn()) {
  return sendMessageStream({
    baseUrl: 'http://api.test',
    token: 'tok',
    userId: 'user 1',
    body: { role: 'user', text: 'Hi' },
    onDelta,
    fetch: fetchImpl,
  });
}

describe('sendMessageStream', () => {
  it('asks for an event stream with the bearer token and streams deltas before resolving with done', async () => {
    const wire = `event: delta\r\ndata: {"text":"Hello"}\r\n\r\nevent: delta\r\ndata: {"text":" there"}\r\n\r\nevent: done\r\ndata: ${JSON.stringify(REPLY)}\r\n\r\n`;
    // Split mid-event, mid-CRLF and mid-multi-byte character boundaries alike.
    const bytes = [wire.slice(0, 9), wire.slice(9, 31), wire.slice(31, 60), wire.slice(60)];
    const fetchImpl = streamingFetch(bytes);
    const onDelta = vi.fn();
    await expect(send(fetchImpl, onDelta)).resolves.toEqual(REPLY);
    expect(onDelta.mock.calls).toEqual([['Hello'], [' there']]);
    const [url, init] = fetchImpl.mock.calls[0]!;
    expect(url).toBe('http://api.test/api/conversation/user%201');
    expect(init?.method).toBe('POST');
    expect(init?.headers).toMatchObject({ accept: 'text/event-stream', authorization: 'Bearer tok' });
    expect(JSON.parse(String(init?.body))).toEqual({ role: 'user', text: 'Hi' });
  });

  it('decodes a multi-byte character split between chunks', async () => {
    const encoder = new TextEncoder();
    const wire = encoder.encode(
      `event: delta\ndata: {"text":"café ✓"}\n\nevent: done\ndata: ${JSON.stringify(REPLY)}\n\n`,
    );
    const cut = wire.indexOf(0xe2) + 1;
    const fetchImpl = vi.fn<typeof fetch>(
      async () =>
        new Response(
          new ReadableStream<Uint8Array>({
            start(c) {
              c.enqueue(wire.slice(0, cut));
              c.enqueue(wire.slice(cut));
              c.close();
            },
          }),
          { headers: { 'content-type': 'text/event-stream' } },
        ),
    );
    const onDelta = vi.fn();
    await send(fetchImpl, onDelta);
    expect(onDelta).toHaveBeenCalledWith('café ✓');
  });

  it('rejects with the status and text of an error event sent after the stream started', async () => {
    const fetchImpl = streamingFetch([
      'event: delta\ndata: {"text":"Hel"}\n\n',
      'event: error\ndata: {"status":502,"error":"No AI response received"}\n\n',
    ]);
    const error = await send(fetchImpl).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 502, code: 'ai_unavailable', message: 'No AI response received' });
  });

  it('rejects with the JSON error of a failure before the stream started', async () => {
    const body = {
      error: {
        code: 'rate_limited',
        message: "You've reached your usage limit for this month. Please upgrade your plan to continue.",
      },
    };
    const fetchImpl = vi.fn<typeof fetch>(async () => Response.json(body, { status: 429 }));
    await expect(send(fetchImpl)).rejects.toMatchObject({
      status: 429,
      code: 'rate_limited',
      message: body.error.message,
    });
  });

  it('keeps the status of a failure whose body is not an API error', async () => {
    const fetchImpl = vi.fn<typeof fetch>(async () => new Response('bad gateway', { status: 502 }));
    await expect(send(fetchImpl)).rejects.toMatchObject({ status: 502, message: 'HTTP error! status: 502' });
  });

  it('says "No AI response received" when the stream ends without done', async () => {
    const fetchImpl = streamingFetch(['event: delta\ndata: {"text":"Hel"}\n\n']);
    await expect(send(fetchImpl)).rejects.toMatchObject({ status: 502, message: NO_AI_RESPONSE });
  });

  it('treats a malformed event as a server failure', async () => {
    const fetchImpl = streamingFetch(['event: done\ndata: {"nope":true}\n\n']);
    await expect(send(fetchImpl)).rejects.toMatchObject({ status: 502, code: 'bad_response' });
  });

  it('accepts a plain JSON reply from a server that ignored the Accept header', async () => {
    const fetchImpl = vi.fn<typeof fetch>(async () => Response.json(REPLY));
    await expect(send(fetchImpl)).resolves.toEqual(REPLY);
  });
});
