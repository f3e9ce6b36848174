import type { AuthClient } from '../features/auth/auth-client.ts';
import {
  hasStoredSession,
  readFreshStoredSession,
  STORED_SESSION_KEY,
  storedTokenMsLeft,
} from './stored-session.ts';

// Only a stored session (stored-session.ts) makes the client worth loading before an auth call.
export { STORED_SESSION_KEY };

type Listener = Parameters<AuthClient['onAuthStateChange']>[0];

/**
 * An AuthClient that downloads the real one (supabase's auth-js, app/supabase.ts) only when it is needed, so public
 * pages do not carry it: a visitor without a stored session gets `session: null` at once, and the real client
 * loads on the first auth call (sign in, sign up, OAuth, …), when another tab signs in or out, or when the stored
 * session's token nears its expiry (then it refreshes it). Until then a stored session with a fresh token is
 * answered from storage, as the real client would: a signed-in page's first paint does not wait for it either.
 * Listeners registered before that are subscribed to the real client as soon as it exists (it then reports its
 * session).
 */
export function createLazyAuthClient(
  load: () => Promise<AuthClient>,
  storage: Storage = localStorage,
): AuthClient {
  let client: AuthClient | null = null;
  let loading: Promise<AuthClient> | null = null;
  const pending = new Set<{ callback: Listener; unsubscribe?: () => void }>();
  let refreshTimer: ReturnType<typeof setTimeout> | null = null;

  const ready = (): Promise<AuthClient> => {
    loading ??= load().then(
      (real) => {
        client = real;
        for (const entry of pending)
          entry.unsubscribe = real.onAuthStateChange(entry.callback).data.subscription.unsubscribe;
        return real;
      },
      (error: unknown) => {
        loading = null; // A failed download may be retried by the next call.
        throw error;
      },
    );
    return loading;
  };

  if (typeof window !== 'undefined') {
    window.addEventListener('storage', (event) => {
      if (!client && event.key && STORED_SESSION_KEY.test(event.key)) void ready().catch(() => undefined);
    });
  }

  /** A method that waits for the real client and calls it there (with the client as `this`). */
  function defer<K extends keyof AuthClient>(method: K): AuthClient[K] {
    const call = async (...args: unknown[]) => {
      const real = await ready();
      return (real[method] as (...a: unknown[]) => Promise<unknown>).apply(real, args);
    };
    return call as unknown as AuthClient[K];
  }

  return {
    getSession: () => {
      const fresh = client || loading ? null : readFreshStoredSession(storage, Date.now());
      if (fresh) {
        // The real client takes over in time to refresh the token, as it would have.
        refreshTimer ??= setTimeout(
          () => void ready().catch(() => undefined),
          storedTokenMsLeft(fresh, Date.now()),
        );
        return Promise.resolve({ data: { session: fresh } });
      }
      return client || loading || hasStoredSession(storage)
        ? ready().then((real) => real.getSession())
        : Promise.resolve({ data: { session: null } });
    },
    onAuthStateChange(callback) {
      if (client) return client.onAuthStateChange(callback);
      const entry: { callback: Listener; unsubscribe?: () => void } = { callback };
      pending.add(entry);
      return {
        data: {
          subscription: {
            unsubscribe: () => {
              pending.delete(entry);
              entry.unsubscribe?.();
            },
          },
        },
      };
    },
    signInWithPassword: defer('signInWithPassword'),
    signUp: defer('signUp'),
    signInWithOAuth: defer('signInWithOAuth'),
    signOut: defer('signOut'),
    resetPasswordForEmail: defer('resetPasswordForEmail'),
    setSession: defer('setSession'),
    refreshSession: defer('refreshSession'),
    updateUser: defer('updateUser'),
    verifyOtp: defer('verifyOtp'),
    resend: defer('resend'),
  };
}
