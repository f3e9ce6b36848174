import type { ChatCompletionChunk } from 'openai/resources/chat/completions';
import { AiError } from '../port.ts';

export interface StreamDeadlines {
  /** No first text within this long: 'slow_start' (a local server still loading its model, say). */
  firstTokenMs?: number;
  /** The whole reply within this long: 'timeout'. */
  totalMs: number;
}

/**
 * The text deltas of a streamed completion, aborted by either deadline. The SDK ends an aborted stream
 * quietly, so a deadline that fired is checked again once the stream is over.
 */
export async function* textWithDeadlines(
  open: (signal: AbortSignal) => Promise<AsyncIterable<ChatCompletionChunk>>,
  deadlines: StreamDeadlines,
  signal: AbortSignal | undefined,
): AsyncGenerator<string> {
  const deadline = new AbortController();
  const arm = (kind: 'slow_start' | 'timeout', ms: number) => setTimeout(() => deadline.abort(kind), ms);
  const total = arm('timeout', deadlines.totalMs);
  let firstToken = deadlines.firstTokenMs === undefined ? undefined : arm('slow_start', deadlines.firstTokenMs);
  const missed = (cause?: unknown) => new AiError(deadline.signal.reason as 'slow_start' | 'timeout', { cause });
  try {
    const stream = await open(signal ? AbortSignal.any([signal, deadline.signal]) : deadline.signal);
    for await (const chunk of stream) {
      const text = chunk.choices[0]?.delta.content;
      if (!text) continue;
      clearTimeout(firstToken);
      firstToken = undefined;
      yield text;
    }
  } catch (err) {
    if (deadline.signal.aborted) throw missed(err);
    throw err;
  } finally {
    clearTimeout(total);
    clearTimeout(firstToken);
  }
  if (deadline.signal.aborted) throw missed();
}
