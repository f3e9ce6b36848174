import { describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { startBadge } from './badge.ts';

describe('the action badge', () => {
  it('schedules a refresh every minute and shows nothing while signed out', async () => {
    await fakeBrowser.action.setBadgeText({ text: '9' });
    startBadge();
    await vi.waitFor(async () => expect(await fakeBrowser.action.getBadgeText({})).toBe(''));
    expect(await fakeBrowser.alarms.get('badge-refresh')).toMatchObject({ periodInMinutes: 1 });
  });

  it('keeps the running alarm when the worker wakes again (re-creating it would push every refresh back)', async () => {
    const wake = new Date('2026-11-25T10:00:00Z').getTime();
    vi.useFakeTimers({ now: wake, toFake: ['Date'] });
    try {
      startBadge();
      await vi.waitFor(async () => expect(await fakeBrowser.alarms.get('badge-refresh')).toBeDefined());
      const first = (await fakeBrowser.alarms.get('badge-refresh'))!.scheduledTime;
      vi.setSystemTime(wake + 30_000);
      startBadge();
      await vi.waitFor(async () => expect(await fakeBrowser.action.getBadgeText({})).toBe(''));
      expect(await fakeBrowser.alarms.getAll()).toEqual([
        expect.objectContaining({ name: 'badge-refresh', scheduledTime: first }),
      ]);
    } finally {
      vi.useRealTimers();
    }
  });
});
