import { useInfiniteQuery, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import { CHAT, type ChatMessage, type ConversationResponse } from '@cofounder/shared';
import { useApi } from '../api-context.tsx';
import { conversationKeys } from './keys.ts';

type Thread = InfiniteData<ConversationResponse, string | undefined>;

/** The pages flattened, oldest message first; a module function so TanStack Query memoizes the result. */
function oldestFirst(data: Thread) {
  return { ...data, messages: [...data.pages].reverse().flatMap((p) => p.messages) };
}

/**
 * The chat history as pages: the first page is the newest, each next page the one before it (spec 1 §7
 * `?before=`). The screen writes new messages into the cache itself; only finishing onboarding (which adds
 * the welcome message) makes it refetch.
 */
export function useConversation(userId: string) {
  const api = useApi();
  return useInfiniteQuery({
    queryKey: conversationKeys.thread(userId),
    queryFn: ({ pageParam }) => api.conversation(userId, { before: pageParam, limit: CHAT.pageSize }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => (page.hasMore ? page.messages[0]?.id : undefined),
    staleTime: Infinity,
    select: oldestFirst,
  });
}

/** Appends stored messages to the newest page, so the history stays right when the screen comes back. */
export function appendToConversation(queryClient: QueryClient, userId: string, messages: ChatMessage[]) {
  queryClient.setQueryData<Thread>(conversationKeys.thread(userId), (data) => {
    const newest = data?.pages[0];
    if (!data || !newest) return data;
    const known = new Set(newest.messages.map((m) => m.id));
    const added = messages.filter((m) => !known.has(m.id));
    return {
      ...data,
      pages: [{ ...newest, messages: [...newest.messages, ...added] }, ...data.pages.slice(1)],
    };
  });
}
