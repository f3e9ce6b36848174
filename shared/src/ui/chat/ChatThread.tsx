import { useLayoutEffect, useMemo, useRef, type ReactNode } from 'react';
import { threadItems } from '../../rules/chat-time.ts';
import { MessageBubble } from './MessageBubble.tsx';
import { TypingIndicator } from './TypingIndicator.tsx';
import type { ThreadMessage } from './types.ts';

export interface ChatThreadProps {
  /** Oldest first. */
  messages: readonly ThreadMessage[];
  /** Who answers (the intern's name), for the typing indicator and screen readers. */
  assistantName: string;
  /** Shows the typing indicator (the reply has not started yet). */
  typing?: boolean;
  /** Older messages exist: scrolling to the top (or the button there) asks for them. */
  hasOlder?: boolean;
  loadingOlder?: boolean;
  onLoadOlder?: () => void;
  /** Shown instead of the thread when there are no messages (e.g. suggested prompts). */
  empty?: ReactNode;
  /** "Today" and "Yesterday" are relative to this (tests pin it). */
  now?: Date;
  className?: string;
}

/** How close to an edge (px) counts as "at the top" (load older) or "at the bottom" (follow new messages). */
const EDGE_PX = 64;

/**
 * The conversation: date separators, time stamps after gaps, Markdown replies, the typing indicator. It follows
 * new messages while the reader is at the bottom, and keeps the reader's place when older pages arrive above.
 */
export function ChatThread({
  messages,
  assistantName,
  typing = false,
  hasOlder = false,
  loadingOlder = false,
  onLoadOlder,
  empty,
  now,
  className = '',
}: ChatThreadProps) {
  const scroller = useRef<HTMLDivElement>(null);
  // What the layout looked like after the last render and scroll: enough to restore the reader's place.
  const seen = useRef({ firstId: '', lastKey: '', height: 0, top: 0, atBottom: true });
  const items = useMemo(() => threadItems(messages, now), [messages, now]);
  const last = messages.at(-1);
  const lastKey = `${last?.id ?? ''}:${last?.text.length ?? 0}:${typing}`;
  const firstId = messages[0]?.id ?? '';

  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el) return;
    const before = seen.current;
    const olderArrived =
      before.firstId !== '' && firstId !== before.firstId && messages.some((m) => m.id === before.firstId);
    if (olderArrived) el.scrollTop = el.scrollHeight - before.height + before.top;
    else if (lastKey !== before.lastKey && before.atBottom) el.scrollTop = el.scrollHeight;
    seen.current = {
      firstId,
      lastKey,
      height: el.scrollHeight,
      top: el.scrollTop,
      atBottom: before.atBottom,
    };
  }, [firstId, lastKey, messages]);

  // Content that changes height once shown (the Markdown renderer replacing a streamed reply's plain text, a late
  // font) keeps a reader who was at the bottom there, before the frame paints: the newest message stays in view.
  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => {
      if (!seen.current.atBottom || el.scrollHeight === seen.current.height) return;
      el.scrollTop = el.scrollHeight;
      seen.current.height = el.scrollHeight;
      seen.current.top = el.scrollTop;
    });
    for (const child of Array.from(el.children)) observer.observe(child);
    return () => observer.disconnect();
  }, [items, typing]);

  function onScroll() {
    const el = scroller.current;
    if (!el) return;
    seen.current.top = el.scrollTop;
    seen.current.height = el.scrollHeight;
    seen.current.atBottom = el.scrollHeight - el.scrollTop - el.clientHeight < EDGE_PX;
    if (el.scrollTop < EDGE_PX && hasOlder && !loadingOlder) onLoadOlder?.();
  }

  const showEmpty = messages.length === 0 && !typing && empty !== undefined;
  return (
    <div
      ref={scroller}
      onScroll={onScroll}
      role="log"
      aria-label="Conversation"
      className={`flex flex-col gap-3 overflow-y-auto px-4 py-4 ${className}`}
    >
      {hasOlder && (
        <button
          type="button"
          onClick={onLoadOlder}
          disabled={loadingOlder}
          className="self-center rounded-full px-3 py-1 text-xs text-slate-500 hover:bg-slate-100 focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:outline-none disabled:opacity-60 dark:text-slate-400 dark:hover:bg-slate-800"
        >
          {loadingOlder ? 'Loading earlier messages...' : 'Load earlier messages'}
        </button>
      )}
      {showEmpty
        ? empty
        : items.map((item) =>
            item.kind === 'separator' ? (
              <div
                key={item.key}
                className="flex items-center gap-3 py-1 text-xs text-slate-600 dark:text-slate-400"
              >
                <span className="h-px flex-1 bg-slate-200 dark:bg-slate-800" aria-hidden="true" />
                <span data-kind="date-separator">{item.label}</span>
                <span className="h-px flex-1 bg-slate-200 dark:bg-slate-800" aria-hidden="true" />
              </div>
            ) : (
              <MessageBubble
                key={item.key}
                message={item.message}
                showTime={item.showTime}
                assistantName={assistantName}
              />
            ),
          )}
      {typing && <TypingIndicator name={assistantName} />}
    </div>
  );
}
