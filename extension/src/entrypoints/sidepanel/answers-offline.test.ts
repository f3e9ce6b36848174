import { describe, expect, it } from 'vitest';
import type { ModelAnswering } from '@cofounder/shared';
import type { ModelSettingsState } from '../../lib/hooks/use-model-settings.ts';
import { answersOffline } from './answers-offline.ts';

function answeredBy(answering: ModelAnswering): ModelSettingsState {
  return {
    status: 'ready',
    settings: {
      success: true,
      connection: null,
      answering,
      serverDefault: { mode: 'local', model: null },
      voice: { transcription: false, calls: false, transcriptionEngine: null, callsEngine: null },
    },
  };
}

describe("the side panel's offline co-founder badge", () => {
  it("follows the founder's model settings over the server's mode", () => {
    const ownModel = answeredBy({ source: 'founder', mode: 'real', model: 'llama3.2:latest' });
    expect(answersOffline('local', ownModel)).toBe(false);
    const offline = answeredBy({ source: 'server', mode: 'local', model: null });
    expect(answersOffline('real', offline)).toBe(true);
    expect(answersOffline('local', offline)).toBe(true);
    expect(answersOffline('real', answeredBy({ source: 'server', mode: 'real', model: 'gpt-4o-mini' }))).toBe(false);
  });

  it("falls back to the server's mode while the settings are asked or could not be read", () => {
    for (const model of [{ status: 'loading' }, { status: 'failed' }] as const) {
      expect(answersOffline('local', model)).toBe(true);
      expect(answersOffline('real', model)).toBe(false);
    }
  });
});
