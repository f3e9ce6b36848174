import { describe, expect, it } from 'vitest';
import type { ModelSettingsResponse } from '@cofounder/shared';
import { render } from '../../test/markup.ts';
import { OFFLINE_MODEL_TEXT } from '@cofounder/shared';
import { MODEL_SUMMARY_TEXT } from './model-texts.ts';
import { ModelSummaryView, type ModelSummaryState } from './ModelSummary.tsx';

const SERVER = 'http://localhost:3000';
const SETTINGS_LINK = {
  href: 'http://localhost:3000/dashboard/settings#model',
  target: '_blank',
  text: 'Change in Settings → Model',
};

const serverDefault = { mode: 'local', model: null } as const;

function ready(settings: Omit<ModelSettingsResponse, 'success' | 'voice'>): ModelSummaryState {
  return { status: 'ready', settings: { success: true, voice: { transcription: false, calls: false, transcriptionEngine: null, callsEngine: null }, ...settings } };
}

const summary = (state: ModelSummaryState) => render(<ModelSummaryView serverUrl={SERVER} state={state} />);

describe("the options page's Model section", () => {
  it("names the founder's own model, its kind, base URL and key hint, and links to Settings → Model", () => {
    const view = summary(
      ready({
        connection: {
          kind: 'compatible',
          baseUrl: 'https://models.example.com/v1',
          keyHint: 'sk-…abcd',
          chatModel: 'llama3.2:latest',
          researchModel: null,
          computerModel: null,
          transcriptionModel: null,
          realtimeModel: null,
          updatedAt: '2026-11-25T10:00:00.000Z',
        },
        answering: { source: 'founder', mode: 'real', model: 'llama3.2:latest' },
        serverDefault,
      }),
    );
    expect(view.textOf('model-answering')).toBe('llama3.2:latest — your connection');
    expect(view.textOf('model-connection')).toBe(
      'Connection OpenAI-compatible server Base URL https://models.example.com/v1 API key sk-…abcd',
    );
    expect(view.links()).toEqual([SETTINGS_LINK]);
  });

  it('says when the connection has no key', () => {
    const view = summary(
      ready({
        connection: {
          kind: 'local',
          baseUrl: 'http://127.0.0.1:11434/v1',
          keyHint: null,
          chatModel: 'llama3.2:latest',
          researchModel: null,
          computerModel: null,
          transcriptionModel: null,
          realtimeModel: null,
          updatedAt: '2026-11-25T10:00:00.000Z',
        },
        answering: { source: 'founder', mode: 'real', model: 'llama3.2:latest' },
        serverDefault,
      }),
    );
    expect(view.textOf('model-connection')).toBe(
      'Connection A model server on this machine Base URL http://127.0.0.1:11434/v1 API key None',
    );
  });

  it("names the server's default model when the founder has none of their own", () => {
    const view = summary(
      ready({
        connection: null,
        answering: { source: 'server', mode: 'real', model: 'gpt-4o-mini' },
        serverDefault: { mode: 'real', model: 'gpt-4o-mini' },
      }),
    );
    expect(view.textOf('model-answering')).toBe("gpt-4o-mini — the server's default");
    expect(view.textOf('model-connection')).toBeNull();
    expect(view.links()).toEqual([SETTINGS_LINK]);
  });

  it('says the offline co-founder answers when nothing else does', () => {
    const view = summary(
      ready({ connection: null, answering: { source: 'server', ...serverDefault }, serverDefault }),
    );
    expect(view.textOf('model-answering')).toBe(OFFLINE_MODEL_TEXT);
    expect(view.links()).toEqual([SETTINGS_LINK]);
  });

  it('asks a signed-out founder to sign in, and shows nothing else', () => {
    const view = summary({ status: 'signed-out' });
    expect(view.text).toBe(`${MODEL_SUMMARY_TEXT.heading} ${MODEL_SUMMARY_TEXT.signedOut}`);
    expect(view.links()).toEqual([]);
  });

  it('says it is loading, then offers to try again when the settings could not be read', () => {
    expect(summary({ status: 'loading' }).text).toBe(`${MODEL_SUMMARY_TEXT.heading} ${MODEL_SUMMARY_TEXT.loading}`);
    const failed = summary({ status: 'failed' });
    expect(failed.text).toBe(
      `${MODEL_SUMMARY_TEXT.heading} ${MODEL_SUMMARY_TEXT.loadFailed} ${MODEL_SUMMARY_TEXT.tryAgain}`,
    );
    expect(failed.html).toContain('role="alert"');
  });
});
