import { useEffect, useRef, useState } from 'react';
import { toast } from 'react-toastify';
import { RefreshCw, ShieldCheck, X } from 'lucide-react';
import {
  CONNECTION_PLATFORMS,
  PLATFORM_NAMES,
  isSocialConfigured,
  isUsableToken,
  readOAuthMessage,
  type ConnectionPlatform,
} from '@cofounder/shared';
import { ConfirmationModal } from '@cofounder/shared/ui';
import { useApi } from '../../data/api-context.tsx';
import { useConfig } from '../../data/config/use-config.ts';
import { CONNECTION_TEXT } from '../../data/connections/texts.ts';
import { useAuth } from '../auth/AuthProvider.tsx';
import { ConnectExtension } from '../extension/ConnectExtension.tsx';
import { ApproveBeforePosting } from './ApproveBeforePosting.tsx';
import { ConnectionCard } from './ConnectionCard.tsx';
import { buttonClass } from '../work/labels.ts';
import { showResumedToast } from './connection-toasts.ts';
import { useConnections } from './ConnectionsProvider.tsx';
import { openOAuthPopup, sendOAuthPopup, trustedOAuthOrigins } from './oauth-popup.ts';

export const SECURITY_NOTICE =
  'Cofounder stores your tokens encrypted on its server and never shows them to your browser. You can disconnect at any time, which also revokes access at the platform.';

/** /dashboard/connections, "Social Media Connections" (spec 2 §2): X, Reddit and LinkedIn (coming soon). */
export function ConnectionsScreen() {
  const api = useApi();
  const config = useConfig();
  const { user, token } = useAuth();
  const state = useConnections();
  const [banner, setBanner] = useState<string | null>(null);
  const [busy, setBusy] = useState<ConnectionPlatform | null>(null);
  const [confirm, setConfirm] = useState<ConnectionPlatform | null>(null);
  const [refreshing, setRefreshing] = useState(false);
  // The platform whose popup is open: an oauth-error message names no platform of its own.
  const pending = useRef<ConnectionPlatform | null>(null);
  const { addConnection } = state;

  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      if (!trustedOAuthOrigins().includes(event.origin)) return;
      const message = readOAuthMessage(event.data);
      if (message.kind === 'ignored') return;
      const platform =
        message.kind === 'success'
          ? message.data.platform
          : (message.kind === 'error' && message.platform) || pending.current;
      pending.current = null;
      if (message.kind === 'invalid') {
        setBanner(CONNECTION_TEXT.invalidOAuth);
        toast.error(CONNECTION_TEXT.invalidOAuth);
        return;
      }
      if (message.kind === 'error') {
        const text = platform ? CONNECTION_TEXT.oauthFailed(platform, message.error) : message.error;
        setBanner(text);
        toast.error(text);
        return;
      }
      const saving = message.data.platform;
      setBusy(saving);
      void addConnection(saving, message.data).then((result) => {
        setBusy(null);
        if (result.ok) {
          setBanner(null);
          showResumedToast(saving, result.value);
        } else {
          setBanner(CONNECTION_TEXT.saveFailed(saving, result.message));
        }
      });
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [addConnection]);

  const connect = async (platform: ConnectionPlatform) => {
    if (!user || !isUsableToken(token)) {
      toast.error(CONNECTION_TEXT.connectNeedsLogin);
      return;
    }
    const popup = openOAuthPopup(platform);
    if (!popup) {
      setBanner(CONNECTION_TEXT.popupBlocked);
      return;
    }
    pending.current = platform;
    setBanner(null);
    try {
      await sendOAuthPopup(popup, api, platform, user.id);
    } catch (err) {
      popup.close();
      pending.current = null;
      setBanner(
        CONNECTION_TEXT.oauthFailed(
          platform,
          err instanceof Error && err.message ? err.message : 'Unknown error',
        ),
      );
    }
  };

  const askDisconnect = (platform: ConnectionPlatform) => {
    if (!isUsableToken(token)) {
      toast.error(CONNECTION_TEXT.disconnectNeedsAuth);
      return;
    }
    setConfirm(platform);
  };

  const disconnect = async () => {
    const platform = confirm;
    if (!platform) return;
    setBusy(platform);
    const result = await state.removeConnection(platform);
    setBusy(null);
    setConfirm(null);
    if (!result.ok) setBanner(CONNECTION_TEXT.disconnectFailed(platform));
  };

  // Spec 2 "Connections": Refresh reloads every card's state (a token revoked at the platform, a new sync).
  const refresh = async () => {
    setRefreshing(true);
    setBanner(null);
    await state.refresh();
    setRefreshing(false);
  };

  const error = banner ?? state.error;
  const dismiss = () => (banner ? setBanner(null) : state.dismissError());

  return (
    <div className="mx-auto w-full max-w-6xl space-y-6 px-4 py-8 sm:px-6">
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h1 className="text-3xl font-bold tracking-tight text-slate-900 dark:text-white">
            Social Media Connections
          </h1>
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
            Connect your accounts so your co-founder can publish the posts you approve.
          </p>
        </div>
        <button
          type="button"
          className={buttonClass}
          onClick={() => void refresh()}
          disabled={refreshing || state.loading}
        >
          <RefreshCw className={`size-4 ${refreshing ? 'animate-spin' : ''}`} aria-hidden="true" />
          Refresh
        </button>
      </header>

      {error && (
        <div
          role="alert"
          data-testid="connections-error"
          className="flex items-start justify-between gap-3 rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800 dark:border-red-900 dark:bg-red-950/50 dark:text-red-300"
        >
          <span>{error}</span>
          <button
            type="button"
            aria-label="Dismiss error"
            onClick={dismiss}
            className="rounded p-0.5 hover:bg-red-100 dark:hover:bg-red-900"
          >
            <X className="size-4" aria-hidden="true" />
          </button>
        </div>
      )}

      {state.loading ? (
        <p role="status" className="text-sm text-slate-600 dark:text-slate-400">
          Loading connections…
        </p>
      ) : (
        <div className="grid gap-4 md:grid-cols-3">
          {CONNECTION_PLATFORMS.map((platform) => (
            <ConnectionCard
              key={platform}
              platform={platform}
              view={state.connections[platform]}
              configured={isSocialConfigured(config, platform)}
              busy={busy === platform}
              onConnect={() => void connect(platform)}
              onDisconnect={() => askDisconnect(platform)}
            />
          ))}
        </div>
      )}

      <ApproveBeforePosting />

      <ConnectExtension />

      <aside className="flex items-start gap-3 rounded-lg border border-slate-200 bg-slate-50 px-4 py-3 text-sm text-slate-700 dark:border-slate-800 dark:bg-slate-900 dark:text-slate-300">
        <ShieldCheck className="mt-0.5 size-4 shrink-0 text-emerald-600" aria-hidden="true" />
        <p>{SECURITY_NOTICE}</p>
      </aside>

      <ConfirmationModal
        open={confirm !== null}
        onOpenChange={(open) => !open && setConfirm(null)}
        title={confirm ? `Disconnect ${PLATFORM_NAMES[confirm]}?` : 'Disconnect?'}
        message="Your co-founder will stop posting there, and access is revoked at the platform. You can connect again at any time."
        confirmLabel="Disconnect"
        variant="danger"
        pending={busy !== null}
        onConfirm={disconnect}
      />
    </div>
  );
}
