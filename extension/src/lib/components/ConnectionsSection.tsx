import { connectionStatus, PLATFORM_NAMES, type Api, type ConnectionView } from '@cofounder/shared';
import { useOAuthStatus, useSocialConnections } from '../hooks/use-social-connections.ts';
import { requestConnect, SOCIAL_PLATFORMS, type SocialPlatform } from '../oauth-status.ts';
import './connections.css';

/** X and Reddit: their state on the server, and Connect, which runs the OAuth flow in a window of the extension. */
export function ConnectionsSection({ api }: { api: Pick<Api, 'connections'> }) {
  const { views, failed, refresh } = useSocialConnections(api);
  return (
    <section className="stack" aria-labelledby="connections-heading">
      <h2 id="connections-heading" className="muted">
        Connections
      </h2>
      <ul className="connections">
        {SOCIAL_PLATFORMS.map((platform) => (
          <ConnectionRow
            key={platform}
            platform={platform}
            view={views?.[platform]}
            loading={views === null && !failed}
            onFinished={refresh}
          />
        ))}
      </ul>
      {failed && (
        <p role="alert" className="field-error">
          Could not load your connections.
        </p>
      )}
    </section>
  );
}

interface RowProps {
  platform: SocialPlatform;
  view: ConnectionView | undefined;
  loading: boolean;
  onFinished: () => void;
}

function ConnectionRow({ platform, view, loading, onFinished }: RowProps) {
  const [status, setStatus] = useOAuthStatus(platform, onFinished);
  const state = status?.state === 'connected' ? 'connected' : connectionStatus(platform, view);
  const username = status?.state === 'connected' ? status.username : view?.username;
  const connecting = status?.state === 'connecting';

  function connect() {
    setStatus({ state: 'connecting' });
    requestConnect(platform).catch(() =>
      setStatus({ state: 'error', error: `Could not start connecting ${PLATFORM_NAMES[platform]}.` }),
    );
  }

  return (
    <li className="connection" data-testid={`connection-${platform}`}>
      <span>
        <strong>{PLATFORM_NAMES[platform]}</strong>{' '}
        <span className="muted">{loading ? 'Loading...' : stateText(state, username)}</span>
      </span>
      {state !== 'connected' && !loading && (
        <button type="button" className="button" disabled={connecting} onClick={connect}>
          {connecting ? 'Connecting...' : 'Connect'}
        </button>
      )}
      {status?.state === 'error' && (
        <p role="alert" className="field-error">
          {status.error}
        </p>
      )}
      {status?.state === 'connected' && status.resumedTasks > 0 && (
        <p role="status" className="muted">
          {status.resumedTasks === 1
            ? '1 paused task resumed'
            : `${status.resumedTasks} paused tasks resumed`}
        </p>
      )}
    </li>
  );
}

function stateText(state: ReturnType<typeof connectionStatus>, username: string | null | undefined): string {
  if (state === 'connected') return username ? `Connected @${username}` : 'Connected';
  if (state === 'error') return 'Error';
  return 'Not connected';
}
