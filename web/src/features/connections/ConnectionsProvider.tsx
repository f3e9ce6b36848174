import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'react-toastify';
import {
  ApiError,
  isUsableToken,
  TIMINGS,
  type ConnectionPlatform,
  type ConnectionView,
  type OAuthSuccessData,
} from '@cofounder/shared';
import { useApi } from '../../data/api-context.tsx';
import { connectionKeys } from '../../data/connections/keys.ts';
import { CONNECTION_TEXT } from '../../data/connections/texts.ts';
import { useAuth } from '../auth/AuthProvider.tsx';

export type ConnectionsMap = Partial<Record<ConnectionPlatform, ConnectionView>>;

/** What an add or remove came to: the screen words its own banner from `message`. */
export type ConnectionResult<T> = { ok: true; value: T } | { ok: false; message: string };

export interface ConnectionsState {
  connections: ConnectionsMap;
  loading: boolean;
  /** The load failure's text until dismissed (spec 1 §8 "Shared connections"). */
  error: string | null;
  dismissError: () => void;
  refresh: () => Promise<void>;
  /** Saves the connection an OAuth popup reported; the value is how many paused tasks it resumed. */
  addConnection: (platform: ConnectionPlatform, data: OAuthSuccessData) => Promise<ConnectionResult<number>>;
  removeConnection: (platform: ConnectionPlatform) => Promise<ConnectionResult<null>>;
}

const ConnectionsContext = createContext<ConnectionsState | null>(null);

const EMPTY: ConnectionsMap = {};

function delay(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(new Error('aborted'));
    });
  });
}

const isUnauthorized = (err: unknown) => err instanceof ApiError && err.status === 401;
const messageOf = (err: unknown) => (err instanceof Error && err.message ? err.message : 'Unknown error');

/**
 * The shared connection state of spec 1 §4: loads once auth has finished and the token is usable, 100 ms
 * later; cleared when signed out; add and remove update the map and push all of it to the server (spec 1 §4),
 * which stores nothing: the agents read the connections the server itself confirmed, not this map.
 */
export function ConnectionsProvider({ children }: { children: ReactNode }) {
  const api = useApi();
  const queryClient = useQueryClient();
  const { user, token, loading: authLoading } = useAuth();
  const userId = user?.id ?? null;
  // The query function runs after its 100 ms wait: it must see the session as it is then, not as it was.
  const live = useRef({ token, signedIn: Boolean(user) });
  live.current = { token, signedIn: Boolean(user) };

  const query = useQuery({
    queryKey: connectionKeys.map(userId ?? ''),
    enabled: !authLoading && userId !== null,
    retry: false,
    queryFn: async ({ signal }) => {
      await delay(TIMINGS.connectionsFetchDelayMs, signal);
      if (!isUsableToken(live.current.token)) throw new Error(CONNECTION_TEXT.noToken);
      try {
        return (await api.connections()).details.connections as ConnectionsMap;
      } catch (err) {
        if (isUnauthorized(err)) {
          if (live.current.signedIn) toast.error(CONNECTION_TEXT.authExpired);
          throw new Error(CONNECTION_TEXT.loginToView);
        }
        throw new Error(err instanceof ApiError && err.message ? err.message : CONNECTION_TEXT.fetchFailed);
      }
    },
  });

  // Signed out: nothing of the last user's connections stays in memory.
  useEffect(() => {
    if (!authLoading && userId === null) queryClient.removeQueries({ queryKey: connectionKeys.all() });
  }, [authLoading, userId, queryClient]);

  const [dismissed, setDismissed] = useState<unknown>(null);
  const connections = userId === null ? EMPTY : (query.data ?? EMPTY);
  const loading = authLoading || (userId !== null && query.isPending);
  const error = userId !== null && query.error && query.error !== dismissed ? query.error.message : null;

  const commit = useCallback(
    (next: ConnectionsMap) => {
      if (userId === null) return;
      queryClient.setQueryData(connectionKeys.map(userId), next);
      // The push is only an acknowledgement (spec 1 §7): a failure is logged and undoes nothing.
      api.pushServiceConnections(next).catch((err: unknown) => {
        console.error('Failed to push service connections', err);
      });
    },
    [api, queryClient, userId],
  );

  const current = useCallback(
    () =>
      userId === null
        ? EMPTY
        : (queryClient.getQueryData<ConnectionsMap>(connectionKeys.map(userId)) ?? EMPTY),
    [queryClient, userId],
  );

  const addConnection = useCallback<ConnectionsState['addConnection']>(
    async (platform, data) => {
      if (!isUsableToken(live.current.token)) {
        toast.error(CONNECTION_TEXT.addNeedsAuth);
        return { ok: false, message: CONNECTION_TEXT.addNeedsAuth };
      }
      try {
        const { details } = await api.saveConnection(platform, {
          accessToken: data.accessToken,
          refreshToken: data.refreshToken ?? null,
          profile: data.profile,
        });
        commit({ ...current(), [platform]: details.connection });
        toast.success(CONNECTION_TEXT.connected(platform));
        return { ok: true, value: details.resumedTasks };
      } catch (err) {
        toast.error(
          isUnauthorized(err) ? CONNECTION_TEXT.authExpired : CONNECTION_TEXT.connectFailed(platform),
        );
        return { ok: false, message: messageOf(err) };
      }
    },
    [api, commit, current],
  );

  const removeConnection = useCallback<ConnectionsState['removeConnection']>(
    async (platform) => {
      if (!isUsableToken(live.current.token)) {
        toast.error(CONNECTION_TEXT.removeNeedsAuth);
        return { ok: false, message: CONNECTION_TEXT.removeNeedsAuth };
      }
      try {
        await api.deleteConnection(platform);
        const next = { ...current() };
        delete next[platform];
        commit(next);
        toast.success(CONNECTION_TEXT.disconnected(platform));
        return { ok: true, value: null };
      } catch (err) {
        toast.error(
          isUnauthorized(err) ? CONNECTION_TEXT.authExpired : CONNECTION_TEXT.disconnectFailed(platform),
        );
        return { ok: false, message: messageOf(err) };
      }
    },
    [api, commit, current],
  );

  const { refetch } = query;
  const value = useMemo<ConnectionsState>(
    () => ({
      connections,
      loading,
      error,
      dismissError: () => setDismissed(query.error),
      refresh: async () => {
        await refetch();
      },
      addConnection,
      removeConnection,
    }),
    [connections, loading, error, query.error, refetch, addConnection, removeConnection],
  );

  return <ConnectionsContext.Provider value={value}>{children}</ConnectionsContext.Provider>;
}

/** The shared connection state; only inside ConnectionsProvider. */
export function useConnections(): ConnectionsState {
  const ctx = useContext(ConnectionsContext);
  if (!ctx) throw new Error('useConnections must be used inside ConnectionsProvider');
  return ctx;
}
