import { useCallback, useEffect, useState } from 'react';
import { CHAT, type Api, type ChatMessage } from '@cofounder/shared';

interface History {
  messages: ChatMessage[];
  hasMore: boolean;
  status: 'loading' | 'ready' | 'error';
  loadingOlder: boolean;
}

/**
 * The chat history for the side panel, oldest first: the newest page at start, older pages on request, and the
 * stored messages of each reply appended (the dashboard keeps the same in its query cache).
 */
export function useHistory(api: Api, userId: string) {
  const [history, setHistory] = useState<History>({ messages: [], hasMore: false, status: 'loading', loadingOlder: false });

  useEffect(() => {
    let live = true;
    api.conversation(userId, { limit: CHAT.pageSize }).then(
      (page) => live && setHistory({ messages: page.messages, hasMore: page.hasMore, status: 'ready', loadingOlder: false }),
      () => live && setHistory((h) => ({ ...h, status: 'error' })),
    );
    return () => {
      live = false;
    };
  }, [api, userId]);

  const loadOlder = useCallback(() => {
    const before = history.messages[0]?.id;
    if (!before || history.loadingOlder) return;
    setHistory((h) => ({ ...h, loadingOlder: true }));
    api.conversation(userId, { before, limit: CHAT.pageSize }).then(
      (page) => setHistory((h) => ({ ...h, messages: [...page.messages, ...h.messages], hasMore: page.hasMore, loadingOlder: false })),
      () => setHistory((h) => ({ ...h, loadingOlder: false })),
    );
  }, [api, userId, history.messages, history.loadingOlder]);

  const append = useCallback((stored: ChatMessage[]) => {
    setHistory((h) => {
      const known = new Set(h.messages.map((m) => m.id));
      return { ...h, messages: [...h.messages, ...stored.filter((m) => !known.has(m.id))] };
    });
  }, []);

  return { ...history, loadOlder, append };
}
