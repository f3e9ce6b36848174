import type { MappedAuthError } from '../../features/auth/auth-errors.ts';
import { FormBanner } from '../../features/auth/ui/FormBanner.tsx';
import { linkClass } from '../../features/auth/ui/styles.ts';
import { AppLink } from '../../features/layout/navigation.tsx';

/** A failed sign-in; wrong credentials also get troubleshooting tips and a way to verify (spec 1 §8). */
export function LoginFailure({ failure, email }: { failure: MappedAuthError; email: string }) {
  return (
    <FormBanner tone="error">
      <p>{failure.message}</p>
      {failure.kind === 'invalid_credentials' && (
        <div className="space-y-1">
          <p className="font-medium">Troubleshooting tips:</p>
          <ul className="list-disc space-y-1 pl-5">
            <li>Check that your email address is spelled correctly.</li>
            <li>Passwords are case-sensitive: check Caps Lock.</li>
            <li>
              New here? Open the confirmation email, or{' '}
              <AppLink to="/verify-email" state={email ? { email } : undefined} className={linkClass}>
                verify your email
              </AppLink>
              .
            </li>
            <li>
              Still stuck?{' '}
              <AppLink to="/forgot-password" className={linkClass}>
                Reset your password
              </AppLink>
              .
            </li>
          </ul>
        </div>
      )}
    </FormBanner>
  );
}
