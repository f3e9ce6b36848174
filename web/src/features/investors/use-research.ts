import { useCallback, useEffect, useRef, useState } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { InvestorAnalyticsResponse, InvestorsResponse, PendingEmail } from '@cofounder/shared';
import { investorKeys } from '../../data/investors/keys.ts';
import { useStartResearch } from '../../data/investors/use-start-research.ts';
import { startResearchPoll, type ResearchPollOptions, type ResearchPollStop } from './research-poll.ts';

/** What the AI Research button shows: idle, running since `startedAt`, or how the last run ended. */
export type ResearchState =
  | { phase: 'idle' }
  | { phase: 'running'; startedAt: number }
  | { phase: 'finished'; outcome: Exclude<ResearchPollStop, 'cancelled'> }
  | { phase: 'failed'; error: unknown };

interface Counts {
  investors: number;
  pending: number;
}

/** Investors and pending emails as far as the cache knows (analytics first, the lists as a fallback). */
function cachedCounts(queryClient: QueryClient, userId: string): Counts {
  const analytics = queryClient.getQueryData<InvestorAnalyticsResponse['analytics']>(
    investorKeys.analytics(userId),
  );
  const pending = queryClient.getQueryData<PendingEmail[]>(investorKeys.pendingEmails(userId));
  const lists = queryClient.getQueriesData<InvestorsResponse>({ queryKey: investorKeys.lists(userId) });
  return {
    investors: Math.max(analytics?.total ?? 0, ...lists.map(([, d]) => d?.total ?? 0)),
    pending: Math.max(analytics?.emails.pending ?? 0, pending?.length ?? 0),
  };
}

/**
 * The AI Research flow: create the task, ask the agent to process it, then poll (research-poll.ts) by
 * refetching the page's investor queries until new investors or pending emails appear, or the budget runs out.
 */
export function useResearch(userId: string, options?: ResearchPollOptions) {
  const queryClient = useQueryClient();
  const startResearch = useStartResearch(userId);
  const [state, setState] = useState<ResearchState>({ phase: 'idle' });
  const cancelRef = useRef<(() => void) | null>(null);

  useEffect(() => () => cancelRef.current?.(), []);

  const refresh = useCallback(
    () => queryClient.refetchQueries({ queryKey: investorKeys.all(userId), type: 'active' }),
    [queryClient, userId],
  );

  const start = useCallback(
    (description: string) => {
      cancelRef.current?.();
      const before = cachedCounts(queryClient, userId);
      const foundNew = () => {
        const now = cachedCounts(queryClient, userId);
        return now.investors > before.investors || now.pending > before.pending;
      };
      setState({ phase: 'running', startedAt: Date.now() });
      startResearch.mutate(description, {
        onError: (error) => setState({ phase: 'failed', error }),
        onSuccess: async ({ status }) => {
          if (status === 'completed') {
            await refresh();
            setState({ phase: 'finished', outcome: 'found' });
            return;
          }
          cancelRef.current = startResearchPoll({
            poll: async () => {
              await refresh();
              return foundNew();
            },
            onStop: (reason) => {
              cancelRef.current = null;
              if (reason !== 'cancelled') setState({ phase: 'finished', outcome: reason });
            },
            ...(options ? { options } : {}),
          });
        },
      });
    },
    [queryClient, userId, startResearch, refresh, options],
  );

  return { state, start };
}
