import { useMemo, useState, type FormEvent } from 'react';
import {
  isValid,
  validateLogin,
  type FormErrors,
  type LoginValues,
  type PublicConfig,
} from '@cofounder/shared';
import { SIGN_IN_TEXT } from '../../../../shared/src/ui/auth/sign-in-texts.ts';
import { classifySignInError, type SignInFailure } from './sign-in-failure.ts';
import { SignInAlert } from './SignInAlert.tsx';
import { TabLink } from './TabLink.tsx';
import { createSupabase } from '../../lib/supabase.ts';

/** Email and password sign-in; success shows up through the session subscription, not through a return value. */
export function SignInForm({ config, serverUrl }: { config: PublicConfig; serverUrl: string }) {
  // Signs in and stores the session; from then on the background worker owns (and refreshes) it.
  const supabase = useMemo(
    () => createSupabase(serverUrl, config, { autoRefreshToken: false }),
    [serverUrl, config],
  );
  const [values, setValues] = useState<LoginValues>({ email: '', password: '' });
  const [errors, setErrors] = useState<FormErrors<keyof LoginValues>>({});
  const [failure, setFailure] = useState<SignInFailure | null>(null);
  const [pending, setPending] = useState(false);

  function change(field: keyof LoginValues, value: string) {
    setValues((v) => ({ ...v, [field]: value }));
    // Spec 1 §5: a field's error clears as soon as the user types in it.
    setErrors((e) => ({ ...e, [field]: undefined }));
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found = validateLogin(values);
    setErrors(found);
    if (!isValid(found)) {
      setFailure({ kind: 'invalid_form' });
      return;
    }
    setFailure(null);
    setPending(true);
    try {
      const { error } = await supabase.auth.signInWithPassword({
        email: values.email.trim(),
        password: values.password,
      });
      if (error) setFailure(classifySignInError(error));
    } catch (error) {
      setFailure(classifySignInError(error));
    } finally {
      setPending(false);
    }
  }

  return (
    <form className="stack" noValidate onSubmit={(e) => void submit(e)}>
      {failure && <SignInAlert failure={failure} serverUrl={serverUrl} />}
      <Field
        id="email"
        label="Email"
        type="email"
        autoComplete="email"
        value={values.email}
        error={errors.email}
        onChange={(v) => change('email', v)}
      />
      <Field
        id="password"
        label="Password"
        type="password"
        autoComplete="current-password"
        value={values.password}
        error={errors.password}
        onChange={(v) => change('password', v)}
      />
      <button type="submit" className="button primary" disabled={pending}>
        {pending ? SIGN_IN_TEXT.pending : SIGN_IN_TEXT.submit}
      </button>
      <p className="muted center">
        New to Cofounder? <TabLink href={`${serverUrl}/register`}>Create an account</TabLink>
      </p>
    </form>
  );
}

interface FieldProps {
  id: string;
  label: string;
  type: string;
  autoComplete: string;
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
}

function Field({ id, label, type, autoComplete, value, error, onChange }: FieldProps) {
  const errorId = `${id}-error`;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type={type}
        autoComplete={autoComplete}
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        onChange={(e) => onChange(e.target.value)}
      />
      {error && (
        <p id={errorId} className="field-error">
          {error}
        </p>
      )}
    </div>
  );
}
