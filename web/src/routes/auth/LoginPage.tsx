import { useState } from 'react';
import { TIMINGS, type LoginValues } from '@cofounder/shared';
import { SignInForm } from '@cofounder/shared/ui';
import { useAuth } from '../../features/auth/AuthProvider.tsx';
import { AUTH_ERROR_TEXT, loginError, type MappedAuthError } from '../../features/auth/auth-errors.ts';
import { GuestOnly } from '../../features/auth/guards.tsx';
import { readAuthNavState } from '../../features/auth/nav-state.ts';
import { useDelayedNavigate } from '../../features/auth/use-delayed-navigate.ts';
import { AuthCard } from '../../features/auth/ui/AuthCard.tsx';
import { FormBanner } from '../../features/auth/ui/FormBanner.tsx';
import { OAuthButtons } from '../../features/auth/ui/OAuthButtons.tsx';
import { linkClass } from '../../features/auth/ui/styles.ts';
import { AppLink, useNavState } from '../../features/layout/navigation.tsx';
import { Spinner } from '../../features/layout/Spinner.tsx';
import { LoginFailure } from './LoginFailure.tsx';
import { LOGIN_FORM_LOOK } from './login-form-look.ts';

type Phase = 'idle' | 'pending' | 'success' | 'redirecting';

/** /login (spec 1 §2, §4, §8); in the SPA and as an island page (src/islands), so it links through AppLink. */
export function LoginPage() {
  const navState = readAuthNavState(useNavState());
  const { client } = useAuth();
  // The address of the last attempt, for the failure's "verify your email" link.
  const [attempted, setAttempted] = useState('');
  const [failure, setFailure] = useState<MappedAuthError | null>(null);
  const [phase, setPhase] = useState<Phase>('idle');
  const redirectLater = useDelayedNavigate();

  async function signIn({ email: address, password }: LoginValues) {
    setAttempted(address);
    setPhase('pending');
    try {
      const { data, error } = await client.signInWithPassword({ email: address, password });
      if (error) return fail(loginError(error), address);
      if (!data.user) return fail({ kind: 'other', message: AUTH_ERROR_TEXT.noUser }, address);
      setPhase('success');
      redirectLater('/welcome', TIMINGS.loginSuccessRedirectMs, { replace: true });
    } catch (err) {
      fail(loginError(err), address);
    }
  }

  function fail(mapped: MappedAuthError, address: string) {
    setFailure(mapped);
    if (mapped.kind !== 'unconfirmed') return setPhase('idle');
    setPhase('redirecting');
    redirectLater('/verify-email', TIMINGS.unconfirmedLoginRedirectMs, {
      state: { email: address, message: 'Please verify your email address before signing in.' },
    });
  }

  const busy = phase !== 'idle';
  return (
    // While the sign-in finishes, the fresh session must not bounce the page before "Welcome back!" shows.
    <GuestOnly to="/dashboard" paused={busy}>
      <AuthCard title="Welcome Back" subtitle="Sign in to continue building with your AI co-founder.">
        {navState.message && phase === 'idle' && !failure && (
          <FormBanner tone="info">{navState.message}</FormBanner>
        )}
        {phase === 'success' && (
          <FormBanner tone="success">
            <p className="font-semibold">Welcome back!</p>
            <p>Taking you to your dashboard...</p>
          </FormBanner>
        )}
        <SignInForm
          idPrefix="login"
          initialEmail={navState.email}
          onSignIn={signIn}
          onAttempt={() => setFailure(null)}
          alert={failure && <LoginFailure failure={failure} email={attempted} />}
          renderAlert={(text) => <FormBanner tone="error">{text}</FormBanner>}
          look={LOGIN_FORM_LOOK}
          pendingIcon={<Spinner />}
          afterPassword={
            <div className="mt-2 text-right text-sm">
              <AppLink to="/forgot-password" className={linkClass}>
                Forgot password?
              </AppLink>
            </div>
          }
        />
        <OAuthButtons mode="login" onError={(message) => setFailure({ kind: 'other', message })} />
        <p className="text-center text-sm text-slate-600 dark:text-slate-400">
          Don&apos;t have an account?{' '}
          <AppLink to="/register" className={linkClass}>
            Sign up
          </AppLink>
        </p>
      </AuthCard>
    </GuestOnly>
  );
}
