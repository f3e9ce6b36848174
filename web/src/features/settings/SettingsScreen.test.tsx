import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import { CHAT, DEFAULT_INTERN_SETTINGS, WORK, type InternSettings } from '@cofounder/shared';
import { createFakeAuth, fakeSession } from '../../test/fake-auth.ts';
import { createFakeServer, type FakeRoute } from '../../test/fake-server.ts';
import { renderApp } from '../../test/render.tsx';

afterEach(() => vi.useRealTimers());

const radio = (name: RegExp) => screen.getByRole('radio', { name }) as HTMLInputElement;

const SAVED: InternSettings = { ...DEFAULT_INTERN_SETTINGS, internName: 'Ada' };

function server(routes: Record<string, FakeRoute> = {}) {
  return createFakeServer({
    'GET /onboarding/:userId/status': () =>
      Response.json({ isComplete: true, readyToWork: true, hasStarted: true }),
    'GET /api/users/:id/intern-settings': () => Response.json({ success: true, settings: SAVED }),
    'POST /api/users/:id/intern-settings': (req) =>
      Response.json({ success: true, settings: (req.body as { settings: InternSettings }).settings }),
    ...routes,
  });
}

async function openSettings(fetch: typeof globalThis.fetch, fakeTimers = false) {
  if (fakeTimers) vi.useFakeTimers({ shouldAdvanceTime: true });
  const view = renderApp('/dashboard/settings', {
    fetch,
    auth: createFakeAuth(fakeSession()),
    ...(fakeTimers ? { advanceTimers: (ms: number) => vi.advanceTimersByTime(ms) } : {}),
  });
  const name = (await screen.findByLabelText('Intern name')) as HTMLInputElement;
  return { ...view, name };
}

describe('Settings → AI Settings', () => {
  it('shows both tabs; Subscription opens the subscription section', async () => {
    const { user } = await openSettings(server());
    expect(screen.getByRole('tab', { name: 'AI Settings' }).getAttribute('aria-selected')).toBe('true');
    await user.click(screen.getByRole('tab', { name: 'Subscription' }));
    expect(await screen.findByRole('heading', { name: 'Subscription' })).toBeTruthy();
  });

  it('starts from the defaults the server answers while nothing is saved, with the one default name', async () => {
    const fetch = server({
      'GET /api/users/:id/intern-settings': () =>
        Response.json({ success: true, settings: DEFAULT_INTERN_SETTINGS }),
    });
    const { name } = await openSettings(fetch);
    expect(name.value).toBe(CHAT.defaultInternName);
    // Each card is named by its label and described by its explanation.
    const balanced = screen.getByRole('radio', { name: 'Balanced', description: 'Clear answers with a little context.' });
    expect((balanced as HTMLInputElement).checked).toBe(true);
    expect(radio(/^Professional/).checked).toBe(true);
  });

  it('counts the name characters up to 30', async () => {
    const { name, user } = await openSettings(server());
    expect(screen.getByText('3/30')).toBeTruthy();
    await user.clear(name);
    await user.type(name, 'x'.repeat(40));
    expect(name.value).toBe('x'.repeat(30));
    expect(screen.getByText('30/30')).toBeTruthy();
  });

  it('offers Save Changes only while something differs from what is saved', async () => {
    const { name, user } = await openSettings(server());
    expect(screen.queryByRole('button', { name: 'Save Changes' })).toBeNull();
    await user.type(name, 'x');
    expect(screen.getByRole('button', { name: 'Save Changes' })).toBeTruthy();
    await user.type(name, '{Backspace}');
    expect(screen.queryByRole('button', { name: 'Save Changes' })).toBeNull();
    await user.click(screen.getByRole('radio', { name: /^Brief/ }));
    expect(screen.getByRole('button', { name: 'Save Changes' })).toBeTruthy();
  });

  it('saves the settings, shows the success banner for 3 s and hides Save Changes', async () => {
    const fetch = server();
    const { name, user } = await openSettings(fetch, true);
    await user.clear(name);
    await user.type(name, 'Robin');
    await user.click(screen.getByRole('radio', { name: /^Direct/ }));
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Settings saved successfully!')).toBeTruthy();
    const post = fetch.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({
      settings: { ...SAVED, internName: 'Robin', communicationStyle: 'direct' },
    });
    expect(screen.queryByRole('button', { name: 'Save Changes' })).toBeNull();
    act(() => vi.advanceTimersByTime(WORK.saveBannerMs - 100));
    expect(screen.getByText('Settings saved successfully!')).toBeTruthy();
    act(() => vi.advanceTimersByTime(200));
    expect(screen.queryByText('Settings saved successfully!')).toBeNull();
  });

  it('shows the failure banner and the server field error on a 400', async () => {
    const fetch = server({
      'POST /api/users/:id/intern-settings': () =>
        Response.json(
          {
            error: {
              code: 'validation_failed',
              message: 'Name is not allowed',
              field: 'settings.internName',
            },
          },
          { status: 400 },
        ),
    });
    const { name, user } = await openSettings(fetch);
    await user.type(name, '!');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Failed to save settings')).toBeTruthy();
    expect(screen.getByText('Name is not allowed')).toBeTruthy();
    expect(name.getAttribute('aria-invalid')).toBe('true');
    // The draft is kept so the founder can fix it.
    expect(screen.getByRole('button', { name: 'Save Changes' })).toBeTruthy();
  });

  it('refuses an empty name without calling the server', async () => {
    const fetch = server();
    const { name, user } = await openSettings(fetch);
    await user.clear(name);
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(screen.getByText('Intern name is required')).toBeTruthy();
    expect(screen.getByText('Failed to save settings')).toBeTruthy();
    expect(fetch.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
  });

  it('Reset to Defaults fills the form with the defaults, which still need saving', async () => {
    const fetch = server({
      'GET /api/users/:id/intern-settings': () =>
        Response.json({ success: true, settings: { ...SAVED, responseLength: 'detailed' } }),
    });
    const { name, user } = await openSettings(fetch);
    await user.click(screen.getByRole('button', { name: 'Reset to Defaults' }));
    expect(name.value).toBe(DEFAULT_INTERN_SETTINGS.internName);
    expect(radio(/^Medium/).checked).toBe(true);
    expect(fetch.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(screen.getByText('Settings saved successfully!')).toBeTruthy());
  });
});
