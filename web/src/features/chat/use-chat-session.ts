import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import {
  CHAT_TEXT,
  chatFailure,
  tasksCreatedText,
  type ChatMessage,
  type SendMessageResponse,
} from '@cofounder/shared';
import type { ThreadMessage } from '@cofounder/shared/ui';
import { useApi } from '../../data/api-context.tsx';
import { appendToConversation } from '../../data/conversation/use-conversation.ts';
import { usageKeys } from '../../data/usage/keys.ts';
import { useAuth } from '../auth/AuthProvider.tsx';
import { localId, mergeThread, type ScreenMessage } from './thread-merge.ts';

/** The stored messages of a reply, plus the task notice when the reply created tasks (spec 1 §4 step 4). */
function storedMessages(reply: SendMessageResponse): ChatMessage[] {
  const { userMessage, internMessage, taskNotification, aiResponse } = reply;
  if (taskNotification) return [userMessage, internMessage, taskNotification];
  if (aiResponse.tasks_generated <= 0) return [userMessage, internMessage];
  const notice: ChatMessage = {
    id: `${internMessage.id}-tasks`,
    role: 'intern',
    text: tasksCreatedText(aiResponse.tasks_generated),
    timestamp: internMessage.timestamp,
    isTaskNotification: true,
  };
  return [userMessage, internMessage, notice];
}

/**
 * The send flow of spec 1 §4 "Chat send": the user message appears at once, the typing indicator shows, the
 * reply streams in as it is written and the stored messages replace both; failures answer per spec 1 §8.
 * Returns the thread to show: the stored history with this screen's messages in place.
 */
export function useChatSession(userId: string, history: readonly ThreadMessage[]) {
  const api = useApi();
  const queryClient = useQueryClient();
  const { token, client } = useAuth();
  const [messages, setMessages] = useState<ScreenMessage[]>([]);
  const [pending, setPending] = useState(false);
  // State lands on the next render; these refs let a call made before it (a double click, a timer) see it.
  const busy = useRef(false);
  const thread = useMemo(() => mergeThread(history, messages), [history, messages]);
  const lastId = thread.at(-1)?.id ?? null;
  const anchor = useRef(lastId);
  useLayoutEffect(() => {
    anchor.current = lastId;
  }, [lastId]);
  const timers = useRef<ReturnType<typeof setTimeout>[]>([]);
  // Leaving the screen does not cancel a reply on its way: it still lands in the cached history for the
  // return. Only the delayed failure reply and the /login redirect belong to the screen.
  useEffect(() => () => timers.current.forEach(clearTimeout), []);

  const later = useCallback((ms: number, run: () => void) => {
    timers.current.push(setTimeout(run, ms));
  }, []);

  /** Appends messages in order, each following the one before. */
  const append = useCallback(
    (added: Omit<ScreenMessage, 'after'>[], after: string | null = anchor.current) => {
      const chained = added.map((m, i) => ({ ...m, after: i === 0 ? after : added[i - 1]!.id }));
      anchor.current = chained.at(-1)?.id ?? after;
      setMessages((list) => [...list, ...chained]);
    },
    [],
  );

  const reply = useCallback(
    (text: string) =>
      append([{ id: localId('reply'), role: 'intern', text, timestamp: new Date().toISOString() }]),
    [append],
  );

  const send = useCallback(
    async (text: string) => {
      const trimmed = text.trim();
      if (!trimmed || busy.current) return;
      if (!token) return reply(CHAT_TEXT.signInToChat);
      busy.current = true;
      setPending(true);
      const sent = {
        id: localId('user'),
        role: 'user' as const,
        text: trimmed,
        timestamp: new Date().toISOString(),
      };
      const streamId = localId('stream');
      const sentAfter = anchor.current;
      append([sent]);
      let streamed = '';
      const onDelta = (delta: string) => {
        const first = streamed === '';
        streamed += delta;
        if (first)
          append(
            [
              {
                id: streamId,
                role: 'intern',
                text: streamed,
                timestamp: new Date().toISOString(),
                streaming: true,
              },
            ],
            sent.id,
          );
        else setMessages((list) => list.map((m) => (m.id === streamId ? { ...m, text: streamed } : m)));
      };
      const done = () => {
        busy.current = false;
        setPending(false);
      };
      try {
        const result = await api.sendMessageStream(
          userId,
          { role: 'user', text: trimmed, id: sent.id, timestamp: sent.timestamp },
          { onDelta },
        );
        const stored = storedMessages(result);
        setMessages((list) => list.filter((m) => m.id !== sent.id && m.id !== streamId));
        append(stored, sentAfter);
        appendToConversation(queryClient, userId, stored);
        void queryClient.invalidateQueries({ queryKey: usageKeys.details(userId) });
        done();
      } catch (error) {
        // A half-written reply is not an answer: the failure reply takes its place.
        setMessages((list) => list.filter((m) => m.id !== streamId));
        anchor.current = sent.id;
        const failure = chatFailure(error);
        later(failure.replyDelayMs, () => {
          reply(failure.text);
          done();
        });
        if (failure.kind === 'limit')
          void queryClient.invalidateQueries({ queryKey: usageKeys.details(userId) });
        // The session is gone on the server: drop it here too, and the auth guard takes the user to /login.
        if (failure.loginRedirectMs !== null)
          later(failure.loginRedirectMs, () => void client.signOut({ scope: 'local' }));
      }
    },
    [api, append, client, later, queryClient, reply, token, userId],
  );

  return { thread, pending, send };
}
