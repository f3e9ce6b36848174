import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { saveGlance, type Glance } from '../../lib/glance.ts';
import { AUTH_STORAGE_KEY } from '../../lib/auth-storage.ts';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { CachedCard } from './CachedCard.tsx';
import { firstPaintKey, paintableCard, saveFirstPaint } from './first-paint.ts';
import { popupStartIn, readPopupItems, type PopupStart } from './start.ts';

const SERVER = 'http://localhost:3000';
const user = { id: 'user-1', email: 'ada@example.com' };
const glance: Glance = {
  counts: { total: 12, pending: 3, in_progress: 1, completed: 6, paused: 1, failed: 1 },
  usage: null,
  savedAt: 1_790_000_000_000,
};
const start: PopupStart = { serverUrl: SERVER, user, glance };
const card = (s: PopupStart) => renderToStaticMarkup(<CachedCard start={s} />);
const readFirstPaint = async (s: PopupStart) => paintableCard(await readPopupItems(), s);
const readPopupStart = async () => popupStartIn(await readPopupItems());

async function signedInWithCache(g: Glance = glance) {
  await fakeBrowser.storage.local.set({ serverUrl: SERVER, [AUTH_STORAGE_KEY]: JSON.stringify({ user }) });
  await saveGlance(SERVER, user.id, g);
}

describe("the popup's first paint from the saved card", () => {
  it('paints the card saved for the numbers the popup starts with', async () => {
    await signedInWithCache();
    await saveFirstPaint(start, card(start));
    const painted = await readFirstPaint(await readPopupStart());
    expect(painted).toBe(card(start));
    expect(painted).toContain('data-count="total"');
    expect(painted).toContain('ada@example.com');
  });

  it('paints nothing for newer numbers, another user, another server, or when signed out', async () => {
    await signedInWithCache({ ...glance, savedAt: glance.savedAt + 1 });
    await saveFirstPaint(start, card(start));
    expect(await readFirstPaint(await readPopupStart())).toBeNull();
    expect(await readFirstPaint({ ...start, user: { id: 'user-2', email: 'eve@example.com' } })).toBeNull();
    expect(await readFirstPaint({ ...start, serverUrl: 'https://cofounder.example.com' })).toBeNull();
    expect(await readFirstPaint({ ...start, user: null, glance: null })).toBeNull();
  });

  it('is not kept without cached numbers, and a card rendered on another day is not painted', async () => {
    expect(firstPaintKey({ ...start, glance: null })).toBeNull();
    await saveFirstPaint({ ...start, glance: null }, '<p>nothing</p>');
    expect(await fakeBrowser.storage.local.get('popup-first-paint')).toEqual({});

    await saveFirstPaint(start, card(start));
    const tomorrow = new Date(Date.now() + 24 * 60 * 60 * 1000);
    expect(paintableCard(await readPopupItems(), start)).toBe(card(start));
    expect(paintableCard(await readPopupItems(), start, tomorrow)).toBeNull();
  });
});
