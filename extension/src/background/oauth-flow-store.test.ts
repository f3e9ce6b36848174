import { describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { clearFlow, loadFlow, saveFlow, type Flow } from './oauth-flow-store.ts';

const flow: Flow = { platform: 'twitter', serverUrl: 'http://localhost:3000', windowId: 7, tabId: 11 };

describe('the OAuth flow under way', () => {
  it('outlives the worker in session storage and is gone once cleared', async () => {
    await saveFlow(flow);
    expect(await loadFlow()).toEqual(flow);
    await clearFlow();
    expect(await loadFlow()).toBeNull();
  });

  it('reads nothing from a stored value of another shape (an older build, a tampered store)', async () => {
    await fakeBrowser.storage.session.set({ oauthFlow: { platform: 'myspace', windowId: 'x' } });
    expect(await loadFlow()).toBeNull();
  });
});
