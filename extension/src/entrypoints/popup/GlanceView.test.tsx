import { describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { readGlance, type Glance } from '../../lib/glance.ts';
import { render } from '../../test/markup.ts';
import { GlanceView, offlineDraftsText } from './GlanceView.tsx';

const SERVER = 'http://localhost:3000';
const counts = { total: 5, pending: 1, in_progress: 0, completed: 4, paused: 0, failed: 0 };

const view = (glance: Glance | null, voice?: boolean) =>
  render(<GlanceView serverUrl={SERVER} glance={glance} refreshing={false} error={null} voice={voice} />);

describe("the popup's offline drafts hint", () => {
  it('counts the drafts the offline co-founder wrote and links to Settings → Model in a new tab', () => {
    const glance = view({ counts, usage: null, offlineDrafts: 3, savedAt: Date.now() });
    expect(glance.textOf('offline-drafts-hint')).toBe('3 drafts by the offline co-founder. Connect a model');
    expect(glance.links()).toEqual([
      { href: 'http://localhost:3000/dashboard/settings#model', target: '_blank', text: 'Connect a model' },
    ]);
    expect(offlineDraftsText(1)).toBe('1 draft by the offline co-founder');
  });

  it('is not shown without offline drafts', () => {
    const glance = view({ counts, usage: null, offlineDrafts: 0, savedAt: Date.now() });
    expect(glance.textOf('offline-drafts-hint')).toBeNull();
    expect(glance.links()).toEqual([]);
  });

  it('is not shown for a glance cached by an older version (no drafts count), which still loads', async () => {
    const key = `glance:${SERVER}:user-1`;
    await fakeBrowser.storage.local.set({ [key]: { counts, usage: null, savedAt: Date.now() } });
    const cached = await readGlance(SERVER, 'user-1');
    expect(cached).toEqual({ counts, usage: null, savedAt: expect.any(Number) });
    const glance = view(cached);
    expect(glance.text).toContain('Total Tasks 5');
    expect(glance.textOf('offline-drafts-hint')).toBeNull();
  });
});

describe("the popup's usage meter", () => {
  const usage = {
    success: true,
    plan: { current: 'free', name: 'Free Trial' },
    usage: {
      messages: { used: 1, limit: 100, percentage: 1 },
      tasks: { used: 0, limit: 10, percentage: 0 },
      voiceMinutes: { used: 0, limit: 10, percentage: 0 },
    },
    warnings: { messageLimit: null, taskLimit: null, voiceLimit: null },
    currentMonth: { resetDate: new Date().toISOString() },
  } as unknown as NonNullable<Glance['usage']>;

  it('leaves out the voice minutes bar when the server cannot transcribe, and only then', () => {
    const glance = { counts, usage, offlineDrafts: 0, savedAt: Date.now() };
    expect(view(glance, false).html).not.toContain('Voice minutes');
    expect(view(glance, true).html).toContain('Voice minutes');
    // The first paint does not know yet: it shows the bar.
    expect(view(glance).html).toContain('Voice minutes');
  });
});
