import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { createFakeAuth, fakeSession } from '../../../test/fake-auth.ts';
import { createFakeServer } from '../../../test/fake-server.ts';
import { renderApp, TEST_CONFIG } from '../../../test/render.tsx';
import { MODE_TEXT } from '@cofounder/shared';

const fetch = () =>
  createFakeServer({
    'GET /api/conversation/:userId': () =>
      Response.json({ messages: [], hasCompletedOnboarding: true, isFirstWorkingChat: true, hasMore: false }),
    'GET /onboarding/:userId/status': () =>
      Response.json({ isComplete: true, readyToWork: true, hasStarted: true }),
    'GET /api/model-settings/local-servers': () =>
      Response.json({ success: true, servers: [], scannedAt: '2026-01-01T00:00:00.000Z' }),
  });

describe("The chat's offline label leads to Settings → Model", () => {
  it('"Connect a model" in the offline co-founder note opens /dashboard/settings#model', async () => {
    const { user, router } = renderApp('/dashboard/chat', {
      fetch: fetch(),
      auth: createFakeAuth(fakeSession()),
    });
    await user.click(await screen.findByRole('button', { name: MODE_TEXT.offlineCofounder }));
    const link = screen.getByRole('link', { name: 'Connect a model' });
    expect(link.getAttribute('href')).toBe('/dashboard/settings#model');
    await user.click(link);
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/settings'));
    expect(router.state.location.hash).toBe('#model');
    expect((await screen.findByRole('region', { name: 'Model' })).id).toBe('model');
  });

  it('shows no offline label when a real model answers', async () => {
    renderApp('/dashboard/chat', {
      fetch: fetch(),
      auth: createFakeAuth(fakeSession()),
      config: { modes: { ...TEST_CONFIG.modes, ai: 'real' }, aiModel: 'gpt-4o-mini' },
    });
    await screen.findByRole('heading', { level: 2 });
    expect(screen.queryByRole('button', { name: MODE_TEXT.offlineCofounder })).toBeNull();
  });
});
