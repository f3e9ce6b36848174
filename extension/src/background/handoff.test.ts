import { describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { AUTH_STORAGE_KEY, readStoredUser } from '../lib/auth-storage.ts';
import { saveServerUrl } from '../lib/server-url.ts';
import { handleExternalMessage } from './handoff.ts';

const SERVER = 'http://localhost:3000';
const session = JSON.stringify({ access_token: 'a', user: { id: 'u1', email: 'ada@example.com' } });

async function signedIn(): Promise<void> {
  await saveServerUrl(SERVER);
  await fakeBrowser.storage.local.set({ [AUTH_STORAGE_KEY]: session, [`${AUTH_STORAGE_KEY}-user`]: 'x' });
}

describe('messages from dashboard pages (externally_connectable)', () => {
  it('signs the extension out when its own server asks, and only its session keys go', async () => {
    await signedIn();
    await fakeBrowser.storage.local.set({ serverUrl: SERVER, other: 'kept' });
    expect(await handleExternalMessage({ type: 'cofounder:signout' }, { origin: SERVER })).toEqual({
      ok: true,
    });
    expect(await readStoredUser()).toBeNull();
    expect(await fakeBrowser.storage.local.get(null)).toEqual({ serverUrl: SERVER, other: 'kept' });
  });

  it('refuses a page of another server (origin, or the URL of an older Chrome), keeping the session', async () => {
    await signedIn();
    for (const sender of [
      { origin: 'http://localhost:4000' },
      { url: 'http://127.0.0.1:3000/dashboard' },
      {},
    ]) {
      expect(await handleExternalMessage({ type: 'cofounder:signout' }, sender)).toEqual({
        ok: false,
        error: 'This page is not the configured Cofounder server',
      });
    }
    expect(await readStoredUser()).toEqual({ id: 'u1', email: 'ada@example.com' });
  });

  it('answers a message of an unknown shape without acting on it', async () => {
    await signedIn();
    for (const message of [null, 'cofounder:signout', { type: 'cofounder:wipe' }]) {
      expect(await handleExternalMessage(message, { origin: SERVER })).toEqual({
        ok: false,
        error: 'Unknown message',
      });
    }
    expect(await readStoredUser()).not.toBeNull();
  });
});
