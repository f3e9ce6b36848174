import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { AutonomySettings } from '@cofounder/shared';
import { createFakeAuth, fakeSession, fakeUser } from '../../test/fake-auth.ts';
import { createFakeServer, type FakeRequest, type FakeRoute } from '../../test/fake-server.ts';
import { renderApp } from '../../test/render.tsx';
import { STOP_AGENTS_TEXT } from '../agents/KillSwitch.tsx';

const DEFAULTS: AutonomySettings = {
  isEnabled: false,
  productivity: 10,
  intervalHours: 4,
  preferences: {
    focusAreas: ['marketing', 'investor_outreach', 'product_development', 'strategy'],
    priorityRange: { min: 5, max: 8 },
    maxTasksPerGeneration: 5,
  },
  nextRunAt: null,
  lastRun: null,
};

function server(routes: Record<string, FakeRoute> = {}) {
  let settings = DEFAULTS;
  let paused = false;
  const calls: FakeRequest[] = [];
  const reply = () => Response.json({ success: true, settings });
  const fetch = createFakeServer({
    'GET /onboarding/:userId/status': () =>
      Response.json({ isComplete: true, readyToWork: true, hasStarted: true }),
    'GET /api/autonomous/settings': reply,
    'POST /api/autonomous/settings': (req) => {
      calls.push(req);
      const body = req.body as Partial<AutonomySettings>;
      settings = { ...settings, ...body } as AutonomySettings;
      return reply();
    },
    'POST /api/autonomous/enable': (req) => {
      calls.push(req);
      settings = {
        ...settings,
        ...(req.body as Partial<AutonomySettings>),
        isEnabled: true,
        nextRunAt: new Date(Date.now() + 30 * 60_000).toISOString(),
      };
      return reply();
    },
    'POST /api/autonomous/disable': (req) => {
      calls.push(req);
      settings = { ...settings, isEnabled: false, nextRunAt: null };
      return reply();
    },
    'GET /api/agents/status': () => Response.json({ success: true, paused }),
    'POST /api/agents/stop': (req) => {
      calls.push(req);
      paused = true;
      return Response.json({ success: true, paused });
    },
    'POST /api/agents/resume': (req) => {
      calls.push(req);
      paused = false;
      return Response.json({ success: true, paused });
    },
    ...routes,
  });
  return { fetch, calls };
}

const open = (fetch: typeof globalThis.fetch) =>
  renderApp('/dashboard/autonomy', { fetch, auth: createFakeAuth(fakeSession()) });

describe('Intern Autonomy screen', () => {
  it('shows the energy levels with Steady Pace chosen, and Save only after a change', async () => {
    const { fetch, calls } = server();
    const { user } = open(fetch);
    expect(await screen.findByRole('heading', { name: 'Status: Disabled' })).toBeTruthy();
    expect(screen.getByRole('radio', { name: 'Steady Pace' })).toHaveProperty('checked', true);
    expect(screen.getByText('1-2 tasks/day · up to 2 per check-in')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Save Changes' })).toBeNull();

    await user.click(screen.getByRole('radio', { name: 'Sprint Mode' }));
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Autonomy settings saved')).toBeTruthy();
    const saved = calls.find((c) => c.url.pathname === '/api/autonomous/settings');
    expect(saved?.headers.get('x-user-id')).toBe(fakeUser().id);
    expect(saved?.body).toMatchObject({ productivity: 30, preferences: { maxTasksPerGeneration: 12 } });
    expect(screen.queryByRole('button', { name: 'Save Changes' })).toBeNull();

    // Changing back to what is stored hides Save again.
    await user.click(screen.getByRole('radio', { name: 'Light Touch' }));
    expect(screen.getByRole('button', { name: 'Save Changes' })).toBeTruthy();
    await user.click(screen.getByRole('radio', { name: 'Sprint Mode' }));
    expect(screen.queryByRole('button', { name: 'Save Changes' })).toBeNull();
  });

  it('needs at least one focus area and min ≤ max priority', async () => {
    const { fetch } = server();
    const { user } = open(fetch);
    await screen.findByRole('heading', { name: 'Status: Disabled' });
    for (const name of ['Marketing', 'Investor Outreach', 'Product Development', 'Strategy'])
      await user.click(screen.getByRole('checkbox', { name }));
    expect(screen.getByRole('alert').textContent).toBe('Choose at least one focus area.');
    expect(screen.getByRole('button', { name: 'Save Changes' })).toHaveProperty('disabled', true);
    await user.click(screen.getByRole('checkbox', { name: 'Strategy' }));
    expect(screen.queryByRole('alert')).toBeNull();

    await user.selectOptions(screen.getByLabelText('Minimum priority'), '9');
    expect(screen.getByRole('alert').textContent).toBe('The minimum priority must not exceed the maximum.');
  });

  it('shows a 400 message from the server', async () => {
    const { fetch } = server({
      'POST /api/autonomous/settings': () =>
        Response.json(
          { error: { code: 'validation', message: 'intervalHours: too big', field: 'intervalHours' } },
          { status: 400 },
        ),
    });
    const { user } = open(fetch);
    await screen.findByRole('heading', { name: 'Status: Disabled' });
    await user.click(screen.getByRole('radio', { name: 'High Energy' }));
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect((await screen.findByRole('alert')).textContent).toBe('intervalHours: too big');
  });

  it('starts and pauses autonomy, showing the next check-in', async () => {
    const { fetch, calls } = server();
    const { user } = open(fetch);
    await user.click(await screen.findByRole('button', { name: 'Start Autonomy' }));
    expect(await screen.findByRole('heading', { name: 'Status: Enabled' })).toBeTruthy();
    expect(screen.getByText(/Next check-in in 30m/)).toBeTruthy();
    expect(calls.at(-1)?.url.pathname).toBe('/api/autonomous/enable');
    expect(calls.at(-1)?.headers.get('x-user-id')).toBe(fakeUser().id);

    await user.click(screen.getByRole('button', { name: 'Pause Autonomy' }));
    expect(await screen.findByRole('heading', { name: 'Status: Disabled' })).toBeTruthy();
    expect(calls.at(-1)?.url.pathname).toBe('/api/autonomous/disable');
  });

  it('shows an error state when the settings cannot be loaded', async () => {
    const { fetch } = server({
      'GET /api/autonomous/settings': () =>
        Response.json({ error: { code: 'internal', message: 'boom' } }, { status: 500 }),
    });
    open(fetch);
    expect(await screen.findByText('Could not load autonomy settings.')).toBeTruthy();
  });

  it('stops all agents after confirming, then resumes them', async () => {
    const { fetch, calls } = server();
    const { user } = open(fetch);
    await screen.findByRole('heading', { name: 'Status: Disabled' });
    await user.click(screen.getByRole('button', { name: 'Stop all agents' }));
    const dialog = screen.getByRole('dialog', { name: 'Stop all agents' });
    expect(within(dialog).getByText(STOP_AGENTS_TEXT)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Stop all agents' }));
    expect(await screen.findByText('Agents stopped')).toBeTruthy();
    expect(calls.at(-1)?.url.pathname).toBe('/api/agents/stop');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await user.click(screen.getByRole('button', { name: 'Resume agents' }));
    expect(await screen.findByRole('button', { name: 'Stop all agents' })).toBeTruthy();
    expect(calls.at(-1)?.url.pathname).toBe('/api/agents/resume');
  });
});
