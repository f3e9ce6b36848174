import { SIGN_IN_TEXT } from '../../../../shared/src/ui/auth/sign-in-texts.ts';
import type { SignInFailure } from './sign-in-failure.ts';
import { SERVER_TEXT } from '../../lib/server-texts.ts';
import { TabLink } from './TabLink.tsx';

/** The sign-in banner, with the exact texts of the web login page. */
export function SignInAlert({ failure, serverUrl }: { failure: SignInFailure; serverUrl: string }) {
  return (
    <div role="alert" className="alert">
      {failure.kind === 'invalid_credentials' && SIGN_IN_TEXT.invalidCredentials}
      {failure.kind === 'email_not_confirmed' && (
        <>
          Please verify your email address first.{' '}
          <TabLink href={`${serverUrl}/verify-email`}>Verify your email</TabLink>
        </>
      )}
      {failure.kind === 'unreachable' && <UnreachableText serverUrl={serverUrl} />}
      {failure.kind === 'other' && failure.message}
    </div>
  );
}

/** The one wording for "the server did not answer", used by the sign-in form and the start-up check. */
export function UnreachableText({ serverUrl }: { serverUrl: string }) {
  return <>{SERVER_TEXT.unreachable(serverUrl)}</>;
}
