/** One Server-Sent Event as received. */
export interface SseEvent {
  event: string;
  data: string;
}

/**
 * The events of a text/event-stream response as they arrive (blocks separated by a blank line, `event:` and
 * `data:` fields; a block without `event:` is a "message"), so tests can time or inspect each one.
 */
export async function* sseEvents(res: Response): AsyncGenerator<SseEvent> {
  if (!res.body) return;
  const decoder = new TextDecoder();
  let buffer = '';
  for await (const chunk of res.body) {
    buffer += decoder.decode(chunk, { stream: true });
    let end: number;
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      let event = 'message';
      const data: string[] = [];
      for (const line of block.split('\n')) {
        if (line.startsWith('event:')) event = line.slice(6).trim();
        else if (line.startsWith('data:')) data.push(line.slice(5).replace(/^ /, ''));
      }
      yield { event, data: data.join('\n') };
    }
  }
}

/** Every event of the response, once it has ended. */
export async function readSse(res: Response): Promise<SseEvent[]> {
  const events: SseEvent[] = [];
  for await (const e of sseEvents(res)) events.push(e);
  return events;
}
