import { setTimeout as sleep } from 'node:timers/promises';

/** Chromium's answer to Page.captureScreenshot while a page has no frame to give yet (a fresh tab, a busy machine). */
const NO_FRAME = 'Unable to capture screenshot';
/** How long the page gets to draw before the one retry. */
const NO_FRAME_RETRY_MS = 100;

/**
 * `take()`, and once more after a moment when Chromium had no frame yet (seen on a fresh tab with both cores busy);
 * any other error, or a second miss, is the caller's.
 */
export async function retryOnNoFrame<T>(take: () => Promise<T>): Promise<T> {
  try {
    return await take();
  } catch (err) {
    if (!String(err).includes(NO_FRAME)) throw err;
    await sleep(NO_FRAME_RETRY_MS);
    return take();
  }
}
