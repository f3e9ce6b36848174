import {
  PLATFORM_NAMES,
  connectionStatus,
  relativeTime,
  type ConnectionPlatform,
  type ConnectionStatus,
  type ConnectionView,
} from '@cofounder/shared';
import { CONNECTION_STATUS_LABEL, ConnectAction } from '@cofounder/shared/ui';
import { buttonClass, cardClass, primaryClass } from '../work/labels.ts';

// The labels are the popup's too (shared); the colours are the dashboard's.
const BADGE_CLASS: Record<ConnectionStatus, string> = {
  connected: 'bg-emerald-100 text-emerald-800 dark:bg-emerald-900/40 dark:text-emerald-300',
  error: 'bg-red-100 text-red-800 dark:bg-red-900/40 dark:text-red-300',
  not_connected: 'bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-300',
  coming_soon: 'bg-amber-100 text-amber-800 dark:bg-amber-900/40 dark:text-amber-300',
};

const DESCRIPTION: Record<ConnectionPlatform, string> = {
  twitter: 'Let your co-founder post updates and threads to X.',
  reddit: 'Let your co-founder share posts in the subreddits you choose.',
  linkedin: 'Professional updates for your network.',
};

export interface ConnectionCardProps {
  platform: ConnectionPlatform;
  view: ConnectionView | undefined;
  configured: boolean;
  /** A connect popup for this platform is open, or a save / disconnect is running. */
  busy: boolean;
  onConnect: () => void;
  onDisconnect: () => void;
}

/** One platform: its state badge, the account, last sync, the error, and what can be done (spec 2 §2, §4). */
export function ConnectionCard({
  platform,
  view,
  configured,
  busy,
  onConnect,
  onDisconnect,
}: ConnectionCardProps) {
  const status = connectionStatus(platform, view);
  const name = PLATFORM_NAMES[platform];
  const showAccount = status === 'connected' || status === 'error';

  return (
    <section
      className={`${cardClass} flex flex-col gap-4`}
      aria-labelledby={`connection-${platform}`}
      data-testid={`connection-${platform}`}
    >
      <header className="flex items-start justify-between gap-3">
        <div>
          <h2 id={`connection-${platform}`} className="text-lg font-semibold text-slate-900 dark:text-white">
            {name}
          </h2>
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{DESCRIPTION[platform]}</p>
        </div>
        <span className={`shrink-0 rounded-full px-2.5 py-1 text-xs font-semibold ${BADGE_CLASS[status]}`}>
          {CONNECTION_STATUS_LABEL[status]}
        </span>
      </header>

      {showAccount && view && (
        <div className="space-y-1 text-sm text-slate-700 dark:text-slate-300">
          {view.displayName && <p className="font-medium">{view.displayName}</p>}
          {view.username && <p className="text-slate-500 dark:text-slate-400">@{view.username}</p>}
          {view.lastSync && (
            <p className="text-xs text-slate-500">Last sync: {relativeTime(view.lastSync)}</p>
          )}
        </div>
      )}
      {status === 'error' && view?.error && (
        <p className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800 dark:bg-red-950/50 dark:text-red-300">
          {view.error}
        </p>
      )}

      <div className="mt-auto flex flex-wrap gap-2">
        <ConnectAction
          platform={platform}
          status={status}
          configured={configured}
          busy={busy}
          onConnect={onConnect}
          className={buttonClass}
          primaryClassName={primaryClass}
        />
        {(status === 'connected' || status === 'error') && (
          <button type="button" className={buttonClass} disabled={busy} onClick={onDisconnect}>
            Disconnect
          </button>
        )}
      </div>
    </section>
  );
}
