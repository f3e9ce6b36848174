import { VMS } from '@cofounder/shared';
import type { Logger } from 'pino';
import type { Db } from '../../db/client.ts';
import type { VmEvents } from '../../events/vm-events.ts';
import type { VmProvider } from '../../providers/vm/port.ts';
import { vmById } from './vms.repo.ts';

interface Stream {
  stop: () => void;
  lapse: NodeJS.Timeout;
  /** A frame is still being stored and sent: frames that arrive meanwhile are not queued behind it. */
  sending: boolean;
  /** A frame or a new watcher came while sending: the newest frame goes once the send is done. */
  pending: boolean;
  /** The newest frame: Chromium sends one only when the screen changes, so a new watcher gets this one. */
  last: Buffer | null;
  userId: string;
}

/**
 * The live view of local machines: when a monitor socket (in any process) asks to watch a machine this process
 * holds, its screen streams as `screenshot` events with live: true, until no one renews the watch within
 * VMS.liveWatchTtlMs. A watch of a machine already streaming sends its newest frame again: a still screen sends
 * nothing new, and a second view (the launch dialog beside the task panel) would wait for it forever. Returns
 * the function that ends every stream (shutdown).
 */
export function startLiveView(deps: { db: Db; vm: VmProvider; vmEvents: VmEvents; log: Logger; ttlMs?: number }): () => void {
  const { db, vm, vmEvents, log } = deps;
  const ttlMs = deps.ttlMs ?? VMS.liveWatchTtlMs;
  const streams = new Map<string, Stream>();

  const end = (vmId: string) => {
    const s = streams.get(vmId);
    if (!s) return;
    clearTimeout(s.lapse);
    s.stop();
    streams.delete(vmId);
  };
  const lapseTimer = (vmId: string) => {
    const timer = setTimeout(() => end(vmId), ttlMs);
    timer.unref();
    return timer;
  };

  /**
   * Sends the stream's newest frame. A still screen sends no other, so one asked for while another is in flight is
   * sent after it, never dropped: a second view's watch would otherwise wait for a frame that never comes.
   */
  function send(stream: Stream, vmId: string): void {
    const jpeg = stream.last;
    if (!jpeg) return;
    if (stream.sending) {
      stream.pending = true;
      return;
    }
    stream.sending = true;
    stream.pending = false;
    vmEvents
      .publish(stream.userId, { type: 'screenshot', vmId, taskId: null, step: null, live: true }, jpeg)
      .catch((err: unknown) => log.warn({ err, vmId }, 'live frame not published'))
      .finally(() => {
        stream.sending = false;
        if (stream.pending && streams.get(vmId) === stream) send(stream, vmId);
      });
  }

  async function watch(vmId: string): Promise<void> {
    const running = streams.get(vmId);
    if (running) {
      clearTimeout(running.lapse);
      running.lapse = lapseTimer(vmId);
      send(running, vmId);
      return;
    }
    if (!vm.holds(vmId)) return; // another process runs it, and answers the same request
    const row = await vmById(db, vmId);
    if (!row || streams.has(vmId)) return;
    const stream: Stream = {
      stop: () => undefined,
      lapse: lapseTimer(vmId),
      sending: false,
      pending: false,
      last: null,
      userId: row.userId,
    };
    streams.set(vmId, stream);
    stream.stop = vm.watch(vmId, (jpeg) => {
      stream.last = jpeg;
      send(stream, vmId);
    });
  }

  const unsubscribe = vmEvents.onWatch((vmId) => {
    watch(vmId).catch((err: unknown) => log.warn({ err, vmId }, 'live view failed to start'));
  });
  return () => {
    unsubscribe();
    for (const vmId of [...streams.keys()]) end(vmId);
  };
}
