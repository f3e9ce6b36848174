import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { INVESTORS } from '@cofounder/shared';
import { startResearchPoll, type ResearchPollStop } from './research-poll.ts';

const { intervalMs } = INVESTORS.researchPoll;

describe('startResearchPoll', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('polls every 30 s and stops after 2 minutes (four polls) when nothing appears', async () => {
    const poll = vi.fn(async () => false);
    const onStop = vi.fn<(r: ResearchPollStop) => void>();
    startResearchPoll({ poll, onStop });
    await vi.advanceTimersByTimeAsync(intervalMs - 1);
    expect(poll).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(poll).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(intervalMs * 2);
    expect(poll).toHaveBeenCalledTimes(3);
    expect(onStop).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(intervalMs);
    expect(poll).toHaveBeenCalledTimes(4);
    expect(onStop).toHaveBeenCalledWith('timeout');
    expect(INVESTORS.researchPoll.maxMs).toBe(4 * intervalMs);
    await vi.advanceTimersByTimeAsync(intervalMs * 10);
    expect(poll).toHaveBeenCalledTimes(4);
  });

  it('still polls four times when timers run late and each poll takes a while (real timers always do)', async () => {
    const poll = vi.fn(() => new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 250)));
    const onStop = vi.fn<(r: ResearchPollStop) => void>();
    startResearchPoll({ poll, onStop });
    await vi.advanceTimersByTimeAsync(4 * (intervalMs + 250));
    expect(poll).toHaveBeenCalledTimes(4);
    expect(onStop).toHaveBeenCalledWith('timeout');
  });

  it('stops after maxPolls polls', async () => {
    const poll = vi.fn(async () => false);
    const onStop = vi.fn();
    startResearchPoll({ poll, onStop, options: { intervalMs: 1000, maxPolls: 20, maxMs: 10 * 60_000 } });
    await vi.advanceTimersByTimeAsync(19_000);
    expect(poll).toHaveBeenCalledTimes(19);
    expect(onStop).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1000);
    expect(poll).toHaveBeenCalledTimes(20);
    expect(onStop).toHaveBeenCalledWith('max-polls');
    await vi.advanceTimersByTimeAsync(60_000);
    expect(poll).toHaveBeenCalledTimes(20);
  });

  it('stops as soon as a poll finds results, and a failed poll counts as nothing found', async () => {
    let n = 0;
    const poll = vi.fn(async () => {
      n += 1;
      if (n === 1) throw new Error('offline');
      return n === 2;
    });
    const onStop = vi.fn();
    startResearchPoll({ poll, onStop });
    await vi.advanceTimersByTimeAsync(intervalMs);
    expect(onStop).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(intervalMs);
    expect(onStop).toHaveBeenCalledWith('found');
    await vi.advanceTimersByTimeAsync(intervalMs * 3);
    expect(poll).toHaveBeenCalledTimes(2);
  });

  it('cancel stops it once and no poll follows', async () => {
    const poll = vi.fn(async () => false);
    const onStop = vi.fn();
    const cancel = startResearchPoll({ poll, onStop });
    cancel();
    cancel();
    await vi.advanceTimersByTimeAsync(intervalMs * 5);
    expect(poll).not.toHaveBeenCalled();
    expect(onStop).toHaveBeenCalledTimes(1);
    expect(onStop).toHaveBeenCalledWith('cancelled');
  });
});
