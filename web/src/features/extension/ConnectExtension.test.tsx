import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { EXTENSION } from '@cofounder/shared';
import { createFakeAuth, fakeSession } from '../../test/fake-auth.ts';
import { createFakeServer } from '../../test/fake-server.ts';
import { renderApp } from '../../test/render.tsx';

/** The Connections screen's server, minting hand-off tokens. */
function server() {
  return createFakeServer({
    'GET /onboarding/:userId/status': () => Response.json({ isComplete: true, readyToWork: true, hasStarted: true }),
    'GET /api/user/connections': () => Response.json({ success: true, details: { connections: {} } }),
    'GET /api/user/posting-settings': () => Response.json({ success: true, settings: { approveBeforePosting: true } }),
    'POST /api/extension/handoff': () =>
      Response.json({ success: true, tokenHash: 'handoff-token-0123456789', expiresAt: '2026-01-01T00:05:00.000Z' }),
  });
}

/** What Chrome gives a page an installed extension lists: chrome.runtime.sendMessage(id, message, callback). */
function installExtension(reply: unknown) {
  const sendMessage = vi.fn((_id: string, _message: unknown, callback: (reply: unknown) => void) => callback(reply));
  vi.stubGlobal('chrome', { runtime: { sendMessage } });
  return sendMessage;
}

afterEach(() => vi.unstubAllGlobals());

const open = () => renderApp('/dashboard/connections', { fetch: server(), auth: createFakeAuth(fakeSession()) });

describe('Connect extension', () => {
  it('hands the extension a one-use token and says who it signed in as', async () => {
    const sendMessage = installExtension({ ok: true, email: 'ada@example.com' });
    open();
    await userEvent.click(await screen.findByRole('button', { name: 'Connect extension' }));
    expect(await screen.findByText('Extension connected as ada@example.com', { selector: '[role=status]' })).toBeTruthy();
    expect(sendMessage.mock.calls[0]?.[0]).toBe(EXTENSION.id);
    expect(sendMessage.mock.calls[0]?.[1]).toEqual({ type: 'cofounder:handoff', tokenHash: 'handoff-token-0123456789' });
  });

  it('says to install the extension when none answers', async () => {
    open();
    await userEvent.click(await screen.findByRole('button', { name: 'Connect extension' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Install the Cofounder extension in this browser, then try again.',
    );
  });

  it("shows the extension's refusal with the server it must be set to", async () => {
    installExtension({ ok: false, error: 'This page is not the configured Cofounder server' });
    open();
    await userEvent.click(await screen.findByRole('button', { name: 'Connect extension' }));
    expect((await screen.findByRole('alert')).textContent).toContain(
      'The extension did not connect: This page is not the configured Cofounder server.',
    );
  });
});
