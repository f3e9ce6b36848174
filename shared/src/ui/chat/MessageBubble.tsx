import { ListChecks } from 'lucide-react';
import type { MessageVia } from '../../constants.ts';
import { messageTime } from '../../rules/chat-time.ts';
import { CopyButton } from './CopyButton.tsx';
import { Markdown } from './Markdown.tsx';
import { OfflineDraftLabel } from '../OfflineDraftLabel.tsx';
import { PageChip } from './PageChip.tsx';
import type { ThreadMessage } from './types.ts';

const VIA_LABELS: Record<MessageVia, string> = { sms: 'via SMS', phone: 'via phone call' };

/** "via SMS" / "via phone call" under a message that came in (or whose reply went out) outside the app. */
function ViaLabel({ via }: { via: MessageVia | undefined }) {
  if (!via) return null;
  return (
    <p data-kind="via" className="px-1 text-xs text-slate-500 dark:text-slate-400">
      {VIA_LABELS[via]}
    </p>
  );
}

/** One message: the user's as plain text on the right, the intern's as Markdown on the left with a copy button. */
export function MessageBubble({
  message,
  showTime,
  assistantName,
}: {
  message: ThreadMessage;
  showTime: boolean;
  assistantName: string;
}) {
  const fromUser = message.role === 'user';
  const time = showTime && (
    <time dateTime={message.timestamp} className="px-1 text-xs text-slate-600 dark:text-slate-400">
      {messageTime(message.timestamp)}
    </time>
  );

  if (message.isTransition) {
    return (
      <div className="flex flex-col items-center gap-1 py-2" data-kind="transition">
        {time}
        <p className="rounded-full bg-indigo-50 px-4 py-1.5 text-center text-sm text-indigo-700 dark:bg-indigo-500/10 dark:text-indigo-300">
          {message.text}
        </p>
        {message.pageContext && <PageChip page={message.pageContext} />}
      </div>
    );
  }

  if (fromUser) {
    return (
      <div className="flex flex-col items-end gap-1" data-kind="user">
        {time}
        <p className="max-w-[85%] rounded-2xl rounded-br-sm bg-indigo-600 px-4 py-2 text-sm whitespace-pre-wrap text-white">
          <span className="sr-only">You: </span>
          {message.text}
        </p>
        {message.pageContext && <PageChip page={message.pageContext} />}
        <ViaLabel via={message.via} />
      </div>
    );
  }

  const notice = message.isTaskNotification;
  return (
    <div
      className="flex flex-col items-start gap-1"
      data-kind={notice ? 'task-notification' : 'intern'}
      aria-busy={message.streaming || undefined}
    >
      {time}
      <div
        className={`max-w-[85%] rounded-2xl rounded-bl-sm px-4 py-2 text-sm ${
          notice
            ? 'border border-emerald-300 bg-emerald-50 text-emerald-900 dark:border-emerald-500/40 dark:bg-emerald-500/10 dark:text-emerald-100'
            : 'bg-slate-100 text-slate-900 dark:bg-slate-800 dark:text-slate-100'
        }`}
      >
        <span className="sr-only">{assistantName}: </span>
        {notice ? (
          <div className="flex items-start gap-2">
            <ListChecks className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            {/* The server lists the created tasks as a Markdown list. */}
            <Markdown text={message.text} />
          </div>
        ) : (
          <Markdown text={message.text} />
        )}
      </div>
      <ViaLabel via={message.via} />
      <OfflineDraftLabel producedBy={message.producedBy} />
      {!message.streaming && !notice && <CopyButton text={message.text} />}
    </div>
  );
}
