import { useState, type FormEvent, type ReactNode } from 'react';
import { useHydrated } from '../use-hydrated.ts';
import { Eye, EyeOff } from 'lucide-react';
// The rules module itself, not the package barrel: the popup's sign-in view must stay free of zod.
import {
  AUTH_FORM_TEXT,
  isValid,
  validateLogin,
  type FormErrors,
  type LoginValues,
} from '../../rules/auth-forms.ts';
import { SIGN_IN_TEXT } from './sign-in-texts.ts';

/** Each front end's look: the dashboard's Tailwind classes, the popup's stylesheet (bare labels and inputs). */
export interface SignInFormLook {
  form: string;
  field?: string;
  label?: string;
  /** An input's classes; `invalid` while its field shows an error. */
  input?: (invalid: boolean) => string;
  /** Added to the password input: room for the show/hide button over its right edge. */
  passwordInput: string;
  /** Holds the password input and the show/hide button. */
  passwordBox: string;
  reveal: string;
  error: string;
  submit: string;
}

export interface SignInFormProps {
  /** Prefix of the inputs' ids (`<prefix>-email`, `<prefix>-password`), unique on the page. */
  idPrefix: string;
  initialEmail?: string;
  /** Each caller's own sign-in (the dashboard's auth client, the popup's); the button waits until it settles. */
  onSignIn: (values: LoginValues) => Promise<void>;
  /** Every press of Sign In, valid or not, before anything else: the caller clears its last failure. */
  onAttempt: () => void;
  /** The caller's banner about the last attempt (wrong password, unreachable server), shown above the fields. */
  alert?: ReactNode;
  /** The caller's alert box, for the "fix the errors" line. */
  renderAlert: (text: string) => ReactNode;
  look: SignInFormLook;
  /** Shown beside the pending label (the dashboard's spinner). */
  pendingIcon?: ReactNode;
  /** Under the password (the dashboard's "Forgot password?"). */
  afterPassword?: ReactNode;
  /** Under the button (the popup's "Create an account"). */
  children?: ReactNode;
}

/**
 * Email and password with the rules of spec 1 §5 (a field's error clears as soon as the user types in it), a
 * show/hide toggle and a button that waits for the sign-in: the dashboard's login page and the popup alike.
 */
export function SignInForm({
  idPrefix,
  initialEmail = '',
  onSignIn,
  onAttempt,
  alert,
  renderAlert,
  look,
  pendingIcon,
  afterPassword,
  children,
}: SignInFormProps) {
  const [values, setValues] = useState<LoginValues>({ email: initialEmail, password: '' });
  const [errors, setErrors] = useState<FormErrors<keyof LoginValues>>({});
  const [pending, setPending] = useState(false);
  const [revealed, setRevealed] = useState(false);
  const hydrated = useHydrated();

  function change(field: keyof LoginValues, value: string) {
    setValues((v) => ({ ...v, [field]: value }));
    // Spec 1 §5: a field's error clears as soon as the user types in it.
    setErrors((e) => {
      if (!e[field]) return e;
      const next = { ...e };
      delete next[field];
      return next;
    });
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    onAttempt();
    const found = validateLogin(values);
    setErrors(found);
    if (!isValid(found)) return;
    setPending(true);
    try {
      await onSignIn({ email: values.email.trim(), password: values.password });
    } finally {
      setPending(false);
    }
  }

  const field = (name: keyof LoginValues) => ({
    id: `${idPrefix}-${name}`,
    value: values[name],
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name] ? `${idPrefix}-${name}-error` : undefined,
    onChange: (e: { target: { value: string } }) => change(name, e.target.value),
  });
  const errorLine = (name: keyof LoginValues) =>
    errors[name] && (
      <p id={`${idPrefix}-${name}-error`} className={look.error}>
        {errors[name]}
      </p>
    );
  const Reveal = revealed ? EyeOff : Eye;

  return (
    <form className={look.form} noValidate inert={!hydrated} onSubmit={(e) => void submit(e)}>
      {isValid(errors) ? alert : renderAlert(AUTH_FORM_TEXT.fixErrors)}
      <div className={look.field}>
        <label htmlFor={`${idPrefix}-email`} className={look.label}>
          {SIGN_IN_TEXT.email}
        </label>
        <input
          type="email"
          autoComplete="email"
          className={look.input?.(!!errors.email)}
          {...field('email')}
        />
        {errorLine('email')}
      </div>
      <div className={look.field}>
        <label htmlFor={`${idPrefix}-password`} className={look.label}>
          {SIGN_IN_TEXT.password}
        </label>
        <div className={look.passwordBox}>
          <input
            type={revealed ? 'text' : 'password'}
            autoComplete="current-password"
            className={[look.input?.(!!errors.password), look.passwordInput].filter(Boolean).join(' ')}
            {...field('password')}
          />
          <button
            type="button"
            className={look.reveal}
            aria-label={revealed ? SIGN_IN_TEXT.hidePassword : SIGN_IN_TEXT.showPassword}
            aria-pressed={revealed}
            onClick={() => setRevealed((r) => !r)}
          >
            <Reveal size={16} aria-hidden="true" />
          </button>
        </div>
        {errorLine('password')}
        {afterPassword}
      </div>
      <button type="submit" className={look.submit} disabled={pending}>
        {pending && pendingIcon}
        {pending ? SIGN_IN_TEXT.pending : SIGN_IN_TEXT.submit}
      </button>
      {children}
    </form>
  );
}
