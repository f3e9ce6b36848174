import { useAuth } from '../../features/auth/AuthProvider.tsx';
import { Spinner } from '../../features/layout/Spinner.tsx';
import { DebugCard, DebugRow, Flag } from './debug-rows.tsx';

/** This browser's session as the auth context sees it: who, how and until when, never the tokens. */
export function SessionCard() {
  const { session, loading, token } = useAuth();
  if (loading) {
    return (
      <DebugCard title="Session">
        <DebugRow label="Status">
          <span role="status" className="inline-flex items-center gap-2">
            <Spinner /> Checking session...
          </span>
        </DebugRow>
      </DebugCard>
    );
  }
  if (!session) {
    return (
      <DebugCard title="Session">
        <DebugRow label="Status">
          <Flag on={false} yes="" no="No session (signed out)" />
        </DebugRow>
      </DebugCard>
    );
  }
  const provider = session.user.app_metadata.provider;
  const expiresAt = session.expires_at ? new Date(session.expires_at * 1000) : null;
  return (
    <DebugCard title="Session">
      <DebugRow label="Status">
        <Flag on yes="Signed in" no="" />
      </DebugRow>
      <DebugRow label="User">{session.user.email ?? session.user.id}</DebugRow>
      {typeof provider === 'string' && <DebugRow label="Signed in with">{provider}</DebugRow>}
      <DebugRow label="Expires">
        {expiresAt ? (
          <>
            <time dateTime={expiresAt.toISOString()}>{expiresAt.toLocaleString()}</time>{' '}
            <span className="text-slate-600 dark:text-slate-400">({untilText(expiresAt)})</span>
          </>
        ) : (
          'Unknown'
        )}
      </DebugRow>
      <DebugRow label="Access token">
        <Flag on={token !== null} yes="Present and well-formed" no="Missing or unusable" />
      </DebugRow>
    </DebugCard>
  );
}

/** "in 59 min" / "expired 3 min ago", to the minute (the page is a snapshot, reloaded to refresh). */
function untilText(at: Date, now = Date.now()): string {
  const minutes = Math.round((at.getTime() - now) / 60_000);
  if (minutes > 0) return `in ${minutes} min`;
  if (minutes === 0) return 'expires now';
  return `expired ${-minutes} min ago`;
}
