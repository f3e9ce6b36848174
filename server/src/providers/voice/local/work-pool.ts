/**
 * At most `size` jobs at once; the rest wait in line, in order. Recognisers take a core and ~100 MB each, so a
 * burst of voice notes queues instead of starting a process per request.
 */
export function createWorkPool(size: number) {
  let running = 0;
  const waiting: Array<() => void> = [];
  // A finished job hands its slot straight to the next in line (`running` stays put): were the slot freed first,
  // a job arriving before the waiter resumes would take it too, and the pool would run size + 1 out of order.
  const release = () => {
    const next = waiting.shift();
    if (next) next();
    else running--;
  };
  /** Waits in line for a slot; leaves the line when `signal` aborts (nobody wants the job any more). */
  const slot = (signal?: AbortSignal) =>
    new Promise<void>((start, drop) => {
      const leave = () => {
        waiting.splice(waiting.indexOf(turn), 1);
        drop(signal!.reason);
      };
      const turn = () => {
        signal?.removeEventListener('abort', leave);
        start();
      };
      waiting.push(turn);
      signal?.addEventListener('abort', leave, { once: true });
    });
  return {
    /** Runs `job` in its turn; rejects with `signal`'s reason, never running it, when that aborts first. */
    async run<T>(job: () => Promise<T>, signal?: AbortSignal): Promise<T> {
      signal?.throwIfAborted();
      if (running >= size) await slot(signal);
      else running++;
      try {
        return await job();
      } finally {
        release();
      }
    },
    /** Jobs running and waiting (tests and the benchmark read it). */
    get load() {
      return { running, waiting: waiting.length };
    },
  };
}

export type WorkPool = ReturnType<typeof createWorkPool>;
