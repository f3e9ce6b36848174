import { describe, expect, it, vi } from 'vitest';
import { AUTH, type PublicConfig } from '@cofounder/shared';
import { createFakeAuth, fakeSession } from '../test/fake-auth.ts';
import { createLazyAuthClient, STORED_SESSION_KEY } from './lazy-auth.ts';
import { createAuthClient } from './supabase.ts';

function setup(stored = false) {
  if (stored) localStorage.setItem('sb-localhost-auth-token', '{}');
  const real = createFakeAuth(fakeSession());
  const load = vi.fn(async () => real);
  return { real, load, lazy: createLazyAuthClient(load) };
}

describe('lazy auth client', () => {
  it('answers "no session" without loading supabase-js when nothing is stored', async () => {
    const { lazy, load } = setup();
    const listener = vi.fn();
    lazy.onAuthStateChange(listener);
    expect(await lazy.getSession()).toEqual({ data: { session: null } });
    expect(load).not.toHaveBeenCalled();
    expect(listener).not.toHaveBeenCalled();
  });

  it('loads the client when a session is stored and reads it there', async () => {
    const { lazy, load } = setup(true);
    const session = (await lazy.getSession()).data.session;
    expect(session?.user.email).toBe('ada@example.com');
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('answers a stored session with a fresh token from storage, and loads the client before it expires', async () => {
    vi.useFakeTimers();
    try {
      const stored = fakeSession('grace@example.com');
      localStorage.setItem('sb-localhost-auth-token', JSON.stringify(stored));
      const { lazy, load } = setup();
      expect((await lazy.getSession()).data.session).toEqual(stored);
      expect(load).not.toHaveBeenCalled();
      // Two minutes before expiry the real client takes over (and would refresh the token).
      vi.advanceTimersByTime((stored.expires_at! - AUTH.storedTokenMinLeftSeconds) * 1000 - Date.now() + 1);
      expect(load).toHaveBeenCalledTimes(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it('loads the client for a stored token too close to its expiry', async () => {
    const nearlyExpired = { ...fakeSession(), expires_at: Math.floor(Date.now() / 1000) + 60 };
    localStorage.setItem('sb-localhost-auth-token', JSON.stringify(nearlyExpired));
    const { lazy, load } = setup();
    expect((await lazy.getSession()).data.session?.user.email).toBe('ada@example.com');
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('loads on the first auth call, subscribes earlier listeners, and keeps `this`', async () => {
    const { lazy, load, real } = setup();
    const listener = vi.fn();
    const early = vi.fn();
    lazy.onAuthStateChange(early).data.subscription.unsubscribe();
    lazy.onAuthStateChange(listener);
    await lazy.signInWithPassword({ email: 'grace@example.com', password: 'x' });
    expect(load).toHaveBeenCalledTimes(1);
    expect(real.signInWithPassword).toHaveBeenCalledWith({ email: 'grace@example.com', password: 'x' });
    expect(listener).toHaveBeenCalledWith('SIGNED_IN', expect.objectContaining({ user: expect.anything() }));
    expect(early).not.toHaveBeenCalled();
    // Once loaded, everything goes straight to the real client.
    expect((await lazy.getSession()).data.session?.user.email).toBe('grace@example.com');
    await lazy.signOut();
    expect(listener).toHaveBeenLastCalledWith('SIGNED_OUT', null);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('retries a failed download on the next call', async () => {
    const real = createFakeAuth();
    const load = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValue(real);
    const lazy = createLazyAuthClient(load);
    await expect(lazy.signOut()).rejects.toThrow('offline');
    await lazy.signOut();
    expect(real.signOut).toHaveBeenCalledTimes(1);
  });

  it('recognises the storage key supabase-js really uses', () => {
    const config = { supabaseUrl: 'https://abcd.supabase.co', supabaseAnonKey: 'anon' } as PublicConfig;
    const client = createAuthClient(config) as unknown as { storageKey: string };
    expect(client.storageKey).toBe('sb-abcd-auth-token');
    expect(STORED_SESSION_KEY.test(client.storageKey)).toBe(true);
  });
});
