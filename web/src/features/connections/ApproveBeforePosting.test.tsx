import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { createFakeAuth, fakeSession } from '../../test/fake-auth.ts';
import { createFakeServer, type FakeRequest } from '../../test/fake-server.ts';
import { renderApp } from '../../test/render.tsx';

/**
 * The Connections screen's server with posting settings that start on; `saveStatus` scripts a failing PUT and
 * `gate` holds its answer back, so a test can see the switch before the server answers.
 */
function server(saveStatus = 200, gate: Promise<void> = Promise.resolve()) {
  let approveBeforePosting = true;
  const puts: FakeRequest[] = [];
  const fetch = createFakeServer({
    'GET /onboarding/:userId/status': () =>
      Response.json({ isComplete: true, readyToWork: true, hasStarted: true }),
    'GET /api/user/connections': () => Response.json({ success: true, details: { connections: {} } }),
    'GET /api/user/posting-settings': () =>
      Response.json({ success: true, settings: { approveBeforePosting } }),
    'PUT /api/user/posting-settings': async (req) => {
      puts.push(req);
      await gate;
      if (saveStatus !== 200)
        return Response.json({ error: { code: 'internal', message: 'Boom' } }, { status: saveStatus });
      ({ approveBeforePosting } = req.body as { approveBeforePosting: boolean });
      return Response.json({ success: true, settings: { approveBeforePosting } });
    },
  });
  return { fetch, puts };
}

const open = (fetch: typeof globalThis.fetch) =>
  renderApp('/dashboard/connections', { fetch, auth: createFakeAuth(fakeSession()) });

const toggle = () => screen.getByRole('switch', { name: 'Approve before posting' });
const loadedOn = () => waitFor(() => expect(toggle().getAttribute('aria-checked')).toBe('true'));
const enabled = () => waitFor(() => expect((toggle() as HTMLButtonElement).disabled).toBe(false));

describe('Approve before posting', () => {
  it('loads on, with its description', async () => {
    open(server().fetch);
    expect(await screen.findByRole('switch', { name: 'Approve before posting' })).toBeTruthy();
    await loadedOn();
    await enabled();
    expect(toggle().getAttribute('aria-describedby')).toBeTruthy();
    expect(screen.getByText(/Drafted posts wait in Approvals until you approve them/)).toBeTruthy();
  });

  it('is disabled while the settings load', async () => {
    const fetch = createFakeServer({
      'GET /onboarding/:userId/status': () =>
        Response.json({ isComplete: true, readyToWork: true, hasStarted: true }),
      'GET /api/user/posting-settings': () => new Promise<Response>(() => {}),
    });
    open(fetch);
    const loading = await screen.findByRole('switch', { name: 'Approve before posting' });
    expect((loading as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText('Loading…')).toBeTruthy();
  });

  it('asks before turning off, then saves false', async () => {
    const { fetch, puts } = server();
    const { user } = open(fetch);
    await screen.findByRole('switch', { name: 'Approve before posting' });
    await enabled();
    await user.click(toggle());
    const dialog = await screen.findByRole('dialog', { name: 'Publish without approval?' });
    expect(within(dialog).getByText(/without asking first/)).toBeTruthy();
    expect(puts).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Turn off approval' }));
    expect(await screen.findByText('Posting settings saved')).toBeTruthy();
    expect(puts[0]?.body).toEqual({ approveBeforePosting: false });
    expect(toggle().getAttribute('aria-checked')).toBe('false');
  });

  it('turns back on without asking', async () => {
    const { fetch, puts } = server();
    const { user } = open(fetch);
    await screen.findByRole('switch', { name: 'Approve before posting' });
    await enabled();
    await user.click(toggle());
    await user.click(await screen.findByRole('button', { name: 'Turn off approval' }));
    await waitFor(() => expect(puts).toHaveLength(1));
    await enabled();
    await user.click(toggle());
    await waitFor(() => expect(puts[1]?.body).toEqual({ approveBeforePosting: true }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(toggle().getAttribute('aria-checked')).toBe('true');
  });

  it('stays on when the confirmation is cancelled', async () => {
    const { fetch, puts } = server();
    const { user } = open(fetch);
    await screen.findByRole('switch', { name: 'Approve before posting' });
    await enabled();
    await user.click(toggle());
    const dialog = await screen.findByRole('dialog', { name: 'Publish without approval?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(toggle().getAttribute('aria-checked')).toBe('true');
    expect(puts).toHaveLength(0);
  });

  it('moves at once, then back with an error when the save fails', async () => {
    let answer!: () => void;
    const { fetch, puts } = server(500, new Promise((resolve) => (answer = resolve)));
    const { user } = open(fetch);
    await screen.findByRole('switch', { name: 'Approve before posting' });
    await enabled();
    await user.click(toggle());
    await user.click(await screen.findByRole('button', { name: 'Turn off approval' }));
    await waitFor(() => expect(toggle().getAttribute('aria-checked')).toBe('false'));
    answer();
    expect(await screen.findByText('Failed to save posting settings')).toBeTruthy();
    expect(puts).toHaveLength(1);
    await loadedOn();
  });
});
