import { describe, expect, it } from 'vitest';
import { createSseParser, type SseEvent } from './sse.ts';

function parseChunks(chunks: string[]): SseEvent[] {
  const events: SseEvent[] = [];
  const parser = createSseParser((e) => events.push(e));
  for (const chunk of chunks) parser.push(chunk);
  parser.end();
  return events;
}

const STREAM =
  'event: delta\ndata: {"text":"Hel"}\n\nevent: delta\ndata: {"text":"lo"}\n\nevent: done\ndata: {}\n\n';
const EXPECTED = [
  { event: 'delta', data: '{"text":"Hel"}' },
  { event: 'delta', data: '{"text":"lo"}' },
  { event: 'done', data: '{}' },
];

describe('createSseParser', () => {
  it('parses whole events', () => {
    expect(parseChunks([STREAM])).toEqual(EXPECTED);
  });

  it('gives the same events however the stream is split, down to one character per chunk', () => {
    for (let size = 1; size <= 7; size++) {
      const chunks = STREAM.match(new RegExp(`[\\s\\S]{1,${size}}`, 'g')) ?? [];
      expect(parseChunks(chunks)).toEqual(EXPECTED);
    }
  });

  it('accepts CRLF and CR line ends, also when a CRLF is split between chunks', () => {
    const crlf = STREAM.replaceAll('\n', '\r\n');
    expect(parseChunks([crlf])).toEqual(EXPECTED);
    const cut = crlf.indexOf('\r\n') + 1;
    expect(parseChunks([crlf.slice(0, cut), crlf.slice(cut)])).toEqual(EXPECTED);
    expect(parseChunks([STREAM.replaceAll('\n', '\r')])).toEqual(EXPECTED);
  });

  it('joins multi-line data, skips comments and unknown fields, defaults the name to "message"', () => {
    const events = parseChunks([': keep-alive\n', 'id: 7\nretry: 10\ndata: a\ndata:b\n\n', 'data\n\n']);
    expect(events).toEqual([
      { event: 'message', data: 'a\nb' },
      { event: 'message', data: '' },
    ]);
  });

  it('ignores a blank line without data, and dispatches an unterminated last event at the end', () => {
    expect(parseChunks(['\n\nevent: ping\n\n', 'event: done\ndata: {"x":1}'])).toEqual([
      { event: 'done', data: '{"x":1}' },
    ]);
  });
});
