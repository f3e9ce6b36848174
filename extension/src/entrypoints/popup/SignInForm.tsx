import { useMemo, useState } from 'react';
import type { LoginValues, PublicConfig } from '@cofounder/shared';
// The module itself, not '@cofounder/shared/ui': see lib/server-url.ts (the popup must stay free of zod).
import {
  SignInForm as SharedSignInForm,
  type SignInFormLook,
} from '../../../../shared/src/ui/auth/SignInForm.tsx';
import { classifySignInError, type SignInFailure } from './sign-in-failure.ts';
import { SignInAlert } from './SignInAlert.tsx';
import { TabLink } from './TabLink.tsx';
import { createSupabase } from '../../lib/supabase.ts';

/** The dashboard's sign-in form in the popup's stylesheet (style.css). */
const POPUP_LOOK: SignInFormLook = {
  form: 'stack',
  field: 'field',
  passwordInput: 'with-reveal',
  passwordBox: 'password-box',
  reveal: 'reveal',
  error: 'field-error',
  submit: 'button primary',
};

/** Email and password sign-in; success shows up through the session subscription, not through a return value. */
export function SignInForm({ config, serverUrl }: { config: PublicConfig; serverUrl: string }) {
  // Signs in and stores the session; from then on the background worker owns (and refreshes) it.
  const supabase = useMemo(
    () => createSupabase(serverUrl, config, { autoRefreshToken: false }),
    [serverUrl, config],
  );
  const [failure, setFailure] = useState<SignInFailure | null>(null);

  async function signIn(values: LoginValues) {
    try {
      const { error } = await supabase.auth.signInWithPassword(values);
      if (error) setFailure(classifySignInError(error));
    } catch (error) {
      setFailure(classifySignInError(error));
    }
  }

  return (
    <SharedSignInForm
      idPrefix="sign-in"
      onSignIn={signIn}
      onAttempt={() => setFailure(null)}
      alert={failure && <SignInAlert failure={failure} serverUrl={serverUrl} />}
      renderAlert={(text) => (
        <div role="alert" className="alert">
          {text}
        </div>
      )}
      look={POPUP_LOOK}
    >
      <p className="muted center">
        New to Cofounder? <TabLink href={`${serverUrl}/register`}>Create an account</TabLink>
      </p>
    </SharedSignInForm>
  );
}
