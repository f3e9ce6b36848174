import type { ConnectionPlatform } from '../../schemas/connections.ts';
import type { ConnectionStatus } from '../../rules/connection-status.ts';
import { CONNECT_ACTION_TEXT } from './connection-texts.ts';

export interface ConnectActionProps {
  platform: ConnectionPlatform;
  status: ConnectionStatus;
  /** GET /api/config's `social[platform]`: the server can run this platform's OAuth flow. */
  configured: boolean;
  /** A connect flow for this platform is under way (or the card is saving): the button waits. */
  busy: boolean;
  /** Say "Connecting..." while busy (the popup, whose window runs elsewhere); the dashboard keeps its label. */
  showConnecting?: boolean;
  onConnect: () => void;
  /** Each front end's own button look: the dashboard's Tailwind classes, the popup's stylesheet. */
  className: string;
  primaryClassName: string;
}

/**
 * Connect, Reconnect, Coming Soon, or "X is not configured on this server" in place of a Connect that could only
 * fail: the one rule of what a platform offers, shared by the dashboard's cards and the popup. Nothing when
 * connected (each front end adds its own Refresh and Disconnect).
 */
export function ConnectAction({
  platform,
  status,
  configured,
  busy,
  showConnecting = false,
  onConnect,
  className,
  primaryClassName,
}: ConnectActionProps) {
  if (status === 'connected') return null;
  if (status === 'coming_soon') {
    return (
      <button type="button" className={className} disabled>
        {CONNECT_ACTION_TEXT.comingSoon}
      </button>
    );
  }
  if (!configured) {
    return (
      <button type="button" className={className} disabled>
        {CONNECT_ACTION_TEXT.notConfigured(platform)}
      </button>
    );
  }
  const label = status === 'error' ? CONNECT_ACTION_TEXT.reconnect : CONNECT_ACTION_TEXT.connect;
  return (
    <button type="button" className={primaryClassName} disabled={busy} onClick={onConnect}>
      {busy && showConnecting ? CONNECT_ACTION_TEXT.connecting : label}
    </button>
  );
}
