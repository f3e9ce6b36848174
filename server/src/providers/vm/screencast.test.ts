import { afterEach, describe, expect, it, vi } from 'vitest';
import { frameThrottle } from './screencast.ts';

describe('frameThrottle', () => {
  afterEach(() => vi.useRealTimers());

  it('passes the first frame at once, drops the ones that come too soon, and delivers the latest after the interval', () => {
    vi.useFakeTimers();
    const delivered: string[] = [];
    const throttle = frameThrottle(2, (f) => delivered.push(f.toString()), () => Date.now());
    throttle.push(Buffer.from('a'));
    expect(delivered).toEqual(['a']);
    vi.advanceTimersByTime(100);
    throttle.push(Buffer.from('b'));
    throttle.push(Buffer.from('c'));
    expect(delivered).toEqual(['a']);
    vi.advanceTimersByTime(399);
    expect(delivered).toEqual(['a']);
    vi.advanceTimersByTime(1);
    expect(delivered).toEqual(['a', 'c']);
    vi.advanceTimersByTime(2000);
    expect(delivered).toEqual(['a', 'c']);
    throttle.push(Buffer.from('d'));
    expect(delivered).toEqual(['a', 'c', 'd']);
  });

  it('delivers nothing after dispose', () => {
    vi.useFakeTimers();
    const delivered: Buffer[] = [];
    const throttle = frameThrottle(2, (f) => delivered.push(f));
    throttle.push(Buffer.from('a'));
    throttle.push(Buffer.from('b'));
    throttle.dispose();
    vi.advanceTimersByTime(1000);
    expect(delivered).toHaveLength(1);
  });
});
