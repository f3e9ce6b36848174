import { useLayoutEffect, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { SendHorizontal } from 'lucide-react';
import { CHAT } from '../../constants.ts';
import { MessageLengthNote } from './MessageLengthNote.tsx';

export interface ChatComposerProps {
  value: string;
  onChange: (value: string) => void;
  /** Called with the trimmed text; the owner clears `value` when it accepts the message. */
  onSend: (text: string) => void;
  /** A reply is on its way: sending is blocked (spec 1 §5) but typing the next message is not. */
  pending?: boolean;
  disabled?: boolean;
  placeholder?: string;
  /** The textarea's accessible name. */
  label?: string;
  /** Longest text it sends; from 90 % of it the box counts, past it the founder is told how much to remove. */
  maxChars?: number;
  /** Room beside the send button for the voice issue's microphone button. */
  accessory?: ReactNode;
}

/**
 * The message box: Enter sends, Shift+Enter adds a line, it grows with its text up to 120 px, and near the length
 * limit it counts.
 */
export function ChatComposer({
  value,
  onChange,
  onSend,
  pending = false,
  disabled = false,
  placeholder = 'Type your message...',
  label = 'Message',
  maxChars = CHAT.maxMessageChars,
  accessory,
}: ChatComposerProps) {
  const area = useRef<HTMLTextAreaElement>(null);
  // No maxLength on the box: a browser would cut a longer paste without a word. Past the limit the founder sees
  // the whole text, how much to remove, and cannot send.
  const canSend = !disabled && !pending && value.trim() !== '' && value.length <= maxChars;

  useLayoutEffect(() => {
    const el = area.current;
    if (!el) return;
    el.style.height = 'auto';
    const height = Math.min(el.scrollHeight, CHAT.textareaMaxHeightPx);
    if (height > 0) el.style.height = `${height}px`;
    el.style.overflowY = el.scrollHeight > CHAT.textareaMaxHeightPx ? 'auto' : 'hidden';
  }, [value]);

  function send() {
    if (canSend) onSend(value.trim());
  }

  function onKeyDown(e: KeyboardEvent<HTMLTextAreaElement>) {
    // Enter while an input method is composing confirms the composition; it must not send.
    if (e.key !== 'Enter' || e.shiftKey || e.nativeEvent.isComposing) return;
    e.preventDefault();
    send();
  }

  return (
    <div>
      <form
        className="flex items-end gap-2 rounded-2xl border border-slate-300 bg-white p-2 focus-within:ring-2 focus-within:ring-indigo-500 dark:border-slate-700 dark:bg-slate-900"
        onSubmit={(e) => {
          e.preventDefault();
          send();
        }}
      >
        <textarea
          ref={area}
          rows={1}
          value={value}
          disabled={disabled}
          aria-label={label}
          placeholder={placeholder}
          onChange={(e) => onChange(e.target.value)}
          onKeyDown={onKeyDown}
          className="min-h-9 flex-1 resize-none bg-transparent px-2 py-1.5 text-sm text-slate-900 placeholder:text-slate-400 focus:outline-none disabled:opacity-60 dark:text-slate-100"
          style={{ maxHeight: CHAT.textareaMaxHeightPx }}
        />
        {accessory}
        <button
          type="submit"
          disabled={!canSend}
          aria-label="Send message"
          className="inline-flex size-9 shrink-0 items-center justify-center rounded-xl bg-indigo-600 text-white hover:bg-indigo-500 focus-visible:ring-2 focus-visible:ring-indigo-400 focus-visible:outline-none disabled:cursor-not-allowed disabled:opacity-40"
        >
          <SendHorizontal className="size-4" aria-hidden="true" />
        </button>
      </form>
      <MessageLengthNote length={value.length} max={maxChars} />
    </div>
  );
}
