import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { ChatMessage, PageContext, SendMessageBody, SendMessageResponse } from '../../schemas/chat.ts';
import { storedMessages } from '../../rules/chat-reply.ts';
import { CHAT_TEXT, chatFailure, type ChatFailure } from '../../rules/chat-text.ts';
import { localId, mergeThread, type ScreenMessage } from './thread-merge.ts';
import type { ThreadMessage } from './types.ts';

/** What a chat screen plugs into the send flow: its transport, and where stored messages and news go. */
export interface ChatSendPorts {
  /** Sends one message as a stream (api.sendMessageStream bound to the user); null while signed out. */
  sendStream: ((body: SendMessageBody, onDelta: (text: string) => void) => Promise<SendMessageResponse>) | null;
  /** The stored messages of a reply, for the screen's history (cache or state). */
  onStored: (messages: ChatMessage[]) => void;
  /** The month's usage changed (a message was counted, or the limit was hit): refresh the meter. */
  onUsageChanged: () => void;
  /** The server no longer accepts the session: forget it here (the screen then shows its signed-out state). */
  onSessionExpired: () => void;
  /** Every failed send, as classified for the reply (a screen may add its own way out, e.g. an Upgrade link). */
  onFailure?: (failure: ChatFailure) => void;
}

/**
 * The send flow of spec 1 §4 "Chat send", shared by the dashboard chat and the extension's side panel: the
 * user message appears at once, the typing indicator shows, the reply streams in as it is written and the
 * stored messages replace both; failures answer per spec 1 §8. Returns the thread to show: the history with
 * this screen's messages in place.
 */
export function useChatSend(history: readonly ThreadMessage[], ports: ChatSendPorts) {
  // The latest ports, read when a send needs them, so callers may pass fresh callbacks on every render.
  const latest = useRef(ports);
  useLayoutEffect(() => {
    latest.current = ports;
  });
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
  // Leaving the screen does not cancel a reply on its way: it still lands in the history for the return.
  // Only the delayed failure reply and the sign-out belong to the screen.
  useEffect(() => () => timers.current.forEach(clearTimeout), []);

  const later = useCallback((ms: number, run: () => void) => {
    timers.current.push(setTimeout(run, ms));
  }, []);

  /** Appends messages in order, each following the one before. */
  const append = useCallback((added: Omit<ScreenMessage, 'after'>[], after: string | null = anchor.current) => {
    const chained = added.map((m, i) => ({ ...m, after: i === 0 ? after : added[i - 1]!.id }));
    anchor.current = chained.at(-1)?.id ?? after;
    setMessages((list) => [...list, ...chained]);
  }, []);

  const reply = useCallback(
    (text: string) => append([{ id: localId('reply'), role: 'intern', text, timestamp: new Date().toISOString() }]),
    [append],
  );

  /** Sends the text, with the page the founder attached (extension) as context for this one reply. */
  const send = useCallback(
    async (text: string, pageContext?: PageContext) => {
      const trimmed = text.trim();
      if (!trimmed || busy.current) return;
      const { sendStream } = latest.current;
      if (!sendStream) return reply(CHAT_TEXT.signInToChat);
      busy.current = true;
      setPending(true);
      const sent = { id: localId('user'), role: 'user' as const, text: trimmed, timestamp: new Date().toISOString(), pageContext };
      const streamId = localId('stream');
      const sentAfter = anchor.current;
      append([sent]);
      let streamed = '';
      const onDelta = (delta: string) => {
        const first = streamed === '';
        streamed += delta;
        if (first)
          append([{ id: streamId, role: 'intern', text: streamed, timestamp: new Date().toISOString(), streaming: true }], sent.id);
        else setMessages((list) => list.map((m) => (m.id === streamId ? { ...m, text: streamed } : m)));
      };
      const done = () => {
        busy.current = false;
        setPending(false);
      };
      try {
        const body: SendMessageBody = { role: 'user', text: trimmed, id: sent.id, timestamp: sent.timestamp, pageContext };
        const stored = storedMessages(await sendStream(body, onDelta));
        setMessages((list) => list.filter((m) => m.id !== sent.id && m.id !== streamId));
        append(stored, sentAfter);
        latest.current.onStored(stored);
        latest.current.onUsageChanged();
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
        latest.current.onFailure?.(failure);
        if (failure.kind === 'limit' || failure.kind === 'payment_required') latest.current.onUsageChanged();
        if (failure.loginRedirectMs !== null) later(failure.loginRedirectMs, () => latest.current.onSessionExpired());
      }
    },
    [append, later, reply],
  );

  return { thread, pending, send };
}
