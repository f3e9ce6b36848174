import { useEffect, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { CircleCheck, MailCheck } from 'lucide-react';
import { useAuth } from '../../features/auth/AuthProvider.tsx';
import { readConfirmationResult } from '../../features/auth/auth-url.ts';
import { GuestOnly } from '../../features/auth/guards.tsx';
import { readAuthNavState } from '../../features/auth/nav-state.ts';
import { AuthCard, PanelIcon } from '../../features/auth/ui/AuthCard.tsx';
import { DevMailboxLink } from '../../features/auth/ui/DevMailboxLink.tsx';
import { FormBanner } from '../../features/auth/ui/FormBanner.tsx';
import { linkClass, primaryButtonClass } from '../../features/auth/ui/styles.ts';
import { ResendSection } from './ResendSection.tsx';
import { VerifyCodeForm } from './VerifyCodeForm.tsx';

/**
 * /verify-email (spec 1 §2): "Check Your Email" after sign-up, and the landing page of the confirmation link.
 * The link's hash carries a session, which is deliberately not kept: the user signs in themselves.
 */
export function VerifyEmailPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const { user } = useAuth();
  const navState = readAuthNavState(location.state);
  const [result] = useState(() => readConfirmationResult(location.search, location.hash));
  const [typedEmail, setTypedEmail] = useState('');
  const email = navState.email ?? user?.email ?? '';

  // Drop the link's tokens from the address bar (and history) at once; keep the navigation state.
  const hasUrlResult = Boolean(location.hash || location.search);
  useEffect(() => {
    if (hasUrlResult) void navigate(location.pathname, { replace: true, state: location.state });
  }, [hasUrlResult, navigate, location.pathname, location.state]);

  // A reload reads the cooldown back from the history entry (a resend replaces the sign-up's time).
  const keepSentAt = (emailSentAt: number) => {
    const previous = typeof location.state === 'object' && location.state !== null ? location.state : {};
    void navigate(location.pathname, { replace: true, state: { ...previous, emailSentAt } });
  };

  if (result?.status === 'confirmed') return <EmailVerified email={email} />;

  return (
    <GuestOnly to="/welcome">
      <AuthCard
        title="Check Your Email"
        icon={
          <PanelIcon tone="indigo">
            <MailCheck className="size-7" aria-hidden="true" />
          </PanelIcon>
        }
        subtitle={
          email ? (
            <>
              We sent a confirmation link to{' '}
              <strong className="text-slate-900 dark:text-white">{email}</strong>. Click it to activate your
              account.
            </>
          ) : (
            'Click the confirmation link we emailed you to activate your account.'
          )
        }
      >
        {navState.message && !result && <FormBanner tone="info">{navState.message}</FormBanner>}
        {result?.status === 'failed' && (
          <FormBanner tone="error">
            <p className="font-medium">This confirmation link did not work.</p>
            <p>{result.message}</p>
            <p>Send yourself a new one below.</p>
          </FormBanner>
        )}
        <ResendSection
          email={email}
          typedEmail={typedEmail}
          onTypedEmailChange={setTypedEmail}
          sentAt={navState.emailSentAt}
          onSent={keepSentAt}
        />
        <VerifyCodeForm email={email || typedEmail.trim()} />
        <DevMailboxLink />
        <div className="flex flex-wrap justify-center gap-x-6 gap-y-2 text-sm">
          <Link to="/register" className={linkClass}>
            Use a different email
          </Link>
          <Link to="/login" state={email ? { email } : undefined} className={linkClass}>
            Back to Sign In
          </Link>
        </div>
      </AuthCard>
    </GuestOnly>
  );
}

function EmailVerified({ email }: { email: string }) {
  return (
    <AuthCard
      title="Email Verified"
      subtitle="Your email address is confirmed. Sign in to start working with your AI co-founder."
      icon={
        <PanelIcon tone="green">
          <CircleCheck className="size-7" aria-hidden="true" />
        </PanelIcon>
      }
    >
      <Link to="/login" state={email ? { email } : undefined} className={primaryButtonClass}>
        Continue to Sign In
      </Link>
    </AuthCard>
  );
}
