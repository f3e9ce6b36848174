import {
  connectionStatus,
  PLATFORM_NAMES,
  type Api,
  type ConnectionView,
  type PublicConfig,
} from '@cofounder/shared';
import { CONNECTION_STATUS_LABEL } from '../../../../shared/src/ui/connections/connection-texts.ts';
import { ConnectAction } from '../../../../shared/src/ui/connections/ConnectAction.tsx';
import { useOAuthStatus, useSocialConnections } from '../hooks/use-social-connections.ts';
import { requestConnect, SOCIAL_PLATFORMS, type SocialPlatform } from '../oauth-status.ts';
import './connections.css';

/**
 * X and Reddit: their state on the server, and Connect, which runs the OAuth flow in a window of the extension —
 * or, as on the dashboard, why it cannot when the server has no OAuth app for the platform (`social`).
 */
export function ConnectionsSection({
  api,
  social,
}: {
  api: Pick<Api, 'connections'>;
  social: PublicConfig['social'];
}) {
  const { views, failed, refresh } = useSocialConnections(api);
  return (
    <section className="stack connections-section" aria-labelledby="connections-heading">
      <h2 id="connections-heading" className="muted">
        Connections
      </h2>
      <ul className="connections">
        {SOCIAL_PLATFORMS.map((platform) => (
          <ConnectionRow
            key={platform}
            platform={platform}
            view={views?.[platform]}
            configured={social[platform]}
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
  configured: boolean;
  loading: boolean;
  onFinished: () => void;
}

function ConnectionRow({ platform, view, configured, loading, onFinished }: RowProps) {
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
      {!loading && (
        <ConnectAction
          platform={platform}
          status={state}
          configured={configured}
          busy={connecting}
          showConnecting
          onConnect={connect}
          className="button"
          primaryClassName="button"
        />
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
  const label = CONNECTION_STATUS_LABEL[state];
  return state === 'connected' && username ? `${label} @${username}` : label;
}
