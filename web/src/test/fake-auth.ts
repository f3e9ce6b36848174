import { vi } from 'vitest';
import { AuthApiError } from '@supabase/auth-js';
import type { AuthChangeEvent, AuthClient, AuthResult, Session, User } from '../features/auth/auth-client.ts';

/** A user shaped like the one supabase-js returns. */
export function fakeUser(email = 'ada@example.com'): User {
  return {
    id: '00000000-0000-4000-8000-000000000001',
    aud: 'authenticated',
    role: 'authenticated',
    email,
    app_metadata: {},
    user_metadata: { first_name: 'Ada', last_name: 'Founder', full_name: 'Ada Founder' },
    identities: [],
    created_at: '2025-01-01T00:00:00Z',
  };
}

export function fakeSession(email?: string): Session {
  return {
    access_token: 'access-token-for-tests',
    refresh_token: 'refresh-token-for-tests',
    expires_in: 3600,
    expires_at: Math.floor(Date.now() / 1000) + 3600,
    token_type: 'bearer',
    user: fakeUser(email),
  };
}

/** supabase-js's own error class, as the auth server's JSON errors become on the client. */
export function authError(code: string, message = code, status = 400): AuthApiError {
  return new AuthApiError(message, status, code);
}

/** A failed sign-in/sign-up/verify result carrying `authError(code)`. */
export function authFailure(code: string, message = code, status = 400): AuthResult {
  return { data: { user: null, session: null }, error: authError(code, message, status) };
}

type Listener = (event: AuthChangeEvent, session: Session | null) => void;

/**
 * An in-memory AuthClient: holds one session, notifies listeners like supabase-js does, and records calls.
 * Tests override single methods with `mockResolvedValueOnce` to script failures.
 */
export function createFakeAuth(initial: Session | null = null) {
  let session = initial;
  const listeners = new Set<Listener>();
  const emit = (event: AuthChangeEvent, next: Session | null) => {
    session = next;
    for (const l of listeners) l(event, next);
  };
  const ok = (s: Session | null, user: User | null = s?.user ?? null): AuthResult => ({
    data: { user, session: s },
    error: null,
  });

  const client = {
    getSession: vi.fn<AuthClient['getSession']>(async () => ({ data: { session } })),
    onAuthStateChange: vi.fn<AuthClient['onAuthStateChange']>((cb: Listener) => {
      listeners.add(cb);
      return { data: { subscription: { unsubscribe: () => listeners.delete(cb) } } };
    }),
    signInWithPassword: vi.fn<AuthClient['signInWithPassword']>(async ({ email }: { email: string }) => {
      const next = fakeSession(email);
      emit('SIGNED_IN', next);
      return ok(next);
    }),
    signUp: vi.fn<AuthClient['signUp']>(async ({ email }: { email: string }) =>
      ok(null, { ...fakeUser(email), identities: [{}] } as User),
    ),
    signInWithOAuth: vi.fn<AuthClient['signInWithOAuth']>(async () => ({ error: null })),
    signOut: vi.fn<AuthClient['signOut']>(async () => {
      emit('SIGNED_OUT', null);
      return { error: null };
    }),
    resetPasswordForEmail: vi.fn<AuthClient['resetPasswordForEmail']>(async () => ({ error: null })),
    setSession: vi.fn<AuthClient['setSession']>(async () => {
      const next = fakeSession();
      emit('SIGNED_IN', next);
      return ok(next);
    }),
    // Like the server after the session's end was noticed: the refresh token is refused too.
    refreshSession: vi.fn<AuthClient['refreshSession']>(async () => authFailure('refresh_token_not_found', 'Invalid Refresh Token', 400)),
    updateUser: vi.fn<AuthClient['updateUser']>(async () => ({ error: null })),
    verifyOtp: vi.fn<AuthClient['verifyOtp']>(async ({ email }: { email: string }) => {
      const next = fakeSession(email);
      emit('SIGNED_IN', next);
      return ok(next);
    }),
    resend: vi.fn<AuthClient['resend']>(async () => ({ error: null })),
  };

  return Object.assign(client, { emit });
}

export type FakeAuth = ReturnType<typeof createFakeAuth>;
