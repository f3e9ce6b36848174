import { describe, expect, it } from 'vitest';
import { TIMINGS } from '@cofounder/shared';
import { TOAST_OPTIONS } from '@cofounder/shared/ui';

describe('toast container options (spec 1 §2)', () => {
  it('match the spec exactly', () => {
    const { hotKeys, ...rest } = TOAST_OPTIONS;
    expect(rest).toEqual({
      position: 'bottom-right',
      theme: 'dark',
      autoClose: TIMINGS.toastAutoCloseMs,
      newestOnTop: true,
      closeOnClick: true,
      pauseOnHover: true,
      pauseOnFocusLoss: true,
      draggable: true,
    });
    expect(hotKeys(new KeyboardEvent('keydown', { altKey: true, code: 'KeyT' }))).toBe(true);
    expect(hotKeys(new KeyboardEvent('keydown', { altKey: false, code: 'KeyT' }))).toBe(false);
  });
});
