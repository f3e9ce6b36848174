import { existsSync, readFileSync } from 'node:fs';

/** Busy and total CPU time so far, from Linux's /proc/stat (all cores); niced work counts as busy. */
function cpuTimes(): { busy: number; total: number } {
  const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
  const total = fields.reduce((a, b) => a + b, 0);
  const idle = (fields[3] ?? 0) + (fields[4] ?? 0);
  return { busy: total - idle, total };
}

/**
 * Waits (at most `maxMs`) until the machine has been mostly idle for a whole second: work the other specs left
 * behind (the server's task queue finishing their tasks) would otherwise count as the measured page's blocking
 * time. Returns the busy share of the last second.
 */
export async function whenQuiet(maxBusy = 0.2, maxMs = 90_000): Promise<number> {
  if (!existsSync('/proc/stat')) return 0;
  const deadline = Date.now() + maxMs;
  for (;;) {
    const a = cpuTimes();
    await new Promise((r) => setTimeout(r, 1000));
    const b = cpuTimes();
    const busy = (b.busy - a.busy) / Math.max(1, b.total - a.total);
    if (busy <= maxBusy || Date.now() > deadline) return busy;
  }
}
