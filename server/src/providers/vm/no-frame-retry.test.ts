import { describe, expect, it } from 'vitest';
import { retryOnNoFrame } from './no-frame-retry.ts';

const noFrame = () => new Error('Protocol error (Page.captureScreenshot): Unable to capture screenshot');

describe('retryOnNoFrame', () => {
  it('takes the screenshot once more when Chromium had no frame yet', async () => {
    let calls = 0;
    const shot = await retryOnNoFrame(async () => {
      calls++;
      if (calls === 1) throw noFrame();
      return 'jpeg';
    });
    expect(shot).toBe('jpeg');
    expect(calls).toBe(2);
  });

  it('passes any other error on at once', async () => {
    let calls = 0;
    const failing = retryOnNoFrame(async () => {
      calls++;
      throw new Error('Target page, context or browser has been closed');
    });
    await expect(failing).rejects.toThrow('has been closed');
    expect(calls).toBe(1);
  });

  it('passes a second miss on instead of retrying again', async () => {
    let calls = 0;
    const failing = retryOnNoFrame(async () => {
      calls++;
      throw noFrame();
    });
    await expect(failing).rejects.toThrow('Unable to capture screenshot');
    expect(calls).toBe(2);
  });
});
