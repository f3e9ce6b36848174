import { useState, type FormEvent } from 'react';
import { useAuth } from '../../features/auth/AuthProvider.tsx';
import { AUTH_ERROR_TEXT, verifyCodeError } from '../../features/auth/auth-errors.ts';
import { FormBanner } from '../../features/auth/ui/FormBanner.tsx';
import { SubmitButton } from '../../features/auth/ui/SubmitButton.tsx';
import { TextField } from '../../features/auth/ui/TextField.tsx';
import { linkClass } from '../../features/auth/ui/styles.ts';

const CODE_PATTERN = /^\d{6}$/;

/**
 * Optional "Have a code?": the 6-digit code from the email signs the user in; the page's guard then sends
 * them on to /welcome (a second navigate here would race it and interrupt the /welcome redirect).
 */
export function VerifyCodeForm({ email }: { email: string }) {
  const { client } = useAuth();
  const [open, setOpen] = useState(false);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (!email) return setError(AUTH_ERROR_TEXT.resendMissingEmail);
    if (!CODE_PATTERN.test(code)) return setError('Enter the 6-digit code from the email.');
    setPending(true);
    setError(null);
    try {
      const { data, error: failure } = await client.verifyOtp({ email, token: code, type: 'signup' });
      if (failure || !data.session) setError(verifyCodeError(failure).message);
    } catch (err) {
      setError(verifyCodeError(err).message);
    } finally {
      setPending(false);
    }
  }

  return (
    <div className="text-center text-sm">
      <button type="button" className={linkClass} aria-expanded={open} onClick={() => setOpen((o) => !o)}>
        Have a code?
      </button>
      {open && (
        <form noValidate onSubmit={(e) => void onSubmit(e)} className="mt-3 space-y-3 text-left">
          {error && <FormBanner tone="error">{error}</FormBanner>}
          <TextField
            id="verify-code"
            label="Verification code"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            value={code}
            onChange={(e) => setCode(e.target.value.replace(/\D/g, ''))}
          />
          <SubmitButton pending={pending} pendingLabel="Verifying...">
            Verify Code
          </SubmitButton>
        </form>
      )}
    </div>
  );
}
