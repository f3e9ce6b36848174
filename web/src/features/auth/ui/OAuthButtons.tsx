import { useState } from 'react';
import { useConfig } from '../../../data/config/use-config.ts';
import { Spinner } from '../../layout/Spinner.tsx';
import { useAuth } from '../AuthProvider.tsx';
import type { OAuthProvider } from '../auth-client.ts';
import { oauthError, oauthNotConfiguredText, PROVIDER_NAMES } from '../auth-errors.ts';
import { appUrl } from '../auth-url.ts';
import { secondaryButtonClass } from './styles.ts';
import { GitHubIcon, GoogleIcon } from './provider-icons.tsx';

const PROVIDERS: { id: OAuthProvider; Icon: typeof GoogleIcon }[] = [
  { id: 'google', Icon: GoogleIcon },
  { id: 'github', Icon: GitHubIcon },
];

/**
 * "Continue with Google/GitHub" (spec 1 §7: offline access, forced consent, back to /dashboard/chat).
 * Providers the server has not enabled answer with a message instead of leaving the page.
 */
export function OAuthButtons({
  mode,
  onError,
}: {
  mode: 'login' | 'register';
  onError: (message: string) => void;
}) {
  const { oauthProviders } = useConfig();
  const { client } = useAuth();
  const [pending, setPending] = useState<OAuthProvider | null>(null);

  async function start(provider: OAuthProvider) {
    if (!oauthProviders[provider]) {
      onError(oauthNotConfiguredText(provider));
      return;
    }
    setPending(provider);
    try {
      const { error } = await client.signInWithOAuth({
        provider,
        options: {
          redirectTo: appUrl('/dashboard/chat'),
          queryParams: { access_type: 'offline', prompt: 'consent' },
        },
      });
      if (error) onError(oauthError(error, provider, mode).message);
    } catch (err) {
      onError(oauthError(err, provider, mode).message);
    } finally {
      // On success the browser is already leaving for the provider; resetting is harmless either way.
      setPending(null);
    }
  }

  return (
    <div className="space-y-3">
      <div className="flex items-center gap-3 text-xs text-slate-500 uppercase">
        <span className="h-px flex-1 bg-slate-200 dark:bg-slate-800" />
        or
        <span className="h-px flex-1 bg-slate-200 dark:bg-slate-800" />
      </div>
      <div className="grid gap-3">
        {PROVIDERS.map(({ id, Icon }) => (
          <button
            key={id}
            type="button"
            className={secondaryButtonClass}
            disabled={pending !== null}
            onClick={() => void start(id)}
          >
            {pending === id ? <Spinner /> : <Icon />}
            Continue with {PROVIDER_NAMES[id]}
          </button>
        ))}
      </div>
    </div>
  );
}
