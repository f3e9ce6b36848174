import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { ApiError } from '@cofounder/shared';
import type { AuthClient, Session } from './auth-client.ts';

type CacheEvent = { type: string; action?: { type: string; error?: unknown } };

const refused = (event: CacheEvent) =>
  event.type === 'updated' &&
  event.action?.type === 'error' &&
  event.action.error instanceof ApiError &&
  event.action.error.status === 401;

/**
 * A 401 on a data load means the server no longer takes this tab's access token: either it expired unnoticed (a
 * laptop woke from sleep) or the session was ended elsewhere (sign out everywhere, a password change). A refresh
 * tells which: when it works the failed loads run again with the new token; when it is refused the tab forgets the
 * session too (scope 'local': the server already ended it), so the guards send the founder to /login instead of a
 * half signed-in dashboard that /login bounces back to. Calls made outside the query cache (the chat's send, which
 * explains the 401 before leaving) handle their own.
 */
export function useEndRejectedSession(client: AuthClient, session: Session | null): void {
  const queryClient = useQueryClient();
  // Every load refused at once is answered once per token.
  const ended = useRef<string | null>(null);
  useEffect(() => {
    if (!session) return;
    const end = (event: CacheEvent) => {
      if (!refused(event) || ended.current === session.access_token) return;
      ended.current = session.access_token;
      void client.refreshSession().then(async ({ error }) => {
        if (error) await client.signOut({ scope: 'local' });
        else await queryClient.refetchQueries({ predicate: (query) => query.state.status === 'error' });
      });
    };
    const queries = queryClient.getQueryCache().subscribe(end);
    const mutations = queryClient.getMutationCache().subscribe(end);
    return () => {
      queries();
      mutations();
    };
  }, [queryClient, client, session]);
}
