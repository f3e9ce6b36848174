import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { AUTH_FORM_TEXT, isValid, TIMINGS, validateRegister, type RegisterValues } from '@cofounder/shared';
import { useAuth } from '../../features/auth/AuthProvider.tsx';
import { registerError, type MappedAuthError } from '../../features/auth/auth-errors.ts';
import { appUrl } from '../../features/auth/auth-url.ts';
import { GuestOnly } from '../../features/auth/guards.tsx';
import { useDelayedNavigate } from '../../features/auth/use-delayed-navigate.ts';
import { useFormErrors } from '../../features/auth/use-form-errors.ts';
import { AuthCard } from '../../features/auth/ui/AuthCard.tsx';
import { FormBanner } from '../../features/auth/ui/FormBanner.tsx';
import { OAuthButtons } from '../../features/auth/ui/OAuthButtons.tsx';
import { linkClass } from '../../features/auth/ui/styles.ts';
import { SubmitButton } from '../../features/auth/ui/SubmitButton.tsx';
import { RegisterFields } from './RegisterFields.tsx';

const EMPTY: RegisterValues = { firstName: '', lastName: '', email: '', password: '', confirmPassword: '' };
const SUCCESS_TEXT = 'Account created! Please check your email to verify your account.';

/** /register (spec 1 §2, §4, §8). */
export function RegisterPage() {
  const { client } = useAuth();
  const [values, setValues] = useState<RegisterValues>(EMPTY);
  const { errors, setErrors, clear, hasErrors } = useFormErrors<keyof RegisterValues>();
  const [failure, setFailure] = useState<MappedAuthError | null>(null);
  const [phase, setPhase] = useState<'idle' | 'pending' | 'success'>('idle');
  const redirectLater = useDelayedNavigate();

  function change(field: keyof RegisterValues, value: string) {
    setValues((v) => ({ ...v, [field]: value }));
    clear(field);
  }

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    setFailure(null);
    const found = validateRegister(values);
    setErrors(found);
    if (!isValid(found)) return;
    const firstName = values.firstName.trim();
    const lastName = values.lastName.trim();
    const email = values.email.trim();
    setPhase('pending');
    try {
      const { data, error } = await client.signUp({
        email,
        password: values.password,
        options: {
          data: { first_name: firstName, last_name: lastName, full_name: `${firstName} ${lastName}` },
          emailRedirectTo: appUrl('/verify-email'),
        },
      });
      // Hosted Supabase answers an existing confirmed address with a user that has no identities.
      const existing = data.user?.identities?.length === 0;
      if (error || existing) {
        setFailure(registerError(error ?? { code: 'user_already_exists' }));
        return setPhase('idle');
      }
      setPhase('success');
      redirectLater('/verify-email', TIMINGS.registerSuccessRedirectMs, {
        // Sign-up just sent the confirmation email: /verify-email starts its resend cooldown from now.
        state: { email, message: SUCCESS_TEXT, emailSentAt: Date.now() },
      });
    } catch (err) {
      setFailure(registerError(err));
      setPhase('idle');
    }
  }

  return (
    <GuestOnly to="/welcome" paused={phase !== 'idle'}>
      <AuthCard title="Create Your Account" subtitle="Start working with your AI co-founder in minutes.">
        {phase === 'success' && <FormBanner tone="success">{SUCCESS_TEXT}</FormBanner>}
        {hasErrors && <FormBanner tone="error">{AUTH_FORM_TEXT.fixErrors}</FormBanner>}
        {failure && (
          <FormBanner tone="error">
            <p>{failure.message}</p>
            {failure.kind === 'already_registered' && (
              <Link to="/login" state={{ email: values.email.trim() }} className={linkClass}>
                Log in with this email
              </Link>
            )}
          </FormBanner>
        )}
        <form noValidate onSubmit={(e) => void onSubmit(e)} className="space-y-4">
          <RegisterFields values={values} errors={errors} onChange={change} />
          <SubmitButton pending={phase === 'pending'} pendingLabel="Creating account...">
            Create Account
          </SubmitButton>
        </form>
        <OAuthButtons mode="register" onError={(message) => setFailure({ kind: 'other', message })} />
        <p className="text-center text-sm text-slate-600 dark:text-slate-400">
          Already have an account?{' '}
          <Link to="/login" className={linkClass}>
            Sign in
          </Link>
        </p>
      </AuthCard>
    </GuestOnly>
  );
}
