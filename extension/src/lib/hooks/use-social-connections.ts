import { useCallback, useEffect, useRef, useState } from 'react';
import type { Api, ConnectionView } from '@cofounder/shared';
import {
  clearOAuthStatus,
  readOAuthStatus,
  watchOAuthStatus,
  type OAuthStatus,
  type SocialPlatform,
} from '../oauth-status.ts';

export type ConnectionViews = Partial<Record<SocialPlatform, ConnectionView>>;

/** The founder's connections as the server holds them (the dashboard reads the same): null while loading. */
export function useSocialConnections(api: Pick<Api, 'connections'>) {
  const [views, setViews] = useState<ConnectionViews | null>(null);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let live = true;
    api.connections().then(
      (reply) => {
        if (!live) return;
        setViews(reply.details.connections);
        setFailed(false);
      },
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [api, attempt]);

  const refresh = useCallback(() => setAttempt((n) => n + 1), []);
  return { views, failed, refresh };
}

/**
 * The latest flow the background ran for the platform. A finished outcome is shown once: it is removed from
 * storage as it is read, and `onFinished` runs so the caller can reload the server's view.
 */
export function useOAuthStatus(platform: SocialPlatform, onFinished: () => void) {
  const [status, setStatus] = useState<OAuthStatus | null>(null);
  const finished = useRef(onFinished);
  useEffect(() => {
    finished.current = onFinished;
  });

  useEffect(() => {
    let live = true;
    const show = (next: OAuthStatus) => {
      if (!live) return;
      setStatus(next);
      if (next.state === 'connecting') return;
      void clearOAuthStatus(platform);
      finished.current();
    };
    void readOAuthStatus(platform).then((stored) => stored && show(stored));
    const stop = watchOAuthStatus(platform, show);
    return () => {
      live = false;
      stop();
    };
  }, [platform]);

  return [status, setStatus] as const;
}
