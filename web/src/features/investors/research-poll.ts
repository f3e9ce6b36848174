import { INVESTORS } from '@cofounder/shared';

export interface ResearchPollOptions {
  intervalMs: number;
  maxPolls: number;
  maxMs: number;
}

/** Why polling stopped: results appeared, the poll budget or the time budget ran out, or it was cancelled. */
export type ResearchPollStop = 'found' | 'max-polls' | 'timeout' | 'cancelled';

interface StartResearchPollArgs {
  /** Refreshes the data and answers whether new investors or pending emails appeared. A throw counts as no. */
  poll: (n: number) => Promise<boolean>;
  onStop: (reason: ResearchPollStop) => void;
  options?: ResearchPollOptions;
}

/**
 * After AI Research (spec 2 §7): poll every `intervalMs`, at most `maxPolls` times, and stop after `maxMs` or as
 * soon as a poll finds results. Timers only (setTimeout), so fake timers drive it in tests. A poll whose planned
 * time is past `maxMs` is not waited for: with 30 s / 2 min that is four polls, the last at 2:00. The plan, not
 * the clock, decides: timers run a little late and polls take time, which would otherwise end it at 1:30.
 * Returns cancel.
 */
export function startResearchPoll({
  poll,
  onStop,
  options = INVESTORS.researchPoll,
}: StartResearchPollArgs): () => void {
  let polls = 0;
  let done = false;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const stop = (reason: ResearchPollStop) => {
    if (done) return;
    done = true;
    clearTimeout(timer);
    onStop(reason);
  };

  const tick = async () => {
    polls += 1;
    const found = await poll(polls).catch(() => false);
    if (done) return;
    if (found) return stop('found');
    if (polls >= options.maxPolls) return stop('max-polls');
    if ((polls + 1) * options.intervalMs > options.maxMs) return stop('timeout');
    timer = setTimeout(() => void tick(), options.intervalMs);
  };

  timer = setTimeout(() => void tick(), options.intervalMs);
  return () => stop('cancelled');
}
