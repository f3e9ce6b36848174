import { useState, type FormEvent } from 'react';
import { Link, useLocation } from 'react-router';
import { MailCheck } from 'lucide-react';
import { isValid, validateForgotPassword } from '@cofounder/shared';
import { useAuth } from '../../features/auth/AuthProvider.tsx';
import { forgotPasswordError } from '../../features/auth/auth-errors.ts';
import { appUrl } from '../../features/auth/auth-url.ts';
import { GuestOnly } from '../../features/auth/guards.tsx';
import { readAuthNavState } from '../../features/auth/nav-state.ts';
import { useFormErrors } from '../../features/auth/use-form-errors.ts';
import { AuthCard, PanelIcon } from '../../features/auth/ui/AuthCard.tsx';
import { DevMailboxLink } from '../../features/auth/ui/DevMailboxLink.tsx';
import { FormBanner } from '../../features/auth/ui/FormBanner.tsx';
import { linkClass, primaryButtonClass, secondaryButtonClass } from '../../features/auth/ui/styles.ts';
import { SubmitButton } from '../../features/auth/ui/SubmitButton.tsx';
import { TextField } from '../../features/auth/ui/TextField.tsx';

/** /forgot-password (spec 1 §2, §8). */
export function ForgotPasswordPage() {
  const { client } = useAuth();
  const [email, setEmail] = useState(readAuthNavState(useLocation().state).email ?? '');
  const { errors, setErrors, clear } = useFormErrors<'email'>();
  const [failure, setFailure] = useState<string | null>(null);
  const [phase, setPhase] = useState<'idle' | 'pending' | 'sent'>('idle');

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    setFailure(null);
    const found = validateForgotPassword(email);
    setErrors(found);
    if (!isValid(found)) return;
    setPhase('pending');
    try {
      const { error } = await client.resetPasswordForEmail(email.trim(), {
        redirectTo: appUrl('/reset-password'),
      });
      if (error) {
        setFailure(forgotPasswordError(error).message);
        return setPhase('idle');
      }
      setPhase('sent');
    } catch (err) {
      setFailure(forgotPasswordError(err).message);
      setPhase('idle');
    }
  }

  if (phase === 'sent') {
    return (
      <GuestOnly to="/dashboard/chat">
        <AuthCard
          title="Check Your Email"
          icon={
            <PanelIcon tone="indigo">
              <MailCheck className="size-7" aria-hidden="true" />
            </PanelIcon>
          }
          subtitle={
            <>
              If an account exists for{' '}
              <strong className="text-slate-900 dark:text-white">{email.trim()}</strong>, a password reset
              link is on its way.
            </>
          }
        >
          <div className="rounded-lg bg-slate-100 p-4 text-sm text-slate-700 dark:bg-slate-800/60 dark:text-slate-300">
            <p className="font-medium">Next steps</p>
            <ol className="mt-2 list-decimal space-y-1 pl-5">
              <li>Open the email we just sent you.</li>
              <li>Click the reset link in it.</li>
              <li>Choose a new password and sign in with it.</li>
            </ol>
            <p className="mt-3">Nothing after a few minutes? Check your spam folder.</p>
          </div>
          <DevMailboxLink />
          <div className="grid gap-3">
            <button type="button" className={secondaryButtonClass} onClick={() => setPhase('idle')}>
              Send Another Email
            </button>
            <Link to="/login" className={primaryButtonClass}>
              Back to Sign In
            </Link>
          </div>
        </AuthCard>
      </GuestOnly>
    );
  }

  return (
    <GuestOnly to="/dashboard/chat">
      <AuthCard
        title="Reset Your Password"
        subtitle="Enter your email and we will send you a link to set a new password."
      >
        {failure && <FormBanner tone="error">{failure}</FormBanner>}
        <form noValidate onSubmit={(e) => void onSubmit(e)} className="space-y-4">
          <TextField
            id="forgot-email"
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
          <SubmitButton pending={phase === 'pending'} pendingLabel="Sending...">
            Send Reset Link
          </SubmitButton>
        </form>
        <p className="text-center text-sm text-slate-600 dark:text-slate-400">
          Remembered it?{' '}
          <Link to="/login" className={linkClass}>
            Back to Sign In
          </Link>
        </p>
      </AuthCard>
    </GuestOnly>
  );
}
