import type { BrowserContext, Page } from 'playwright-core';
import { VMS } from '@cofounder/shared';

// The live view of a machine: Chromium's own screencast (it sends a JPEG only when the screen changes), thinned
// to VMS.liveFramesPerSecond. Frames in between are dropped, but the latest one is always delivered once the
// interval has passed, so the watcher never keeps a stale picture of a screen that stopped changing.

/** Passes at most `fps` frames a second to deliver, keeping only the newest of the ones that came too soon. */
export function frameThrottle(fps: number, deliver: (frame: Buffer) => void, now: () => number = Date.now) {
  const interval = 1000 / fps;
  let last = -Infinity;
  let pending: Buffer | null = null;
  let timer: NodeJS.Timeout | null = null;
  const flush = () => {
    timer = null;
    if (!pending) return;
    const frame = pending;
    pending = null;
    last = now();
    deliver(frame);
  };
  return {
    push(frame: Buffer) {
      pending = frame;
      if (timer) return;
      const wait = last + interval - now();
      if (wait <= 0) flush();
      else timer = setTimeout(flush, wait);
    },
    dispose() {
      if (timer) clearTimeout(timer);
      timer = null;
      pending = null;
    },
  };
}

/** Streams page's screen to onFrame until the returned function is called. */
export async function startScreencast(
  context: BrowserContext,
  page: Page,
  onFrame: (jpeg: Buffer) => void,
): Promise<() => Promise<void>> {
  const session = await context.newCDPSession(page);
  const throttle = frameThrottle(VMS.liveFramesPerSecond, onFrame);
  session.on('Page.screencastFrame', (frame) => {
    // Chromium sends the next frame only after an ack, so ack at once even when the frame is dropped.
    session.send('Page.screencastFrameAck', { sessionId: frame.sessionId }).catch(() => {});
    throttle.push(Buffer.from(frame.data, 'base64'));
  });
  await session.send('Page.startScreencast', {
    format: 'jpeg',
    quality: 60,
    maxWidth: VMS.viewport.width,
    maxHeight: VMS.viewport.height,
  });
  return async () => {
    throttle.dispose();
    await session.send('Page.stopScreencast').catch(() => {});
    await session.detach().catch(() => {});
  };
}
