import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { MODE_TEXT, type PublicConfig } from '@cofounder/shared';
import { createFakeAuth, fakeSession } from '../../test/fake-auth.ts';
import { renderApp, TEST_CONFIG } from '../../test/render.tsx';
import { modelServer, SAVED_OPENAI, serverDefault } from '../settings/model/test-server.ts';

const REAL_SERVER: Partial<PublicConfig> = {
  modes: { ...TEST_CONFIG.modes, ai: 'real' },
  aiModel: 'gpt-4o-mini',
};

function openChat(fetch: typeof globalThis.fetch, config: Partial<PublicConfig> = {}) {
  return renderApp('/dashboard/chat', { fetch, auth: createFakeAuth(fakeSession()), config });
}

const badge = () => screen.queryByRole('button', { name: MODE_TEXT.offlineCofounder });
const settingsAsked = (fetch: { mock: { calls: unknown[][] } }) =>
  fetch.mock.calls.some(([url]) => String(url).endsWith('/api/model-settings'));

describe("The chat header's offline co-founder badge", () => {
  it("goes once the founder's own model answers, on a server whose default is offline", async () => {
    const { fetch } = modelServer(SAVED_OPENAI);
    openChat(fetch);
    await screen.findByText('Refine my business idea');
    await waitFor(() => expect(settingsAsked(fetch)).toBe(true));
    await waitFor(() => expect(badge()).toBeNull());
    expect(screen.getByText(MODE_TEXT.online)).toBeTruthy();
  });

  it('shows whenever the offline co-founder answers this founder, whatever the config said, in place of Online', async () => {
    const { fetch } = modelServer({
      ...serverDefault(),
      answering: { source: 'server', mode: 'local', model: null },
    });
    openChat(fetch, REAL_SERVER);
    expect(await screen.findByRole('button', { name: MODE_TEXT.offlineCofounder })).toBeTruthy();
    expect(screen.queryByText(MODE_TEXT.online)).toBeNull();
  });

  it("follows the server's mode while the model settings are still loading", async () => {
    const never: Record<string, () => Promise<Response>> = {
      'GET /api/model-settings': () => new Promise<Response>(() => {}),
    };
    const offline = modelServer(serverDefault(), { routes: never });
    const { unmount } = openChat(offline.fetch);
    await screen.findByText('Refine my business idea');
    expect(badge()).toBeTruthy();
    unmount();

    const real = modelServer(serverDefault('gpt-4o-mini'), { routes: never });
    openChat(real.fetch, REAL_SERVER);
    await screen.findByText('Refine my business idea');
    expect(badge()).toBeNull();
  });
});
