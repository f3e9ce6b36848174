import { useState, type FormEvent } from 'react';
import { Link, useLocation } from 'react-router';
import { AUTH_FORM_TEXT, isValid, TIMINGS, validateLogin } from '@cofounder/shared';
import { SIGN_IN_TEXT } from '@cofounder/shared/ui';
import { useAuth } from '../../features/auth/AuthProvider.tsx';
import { AUTH_ERROR_TEXT, loginError, type MappedAuthError } from '../../features/auth/auth-errors.ts';
import { GuestOnly } from '../../features/auth/guards.tsx';
import { readAuthNavState } from '../../features/auth/nav-state.ts';
import { useDelayedNavigate } from '../../features/auth/use-delayed-navigate.ts';
import { useFormErrors } from '../../features/auth/use-form-errors.ts';
import { AuthCard } from '../../features/auth/ui/AuthCard.tsx';
import { FormBanner } from '../../features/auth/ui/FormBanner.tsx';
import { OAuthButtons } from '../../features/auth/ui/OAuthButtons.tsx';
import { PasswordField } from '../../features/auth/ui/PasswordField.tsx';
import { SubmitButton } from '../../features/auth/ui/SubmitButton.tsx';
import { TextField } from '../../features/auth/ui/TextField.tsx';
import { linkClass } from '../../features/auth/ui/styles.ts';
import { LoginFailure } from './LoginFailure.tsx';

type Phase = 'idle' | 'pending' | 'success' | 'redirecting';

/** /login (spec 1 §2, §4, §8). */
export function LoginPage() {
  const location = useLocation();
  const navState = readAuthNavState(location.state);
  const { client } = useAuth();
  const [email, setEmail] = useState(navState.email ?? '');
  const [password, setPassword] = useState('');
  const { errors, setErrors, clear, hasErrors } = useFormErrors<'email' | 'password'>();
  const [failure, setFailure] = useState<MappedAuthError | null>(null);
  const [phase, setPhase] = useState<Phase>('idle');
  const redirectLater = useDelayedNavigate();

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    setFailure(null);
    const found = validateLogin({ email, password });
    setErrors(found);
    if (!isValid(found)) return;
    const address = email.trim();
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
        {hasErrors && <FormBanner tone="error">{AUTH_FORM_TEXT.fixErrors}</FormBanner>}
        {failure && <LoginFailure failure={failure} email={email.trim()} />}
        <form noValidate onSubmit={(e) => void onSubmit(e)} className="space-y-4">
          <TextField
            id="login-email"
            label="Email"
            type="email"
            autoComplete="email"
            value={email}
            error={errors.email}
            onChange={(e) => {
              setEmail(e.target.value);
              clear('email');
            }}
          />
          <div>
            <PasswordField
              id="login-password"
              label="Password"
              autoComplete="current-password"
              value={password}
              error={errors.password}
              onChange={(e) => {
                setPassword(e.target.value);
                clear('password');
              }}
            />
            <div className="mt-2 text-right text-sm">
              <Link to="/forgot-password" className={linkClass}>
                Forgot password?
              </Link>
            </div>
          </div>
          <SubmitButton pending={phase === 'pending'} pendingLabel={SIGN_IN_TEXT.pending}>
            {SIGN_IN_TEXT.submit}
          </SubmitButton>
        </form>
        <OAuthButtons mode="login" onError={(message) => setFailure({ kind: 'other', message })} />
        <p className="text-center text-sm text-slate-600 dark:text-slate-400">
          Don&apos;t have an account?{' '}
          <Link to="/register" className={linkClass}>
            Sign up
          </Link>
        </p>
      </AuthCard>
    </GuestOnly>
  );
}
