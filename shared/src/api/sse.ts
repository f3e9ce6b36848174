/** One Server-Sent Event: its `event:` name ("message" when absent) and its `data:` lines joined by "\n". */
export interface SseEvent {
  event: string;
  data: string;
}

export interface SseParser {
  /** Feeds decoded text; chunks may split lines (and "\r\n") anywhere. */
  push(text: string): void;
  /** Ends the stream, dispatching an event the server did not close with a blank line. */
  end(): void;
}

/**
 * An incremental text/event-stream parser (the WHATWG rules that matter here: LF, CR and CRLF line ends,
 * `:` comments, one optional space after the colon, multi-line data). `id` and `retry` are ignored because
 * the chat stream is one request, never resumed.
 */
export function createSseParser(onEvent: (event: SseEvent) => void): SseParser {
  const lineEnd = /\r\n|\r|\n/g;
  let buffer = '';
  let name = '';
  let data: string[] = [];

  function dispatch() {
    if (data.length > 0) onEvent({ event: name || 'message', data: data.join('\n') });
    name = '';
    data = [];
  }

  function line(text: string) {
    if (text === '') return dispatch();
    if (text.startsWith(':')) return;
    const colon = text.indexOf(':');
    const field = colon === -1 ? text : text.slice(0, colon);
    let value = colon === -1 ? '' : text.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'event') name = value;
    else if (field === 'data') data.push(value);
  }

  function push(text: string) {
    buffer += text;
    let start = 0;
    lineEnd.lastIndex = 0;
    for (let m = lineEnd.exec(buffer); m; m = lineEnd.exec(buffer)) {
      // A chunk that ends in "\r" may be the first half of "\r\n": decide when the next chunk arrives.
      if (m[0] === '\r' && m.index === buffer.length - 1) break;
      const content = buffer.slice(start, m.index);
      start = m.index + m[0].length;
      line(content);
    }
    buffer = buffer.slice(start);
  }

  return {
    push,
    end() {
      // A final "\n" closes a pending line (or completes a held "\r") and then a blank line dispatches.
      push('\n');
      dispatch();
    },
  };
}
