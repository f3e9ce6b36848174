import { describe, expect, it } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import { MODE_TEXT, MODEL_SETTINGS, type ModelSettingsResponse } from '@cofounder/shared';
import { createFakeAuth, fakeSession } from '../../test/fake-auth.ts';
import type { FakeRequest, FakeRoute } from '../../test/fake-server.ts';
import { renderApp } from '../../test/render.tsx';
import {
  LM_STUDIO,
  modelServer,
  OLLAMA,
  refused,
  SAVED_OPENAI,
  serverDefault,
} from '../settings/model/test-server.ts';

// The offer is a lazily loaded module: its first import may be slow on a loaded machine (hence 5 s waits).
const OFFER = 'A local model is available';

async function openChat(fetch: typeof globalThis.fetch) {
  const view = renderApp('/dashboard/chat', { fetch, auth: createFakeAuth(fakeSession()) });
  await screen.findByText('Refine my business idea');
  return view;
}

const asked = (fetch: { mock: { calls: unknown[][] } }, path: string) =>
  fetch.mock.calls.some(([url]) => String(url).endsWith(path));

/** Lets every answer already given reach the screen (for what must stay absent). */
const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 50)));

describe("The chat's offer of a local model", () => {
  it("offers a found server's first model and connects it on the one click only", async () => {
    let release!: () => void;
    const hold = new Promise<void>((resolve) => (release = resolve));
    const { fetch, sent } = modelServer(serverDefault(), { servers: [LM_STUDIO, OLLAMA], hold });
    const { user } = await openChat(fetch);
    const offer = await screen.findByRole('region', { name: OFFER }, { timeout: 5_000 });
    // LM Studio lists no model, so the offer names the first server that does.
    expect(within(offer).getByText('Ollama is running on this machine with llama3.2:3b.')).toBeTruthy();
    await settle();
    expect(sent.puts).toEqual([]);

    await user.click(within(offer).getByRole('button', { name: 'Use llama3.2:3b' }));
    expect((within(offer).getByRole('button', { name: 'Connecting...' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    await act(async () => release());
    expect(await screen.findByText('Your co-founder now answers with llama3.2:3b.')).toBeTruthy();
    expect(sent.puts).toEqual([{ kind: 'local', baseUrl: OLLAMA.baseUrl, chatModel: 'llama3.2:3b' }]);
    expect(screen.queryByRole('region', { name: OFFER })).toBeNull();
    // A real model answers now: no offline label either.
    expect(screen.queryByRole('button', { name: MODE_TEXT.offlineCofounder })).toBeNull();
  });

  it('"Not now" hides it for this page view without connecting anything', async () => {
    const { fetch, sent } = modelServer(serverDefault(), { servers: [OLLAMA] });
    const { user } = await openChat(fetch);
    const offer = await screen.findByRole('region', { name: OFFER }, { timeout: 5_000 });
    await user.click(within(offer).getByRole('button', { name: 'Not now' }));
    expect(screen.queryByRole('region', { name: OFFER })).toBeNull();
    expect(sent.puts).toEqual([]);
    expect(screen.getByRole('button', { name: MODE_TEXT.offlineCofounder })).toBeTruthy();
  });

  it("shows the server's refusal and keeps the offer", async () => {
    const { fetch } = modelServer(serverDefault(), {
      servers: [OLLAMA],
      routes: { 'PUT /api/model-settings': () => refused(MODEL_SETTINGS.texts.localNotHere) },
    });
    const { user } = await openChat(fetch);
    const offer = await screen.findByRole('region', { name: OFFER }, { timeout: 5_000 });
    await user.click(within(offer).getByRole('button', { name: 'Use llama3.2:3b' }));
    expect((await within(offer).findByRole('alert')).textContent).toBe(MODEL_SETTINGS.texts.localNotHere);
    expect(within(offer).getByRole('button', { name: 'Use llama3.2:3b' })).toBeTruthy();
    expect(screen.queryByText(/now answers with/)).toBeNull();
  });

  it.each<[string, ModelSettingsResponse]>([
    ["the server's default is a real model", serverDefault('gpt-4o-mini')],
    ["the founder's own model answers", SAVED_OPENAI],
  ])('is not offered, nor the servers looked up, when %s', async (_case, settings) => {
    const { fetch } = modelServer(settings, { servers: [OLLAMA] });
    await openChat(fetch);
    await waitFor(() => expect(asked(fetch, '/api/model-settings')).toBe(true));
    await settle();
    expect(screen.queryByRole('region', { name: OFFER })).toBeNull();
    expect(asked(fetch, '/api/model-settings/local-servers')).toBe(false);
  });

  it.each<[string, Record<string, FakeRoute>]>([
    ['no server found lists a model', {}],
    [
      'this server does not look for local servers (404)',
      {
        'GET /api/model-settings/local-servers': (_req: FakeRequest) =>
          Response.json({ error: { code: 'not_found', message: 'Not found' } }, { status: 404 }),
      },
    ],
  ])('is not offered when %s', async (_case, routes) => {
    const { fetch } = modelServer(serverDefault(), { servers: [LM_STUDIO], routes });
    await openChat(fetch);
    await waitFor(() => expect(asked(fetch, '/api/model-settings/local-servers')).toBe(true));
    await settle();
    expect(screen.queryByRole('region', { name: OFFER })).toBeNull();
    expect(screen.getByRole('button', { name: MODE_TEXT.offlineCofounder })).toBeTruthy();
  });
});
