import { useEffect, useState } from 'react';
import type { Api } from '@cofounder/shared';
import { requestBadgeRefresh } from '../../lib/badge-message.ts';
import { glanceFrom, readGlance, saveGlance, type Glance } from '../../lib/glance.ts';
import { saveCachedCard } from './cached-card-html.ts';

export interface GlanceState {
  glance: Glance | null;
  refreshing: boolean;
  error: string | null;
}

/**
 * The founder's counts and usage: the cached ones at once (`cached`, or read from storage), then fresh ones
 * from the server, saved for next time (with the card that paints them first: cached-card-html.ts). A failed
 * refresh keeps the cached numbers and says so.
 */
export function useGlance(
  api: Pick<Api, 'tasks' | 'usageDetails'>,
  serverUrl: string,
  user: { id: string; email: string },
  cached: Glance | null,
): GlanceState {
  const [state, setState] = useState<GlanceState>({ glance: cached, refreshing: true, error: null });

  const { id: userId, email } = user;
  useEffect(() => {
    let live = true;
    async function refresh() {
      const previous = cached ?? (await readGlance(serverUrl, userId));
      if (live && previous) setState((s) => ({ ...s, glance: s.glance ?? previous }));
      const [tasks, usage] = await Promise.allSettled([api.tasks(userId), api.usageDetails()]);
      if (!live) return;
      if (tasks.status === 'rejected') {
        setState({ glance: previous, refreshing: false, error: 'Could not refresh your tasks.' });
        return;
      }
      const glance = glanceFrom(
        tasks.value,
        usage.status === 'fulfilled' ? usage.value : (previous?.usage ?? null),
        Date.now(),
      );
      setState({ glance, refreshing: false, error: null });
      await saveGlance(serverUrl, userId, glance);
      await saveCachedCard({ serverUrl, user: { id: userId, email }, glance });
      // The badge counts from the same server: let it catch up with what the popup just learned.
      requestBadgeRefresh();
    }
    void refresh();
    return () => {
      live = false;
    };
  }, [api, serverUrl, userId, email, cached]);

  return state;
}
