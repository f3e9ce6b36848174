import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { isUsableToken } from '@cofounder/shared';
import type { AuthClient, Session, User } from './auth-client.ts';
import { useEndRejectedSession } from './use-end-rejected-session.ts';

/** Authentication state of spec 1 §3, plus the client the auth screens call. */
export interface AuthState {
  user: User | null;
  session: Session | null;
  isAuthenticated: boolean;
  token: string | null;
  loading: boolean;
  client: AuthClient;
  /**
   * True after the user signed out on purpose, until the next sign-in: protected pages then send them to "/"
   * instead of /login, and nothing is remembered as a page to come back to.
   */
  signedOutByUser: boolean;
  signOut: () => Promise<void>;
}

const AuthContext = createContext<AuthState | null>(null);

export function AuthProvider({
  client,
  signedOutAtStart = false,
  children,
}: {
  client: AuthClient;
  /** Known to have no session (app/stored-session.ts): skip the loading state, as a server render does too. */
  signedOutAtStart?: boolean;
  children: ReactNode;
}) {
  const [session, setSession] = useState<Session | null>(null);
  const [loading, setLoading] = useState(!signedOutAtStart);
  const [signedOutByUser, setSignedOutByUser] = useState(false);
  const signingOut = useRef(false);

  useEffect(() => {
    let active = true;
    const apply = (next: Session | null) => {
      if (!active) return;
      setSession(next);
      setLoading(false);
      // The auth client, loaded by the sign-out itself, first reports the session it is ending: not a sign-in.
      if (next && !signingOut.current) setSignedOutByUser(false);
    };
    // supabase-js also emits INITIAL_SESSION on subscribe; getSession covers clients that do not.
    void client.getSession().then(
      ({ data }) => apply(data.session),
      () => apply(null),
    );
    const { data } = client.onAuthStateChange((_event, next) => apply(next));
    return () => {
      active = false;
      data.subscription.unsubscribe();
    };
  }, [client]);
  useEndRejectedSession(client, session);

  const signOut = useCallback(async () => {
    signingOut.current = true;
    setSignedOutByUser(true);
    // Spec: signing out of the dashboard signs the browser extension out too (best effort, never blocks). Loaded
    // here: its reply schema would bring zod into the island pages, which validate nothing before a call.
    void import('../extension/extension-messaging.ts').then((m) => m.signOutExtension());
    try {
      await client.signOut();
    } finally {
      signingOut.current = false;
    }
  }, [client]);

  const value = useMemo<AuthState>(() => {
    const token = session?.access_token;
    return {
      user: session?.user ?? null,
      session,
      isAuthenticated: Boolean(session?.user),
      token: isUsableToken(token) ? token : null,
      loading,
      client,
      signedOutByUser,
      signOut,
    };
  }, [session, loading, client, signedOutByUser, signOut]);

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthState {
  const ctx = useContext(AuthContext);
  if (!ctx) throw new Error('useAuth must be used inside AuthProvider');
  return ctx;
}
