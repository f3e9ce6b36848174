import { describe, expect, it } from 'vitest';
import { chooseFrame } from './insert-text.ts';

const frame = (frameId: number, focused: boolean, editable: boolean) => ({ frameId, result: { focused, editable } });

describe('which frame of the active tab gets a quick voice note', () => {
  it('the focused frame inside an iframe, not the top frame whose focused element is the iframe', () => {
    expect(chooseFrame([frame(0, true, false), frame(7, true, true), frame(9, false, true)])).toBe(7);
  });

  it('none when the page holds the focus but its caret is in no field (a stale field elsewhere does not count)', () => {
    expect(chooseFrame([frame(0, true, false), frame(9, false, true)])).toBeUndefined();
  });

  it("the field the founder left the caret in when the focus is outside the page (the popup's button), top first", () => {
    expect(chooseFrame([frame(4, false, true), frame(0, false, true)])).toBe(0);
    expect(chooseFrame([frame(0, false, false), frame(4, false, true)])).toBe(4);
  });

  it('ignores frames that could not answer', () => {
    expect(chooseFrame([{ frameId: 0 }, { frameId: 3, result: null }])).toBeUndefined();
  });
});
