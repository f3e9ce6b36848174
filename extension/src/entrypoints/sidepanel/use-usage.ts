import { useCallback, useEffect, useState } from 'react';
import type { Api, UsageReply } from '@cofounder/shared';

/** GET /api/subscription/usage-details for the inline meter; refresh() after every send, like the dashboard. */
export function useUsage(api: Api) {
  const [usage, setUsage] = useState<{ reply?: UsageReply; error?: unknown; loading: boolean }>({ loading: true });
  const [round, setRound] = useState(0);

  useEffect(() => {
    let live = true;
    api.usageDetails().then(
      (reply) => live && setUsage({ reply, loading: false }),
      (error: unknown) => live && setUsage({ error, loading: false }),
    );
    return () => {
      live = false;
    };
  }, [api, round]);

  const refresh = useCallback(() => setRound((n) => n + 1), []);
  return { ...usage, refresh };
}
