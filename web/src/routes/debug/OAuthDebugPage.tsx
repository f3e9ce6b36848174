import { useQuery } from '@tanstack/react-query';
import { RefreshCw } from 'lucide-react';
import type { PublicConfig } from '@cofounder/shared';
import { useApi } from '../../data/api-context.tsx';
import { configQueryOptions } from '../../data/config/use-config.ts';
import { appUrl } from '../../features/auth/auth-url.ts';
import { FormBanner } from '../../features/auth/ui/FormBanner.tsx';
import { Spinner } from '../../features/layout/Spinner.tsx';
import { DebugCard, DebugRow, Flag, ModeBadge } from './debug-rows.tsx';
import { SessionCard } from './SessionCard.tsx';

const MODE_LABELS: [keyof PublicConfig['modes'], string][] = [
  ['auth', 'Authentication'],
  ['database', 'Database'],
  ['email', 'Email'],
  ['ai', 'AI'],
  ['billing', 'Billing'],
];

/**
 * /oauth-debug (public): how sign-in is wired on this server and whether this browser has a session. It reads
 * only GET /api/config and the auth context, and never prints a token or key, only whether one is set.
 */
export function OAuthDebugPage() {
  const config = useQuery(configQueryOptions(useApi()));
  return (
    <div className="mx-auto w-full max-w-4xl space-y-6 px-4 py-12 sm:px-6">
      <header className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold tracking-tight text-slate-900 dark:text-white">OAuth Debug</h1>
          <p className="mt-2 text-slate-600 dark:text-slate-300">
            How sign-in is configured on this server, and the state of this browser&apos;s session. Tokens and
            keys are never shown.
          </p>
        </div>
        <button
          type="button"
          onClick={() => void config.refetch()}
          disabled={config.isFetching}
          className="inline-flex items-center gap-2 rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm font-medium text-slate-800 hover:bg-slate-50 focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:outline-none disabled:opacity-60 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100 dark:hover:bg-slate-800"
        >
          {config.isFetching ? <Spinner /> : <RefreshCw className="size-4" aria-hidden="true" />}
          {config.isFetching ? 'Checking...' : 'Reload configuration'}
        </button>
      </header>
      {config.isError && (
        <FormBanner tone="error">
          Could not load the server configuration (GET /api/config): {config.error.message}
        </FormBanner>
      )}
      {config.isPending ? (
        <p role="status" className="flex items-center gap-2 text-slate-600 dark:text-slate-300">
          <Spinner /> Loading configuration...
        </p>
      ) : (
        config.data && <ConfigCards config={config.data} />
      )}
      <SessionCard />
    </div>
  );
}

function ConfigCards({ config }: { config: PublicConfig }) {
  const { modes } = config;
  return (
    <>
      <DebugCard title="Authentication">
        <DebugRow label="Auth mode">
          <span className="inline-flex items-center gap-2">
            <ModeBadge mode={modes.auth} />
            {modes.auth === 'real' ? 'Hosted (Supabase Auth)' : 'Local (this server at /auth/v1)'}
          </span>
        </DebugRow>
        <DebugRow label="Supabase URL in use">
          {config.supabaseUrl ? <code>{config.supabaseUrl}</code> : 'this server (local auth)'}
        </DebugRow>
        <DebugRow label="Public (anon) key">
          <Flag on={config.supabaseAnonKey.length > 0} yes="Set" no="Not set" />
        </DebugRow>
        <DebugRow label="OAuth return address">
          <code>{appUrl('/dashboard/chat')}</code>
        </DebugRow>
      </DebugCard>
      <DebugCard title="OAuth sign-in providers">
        <DebugRow label="Google">
          <Flag on={config.oauthProviders.google} yes="Enabled" no="Not enabled" />
        </DebugRow>
        <DebugRow label="GitHub">
          <Flag on={config.oauthProviders.github} yes="Enabled" no="Not enabled" />
        </DebugRow>
      </DebugCard>
      <DebugCard title="Social platforms">
        <DebugRow label="X (Twitter)">
          <Flag on={config.social.twitter} yes="Configured" no="Not configured" />
        </DebugRow>
        <DebugRow label="Reddit">
          <Flag on={config.social.reddit} yes="Configured" no="Not configured" />
        </DebugRow>
      </DebugCard>
      <DebugCard title="Provider modes">
        {MODE_LABELS.map(([key, label]) => (
          <DebugRow key={key} label={label}>
            <ModeBadge mode={modes[key]} />
          </DebugRow>
        ))}
        <DebugRow label="Voice">
          <Flag
            on={config.voice.transcription || config.voice.calls}
            yes={`Transcription ${config.voice.transcription ? 'on' : 'off'}, calls ${config.voice.calls ? 'on' : 'off'}`}
            no="Unavailable"
          />
        </DebugRow>
        <DebugRow label="Dev mailbox">
          <Flag on={config.devMailbox} yes="Available at /dev/mailbox" no="Off (real email)" />
        </DebugRow>
      </DebugCard>
    </>
  );
}
