import { useState } from 'react';
import { RESEND_COOLDOWN_SECONDS } from '@cofounder/shared';
import { useAuth } from '../../features/auth/AuthProvider.tsx';
import { AUTH_ERROR_TEXT, resendError } from '../../features/auth/auth-errors.ts';
import { appUrl } from '../../features/auth/auth-url.ts';
import { resendSecondsLeft, retryAfterSeconds } from '../../features/auth/resend-cooldown.ts';
import { useCountdown } from '../../features/auth/use-countdown.ts';
import { FormBanner } from '../../features/auth/ui/FormBanner.tsx';
import { TextField } from '../../features/auth/ui/TextField.tsx';
import { secondaryButtonClass } from '../../features/auth/ui/styles.ts';
import { Spinner } from '../../features/layout/Spinner.tsx';

interface ResendSectionProps {
  /** The address already known (navigation state or the user); empty asks the visitor to type it. */
  email: string;
  typedEmail: string;
  onTypedEmailChange: (value: string) => void;
  /** When the last confirmation email went out (sign-up, or a resend before a reload): the cooldown runs from it. */
  sentAt?: number;
  /** Told of each email that went out, so the page can keep the time across a reload. */
  onSent?: (at: number) => void;
}

/** "Resend Email" with the 60 s cooldown of spec 1 §4: meanwhile the button reads "Resend in Ns". */
export function ResendSection({ email, typedEmail, onTypedEmailChange, sentAt, onSent }: ResendSectionProps) {
  const { client } = useAuth();
  // An email that just went out (at sign-up) holds the button until the server would accept another.
  const { secondsLeft, start } = useCountdown(resendSecondsLeft(sentAt, Date.now()));
  const [pending, setPending] = useState(false);
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);

  async function resend() {
    const address = (email || typedEmail).trim();
    if (!address) return setOutcome({ ok: false, text: AUTH_ERROR_TEXT.resendMissingEmail });
    setPending(true);
    setOutcome(null);
    try {
      const { error } = await client.resend({
        type: 'signup',
        email: address,
        options: { emailRedirectTo: appUrl('/verify-email') },
      });
      if (error) return failed(error);
      setOutcome({ ok: true, text: `A new confirmation email is on its way to ${address}.` });
      start(RESEND_COOLDOWN_SECONDS);
      onSent?.(Date.now());
    } catch (err) {
      failed(err);
    } finally {
      setPending(false);
    }
  }

  function failed(err: unknown) {
    const mapped = resendError(err);
    setOutcome({ ok: false, text: mapped.message });
    // The server refuses another email inside its window (one went out elsewhere): wait exactly what it names.
    if (mapped.kind === 'rate_limited') start(retryAfterSeconds(err) ?? RESEND_COOLDOWN_SECONDS);
  }

  const cooling = secondsLeft > 0;
  return (
    <div className="space-y-3">
      {!email && (
        <TextField
          id="resend-email"
          label="Email"
          type="email"
          autoComplete="email"
          value={typedEmail}
          onChange={(e) => onTypedEmailChange(e.target.value)}
        />
      )}
      {outcome && <FormBanner tone={outcome.ok ? 'success' : 'error'}>{outcome.text}</FormBanner>}
      <p className="text-center text-sm text-slate-600 dark:text-slate-400">Didn&apos;t get the email?</p>
      <button
        type="button"
        className={secondaryButtonClass}
        disabled={pending || cooling}
        onClick={() => void resend()}
      >
        {pending && <Spinner />}
        {pending ? 'Sending...' : cooling ? `Resend in ${secondsLeft}s` : 'Resend Email'}
      </button>
    </div>
  );
}
