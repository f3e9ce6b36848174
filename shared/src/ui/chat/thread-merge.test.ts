import { describe, expect, it } from 'vitest';
import { mergeThread, type ScreenMessage } from './thread-merge.ts';

const m = (id: string) => ({ id, role: 'user' as const, text: id, timestamp: '2025-03-10T10:00:00.000Z' });
const s = (id: string, after: string | null): ScreenMessage => ({ ...m(id), after });

describe('mergeThread', () => {
  it('keeps a failure reply in its place when later stored messages join the history', () => {
    const history = [m('a'), m('u1'), m('i1'), m('u2'), m('i2')];
    const screen = [s('u1', 'a'), s('i1', 'u1'), s('fail', 'i1'), s('u2', 'fail'), s('i2', 'u2')];
    expect(mergeThread(history, screen).map((x) => x.id)).toEqual(['a', 'u1', 'i1', 'fail', 'u2', 'i2']);
  });

  it('shows screen messages alone while there is no history, and each id once', () => {
    expect(mergeThread([], [s('u', null), s('r', 'u')]).map((x) => x.id)).toEqual(['u', 'r']);
    expect(mergeThread([m('u')], [s('u', null)]).map((x) => x.id)).toEqual(['u']);
  });
});
