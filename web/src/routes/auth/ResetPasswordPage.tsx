import { useEffect, useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { CircleCheck, TriangleAlert } from 'lucide-react';
import { AUTH_FORM_TEXT, isValid, validateNewPassword, type NewPasswordValues } from '@cofounder/shared';
import { useAuth } from '../../features/auth/AuthProvider.tsx';
import { newPasswordError } from '../../features/auth/auth-errors.ts';
import { readResetTokens } from '../../features/auth/auth-url.ts';
import { useFormErrors } from '../../features/auth/use-form-errors.ts';
import { AuthCard, PanelIcon } from '../../features/auth/ui/AuthCard.tsx';
import { FormBanner } from '../../features/auth/ui/FormBanner.tsx';
import { NewPasswordFields } from '../../features/auth/ui/NewPasswordFields.tsx';
import { primaryButtonClass, secondaryButtonClass } from '../../features/auth/ui/styles.ts';
import { SubmitButton } from '../../features/auth/ui/SubmitButton.tsx';

/** /reset-password: the link from the reset email carries a recovery session's tokens (spec 1 §2). */
export function ResetPasswordPage() {
  const location = useLocation();
  const navigate = useNavigate();
  // Read once: the URL is cleaned right after, and the tokens must survive that re-render.
  const [tokens] = useState(() => readResetTokens(location.search, location.hash));
  const hasTokensInUrl = Boolean(readResetTokens(location.search, location.hash));

  // Tokens in the address bar end up in history and screenshots; drop them as soon as they are read.
  useEffect(() => {
    if (hasTokensInUrl) void navigate(location.pathname, { replace: true });
  }, [hasTokensInUrl, navigate, location.pathname]);

  if (!tokens) return <InvalidResetLink />;
  return <NewPasswordForm accessToken={tokens.accessToken} refreshToken={tokens.refreshToken} />;
}

function NewPasswordForm({ accessToken, refreshToken }: { accessToken: string; refreshToken: string }) {
  const { client } = useAuth();
  const [values, setValues] = useState<NewPasswordValues>({ password: '', confirmPassword: '' });
  const { errors, setErrors, clear, hasErrors } = useFormErrors<keyof NewPasswordValues>();
  const [failure, setFailure] = useState<string | null>(null);
  const [phase, setPhase] = useState<'idle' | 'pending' | 'done'>('idle');

  function change(field: keyof NewPasswordValues, value: string) {
    setValues((v) => ({ ...v, [field]: value }));
    clear(field);
  }

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    setFailure(null);
    const found = validateNewPassword(values);
    setErrors(found);
    if (!isValid(found)) return;
    setPhase('pending');
    let stage: 'session' | 'update' = 'session';
    try {
      const opened = await client.setSession({ access_token: accessToken, refresh_token: refreshToken });
      if (opened.error) throw opened.error;
      stage = 'update';
      const updated = await client.updateUser({ password: values.password });
      if (updated.error) throw updated.error;
      // The recovery session is only for this change: the user proves the new password by signing in.
      await client.signOut({ scope: 'local' });
      setPhase('done');
    } catch (err) {
      setFailure(newPasswordError(err, stage).message);
      setPhase('idle');
    }
  }

  if (phase === 'done') {
    return (
      <AuthCard
        title="Password Updated"
        subtitle="Your password has been changed. Sign in with your new password."
        icon={
          <PanelIcon tone="green">
            <CircleCheck className="size-7" aria-hidden="true" />
          </PanelIcon>
        }
      >
        <Link to="/login" replace className={primaryButtonClass}>
          Sign In Now
        </Link>
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Set a New Password" subtitle="Choose a strong password you have not used here before.">
      {hasErrors && <FormBanner tone="error">{AUTH_FORM_TEXT.fixErrors}</FormBanner>}
      {failure && (
        <FormBanner tone="error">
          <p>{failure}</p>
          <Link to="/forgot-password" className="font-medium underline">
            Request a new reset link
          </Link>
        </FormBanner>
      )}
      <form noValidate onSubmit={(e) => void onSubmit(e)} className="space-y-4">
        <NewPasswordFields
          idPrefix="reset"
          labels={{ password: 'New password', confirm: 'Confirm new password' }}
          values={values}
          errors={errors}
          onChange={change}
        />
        <SubmitButton pending={phase === 'pending'} pendingLabel="Updating...">
          Update Password
        </SubmitButton>
      </form>
    </AuthCard>
  );
}

function InvalidResetLink() {
  return (
    <AuthCard
      title="Invalid Reset Link"
      subtitle="This password reset link is missing information or has been used. Request a new one to continue."
      icon={
        <PanelIcon tone="red">
          <TriangleAlert className="size-7" aria-hidden="true" />
        </PanelIcon>
      }
    >
      <div className="grid gap-3">
        <Link to="/forgot-password" className={primaryButtonClass}>
          Request a New Link
        </Link>
        <Link to="/login" className={secondaryButtonClass}>
          Back to Sign In
        </Link>
      </div>
    </AuthCard>
  );
}
