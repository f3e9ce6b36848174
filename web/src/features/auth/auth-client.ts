import type { AuthChangeEvent, AuthError, Session, User } from '@supabase/auth-js';

/**
 * The slice of `supabase.auth` the web uses. Screens depend on this, not on supabase-js, so tests hand in a
 * small fake and the real client (`supabase.auth`) satisfies it structurally.
 */
export interface AuthClient {
  getSession(): Promise<{ data: { session: Session | null } }>;
  onAuthStateChange(callback: (event: AuthChangeEvent, session: Session | null) => void): {
    data: { subscription: { unsubscribe(): void } };
  };
  signInWithPassword(credentials: { email: string; password: string }): Promise<AuthResult>;
  signUp(credentials: {
    email: string;
    password: string;
    options: { data: SignUpData; emailRedirectTo: string };
  }): Promise<AuthResult>;
  signInWithOAuth(credentials: {
    provider: OAuthProvider;
    options: { redirectTo: string; queryParams: Record<string, string> };
  }): Promise<{ error: AuthError | null }>;
  signOut(options?: { scope?: 'global' | 'local' | 'others' }): Promise<{ error: AuthError | null }>;
  resetPasswordForEmail(email: string, options: { redirectTo: string }): Promise<{ error: AuthError | null }>;
  setSession(tokens: { access_token: string; refresh_token: string }): Promise<AuthResult>;
  refreshSession(): Promise<AuthResult>;
  updateUser(attributes: { password: string }): Promise<{ error: AuthError | null }>;
  verifyOtp(params: { email: string; token: string; type: 'signup' }): Promise<AuthResult>;
  resend(params: {
    type: 'signup';
    email: string;
    options: { emailRedirectTo: string };
  }): Promise<{ error: AuthError | null }>;
}

export type OAuthProvider = 'google' | 'github';

/** Sign-up metadata of spec 1 §3 "Registration data". */
export interface SignUpData {
  first_name: string;
  last_name: string;
  full_name: string;
}

export interface AuthResult {
  data: { user: User | null; session: Session | null };
  error: AuthError | null;
}

export type { AuthChangeEvent, Session, User };
